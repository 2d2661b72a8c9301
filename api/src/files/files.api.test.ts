import { PROFILE_DOCUMENT_KINDS, PROFILE_UPLOADS, translate, type PrivilegeCode } from '@psc/core';
import { schema, seedRole, seedUser } from '@psc/db';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
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
import { hugeFlatPng, jpegMetadataSegments, jpegWithGps, pngChunks, pngWithTextChunk, SCRIPT } from '../test-support/image-fixtures';
import { desktopClient } from '../test-support/test-app';
import { checkFileContent } from './check-file-content';

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

/** What the store keeps of an upload: a picture's re-encoded copy (checkFileContent decides). */
async function storedCopyOf(bytes: Uint8Array): Promise<Uint8Array> {
  const check = await checkFileContent(bytes, PROFILE_UPLOADS.photograph);
  if (!check.ok) throw new Error(check.messageKey);
  return check.bytes;
}
const storedCopy = (fixture: Fixture) => storedCopyOf(readFixture(fixture));

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
      expect(last.item).toMatchObject({ contentType: fixture.endsWith('.png') ? 'image/png' : 'image/jpeg', byteSize: (await storedCopy(fixture)).length });
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
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(await storedCopy('photo.jpg'));

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
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(await storedCopy('photo.png'));
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
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(await storedCopy('photo.png'));
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
    const bytes = await storedCopy('photo.png');
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
    // A picture no one else has: its pixels are its owner's id.
    const background = { r: lonely.userId % 256, g: Math.floor(lonely.userId / 256) % 256, b: 201 };
    const unique = new Uint8Array(await sharp({ create: { width: 16, height: 16, channels: 3, background } }).png().toBuffer());
    const saved = await upload(lonely, 'photograph', new File([unique], 'me.png', { type: 'image/png' }));
    expect(saved.status).toBe(200);
    const kept = await storedCopyOf(unique);
    expect(existsSync(blobPath(kept))).toBe(true);
    expect((await upload(lonely, 'photograph', fixtureFile('photo.png'))).status).toBe(200);
    expect(existsSync(blobPath(kept))).toBe(false);
  });
});

describe('pictures are stored as a copy drawn again, without what the upload carried', () => {
  it('stores a phone JPEG without its EXIF GPS position, upright, under the address of the stored bytes', async () => {
    const sent = await jpegWithGps();
    expect((await sharp(sent).metadata()).exif).toBeDefined();
    const answer = await upload(sita, 'photograph', new File([sent], 'IMG_0001.jpg', { type: 'image/jpeg' }));
    expect(answer.status).toBe(200);
    const saved = answer.body.data as Saved;
    const served = new Uint8Array(await (await download(saved.item.url, sita.token)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect(jpegMetadataSegments(served)).toEqual([]);
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 48, 64]);
    expect(saved.item).toMatchObject({ contentType: 'image/jpeg', byteSize: served.length });
    // The content address is the stored copy's: its row and its file on disk.
    const [row] = await t.db.select({ sha256: schema.storedFiles.sha256 }).from(schema.storedFiles).where(eq(schema.storedFiles.id, saved.item.fileId));
    expect(row!.sha256).toBe(createHash('sha256').update(served).digest('hex'));
    expect(new Uint8Array(readFileSync(blobPath(served)))).toEqual(served);
    expect(existsSync(blobPath(sent))).toBe(false);
  });

  it('stores a PNG without the script in its text chunk', async () => {
    const answer = await upload(sita, 'signature', new File([await pngWithTextChunk()], 'signature.png', { type: 'image/png' }));
    expect(answer.status).toBe(200);
    const served = new Uint8Array(await (await download((answer.body.data as Saved).item.url, sita.token)).arrayBuffer());
    expect(pngChunks(served).types).not.toContain('tEXt');
    expect(Buffer.from(served).includes(SCRIPT)).toBe(false);
  });

  it('refuses a 20000 x 20000 PNG, in English and in Nepali, and keeps the picture already saved', async () => {
    const before = (await t.call('GET', '/api/psc/profile', { token: gita.token })).body.data as { documents: Record<string, { fileId: string }> };
    const huge = hugeFlatPng();
    for (const lang of ['en', 'ne'] as const) {
      const answer = await upload(gita, 'photograph', new File([huge], 'huge.png', { type: 'image/png' }), lang);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { file: [translate(lang, 'validation.imageTooManyPixels')] } });
    }
    const after = (await t.call('GET', '/api/psc/profile', { token: gita.token })).body.data as { documents: Record<string, { fileId: string }> };
    expect(after.documents.photograph).toEqual(before.documents.photograph);
  });
});
