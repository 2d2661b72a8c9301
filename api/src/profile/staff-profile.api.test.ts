import { schema } from '@psc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfileTestApp, fixtureFile, seedCandidate, sendMultipart, type ProfileTestApp } from './profile.test-support';

let t: ProfileTestApp;
beforeAll(async () => {
  t = await createProfileTestApp();
});
afterAll(() => t.closeAll());

type Profile = { personal: { username: string }; documents: Record<string, { fileId: string; url: string }> };

describe('GET /api/admin/candidates/{userId}/profile (spec §2 fullDetails)', () => {
  it("gives the administrator the candidate's whole profile with staff file links", async () => {
    const candidate = await seedCandidate(t, { withNepaliNames: true });
    const upload = await sendMultipart(t, 'PUT', '/api/psc/profile/documents/photograph', { token: candidate.token, files: { file: fixtureFile('photo.jpg') } });
    expect(upload.status).toBe(200);
    const own = (await t.call('GET', '/api/psc/profile', { token: candidate.token })).body.data as Profile;

    const admin = await t.signInAdministrator();
    const answer = await t.call('GET', `/api/admin/candidates/${candidate.userId}/profile`, { token: admin.accessToken });
    expect(answer.status).toBe(200);
    const seen = answer.body.data as Profile;
    expect(Object.keys(seen).sort()).toEqual(Object.keys(own).sort());
    expect(seen.personal).toEqual(own.personal);
    const photo = seen.documents.photograph!;
    expect(photo.fileId).toBe(own.documents.photograph!.fileId);
    expect(photo.url).toBe(`/api/admin/candidates/${candidate.userId}/files/${photo.fileId}`);
    const file = await t.app.request(photo.url, { headers: { authorization: `Bearer ${admin.accessToken}` } });
    expect(file.status).toBe(200);
  });

  it('answers 404 for an unknown id and for a member of staff', async () => {
    const admin = await t.signInAdministrator();
    expect((await t.call('GET', '/api/admin/candidates/999999/profile', { token: admin.accessToken })).status).toBe(404);
    expect((await t.call('GET', '/api/admin/candidates/abc/profile', { token: admin.accessToken })).status).toBe(404);
    const [staff] = await t.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.kind, 'staff')).limit(1);
    expect((await t.call('GET', `/api/admin/candidates/${staff!.id}/profile`, { token: admin.accessToken })).status).toBe(404);
  });
});
