import { translate } from '@psc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProfileTestApp,
  ensureMasterRows,
  fixtureFile,
  seedCandidate,
  sendMultipart,
  type MasterRows,
  type ProfileTestApp,
  type TestCandidate,
} from './profile.test-support';

let t: ProfileTestApp;
let sita: TestCandidate;
let gita: TestCandidate;
let master: MasterRows;
beforeAll(async () => {
  t = await createProfileTestApp();
  [sita, gita] = [await seedCandidate(t), await seedCandidate(t)];
  master = await ensureMasterRows(t.db);
});
afterAll(() => t.closeAll());

const en = (key: Parameters<typeof translate>[1]) => translate('en', key);

type Saved = { item: Record<string, unknown> & { id: number }; completeness: { sections: Record<string, boolean>; governmentExperienceRequired: boolean } };

const government = () => ({
  institutionName: 'Ministry of Home Affairs',
  address: 'Singhadurbar, Kathmandu',
  post: 'Section Officer',
  service: 'Administration',
  group: 'General Administration',
  subGroup: '',
  classId: master.serviceClassId,
  employmentFromAd: '2015-07-17',
  employmentToAd: '2020-07-15',
  employmentStatus: 'transferred',
  employmentType: 'permanent',
  remarks: 'Transferred to the district office',
});

const nonGovernment = () => ({
  institutionName: 'Himalayan Bank Ltd.',
  post: 'Assistant',
  employmentFromBs: '2070-04-01',
  employmentToBs: '2072-03-31',
  employmentType: 'contract',
  expMatchOfficerLevel: 'false',
});

const addGovernment = (candidate: TestCandidate, fields: Record<string, string | number | undefined>, files: Record<string, File> = { certificate: fixtureFile('document.pdf') }) =>
  sendMultipart(t, 'POST', '/api/psc/profile/government-experiences', { token: candidate.token, lang: 'en', fields, files });
const addNonGovernment = (candidate: TestCandidate, fields: Record<string, string | undefined>, files: Record<string, File> = { certificate: fixtureFile('photo.jpg') }) =>
  sendMultipart(t, 'POST', '/api/psc/profile/non-government-experiences', { token: candidate.token, lang: 'en', fields, files });

describe('/api/psc/profile/government-experiences', () => {
  it('adds a post held, with its certificate, which completes the experience section', async () => {
    const answer = await addGovernment(sita, government());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { item, completeness } = answer.body.data as Saved;
    expect(item).toMatchObject({
      institutionName: 'Ministry of Home Affairs',
      classId: master.serviceClassId,
      subGroup: null,
      employmentFromAd: '2015-07-17',
      employmentFromBs: '2072-04-01',
      employmentToAd: '2020-07-15',
      employmentStatus: 'transferred',
      certificate: { contentType: 'application/pdf' },
    });
    expect(completeness.sections.experience).toBe(true);
  });

  it('spec §4: a post still held ("working") has no end date; any other has one after its start', async () => {
    const working = await addGovernment(sita, { ...government(), employmentStatus: 'working' });
    expect(working.body.errors).toEqual({ employmentToAd: [en('validation.noEndDateWhileWorking')] });
    const current = await addGovernment(sita, { ...government(), employmentStatus: 'working', employmentToAd: undefined });
    expect(current.status).toBe(200);
    expect((current.body.data as Saved).item).toMatchObject({ employmentToAd: null, employmentToBs: null });
    const open = await addGovernment(sita, { ...government(), employmentStatus: 'retired', employmentToAd: undefined });
    expect(open.body.errors).toEqual({ employmentToAd: [en('validation.required')] });
    const reversed = await addGovernment(sita, { ...government(), employmentToAd: '2015-07-17' });
    expect(reversed.body.errors).toEqual({ employmentToAd: [en('validation.endDateBeforeStart')] });
  });

  it('spec §5: the institution name is words only; status, type and class come from their lists', async () => {
    const answer = await addGovernment(sita, { ...government(), institutionName: 'Office 123', employmentStatus: 'on-leave', employmentType: 'daily', post: '' });
    expect(answer.body.errors).toEqual({
      institutionName: [en('validation.wordsOnly')],
      post: [en('validation.required')],
      employmentStatus: [en('validation.chooseOne')],
      employmentType: [en('validation.chooseOne')],
    });
    const unknownClass = await addGovernment(sita, { ...government(), classId: 999_999 });
    expect(unknownClass.body.errors).toEqual({ classId: [en('validation.unknownChoice')] });
    const noCertificate = await addGovernment(sita, government(), {});
    expect(noCertificate.body.errors).toEqual({ certificate: [en('validation.fileRequired')] });
  });

  it("refuses another candidate's experience", async () => {
    const added = (await addGovernment(sita, government())).body.data as Saved;
    const path = `/api/psc/profile/government-experiences/${added.item.id}`;
    expect((await sendMultipart(t, 'PUT', path, { token: gita.token, fields: government() })).status).toBe(404);
    expect((await t.call('DELETE', path, { token: gita.token })).status).toBe(404);
    const updated = await sendMultipart(t, 'PUT', path, { token: sita.token, fields: { ...government(), post: 'Under Secretary' } });
    expect((updated.body.data as Saved).item).toMatchObject({ post: 'Under Secretary' });
  });
});

describe('/api/psc/profile/non-government-experiences', () => {
  it('adds a job given in B.S. dates, answered in both calendars', async () => {
    const answer = await addNonGovernment(gita, nonGovernment());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { item, completeness } = answer.body.data as Saved;
    expect(item).toMatchObject({ employmentFromAd: '2013-07-16', employmentFromBs: '2070-04-01', employmentToBs: '2072-03-31', expMatchOfficerLevel: false, employmentType: 'contract' });
    expect(completeness.sections.experience).toBe(true);
  });

  it('takes a job still held (no end date) and refuses a name with digits, a reversed period and a missing certificate', async () => {
    const current = await addNonGovernment(gita, { ...nonGovernment(), employmentToBs: undefined, expMatchOfficerLevel: 'yes' });
    expect((current.body.data as Saved).item).toMatchObject({ employmentToAd: null, expMatchOfficerLevel: true });
    const digits = await addNonGovernment(gita, { ...nonGovernment(), institutionName: '3M Nepal' });
    expect(digits.body.errors).toEqual({ institutionName: [en('validation.wordsOnly')] });
    const reversed = await addNonGovernment(gita, { ...nonGovernment(), employmentToBs: '2069-01-01' });
    expect(reversed.body.errors).toEqual({ employmentToAd: [en('validation.endDateBeforeStart')] });
    expect((await addNonGovernment(gita, nonGovernment(), {})).body.errors).toEqual({ certificate: [en('validation.fileRequired')] });
  });

  it("refuses another candidate's job", async () => {
    const added = (await addNonGovernment(gita, nonGovernment())).body.data as Saved;
    const path = `/api/psc/profile/non-government-experiences/${added.item.id}`;
    expect((await sendMultipart(t, 'PUT', path, { token: sita.token, fields: nonGovernment() })).status).toBe(404);
    expect((await t.call('DELETE', path, { token: sita.token })).status).toBe(404);
    expect((await t.call('DELETE', path, { token: gita.token })).status).toBe(200);
  });
});
