import { translate } from '@psc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStoredFiles, createProfileTestApp, fixtureFile, seedCandidate, sendMultipart, type ProfileTestApp, type TestCandidate } from './profile.test-support';

let t: ProfileTestApp;
let sita: TestCandidate;
let gita: TestCandidate;
beforeAll(async () => {
  t = await createProfileTestApp();
  [sita, gita] = [await seedCandidate(t), await seedCandidate(t)];
});
afterAll(() => t.closeAll());

const en = (key: Parameters<typeof translate>[1]) => translate('en', key);

const fields = () => ({
  instituteName: 'Nepal Administrative Staff College',
  trainingName: 'Public procurement (15 days)',
  percentage: '82.75',
  trainingFromAd: '2022-03-01',
  trainingToBs: '2078-11-30',
  division: 'distinction',
});

type Saved = { item: Record<string, unknown> & { id: number; certificate: { fileId: string } | null }; completeness: { sections: Record<string, boolean> } };

const add = (candidate: TestCandidate, body: { fields?: Record<string, string | undefined>; files?: Record<string, File> }) =>
  sendMultipart(t, 'POST', '/api/psc/profile/trainings', { token: candidate.token, lang: 'en', ...body });

describe('/api/psc/profile/trainings', () => {
  it('adds a training with its certificate, which completes the training section', async () => {
    const answer = await add(sita, { fields: fields(), files: { certificate: fixtureFile('document.pdf') } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { item, completeness } = answer.body.data as Saved;
    expect(item).toMatchObject({
      instituteName: 'Nepal Administrative Staff College',
      percentage: 82.75,
      trainingFromAd: '2022-03-01',
      trainingFromBs: '2078-11-17',
      trainingToAd: '2022-03-14',
      trainingToBs: '2078-11-30',
      division: 'distinction',
      certificate: { contentType: 'application/pdf' },
    });
    expect(completeness.sections.training).toBe(true);
  });

  it('spec §5: institute name letters only, training name required, percentage above 1 and below 100 in numbers and decimals', async () => {
    const letters = await add(sita, { fields: { ...fields(), instituteName: 'Staff College 2', trainingName: ' ', percentage: '80%' }, files: { certificate: fixtureFile('document.pdf') } });
    expect(letters.body.errors).toEqual({ instituteName: [en('validation.wordsOnly')], trainingName: [en('validation.required')], percentage: [en('validation.decimalOnly')] });
    for (const percentage of ['1', '100', '0.5', '150']) {
      const answer = await add(sita, { fields: { ...fields(), percentage }, files: { certificate: fixtureFile('document.pdf') } });
      expect(answer.body.errors, percentage).toEqual({ percentage: [en('validation.percentageRange')] });
    }
    const decimals = await add(sita, { fields: { ...fields(), percentage: '80.125' }, files: { certificate: fixtureFile('document.pdf') } });
    expect(decimals.body.errors).toEqual({ percentage: [en('validation.twoDecimalsMax')] });
    const accepted = await add(sita, { fields: { ...fields(), percentage: '1.01' }, files: { certificate: fixtureFile('photo.png') } });
    expect(accepted.status).toBe(200);
  });

  it('spec §5: from and to dates, division and document are required, and the from-date comes first', async () => {
    const missing = await add(sita, { fields: { ...fields(), trainingFromAd: undefined, trainingToBs: undefined, division: undefined } });
    expect(missing.body.errors).toEqual({ division: [en('validation.chooseOne')] });
    const noDates = await add(sita, { fields: { ...fields(), trainingFromAd: undefined, trainingToBs: undefined }, files: { certificate: fixtureFile('document.pdf') } });
    expect(noDates.body.errors).toEqual({ trainingFromAd: [en('validation.required')], trainingToAd: [en('validation.required')] });
    const reversed = await add(sita, { fields: { ...fields(), trainingToBs: undefined, trainingToAd: '2022-02-01' }, files: { certificate: fixtureFile('document.pdf') } });
    expect(reversed.body.errors).toEqual({ trainingToAd: [en('validation.endDateBeforeStart')] });
    const noDocument = await add(sita, { fields: fields() });
    expect(noDocument.body.errors).toEqual({ certificate: [en('validation.fileRequired')] });
    const badDocument = await add(sita, { fields: fields(), files: { certificate: fixtureFile('page-named.jpg') } });
    expect(badDocument.body.errors).toEqual({ certificate: [en('validation.documentType')] });
  });

  it('updates and deletes only the owner\'s training', async () => {
    const added = (await add(gita, { fields: fields(), files: { certificate: fixtureFile('photo.jpg') } })).body.data as Saved;
    const path = `/api/psc/profile/trainings/${added.item.id}`;
    expect((await sendMultipart(t, 'PUT', path, { token: sita.token, fields: fields() })).status).toBe(404);
    expect((await t.call('DELETE', path, { token: sita.token })).status).toBe(404);
    const updated = await sendMultipart(t, 'PUT', path, { token: gita.token, fields: { ...fields(), trainingName: 'Leadership' } });
    expect((updated.body.data as Saved).item).toMatchObject({ trainingName: 'Leadership', certificate: { fileId: added.item.certificate!.fileId } });
    expect((await t.call('DELETE', path, { token: gita.token })).status).toBe(200);
    expect(await countStoredFiles(t.db, gita.userId)).toBe(0);
  });
});
