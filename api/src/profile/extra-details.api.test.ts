import { AREAS, EMPLOYMENT_STATUSES, MARITAL_STATUSES, PARENT_EDUCATIONS, PARENT_OCCUPATIONS, PARENTS_MAIN_OCCUPATIONS, translate } from '@psc/core';
import { schema } from '@psc/db';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfileTestApp, seedCandidate, type ProfileTestApp, type TestCandidate } from './profile.test-support';

let t: ProfileTestApp;
let candidate: TestCandidate;
let ids: { casteId: number; religionId: number; motherTongueId: number; disabilityClassId: number; disabilityTypeId: number };
beforeAll(async () => {
  t = await createProfileTestApp();
  candidate = await seedCandidate(t);
  const firstId = async (table: typeof schema.castes | typeof schema.religions | typeof schema.motherTongues | typeof schema.disabilityTypes) =>
    (await t.db.select({ id: table.id }).from(table as typeof schema.castes).orderBy(asc(table.id)).limit(1))[0]!.id;
  ids = {
    casteId: await firstId(schema.castes),
    religionId: await firstId(schema.religions),
    motherTongueId: await firstId(schema.motherTongues),
    disabilityClassId: (await t.db.select({ id: schema.disabilityClasses.id }).from(schema.disabilityClasses).limit(1))[0]!.id,
    disabilityTypeId: await firstId(schema.disabilityTypes),
  };
});
afterAll(() => t.closeAll());

const valid = () => ({
  casteId: ids.casteId,
  religionId: ids.religionId,
  maritalStatus: 'single',
  employmentStatus: 'unemployed',
  motherTongueId: ids.motherTongueId,
  physicallyDisabled: false,
  fathersEducation: 'slc',
  mothersEducation: 'can-read-write',
  parentsMainOccupation: 'agriculture',
  fatherOccupation: 'labour',
  motherOccupation: 'homemaker',
  area: 'hill',
});

const save = (json: unknown, token = candidate.token) => t.call('PUT', '/api/psc/profile/extra', { token, json, lang: 'en' });

describe('PUT /api/psc/profile/extra', () => {
  it('saves the extra details, which completes the extra section, and answers them in the profile', async () => {
    const answer = await save(valid());
    expect(answer.status).toBe(200);
    const data = answer.body.data as { item: Record<string, unknown>; completeness: { sections: Record<string, boolean> } };
    expect(data.item).toMatchObject({ ...valid(), casteOther: null, disabilityClassId: null });
    expect(data.completeness.sections.extra).toBe(true);
    const profile = (await t.call('GET', '/api/psc/profile', { token: candidate.token })).body.data as { extra: Record<string, unknown> };
    expect(profile.extra).toMatchObject({ maritalStatus: 'single', area: 'hill' });
  });

  it('accepts every enumerated value of spec §3', async () => {
    const enumerations: [string, readonly string[]][] = [
      ['maritalStatus', MARITAL_STATUSES],
      ['employmentStatus', EMPLOYMENT_STATUSES],
      ['fathersEducation', PARENT_EDUCATIONS],
      ['mothersEducation', PARENT_EDUCATIONS],
      ['parentsMainOccupation', PARENTS_MAIN_OCCUPATIONS],
      ['fatherOccupation', PARENT_OCCUPATIONS],
      ['motherOccupation', PARENT_OCCUPATIONS],
      ['area', AREAS],
    ];
    expect(MARITAL_STATUSES).toEqual(['married', 'single', 'unmarried', 'widowed', 'divorced']);
    expect(EMPLOYMENT_STATUSES).toEqual(['unemployed', 'government-service', 'non-government-service', 'self-employed', 'other']);
    expect(PARENT_EDUCATIONS).toEqual(['cannot-read-write', 'can-read-write', 'slc', 'higher-education']);
    expect(PARENTS_MAIN_OCCUPATIONS).toEqual(['agriculture', 'government', 'private', 'business', 'other', 'teaching-private', 'teaching-public']);
    expect(PARENT_OCCUPATIONS).toEqual(['service-holder', 'labour', 'service', 'other', 'homemaker']);
    expect(AREAS).toEqual(['hill', 'mountain', 'inner-madhes', 'terai', 'other']);
    for (const [field, values] of enumerations) {
      for (const value of values) {
        // The free text that "other" and "higher education" ask for comes along each time.
        const answer = await save({
          ...valid(),
          [field]: value,
          employmentOther: 'Volunteer',
          fatherEducationLevel: 'Master',
          motherEducationLevel: 'Bachelor',
          fatherOccupationOther: 'Priest',
          motherOccupationOther: 'Tailor',
          areaOther: 'Valley',
        });
        expect(answer.status, `${field}=${value}: ${JSON.stringify(answer.body.errors)}`).toBe(200);
        expect((answer.body.data as { item: Record<string, unknown> }).item[field]).toBe(value);
      }
    }
  });

  it('refuses values outside the lists and missing choices, naming each field', async () => {
    const answer = await save({ ...valid(), maritalStatus: 'engaged', area: '', physicallyDisabled: 'maybe', employmentStatus: undefined });
    expect(answer.status).toBe(400);
    const choose = translate('en', 'validation.chooseOne');
    expect(answer.body.errors).toEqual({ maritalStatus: [choose], area: [choose], physicallyDisabled: [choose], employmentStatus: [choose] });
  });

  it('asks for the text of "other", the class and type of a disability and the level of higher education', async () => {
    const answer = await save({
      ...valid(),
      casteId: '',
      religionId: undefined,
      employmentStatus: 'other',
      physicallyDisabled: 'yes',
      fathersEducation: 'higher-education',
      fatherOccupation: 'other',
      area: 'other',
    });
    expect(answer.status).toBe(400);
    const required = translate('en', 'validation.required');
    const other = translate('en', 'validation.otherTextRequired');
    const chooseOrType = translate('en', 'validation.chooseOrTypeOther');
    expect(answer.body.errors).toEqual({
      casteId: [chooseOrType],
      religionId: [chooseOrType],
      employmentOther: [other],
      disabilityClassId: [required],
      disabilityTypeId: [required],
      fatherEducationLevel: [required],
      fatherOccupationOther: [other],
      areaOther: [other],
    });
  });

  it('takes a caste typed as other instead of one from the list, and a disability with its class and type', async () => {
    const answer = await save({ ...valid(), casteId: '', casteOther: 'Kumal', physicallyDisabled: 'yes', disabilityClassId: ids.disabilityClassId, disabilityTypeId: ids.disabilityTypeId });
    expect(answer.status).toBe(200);
    expect((answer.body.data as { item: Record<string, unknown> }).item).toMatchObject({ casteId: null, casteOther: 'Kumal', physicallyDisabled: true, disabilityClassId: ids.disabilityClassId });
  });

  it('refuses ids that are not in the reference lists', async () => {
    const answer = await save({ ...valid(), casteId: 999_999, religionId: 999_999 });
    expect(answer.status).toBe(400);
    const unknown = translate('en', 'validation.unknownChoice');
    expect(answer.body.errors).toEqual({ casteId: [unknown], religionId: [unknown] });
  });

  it("keeps each candidate's extra details their own", async () => {
    const other = await seedCandidate(t);
    const profile = (await t.call('GET', '/api/psc/profile', { token: other.token })).body.data as { extra: unknown };
    expect(profile.extra).toBeNull();
  });
});
