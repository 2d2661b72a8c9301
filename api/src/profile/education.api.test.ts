import { addDaysAd, todayAd, translate } from '@psc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countStoredFiles,
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

const en = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('en', key, params);

const fields = () => ({
  universityId: master.universityId,
  levelId: master.levelIds[0],
  facultyId: master.facultyId,
  scoreType: 'percentage',
  score: '७२.५',
  majorSubject: 'Economics',
  description: 'Bachelor of Business Studies',
  educationType: 'national',
  passedDateBs: '2077-04-17',
  division: 'first',
});

type Education = Record<string, unknown> & { id: number; transcriptFront: { fileId: string; url: string } | null; transcriptBack: unknown; characterCertificate: unknown };
type Saved = { item: Education; completeness: { sections: Record<string, boolean> } };

const add = (candidate: TestCandidate, body: { fields?: Record<string, string | number | undefined>; files?: Record<string, File> }) =>
  sendMultipart(t, 'POST', '/api/psc/profile/educations', { token: candidate.token, lang: 'en', ...body });

describe('POST /api/psc/profile/educations', () => {
  it('adds an education with its transcript and certificates; the B.S. date is stored as A.D. and answered in both', async () => {
    const answer = await add(sita, {
      fields: fields(),
      files: { transcriptFront: fixtureFile('document.pdf'), transcriptBack: fixtureFile('document.pdf'), characterCertificate: fixtureFile('photo.jpg') },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { item, completeness } = answer.body.data as Saved;
    expect(item).toMatchObject({ score: 72.5, scoreType: 'percentage', passedDateAd: '2020-08-01', passedDateBs: '2077-04-17', division: 'first', equivalentCertificate: null });
    expect(item.transcriptFront).toMatchObject({ contentType: 'application/pdf' });
    expect(item.characterCertificate).toMatchObject({ contentType: 'image/jpeg' });
    expect(completeness.sections.education).toBe(true);
    const download = await t.app.request(item.transcriptFront!.url, { headers: { authorization: `Bearer ${sita.token}` } });
    expect(download.headers.get('content-type')).toBe('application/pdf');
  });

  it('refuses each broken rule, naming the field', async () => {
    const answer = await add(sita, {
      fields: { ...fields(), universityId: '', scoreType: 'grade', score: '7O', majorSubject: '', educationType: 'abroad', passedDateBs: undefined, division: 'best' },
      files: { transcriptFront: fixtureFile('document.pdf') },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      universityId: [en('validation.chooseOne')],
      scoreType: [en('validation.chooseOne')],
      score: [en('validation.decimalOnly')],
      majorSubject: [en('validation.required')],
      educationType: [en('validation.chooseOne')],
      division: [en('validation.chooseOne')],
    });
  });

  it('refuses a score out of range, a future passed date and A.D. and B.S. dates that disagree', async () => {
    const percentage = await add(sita, { fields: { ...fields(), score: '100.5' }, files: { transcriptFront: fixtureFile('document.pdf') } });
    expect(percentage.body.errors).toEqual({ score: [en('validation.scoreRange')] });
    const gpa = await add(sita, { fields: { ...fields(), scoreType: 'gpa', score: '4.2' }, files: { transcriptFront: fixtureFile('document.pdf') } });
    expect(gpa.body.errors).toEqual({ score: [en('validation.gpaRange')] });
    const future = await add(sita, { fields: { ...fields(), passedDateBs: undefined, passedDateAd: addDaysAd(todayAd(), 30) }, files: { transcriptFront: fixtureFile('document.pdf') } });
    expect(future.body.errors).toEqual({ passedDateAd: [en('validation.dateInFuture')] });
    const mismatch = await add(sita, { fields: { ...fields(), passedDateAd: '2020-08-02' }, files: { transcriptFront: fixtureFile('document.pdf') } });
    expect(mismatch.body.errors).toEqual({ passedDateBs: [en('validation.dateMismatch')] });
  });

  it('refuses choices that are not in the lists', async () => {
    const answer = await add(sita, { fields: { ...fields(), universityId: 999_999, facultyId: 999_999 }, files: { transcriptFront: fixtureFile('document.pdf') } });
    expect(answer.body.errors).toEqual({ universityId: [en('validation.unknownChoice')], facultyId: [en('validation.unknownChoice')] });
  });

  it('requires the transcript (a PDF), and the equivalence certificate of a foreign degree', async () => {
    const none = await add(sita, { fields: fields() });
    expect(none.body.errors).toEqual({ transcriptFront: [en('validation.fileRequired')] });
    const image = await add(sita, { fields: fields(), files: { transcriptFront: fixtureFile('photo.jpg'), characterCertificate: fixtureFile('page-named.jpg') } });
    expect(image.body.errors).toEqual({ transcriptFront: [en('validation.pdfOnly')], characterCertificate: [en('validation.documentType')] });
    const foreign = await add(sita, { fields: { ...fields(), educationType: 'foreign' }, files: { transcriptFront: fixtureFile('document.pdf') } });
    expect(foreign.body.errors).toEqual({ equivalentCertificate: [en('validation.fileRequired')] });
    const damaged = await add(sita, { fields: fields(), files: { transcriptFront: fixtureFile('truncated.pdf') } });
    expect(damaged.body.errors).toEqual({ transcriptFront: [en('validation.fileEmptyOrDamaged')] });
  });
});

describe('PUT and DELETE /api/psc/profile/educations/:id', () => {
  it('keeps files not sent, replaces a file sent (deleting the old one), and refuses another candidate', async () => {
    const added = (await add(sita, { fields: fields(), files: { transcriptFront: fixtureFile('document.pdf'), characterCertificate: fixtureFile('photo.png') } })).body.data as Saved;
    const id = added.item.id;
    const kept = await sendMultipart(t, 'PUT', `/api/psc/profile/educations/${id}`, { token: sita.token, fields: { ...fields(), majorSubject: 'Accounting' } });
    expect(kept.status).toBe(200);
    const keptItem = (kept.body.data as Saved).item;
    expect(keptItem).toMatchObject({ majorSubject: 'Accounting', transcriptFront: { fileId: added.item.transcriptFront!.fileId } });

    const replaced = await sendMultipart(t, 'PUT', `/api/psc/profile/educations/${id}`, { token: sita.token, fields: fields(), files: { characterCertificate: fixtureFile('photo.jpg') } });
    const replacedItem = (replaced.body.data as Saved).item as Education & { characterCertificate: { fileId: string; url: string } };
    expect(replacedItem.characterCertificate.fileId).not.toBe((added.item.characterCertificate as { fileId: string }).fileId);
    const oldUrl = (added.item.characterCertificate as { url: string }).url;
    expect((await t.app.request(oldUrl, { headers: { authorization: `Bearer ${sita.token}` } })).status).toBe(404);

    const asGita = await sendMultipart(t, 'PUT', `/api/psc/profile/educations/${id}`, { token: gita.token, fields: fields(), files: { transcriptFront: fixtureFile('document.pdf') } });
    expect(asGita.status).toBe(404);
    expect((await t.call('DELETE', `/api/psc/profile/educations/${id}`, { token: gita.token })).status).toBe(404);
    expect((await t.call('DELETE', '/api/psc/profile/educations/abc', { token: sita.token })).status).toBe(404);
  });

  it('spec §5: changing the level deletes the uploaded files, so the new level needs its transcript', async () => {
    const added = (await add(sita, { fields: fields(), files: { transcriptFront: fixtureFile('document.pdf'), transcriptBack: fixtureFile('document.pdf') } })).body.data as Saved;
    const changed = { ...fields(), levelId: master.levelIds[1] };
    const withoutFile = await sendMultipart(t, 'PUT', `/api/psc/profile/educations/${added.item.id}`, { token: sita.token, fields: changed, lang: 'en' });
    expect(withoutFile.body.errors).toEqual({ transcriptFront: [en('validation.fileRequired')] });

    const before = await countStoredFiles(t.db, sita.userId);
    const answer = await sendMultipart(t, 'PUT', `/api/psc/profile/educations/${added.item.id}`, { token: sita.token, fields: changed, files: { transcriptFront: fixtureFile('document.pdf') } });
    expect(answer.status).toBe(200);
    const item = (answer.body.data as Saved).item;
    expect(item).toMatchObject({ levelId: master.levelIds[1], transcriptBack: null });
    expect(item.transcriptFront!.fileId).not.toBe(added.item.transcriptFront!.fileId);
    // Two files went (front and back of the old level), one came.
    expect(await countStoredFiles(t.db, sita.userId)).toBe(before - 1);
  });

  it('deletes an education with its files', async () => {
    const added = (await add(gita, { fields: fields(), files: { transcriptFront: fixtureFile('document.pdf'), characterCertificate: fixtureFile('photo.jpg') } })).body.data as Saved;
    expect(await countStoredFiles(t.db, gita.userId)).toBe(2);
    const answer = await t.call('DELETE', `/api/psc/profile/educations/${added.item.id}`, { token: gita.token, lang: 'en' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: en('profile.rowDeleted'), data: { id: added.item.id, completeness: { sections: { education: false } } } });
    expect(await countStoredFiles(t.db, gita.userId)).toBe(0);
    expect((await t.call('DELETE', `/api/psc/profile/educations/${added.item.id}`, { token: gita.token })).status).toBe(404);
  });
});
