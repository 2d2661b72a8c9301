import { translate } from '@psc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfileTestApp, fixtureFile, seedCandidate, sendMultipart, type ProfileTestApp, type TestCandidate } from './profile.test-support';

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
  councilName: 'Nepal Engineering Council',
  degreeType: 'permanent',
  dartaNo: '12345 Civil A',
  issuedDateAd: '2019-01-15',
  renewDateAd: '2024-01-15',
  councilType: 'board',
});

type Saved = { item: Record<string, unknown> & { id: number }; completeness: { sections: Record<string, boolean> } };

const add = (candidate: TestCandidate, body: { fields?: Record<string, string | undefined>; files?: Record<string, File> }) =>
  sendMultipart(t, 'POST', '/api/psc/profile/professional-councils', { token: candidate.token, lang: 'en', ...body });

describe('/api/psc/profile/professional-councils', () => {
  it('adds a registration with the front and back of its certificate, which completes the professional section', async () => {
    const answer = await add(sita, { fields: fields(), files: { front: fixtureFile('photo.jpg'), back: fixtureFile('document.pdf') } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { item, completeness } = answer.body.data as Saved;
    expect(item).toMatchObject({
      councilName: 'Nepal Engineering Council',
      degreeType: 'permanent',
      councilType: 'board',
      issuedDateAd: '2019-01-15',
      issuedDateBs: '2075-10-01',
      renewDateAd: '2024-01-15',
      validityDateAd: null,
      validityDateBs: null,
      front: { contentType: 'image/jpeg' },
      back: { contentType: 'application/pdf' },
    });
    expect(completeness.sections.professional).toBe(true);
  });

  it('refuses unknown kinds, a missing number, a renewal before the issue and a temporary registration without validity', async () => {
    const kinds = await add(sita, { fields: { ...fields(), degreeType: 'lifetime', councilType: 'guild', dartaNo: '' }, files: { front: fixtureFile('photo.jpg') } });
    expect(kinds.body.errors).toEqual({ degreeType: [en('validation.chooseOne')], councilType: [en('validation.chooseOne')], dartaNo: [en('validation.required')] });
    const order = await add(sita, { fields: { ...fields(), renewDateAd: '2018-01-01', degreeType: 'temporary' }, files: { front: fixtureFile('photo.jpg') } });
    expect(order.body.errors).toEqual({ renewDateAd: [en('validation.endDateBeforeStart')], validityDateAd: [en('validation.required')] });
    const temporary = await add(sita, { fields: { ...fields(), degreeType: 'temporary', validityDateBs: '2085-01-01' }, files: { front: fixtureFile('photo.png') } });
    expect(temporary.status).toBe(200);
    expect((temporary.body.data as Saved).item).toMatchObject({ validityDateBs: '2085-01-01' });
  });

  it('requires the front of the certificate, as a PDF, JPEG or PNG', async () => {
    expect((await add(sita, { fields: fields() })).body.errors).toEqual({ front: [en('validation.fileRequired')] });
    expect((await add(sita, { fields: fields(), files: { front: fixtureFile('truncated.jpg') } })).body.errors).toEqual({ front: [en('validation.fileEmptyOrDamaged')] });
  });

  it("refuses another candidate's registration", async () => {
    const added = (await add(sita, { fields: fields(), files: { front: fixtureFile('photo.jpg') } })).body.data as Saved;
    const path = `/api/psc/profile/professional-councils/${added.item.id}`;
    expect((await sendMultipart(t, 'PUT', path, { token: gita.token, fields: fields() })).status).toBe(404);
    expect((await t.call('DELETE', path, { token: gita.token })).status).toBe(404);
    expect((await t.call('DELETE', path, { token: sita.token })).status).toBe(200);
  });
});
