import { DEMO_ACCOUNTS, schema } from '@psc/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, desktopClient, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: string;
let roleIds: { administrator: number; requisition: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signInAdministrator()).accessToken;
  const roles = await t.db.select({ id: schema.roles.id, name: schema.roles.name }).from(schema.roles);
  roleIds = { administrator: roles.find((r) => r.name === 'Administrator')!.id, requisition: roles.find((r) => r.name === 'Requisition officer')!.id };
});
afterAll(() => t.close());

type User = { id: number; kind: string; username: string; mustChangePassword: boolean; roles: { id: number; name: string }[]; fullNameEn: string; profile: unknown };
const data = <T>(answer: { body: { data?: unknown } }) => answer.body.data as T;

const newStaff = {
  firstNameEn: 'Bishnu',
  lastNameEn: 'Poudel',
  firstNameNp: 'विष्णु',
  lastNameNp: 'पौडेल',
  username: 'bishnu.p',
  email: 'bishnu@example.com',
  mobile: '9851000002',
  password: 'Staff@2024',
  roleIds: [] as number[],
};

async function lastAudit(entityId: number) {
  const [row] = await t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, 'users'), eq(schema.auditLog.entityId, String(entityId))))
    .orderBy(desc(schema.auditLog.id))
    .limit(1);
  return row;
}

describe('staff users', () => {
  it('creates a staff user who can sign in to the workstation, audited without the password', async () => {
    const created = await t.call('POST', '/api/admin/users', { token: admin, json: { ...newStaff, username: 'bishnu_p', roleIds: [roleIds.requisition] } });
    expect(created.status).toBe(200);
    const user = data<User>(created);
    expect(user).toMatchObject({ kind: 'staff', username: 'bishnu_p', fullNameEn: 'Bishnu Poudel', roles: [{ id: roleIds.requisition }] });
    const audit = await lastAudit(user.id);
    expect(audit).toMatchObject({ action: 'create', before: null, after: { username: 'bishnu_p' } });
    expect(JSON.stringify(audit?.after)).not.toMatch(/password_hash|passwordHash|Staff@2024/);
    const session = await t.signIn('bishnu_p', 'Staff@2024', desktopClient);
    expect((await t.call('GET', `/api/admin/users/${user.id}`, { token: session.accessToken })).status).toBe(403);

    const byRole = data<{ items: { id: number }[] }>(await t.call('GET', `/api/admin/users?roleId=${roleIds.requisition}`, { token: admin }));
    expect(byRole.items.map((u) => u.id)).toContain(user.id);
    const administrators = data<{ items: { username: string }[] }>(await t.call('GET', `/api/admin/users?roleId=${roleIds.administrator}`, { token: admin }));
    expect(administrators.items.map((u) => u.username)).toEqual([DEMO_ACCOUNTS.administrator.username]);
  });

  it('takes a user name with dots between its parts, as the seeded requisition.officer has, and refuses stray dots', async () => {
    const created = await t.call('POST', '/api/admin/users', { token: admin, json: { ...newStaff, username: 'hari.b.rai', email: 'hari.b.rai@example.com' } });
    expect(created.status).toBe(200);
    expect(data<User>(created).username).toBe('hari.b.rai');
    const session = await t.signIn('hari.b.rai', 'Staff@2024', desktopClient);
    expect(session.accessToken).toBeTruthy();
    for (const username of ['.hari', 'hari.', 'hari..rai']) {
      const refused = await t.call('POST', '/api/admin/users', { token: admin, lang: 'en', json: { ...newStaff, username, email: 'stray.dot@example.com' } });
      expect(refused.status, username).toBe(400);
      expect(refused.body.errors?.username, username).toEqual(['User name may contain only English letters, numbers, hyphen (-), underscore (_) and single dots (.) between them.']);
    }
    const nepali = await t.call('POST', '/api/admin/users', { token: admin, lang: 'ne', json: { ...newStaff, username: 'hari..rai', email: 'stray.dot@example.com' } });
    expect(nepali.body.errors?.username).toEqual(['प्रयोगकर्ताको नाममा अङ्ग्रेजी अक्षर, अङ्क, हाइफन (-), अन्डरस्कोर (_) र बीचमा एउटा थोप्लो (.) मात्र राख्न मिल्छ।']);
    expect(await t.db.select().from(schema.users).where(eq(schema.users.email, 'stray.dot@example.com'))).toHaveLength(0);
  });

  it('refuses a weak password, bad names and a taken user name or e-mail', async () => {
    const weak = await t.call('POST', '/api/admin/users', { token: admin, lang: 'en', json: { ...newStaff, password: 'staff2024', firstNameEn: ' Bishnu1', mobile: '98510abc' } });
    expect(weak.status).toBe(400);
    expect(weak.body.errors?.password).toEqual(['Password must contain at least one upper-case letter.']);
    expect(weak.body.errors?.firstNameEn).toBeDefined();
    expect(weak.body.errors?.mobile).toBeDefined();
    const taken = await t.call('POST', '/api/admin/users', { token: admin, json: { ...newStaff, username: DEMO_ACCOUNTS.administrator.username.toUpperCase() } });
    expect(taken.status).toBe(409);
    const email = await t.call('POST', '/api/admin/users', { token: admin, json: { ...newStaff, username: 'someone_else', email: 'BISHNU@example.com' } });
    expect(email.status).toBe(409);
    const unknownRole = await t.call('POST', '/api/admin/users', { token: admin, json: { ...newStaff, username: 'third', email: 'third@example.com', roleIds: [999999] } });
    expect(unknownRole.status).toBe(422);
    expect((await t.db.select().from(schema.users).where(eq(schema.users.username, 'third'))).length).toBe(0);
  });

  it('reads details and changes names, contact and roles, with roles taking effect at the next request', async () => {
    const user = data<User>(await t.call('POST', '/api/admin/users', { token: admin, json: { ...newStaff, username: 'mina_k', email: 'mina@example.com' } }));
    const session = await t.signIn('mina_k', 'Staff@2024', desktopClient);
    expect((await t.call('GET', '/api/admin/users', { token: session.accessToken })).status).toBe(403);

    const changed = await t.call('PUT', `/api/admin/users/${user.id}`, {
      token: admin,
      json: { firstNameEn: 'Mina', lastNameEn: 'Karki', firstNameNp: 'मीना', lastNameNp: 'कार्की', email: 'mina.karki@example.com', mobile: '9851000003', roleIds: [roleIds.administrator] },
    });
    expect(changed.status).toBe(200);
    expect(data<User>(changed)).toMatchObject({ fullNameEn: 'Mina Karki', roles: [{ id: roleIds.administrator }] });
    expect(await lastAudit(user.id)).toMatchObject({ action: 'update', before: { firstNameEn: 'Bishnu', roles: [] }, after: { firstNameEn: 'Mina', roles: [{ id: roleIds.administrator }] } });
    expect((await t.call('GET', '/api/admin/users', { token: session.accessToken })).status).toBe(200);

    const details = data<User>(await t.call('GET', `/api/admin/users/${user.id}`, { token: admin }));
    expect(details).toMatchObject({ username: 'mina_k', profile: null });
    expect(details).not.toHaveProperty('passwordHash');
    expect((await t.call('GET', '/api/admin/users/999999', { token: admin })).status).toBe(404);
    const byMasterId = await t.call('GET', `/api/admin/users/by-master-id/${(details as User & { masterId: number }).masterId}`, { token: admin });
    expect(data<User>(byMasterId).id).toBe(user.id);
    expect((await t.call('GET', '/api/admin/users/by-master-id/1', { token: admin })).status).toBe(404);
    expect((await t.call('GET', '/api/admin/users/by-master-id/abc', { token: admin })).status).toBe(400);
  });

  it('resets a staff password: must change it, sessions end, candidates refused', async () => {
    const user = data<User>(await t.call('POST', '/api/admin/users', { token: admin, json: { ...newStaff, username: 'ram_b', email: 'ram.b@example.com' } }));
    const session = await t.signIn('ram_b', 'Staff@2024', desktopClient);
    const weak = await t.call('POST', `/api/admin/users/${user.id}/reset-password`, { token: admin, json: { newPassword: 'short' } });
    expect(weak.status).toBe(400);
    const reset = await t.call('POST', `/api/admin/users/${user.id}/reset-password`, { token: admin, json: { newPassword: 'Reset@2024' } });
    expect(reset.status).toBe(200);
    expect((await t.call('GET', '/api/oauth/privileges/get/init', { token: session.accessToken })).status).toBe(401);
    const live = await t.db.select().from(schema.refreshTokens).where(and(eq(schema.refreshTokens.userId, user.id), isNull(schema.refreshTokens.revokedAt)));
    expect(live).toHaveLength(0);
    await t.signIn('ram_b', 'Reset@2024', desktopClient);
    const [row] = await t.db.select({ mustChangePassword: schema.users.mustChangePassword }).from(schema.users).where(eq(schema.users.id, user.id));
    expect(row?.mustChangePassword).toBe(true);
    expect(await lastAudit(user.id)).toMatchObject({ action: 'reset-password', before: { mustChangePassword: false }, after: { mustChangePassword: true } });

    const [candidate] = await t.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, DEMO_ACCOUNTS.candidate.username));
    expect((await t.call('POST', `/api/admin/users/${candidate!.id}/reset-password`, { token: admin, json: { newPassword: 'Reset@2024' } })).status).toBe(422);
  });
});
