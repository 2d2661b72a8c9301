import { adToBs, formatAdDate, formatBsDate, todayAd, translate } from '@psc/core';
import { schema } from '@psc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProfileTestApp,
  ensureMasterRows,
  findPlace,
  fixtureFile,
  seedCandidate,
  sendMultipart,
  type Answer,
  type MasterRows,
  type Place,
  type ProfileTestApp,
  type TestCandidate,
} from './profile.test-support';
import { extraDetailsBody } from '../test-support/profile-fixtures';

let t: ProfileTestApp;
let master: MasterRows;
let place: Place;
beforeAll(async () => {
  t = await createProfileTestApp();
  master = await ensureMasterRows(t.db);
  place = await findPlace(t.db);
});
afterAll(() => t.closeAll());

type Completeness = { completed: number; total: number; sections: Record<string, boolean>; governmentExperienceRequired: boolean };

const readCompleteness = async (candidate: TestCandidate) =>
  ((await t.call('GET', '/api/psc/profile', { token: candidate.token })).body.data as { completeness: Completeness }).completeness;

const extra = (employmentStatus: string) => extraDetailsBody({ maritalStatus: 'married', employmentStatus });

const expectOk = (answer: Answer, label: string) => expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(200);

/** Every write of the profile, once each, as the portal makes them. */
function writes(candidate: TestCandidate, rowIds: { education: number }) {
  const token = candidate.token;
  return {
    personal: () => t.call('PUT', '/api/psc/profile/personal', { token, json: { firstNameNp: 'सीता', lastNameNp: 'शर्मा', fathersName: 'Hari Sharma', mothersName: 'Gita Sharma', grandFathersName: 'Ram Sharma' } }),
    contact: () =>
      t.call('PUT', '/api/psc/profile/address/permanent', { token, json: { provinceId: place.provinceId, districtId: place.districtId, localLevelId: place.localLevelId, wardNo: 1 } }),
    extra: () => t.call('PUT', '/api/psc/profile/extra', { token, json: extra('non-government-service') }),
    education: () =>
      sendMultipart(t, 'POST', '/api/psc/profile/educations', {
        token,
        fields: { universityId: master.universityId, levelId: master.levelIds[0], facultyId: master.facultyId, scoreType: 'gpa', score: '3.6', majorSubject: 'Physics', educationType: 'national', passedDateAd: '2019-10-01' },
        files: { transcriptFront: fixtureFile('document.pdf') },
      }),
    training: () =>
      sendMultipart(t, 'POST', '/api/psc/profile/trainings', {
        token,
        fields: { instituteName: 'Staff College', trainingName: 'Leadership', percentage: '75', trainingFromAd: '2021-01-01', trainingToAd: '2021-01-15', division: 'first' },
        files: { certificate: fixtureFile('photo.png') },
      }),
    professional: () =>
      sendMultipart(t, 'POST', '/api/psc/profile/professional-councils', {
        token,
        fields: { councilName: 'Nepal Medical Council', degreeType: 'permanent', dartaNo: '4455', issuedDateAd: '2020-02-02', councilType: 'university' },
        files: { front: fixtureFile('photo.jpg') },
      }),
    experience: () =>
      sendMultipart(t, 'POST', '/api/psc/profile/non-government-experiences', {
        token,
        fields: { institutionName: 'Bir Hospital', post: 'Medical Officer', employmentFromAd: '2020-03-01', employmentType: 'contract' },
        files: { certificate: fixtureFile('document.pdf') },
      }),
    governmentExperience: () =>
      sendMultipart(t, 'POST', '/api/psc/profile/government-experiences', {
        token,
        fields: { institutionName: 'Ministry of Health', address: 'Ramshahpath', post: 'Medical Officer', employmentFromAd: '2021-01-01', employmentStatus: 'working', employmentType: 'permanent' },
        files: { certificate: fixtureFile('document.pdf') },
      }),
    inclusiveGroup: () => sendMultipart(t, 'POST', '/api/psc/profile/inclusive-groups', { token, fields: { groupCode: 'women' }, files: { document: fixtureFile('photo.jpg') } }),
    documents: async () => {
      let last: Answer | undefined;
      for (const kind of ['photograph', 'signature', 'citizenship-front', 'citizenship-back']) {
        last = await sendMultipart(t, 'PUT', `/api/psc/profile/documents/${kind}`, { token, files: { file: fixtureFile('photo.jpg') } });
      }
      return last!;
    },
    updateEducation: () =>
      sendMultipart(t, 'PUT', `/api/psc/profile/educations/${rowIds.education}`, {
        token,
        fields: { universityId: master.universityId, levelId: master.levelIds[0], facultyId: master.facultyId, scoreType: 'gpa', score: '3.7', majorSubject: 'Physics', educationType: 'national', passedDateAd: '2019-10-01' },
      }),
    deleteEducation: () => t.call('DELETE', `/api/psc/profile/educations/${rowIds.education}`, { token }),
    declarations: () => t.call('PUT', '/api/psc/profile/declarations', { token, json: { training: true } }),
  };
}

describe('completeness: x of 8 (spec §9)', () => {
  it('counts each section as it is completed, up to 8 of 8, on the profile and on the dashboard', async () => {
    const candidate = await seedCandidate(t);
    expect(await readCompleteness(candidate)).toEqual({
      completed: 0,
      total: 8,
      sections: { personal: false, contact: false, extra: false, education: false, training: false, professional: false, experience: false, documents: false },
      governmentExperienceRequired: false,
    });
    const write = writes(candidate, { education: 0 });
    const order = ['personal', 'contact', 'extra', 'education', 'training', 'professional', 'experience', 'documents'] as const;
    for (const [index, section] of order.entries()) {
      const answer = await write[section]();
      expectOk(answer, section);
      const completeness = (answer.body.data as { completeness: Completeness }).completeness;
      expect(completeness.sections[section], section).toBe(true);
      expect(completeness.completed, section).toBe(index + 1);
    }
    expect((await readCompleteness(candidate)).completed).toBe(8);
    const dashboard = await t.call('GET', '/api/psc/dashboard', { token: candidate.token });
    const counters = (dashboard.body.data as { counters: { key: string; value: number }[] }).counters;
    expect(counters.find((counter) => counter.key === 'profileSectionsCompleted')?.value).toBe(8);
  });

  it('spec §5: a government employee must declare the current government post (Working) before experience counts', async () => {
    const candidate = await seedCandidate(t);
    const write = writes(candidate, { education: 0 });
    expectOk(await write.experience(), 'non-government job');
    expect((await readCompleteness(candidate)).sections.experience).toBe(true);
    expectOk(await t.call('PUT', '/api/psc/profile/extra', { token: candidate.token, json: extra('government-service') }), 'extra');
    const pending = await readCompleteness(candidate);
    expect(pending.sections.experience).toBe(false);
    expect(pending.governmentExperienceRequired).toBe(true);
    expectOk(await write.governmentExperience(), 'government post');
    const done = await readCompleteness(candidate);
    expect(done.sections.experience).toBe(true);
    expect(done.governmentExperienceRequired).toBe(false);
  });
});

describe('a profile locked by the commission (spec §4)', () => {
  const hour = 3_600_000;

  async function lock(candidate: TestCandidate, from: Date, until: Date) {
    await t.db.update(schema.candidateProfiles).set({ lockedFrom: from, lockedUntil: until, lockReason: 'Scrutiny in progress' }).where(eq(schema.candidateProfiles.userId, candidate.userId));
  }

  it('refuses every write with 423 PROFILE_LOCKED, saying until when, in the caller language; reading still works', async () => {
    const candidate = await seedCandidate(t);
    const write = writes(candidate, { education: 0 });
    const education = await write.education();
    expectOk(education, 'education before the lock');
    const lockedWrites = writes(candidate, { education: (education.body.data as { item: { id: number } }).item.id });
    const until = new Date(Date.now() + 10 * 24 * hour);
    await lock(candidate, new Date(Date.now() - hour), until);

    const endAd = todayAd(until);
    for (const [name, run] of Object.entries(lockedWrites)) {
      const answer = await run();
      expect(answer.status, name).toBe(423);
      expect(answer.body.code, name).toBe('PROFILE_LOCKED');
      expect(answer.body.message, name).toBe(translate('ne', 'error.PROFILE_LOCKED', { date: formatBsDate(adToBs(endAd), 'ne', 'long') }));
    }
    const english = await t.call('PUT', '/api/psc/profile/extra', { token: candidate.token, json: extra('unemployed'), lang: 'en' });
    expect(english.body.message).toBe(`Your profile is locked by the commission until ${formatAdDate(endAd, 'en', 'long')}.`);

    const profile = await t.call('GET', '/api/psc/profile', { token: candidate.token });
    expect(profile.status).toBe(200);
    expect((profile.body.data as { lock: Record<string, unknown> }).lock).toMatchObject({ isActive: true, reason: 'Scrutiny in progress', lockedUntilAd: endAd });
    expect((profile.body.data as { educations: unknown[] }).educations).toHaveLength(1);
  });

  it('allows writes before a lock begins and after it ends', async () => {
    const candidate = await seedCandidate(t);
    const write = writes(candidate, { education: 0 });
    await lock(candidate, new Date(Date.now() + hour), new Date(Date.now() + 2 * hour));
    expectOk(await write.personal(), 'before the lock');
    const upcoming = (await t.call('GET', '/api/psc/profile', { token: candidate.token })).body.data as { lock: Record<string, unknown> };
    expect(upcoming.lock).toMatchObject({ isActive: false });
    await lock(candidate, new Date(Date.now() - 2 * hour), new Date(Date.now() - hour));
    expectOk(await write.extra(), 'after the lock');
    expect(((await t.call('GET', '/api/psc/profile', { token: candidate.token })).body.data as { lock: unknown }).lock).toBeNull();
  });
});
