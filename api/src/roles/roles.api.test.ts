import { schema, seedUser } from '@psc/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import { createTestApp, desktopClient, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signInAdministrator()).accessToken;
});
afterAll(() => t.close());

type Role = { id: number; name: string; description: string; type: string; userCount?: number; permissions: { moduleCode: string; read: boolean; create: boolean; update: boolean; delete: boolean; approve: boolean; reject: boolean }[] };
const data = <T>(answer: { body: { data?: unknown } }) => answer.body.data as T;
const none = { read: false, create: false, update: false, delete: false, approve: false, reject: false };

async function lastAudit(entityId: number) {
  const [row] = await t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, 'roles'), eq(schema.auditLog.entityId, String(entityId))))
    .orderBy(desc(schema.auditLog.id))
    .limit(1);
  return row;
}

describe('roles and modules', () => {
  it('lists modules and roles, and reads one role', async () => {
    const modules = data<{ code: string }[]>(await t.call('GET', '/api/admin/modules', { token: admin }));
    expect(modules.map((m) => m.code)).toEqual(expect.arrayContaining(['UM', 'MC', 'RQ']));
    const roles = data<Role[]>(await t.call('GET', '/api/admin/roles', { token: admin }));
    const administrator = roles.find((r) => r.name === 'Administrator')!;
    expect(administrator.permissions.length).toBe(modules.length);
    const one = data<Role>(await t.call('GET', `/api/admin/roles/${administrator.id}`, { token: admin }));
    expect(one).toMatchObject({ name: 'Administrator', userCount: 1 });
    expect((await t.call('GET', '/api/admin/roles/999999', { token: admin })).status).toBe(404);
  });

  it('creates, changes and deletes a role, auditing before and after', async () => {
    const created = await t.call('POST', '/api/admin/roles', {
      token: admin,
      json: { name: 'Exam officer', description: 'Exam centres', permissions: [{ moduleCode: 'ECA', read: true, create: true }, { moduleCode: 'ES', ...none }] },
    });
    expect(created.status).toBe(200);
    const role = data<Role>(created);
    // A module with nothing ticked is not granted at all.
    expect(role.permissions).toEqual([{ moduleCode: 'ECA', ...none, read: true, create: true }]);
    expect(await lastAudit(role.id)).toMatchObject({ action: 'create', before: null, after: { name: 'Exam officer' } });

    const duplicate = await t.call('POST', '/api/admin/roles', { token: admin, json: { name: 'Exam officer' } });
    expect(duplicate.status).toBe(409);

    const changed = await t.call('PUT', `/api/admin/roles/${role.id}`, { token: admin, json: { name: 'Exam officer', description: 'Read only', permissions: [{ moduleCode: 'ECA', read: true }] } });
    expect(data<Role>(changed).permissions).toEqual([{ moduleCode: 'ECA', ...none, read: true }]);
    expect(await lastAudit(role.id)).toMatchObject({
      action: 'update',
      before: { description: 'Exam centres', permissions: [{ moduleCode: 'ECA', create: true }] },
      after: { description: 'Read only', permissions: [{ moduleCode: 'ECA', create: false }] },
    });

    expect((await t.call('DELETE', `/api/admin/roles/${role.id}`, { token: admin })).status).toBe(200);
    expect(await lastAudit(role.id)).toMatchObject({ action: 'delete', before: { name: 'Exam officer' }, after: null });
  });

  it('refuses bad role input', async () => {
    const spaced = await t.call('POST', '/api/admin/roles', { token: admin, json: { name: ' Clerk', permissions: [{ moduleCode: 'NOPE', read: true }] } });
    expect(spaced.status).toBe(400);
    expect(Object.keys(spaced.body.errors ?? {}).sort()).toEqual(['name', 'permissions.0.moduleCode']);
  });

  it('refuses to delete a role users hold', async () => {
    const [administrator] = await t.db.select({ id: schema.roles.id }).from(schema.roles).where(eq(schema.roles.name, 'Administrator'));
    const refused = await t.call('DELETE', `/api/admin/roles/${administrator!.id}`, { token: admin, lang: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Users hold this role; remove it from them before deleting it.');
    expect((await t.call('GET', `/api/admin/roles/${administrator!.id}`, { token: admin })).status).toBe(200);
  });

  it('applies a privilege change at the holder’s next request, without signing in again', async () => {
    const role = data<Role>(await t.call('POST', '/api/admin/roles', { token: admin, json: { name: 'Clerk', permissions: [{ moduleCode: 'UM', read: true }] } }));
    await seedUser(t.db, hashPassword, { kind: 'staff', username: 'clerk.one', email: 'clerk.one@example.com', password: 'Clerk@12345', firstNameEn: 'Hari', lastNameEn: 'Karki', roleIds: [role.id] });
    const clerk = (await t.signIn('clerk.one', 'Clerk@12345', desktopClient)).accessToken;
    expect((await t.call('GET', '/api/admin/roles', { token: clerk })).status).toBe(200);
    expect((await t.call('GET', '/api/admin/master/subjects', { token: clerk })).status).toBe(403);

    await t.call('PUT', `/api/admin/roles/${role.id}`, { token: admin, json: { name: 'Clerk', permissions: [{ moduleCode: 'MC', read: true }] } });
    expect((await t.call('GET', '/api/admin/master/subjects', { token: clerk })).status).toBe(200);
    expect((await t.call('GET', '/api/admin/roles', { token: clerk })).status).toBe(403);
    const init = data<{ privileges: { code: string }[] }>(await t.call('GET', '/api/oauth/privileges/get/init', { token: clerk }));
    expect(init.privileges.map((p) => p.code)).toEqual(['MC']);
  });
});
