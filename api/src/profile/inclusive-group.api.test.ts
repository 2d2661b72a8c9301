import { INCLUSIVE_GROUP_CODES, translate } from '@psc/core';
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

type Saved = { item: { id: number; groupCode: string; document: { fileId: string; url: string } | null } };

const add = (candidate: TestCandidate, groupCode: string, files: Record<string, File> = { document: fixtureFile('photo.jpg') }) =>
  sendMultipart(t, 'POST', '/api/psc/profile/inclusive-groups', { token: candidate.token, lang: 'en', fields: { groupCode }, files });

describe('/api/psc/profile/inclusive-groups', () => {
  it('adds each group with its scan, once', async () => {
    for (const groupCode of INCLUSIVE_GROUP_CODES) {
      const answer = await add(sita, groupCode);
      expect(answer.status, groupCode).toBe(200);
      expect((answer.body.data as Saved).item).toMatchObject({ groupCode, document: { contentType: 'image/jpeg' } });
    }
    const again = await add(sita, 'women');
    expect(again.body.errors).toEqual({ groupCode: [en('profile.groupAlreadyClaimed')] });
  });

  it('spec §5: the scan is required and must be a JPEG or PNG', async () => {
    expect((await add(gita, 'dalit', {})).body.errors).toEqual({ document: [en('validation.fileRequired')] });
    expect((await add(gita, 'dalit', { document: fixtureFile('document.pdf') })).body.errors).toEqual({ document: [en('validation.imageTypeOnly')] });
    expect((await add(gita, 'dalit', { document: fixtureFile('large.jpg') })).body.errors).toEqual({ document: [en('validation.fileTooLarge')] });
    expect((await add(gita, 'gurkha')).body.errors).toEqual({ groupCode: [en('validation.chooseOne')] });
  });

  it('spec §5: changing the group deletes the uploaded file, so the new group needs its own scan', async () => {
    const added = (await add(gita, 'madhesi')).body.data as Saved;
    const path = `/api/psc/profile/inclusive-groups/${added.item.id}`;
    const withoutScan = await sendMultipart(t, 'PUT', path, { token: gita.token, lang: 'en', fields: { groupCode: 'dalit' } });
    expect(withoutScan.body.errors).toEqual({ document: [en('validation.fileRequired')] });
    const changed = await sendMultipart(t, 'PUT', path, { token: gita.token, fields: { groupCode: 'dalit' }, files: { document: fixtureFile('photo.png') } });
    expect(changed.status).toBe(200);
    const item = (changed.body.data as Saved).item;
    expect(item).toMatchObject({ groupCode: 'dalit', document: { contentType: 'image/png' } });
    expect((await t.app.request(added.item.document!.url, { headers: { authorization: `Bearer ${gita.token}` } })).status).toBe(404);
    expect(await countStoredFiles(t.db, gita.userId)).toBe(1);
    // The same group kept: the scan stays.
    const same = await sendMultipart(t, 'PUT', path, { token: gita.token, fields: { groupCode: 'dalit' } });
    expect((same.body.data as Saved).item.document!.fileId).toBe(item.document!.fileId);
  });

  it("refuses another candidate's group", async () => {
    const [mine] = ((await t.call('GET', '/api/psc/profile', { token: sita.token })).body.data as { inclusiveGroups: { id: number }[] }).inclusiveGroups;
    const path = `/api/psc/profile/inclusive-groups/${mine!.id}`;
    expect((await sendMultipart(t, 'PUT', path, { token: gita.token, fields: { groupCode: 'women' }, files: { document: fixtureFile('photo.jpg') } })).status).toBe(404);
    expect((await t.call('DELETE', path, { token: gita.token })).status).toBe(404);
    expect((await t.call('DELETE', path, { token: sita.token })).status).toBe(200);
  });
});
