import { translate } from '@psc/core';
import { schema } from '@psc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfileTestApp, fixtureFile, seedCandidate, sendMultipart, type Answer, type ProfileTestApp, type TestCandidate } from './profile.test-support';
import { extraDetailsBody } from '../test-support/profile-fixtures';

// A candidate with nothing to list declares "none" for training, professional council or
// experience, and the section counts as complete (spec §9 "Profile has 8 sections").

let t: ProfileTestApp;
beforeAll(async () => {
  t = await createProfileTestApp();
});
afterAll(() => t.closeAll());

type Declarations = { training: boolean; professional: boolean; experience: boolean };
type Completeness = { completed: number; sections: Record<string, boolean>; governmentExperienceRequired: boolean };
type Saved = { item: Declarations; completeness: Completeness };

const none: Declarations = { training: false, professional: false, experience: false };

const declare = (candidate: TestCandidate, json: unknown, lang?: 'en' | 'ne') =>
  t.call('PUT', '/api/psc/profile/declarations', { token: candidate.token, json, ...(lang ? { lang } : {}) });

async function readProfile(candidate: TestCandidate) {
  const answer = await t.call('GET', '/api/psc/profile', { token: candidate.token });
  expect(answer.status).toBe(200);
  return answer.body.data as { declarations: Declarations; completeness: Completeness; trainings: unknown[] };
}

const expectOk = (answer: Answer, label: string) => expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(200);

const addTraining = (candidate: TestCandidate) =>
  sendMultipart(t, 'POST', '/api/psc/profile/trainings', {
    token: candidate.token,
    fields: { instituteName: 'Staff College', trainingName: 'Leadership', percentage: '75', trainingFromAd: '2021-01-01', trainingToAd: '2021-01-15', division: 'first' },
    files: { certificate: fixtureFile('photo.png') },
  });

const addCouncil = (candidate: TestCandidate) =>
  sendMultipart(t, 'POST', '/api/psc/profile/professional-councils', {
    token: candidate.token,
    fields: { councilName: 'Nepal Medical Council', degreeType: 'permanent', dartaNo: '4455', issuedDateAd: '2020-02-02', councilType: 'university' },
    files: { front: fixtureFile('photo.jpg') },
  });

const addJob = (candidate: TestCandidate) =>
  sendMultipart(t, 'POST', '/api/psc/profile/non-government-experiences', {
    token: candidate.token,
    fields: { institutionName: 'Bir Hospital', post: 'Medical Officer', employmentFromAd: '2020-03-01', employmentType: 'contract' },
    files: { certificate: fixtureFile('document.pdf') },
  });

const extra = (employmentStatus: string) => extraDetailsBody({ employmentStatus });

describe('declaring a section empty', () => {
  it('a fresh candidate has declared nothing; each declaration completes its section and is shown by GET /profile', async () => {
    const candidate = await seedCandidate(t);
    const fresh = await readProfile(candidate);
    expect(fresh.declarations).toEqual(none);
    expect(fresh.completeness.sections).toMatchObject({ training: false, professional: false, experience: false });

    const training = await declare(candidate, { training: true });
    expectOk(training, 'training');
    expect(training.body.message).toBe(translate('ne', 'profile.sectionSaved'));
    const saved = training.body.data as Saved;
    expect(saved.item).toEqual({ ...none, training: true });
    expect(saved.completeness.sections).toMatchObject({ training: true, professional: false, experience: false });
    expect(saved.completeness.completed).toBe(fresh.completeness.completed + 1);

    const both = (await declare(candidate, { professional: true, experience: true })).body.data as Saved;
    expect(both.item).toEqual({ training: true, professional: true, experience: true });
    expect(both.completeness.completed).toBe(fresh.completeness.completed + 3);
    expect((await readProfile(candidate)).declarations).toEqual({ training: true, professional: true, experience: true });
  });

  it('withdrawing a declaration (false) makes the empty section incomplete again; other sections keep theirs', async () => {
    const candidate = await seedCandidate(t);
    expectOk(await declare(candidate, { training: true, professional: true }), 'declare');
    const withdrawn = (await declare(candidate, { training: false })).body.data as Saved;
    expect(withdrawn.item).toEqual({ ...none, professional: true });
    expect(withdrawn.completeness.sections).toMatchObject({ training: false, professional: true });
  });

  it('refuses a body naming no section, an unknown section or a value other than true or false', async () => {
    const candidate = await seedCandidate(t);
    for (const body of [{}, { education: true }, { training: 'yes' }, { training: 1 }]) {
      const answer = await declare(candidate, body, 'en');
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await readProfile(candidate)).declarations).toEqual(none);
  });

  it('refuses to declare none (409) while the section has rows, saying so in the caller language', async () => {
    const candidate = await seedCandidate(t);
    expectOk(await addTraining(candidate), 'training');
    expectOk(await addCouncil(candidate), 'council');
    expectOk(await addJob(candidate), 'job');
    for (const section of ['training', 'professional', 'experience'] as const) {
      const english = await declare(candidate, { [section]: true }, 'en');
      expect(english.status, section).toBe(409);
      expect(english.body.code).toBe('CONFLICT');
      expect(english.body.message).toBe('This section already has entries. Delete them before declaring that you have none.');
      const nepali = await declare(candidate, { [section]: true });
      expect(nepali.body.message).toBe(translate('ne', 'profile.declarationHasRows'));
    }
    // Nothing of a refused change is kept, even the sections it named that could be declared.
    expect((await declare(candidate, { training: true, professional: false })).status).toBe(409);
    expect((await readProfile(candidate)).declarations).toEqual(none);
  });

  it('adding a row withdraws the declaration of its section, in the same save', async () => {
    const candidate = await seedCandidate(t);
    expectOk(await declare(candidate, { training: true, professional: true, experience: true }), 'declare');

    const training = await addTraining(candidate);
    expectOk(training, 'training');
    expect((training.body.data as Saved).completeness.sections.training).toBe(true);
    expect((await readProfile(candidate)).declarations).toEqual({ training: false, professional: true, experience: true });

    expectOk(await addCouncil(candidate), 'council');
    expectOk(await addJob(candidate), 'job');
    const profile = await readProfile(candidate);
    expect(profile.declarations).toEqual(none);
    expect(profile.completeness.sections).toMatchObject({ training: true, professional: true, experience: true });

    // With the rows deleted again, the section is incomplete until declared anew.
    const trainingId = (training.body.data as { item: { id: number } }).item.id;
    const deleted = await t.call('DELETE', `/api/psc/profile/trainings/${trainingId}`, { token: candidate.token });
    expectOk(deleted, 'delete');
    expect((deleted.body.data as { completeness: Completeness }).completeness.sections.training).toBe(false);
    expectOk(await declare(candidate, { training: true }), 'declare again');
  });

  it('spec §5: a government employee cannot declare no experience, and a declaration made before does not stand', async () => {
    const candidate = await seedCandidate(t);
    expectOk(await declare(candidate, { experience: true }), 'declare before');
    expectOk(await t.call('PUT', '/api/psc/profile/extra', { token: candidate.token, json: extra('government-service') }), 'extra');
    const profile = await readProfile(candidate);
    expect(profile.declarations.experience).toBe(false);
    expect(profile.completeness.sections.experience).toBe(false);

    const refused = await declare(candidate, { experience: true }, 'en');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONFLICT');
    expect(refused.body.message).toBe('As a government employee, you must list all your experience; you cannot declare that you have none.');
    // Training and council can still be declared empty by a government employee.
    expectOk(await declare(candidate, { training: true }), 'training');

    // Even a declaration left in the database (written before this rule) does not complete experience.
    await t.db.update(schema.candidateProfiles).set({ declaresNoExperience: true }).where(eq(schema.candidateProfiles.userId, candidate.userId));
    const stale = await readProfile(candidate);
    expect(stale.completeness.sections.experience).toBe(false);
    expect(stale.completeness.governmentExperienceRequired).toBe(true);
  });

  it('a profile locked by the commission refuses declarations with 423', async () => {
    const candidate = await seedCandidate(t);
    const hour = 3_600_000;
    await t.db
      .update(schema.candidateProfiles)
      .set({ lockedFrom: new Date(Date.now() - hour), lockedUntil: new Date(Date.now() + hour), lockReason: 'Scrutiny in progress' })
      .where(eq(schema.candidateProfiles.userId, candidate.userId));
    const answer = await declare(candidate, { training: true });
    expect(answer.status).toBe(423);
    expect(answer.body.code).toBe('PROFILE_LOCKED');
    expect((await readProfile(candidate)).declarations).toEqual(none);
  });

  it("a candidate's declarations change only their own profile; staff and strangers cannot declare", async () => {
    const owner = await seedCandidate(t);
    const other = await seedCandidate(t);
    expectOk(await addTraining(owner), 'owner training');
    // The other candidate's declaration touches only the other profile, and the owner's rows do not stand in its way.
    expectOk(await declare(other, { training: true }), 'other');
    expect((await readProfile(owner)).declarations).toEqual(none);
    expect((await readProfile(other)).declarations).toEqual({ ...none, training: true });
    // The other candidate adding a row withdraws only their own declaration.
    expectOk(await declare(owner, { professional: true }), 'owner council');
    expectOk(await addCouncil(other), 'other council');
    expect((await readProfile(owner)).declarations).toEqual({ ...none, professional: true });

    expect((await t.call('PUT', '/api/psc/profile/declarations', { json: { training: true } })).status).toBe(401);
    const administrator = await t.signInAdministrator();
    const staff = await t.call('PUT', '/api/psc/profile/declarations', { token: administrator.accessToken, json: { training: true } });
    expect(staff.status).toBe(403);
  });
});
