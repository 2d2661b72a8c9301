import { PROFILE_DOCUMENT_KINDS, translate, type PrivilegeCode } from '@psc/core';
import { schema, seedRole, seedUser } from '@psc/db';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import {
  createProfileTestApp,
  fixtureFile,
  readFixture,
  seedCandidate,
  sendMultipart,
  type Fixture,
  type ProfileTestApp,
  type TestCandidate,
} from '../profile/profile.test-support';
import { desktopClient } from '../test-support/test-app';

let t: ProfileTestApp;
let sita: TestCandidate;
let gita: TestCandidate;
beforeAll(async () => {
  t = await createProfileTestApp();
  [sita, gita] = [await seedCandidate(t), await seedCandidate(t)];
});
afterAll(() => t.closeAll());

type Saved = { item: { fileId: string; contentType: string; byteSize: number; url: string }; completeness: { sections: Record<string, boolean> } };

const upload = (candidate: TestCandidate, kind: string, file: File, lang: 'ne' | 'en' = 'en') =>
  sendMultipart(t, 'PUT', `/api/psc/profile/documents/${kind}`, { token: candidate.token, files: { file }, lang });

const blobPath = (bytes: Uint8Array) => {
  const sha = createHash('sha256').update(bytes).digest('hex');
  return join(t.dataDir, 'files', sha.slice(0, 2), sha.slice(2, 4), sha);
};

async function download(url: string, token?: string) {
  return t.app.request(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

describe('PUT /api/psc/profile/documents/:kind with each fixture', () => {
  const refusals: [Fixture, string][] = [
    ['document.pdf', translate('en', 'validation.imageTypeOnly')],
    ['pdf-renamed.png', translate('en', 'validation.imageTypeOnly')],
    ['page-named.jpg', translate('en', 'validation.imageTypeOnly')],
    ['large.jpg', translate('en', 'validation.fileTooLarge')],
    ['empty.jpg', translate('en', 'validation.fileEmptyOrDamaged')],
    ['truncated.jpg', translate('en', 'validation.fileEmptyOrDamaged')],
    ['truncated.png', translate('en', 'validation.fileEmptyOrDamaged')],
  ];

  it.each(refusals)('refuses %s, naming the rule it breaks', async (fixture, message) => {
    const answer = await upload(sita, 'photograph', fixtureFile(fixture));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 0, code: 'VALIDATION_FAILED', errors: { file: [message] } });
  });

  it('names the rule in Nepali for a Nepali reader', async () => {
    const answer = await upload(sita, 'signature', fixtureFile('pdf-renamed.png'), 'ne');
    expect(answer.body.errors).toEqual({ file: [translate('ne', 'validation.imageTypeOnly')] });
  });

  it('refuses a call without a file, and a file under a name the form does not use', async () => {
    const none = await sendMultipart(t, 'PUT', '/api/psc/profile/documents/photograph', { token: sita.token, fields: { note: 'x' }, lang: 'en' });
    expect(none.body.errors).toEqual({ file: [translate('en', 'validation.fileRequired')] });
    const stray = await sendMultipart(t, 'PUT', '/api/psc/profile/documents/photograph', { token: sita.token, files: { file: fixtureFile('photo.jpg'), extra: fixtureFile('photo.png') }, lang: 'en' });
    expect(stray.body.errors).toEqual({ extra: [translate('en', 'validation.fileNotExpected')] });
  });

  it('accepts the valid PNG and JPEG for each of the four documents, which completes the documents section', async () => {
    let last: Saved | undefined;
    for (const [index, kind] of PROFILE_DOCUMENT_KINDS.entries()) {
      const fixture: Fixture = index % 2 === 0 ? 'photo.png' : 'photo.jpg';
      const answer = await upload(sita, kind, fixtureFile(fixture));
      expect(answer.status, kind).toBe(200);
      last = answer.body.data as Saved;
      expect(last.item).toMatchObject({ contentType: fixture.endsWith('.png') ? 'image/png' : 'image/jpeg', byteSize: readFixture(fixture).length });
      expect(last.item.url).toBe(`/api/psc/files/${last.item.fileId}`);
    }
    expect(last!.completeness.sections.documents).toBe(true);
    const profile = (await t.call('GET', '/api/psc/profile', { token: sita.token })).body.data as { documents: Record<string, { fileId: string }> };
    expect(Object.keys(profile.documents).sort()).toEqual([...PROFILE_DOCUMENT_KINDS].sort());
  });

  it('refuses an unknown kind of document', async () => {
    const answer = await upload(sita, 'passport', fixtureFile('photo.png'));
    expect(answer.status).toBe(400);
  });
});

describe('GET /api/psc/files/:fileId', () => {
  it("serves the owner's file with the detected type, and answers 404 to another candidate and 401 to nobody", async () => {
    const saved = (await upload(sita, 'photograph', fixtureFile('photo.jpg'))).body.data as Saved;
    const own = await download(saved.item.url, sita.token);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    expect(own.headers.get('cache-control')).toContain('private');
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(readFixture('photo.jpg'));

    const someoneElse = await download(saved.item.url, gita.token);
    expect(someoneElse.status).toBe(404);
    expect(((await someoneElse.json()) as { code: string }).code).toBe('NOT_FOUND');
    expect((await download(saved.item.url)).status).toBe(401);
    expect((await download('/api/psc/files/not-a-uuid', sita.token)).status).toBe(404);
    expect((await download('/api/psc/files/00000000-0000-4000-8000-000000000000', sita.token)).status).toBe(404);
  });

  it('lets staff with the scrutiny privilege (SC read) read a candidate file, for that candidate only', async () => {
    const saved = (await upload(sita, 'signature', fixtureFile('photo.png'))).body.data as Saved;
    const roleId = await seedRole(t.db, { name: 'Scrutiny test', description: 'SC', codes: ['SC'] });
    await seedUser(t.db, hashPassword, { kind: 'staff', username: 'scrutiny.test', email: 'scrutiny.test@example.com', password: 'Scrutiny@123', firstNameEn: 'Scrutiny', lastNameEn: 'Officer', roleIds: [roleId] });
    const staff = await t.signIn('scrutiny.test', 'Scrutiny@123', desktopClient);
    const url = (userId: number) => `/api/admin/candidates/${userId}/files/${saved.item.fileId}`;
    const read = await download(url(sita.userId), staff.accessToken);
    expect(read.status).toBe(200);
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(readFixture('photo.png'));
    expect((await download(url(gita.userId), staff.accessToken)).status).toBe(404);
    expect((await download(url(sita.userId), sita.token)).status).toBe(403);
  });

  it('lets staff who may open full details (UM read) read a candidate file, for that candidate only; no one else', async () => {
    const saved = (await upload(sita, 'photograph', fixtureFile('photo.png'))).body.data as Saved;
    const url = (userId: number, fileId = saved.item.fileId) => `/api/admin/users/${userId}/files/${fileId}`;
    const staffWith = async (name: string, codes: PrivilegeCode[]) => {
      const roleId = await seedRole(t.db, { name: `Files ${name}`, description: codes.join(','), codes });
      await seedUser(t.db, hashPassword, { kind: 'staff', username: `files.${name}`, email: `files.${name}@example.com`, password: 'Files@1234', firstNameEn: 'Files', lastNameEn: name, roleIds: [roleId] });
      return (await t.signIn(`files.${name}`, 'Files@1234', desktopClient)).accessToken;
    };
    const userManager = await staffWith('um', ['UM']);
    const read = await download(url(sita.userId), userManager);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(readFixture('photo.png'));
    // The file under another user's id, or an id that is no file, is not found.
    expect((await download(url(gita.userId), userManager)).status).toBe(404);
    expect((await download(url(sita.userId, '00000000-0000-4000-8000-000000000000'), userManager)).status).toBe(404);
    expect((await download(`/api/admin/users/x/files/${saved.item.fileId}`, userManager)).status).toBe(404);
    // Staff without UM, the owner, another candidate and nobody are refused.
    const masterClerk = await staffWith('mc', ['MC']);
    expect((await download(url(sita.userId), masterClerk)).status).toBe(403);
    expect((await download(url(sita.userId), sita.token)).status).toBe(403);
    expect((await download(url(sita.userId), gita.token)).status).toBe(403);
    expect((await download(url(sita.userId))).status).toBe(401);
  });
});

describe('content-addressed storage', () => {
  it('keeps one copy of the same bytes for two candidates, and removes it only when the last file using it goes', async () => {
    const bytes = readFixture('photo.png');
    const first = (await upload(sita, 'citizenship-front', fixtureFile('photo.png'))).body.data as Saved;
    const second = (await upload(gita, 'citizenship-front', fixtureFile('photo.png'))).body.data as Saved;
    expect(first.item.fileId).not.toBe(second.item.fileId);
    expect(existsSync(blobPath(bytes))).toBe(true);
    const sha = createHash('sha256').update(bytes).digest('hex');
    const sharing = await t.db.select({ id: schema.storedFiles.id }).from(schema.storedFiles).where(eq(schema.storedFiles.sha256, sha));
    expect(sharing.length).toBeGreaterThanOrEqual(2);

    // Replacing a document deletes the old file; the bytes stay while another file uses them.
    for (const candidate of [sita, gita]) expect((await upload(candidate, 'citizenship-front', fixtureFile('photo.jpg'))).status).toBe(200);
    const [otherUse] = await t.db.select({ id: schema.storedFiles.id }).from(schema.storedFiles).where(eq(schema.storedFiles.sha256, sha));
    expect(existsSync(blobPath(bytes))).toBe(otherUse !== undefined);
    expect((await download(first.item.url, sita.token)).status).toBe(404);
  });

  it('removes the bytes once no stored file uses them', async () => {
    const lonely = await seedCandidate(t);
    // Bytes no one else has: the JPEG with a trailer after its end, still a valid image.
    const unique = new Uint8Array([...readFixture('photo.jpg'), ...new TextEncoder().encode(`unique-${lonely.userId}`)]);
    const saved = await upload(lonely, 'photograph', new File([unique], 'me.jpg', { type: 'image/jpeg' }));
    expect(saved.status).toBe(200);
    expect(existsSync(blobPath(unique))).toBe(true);
    expect((await upload(lonely, 'photograph', fixtureFile('photo.png'))).status).toBe(200);
    expect(existsSync(blobPath(unique))).toBe(false);
  });
});
