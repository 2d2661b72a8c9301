import { PERMISSION_ACTIONS } from '@psc/core';
import { schema, seedUser } from '@psc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import { createTestApp, desktopClient, type TestApp } from '../test-support/test-app';
import { catalogueRoutes, type CataloguedRoute } from './route-catalogue';

let t: TestApp;
let adminRoutes: CataloguedRoute[];
let staffRoutes: CataloguedRoute[];
beforeAll(async () => {
  t = await createTestApp();
  const document = (await (await t.app.request('/api/openapi.json')).json()) as Parameters<typeof catalogueRoutes>[1];
  const routes = catalogueRoutes(t.app, document);
  adminRoutes = routes.filter((route) => route.path.startsWith('/api/admin'));
  staffRoutes = routes.filter((route) => route.path.startsWith('/api/staff'));
});
afterAll(() => t.close());

let userCounter = 0;
// Every walk user has the same password: hashing it once (argon2id, 19 MiB) instead of three
// times per route keeps the walk's cost in the checks it makes.
let walkPasswordHash: Promise<string> | undefined;
const hashWalkPassword = (password: string) => (walkPasswordHash ??= hashPassword(password));

/** A staff user whose one role grants exactly the given (code, actions) pairs. */
async function staffWith(grants: { code: string; actions: readonly string[] }[]) {
  userCounter += 1;
  const [role] = await t.db.insert(schema.roles).values({ name: `walk-role-${userCounter}` }).returning({ id: schema.roles.id });
  for (const grant of grants) {
    const [module] = await t.db.select({ id: schema.modules.id }).from(schema.modules).where(eq(schema.modules.code, grant.code));
    const flags = Object.fromEntries(PERMISSION_ACTIONS.map((a) => [`can${a[0]!.toUpperCase()}${a.slice(1)}`, grant.actions.includes(a)]));
    await t.db.insert(schema.rolePermissions).values({ roleId: role!.id, moduleId: module!.id, ...flags });
  }
  const username = `walk.user.${userCounter}`;
  await seedUser(t.db, hashWalkPassword, { kind: 'staff', username, email: `${username}@example.com`, password: 'Walk@12345', firstNameEn: 'Walk', lastNameEn: 'User', roleIds: [role!.id] });
  return (await t.signIn(username, 'Walk@12345', desktopClient)).accessToken;
}

const sampleUrl = (route: CataloguedRoute) => route.path.replace(/:[A-Za-z0-9_]+/g, '1');

/** An admitted call's answer: a document (the PDF of a demo application) has no envelope to read. */
async function callAdmitted(route: CataloguedRoute, token: string, body: { json?: object }) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(body.json ? { 'content-type': 'application/json' } : {}) };
  const response = await t.app.request(sampleUrl(route), { method: route.method, headers, ...(body.json ? { body: JSON.stringify(body.json) } : {}) });
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  return { status: response.status, body: (isJson ? await response.json() : { message: null, data: await response.arrayBuffer().then((bytes) => `${bytes.byteLength} bytes`) }) as { message: string | null } };
}

describe('every /api/admin route', () => {
  it('is described with the privilege it needs', () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      expect(route.privilege, `${route.method} ${route.path} declares no privilege`).toBeDefined();
    }
  });

  it('refuses an anonymous caller with 401 and a candidate with 403', async () => {
    const candidate = await t.signInCandidate();
    for (const route of adminRoutes) {
      const anonymous = await t.call(route.method, sampleUrl(route), route.hasJsonBody ? { json: {} } : {});
      expect(anonymous.status, `${route.method} ${route.path} anonymous`).toBe(401);
      const asCandidate = await t.call(route.method, sampleUrl(route), { token: candidate.accessToken, ...(route.hasJsonBody ? { json: {} } : {}) });
      expect(asCandidate.status, `${route.method} ${route.path} candidate`).toBe(403);
    }
  });

  it('refuses staff without that privilege or without that action, and admits staff with exactly it', async () => {
    for (const route of adminRoutes) {
      const { code, action, anyOf = [code] } = route.privilege!;
      // A route several codes may read refuses only staff holding none of them.
      const otherCodes = (await t.db.select({ code: schema.modules.code }).from(schema.modules)).map((m) => m.code).filter((c) => !anyOf.includes(c));
      const everythingElse = await staffWith(otherCodes.map((c) => ({ code: c, actions: PERMISSION_ACTIONS })));
      const otherActions = await staffWith([{ code, actions: PERMISSION_ACTIONS.filter((a) => a !== action) }]);
      const exactly = await staffWith([{ code, actions: [action] }]);
      const body = route.hasJsonBody ? { json: {} } : {};
      const lacking = await t.call(route.method, sampleUrl(route), { token: everythingElse, ...body });
      expect(lacking.status, `${route.method} ${route.path} without ${code}`).toBe(403);
      expect(lacking.body.code).toBe('FORBIDDEN');
      const wrongAction = await t.call(route.method, sampleUrl(route), { token: otherActions, ...body });
      expect(wrongAction.status, `${route.method} ${route.path} without ${code}.${action}`).toBe(403);
      const allowed = await callAdmitted(route, exactly, body);
      // Past the privilege, a row may still be someone else's (an application allocated to
      // another scrutiny officer answers 403 naming its holder): only the privilege's own refusal
      // counts as not admitted.
      const refusedByPrivilege = allowed.status === 401 || (allowed.status === 403 && allowed.body.message === lacking.body.message);
      expect(refusedByPrivilege, `${route.method} ${route.path} with ${code}.${action}: ${allowed.status} ${JSON.stringify(allowed.body)}`).toBe(false);
    }
    // Three users and three sign-ins for each of the ~150 routes: longer than one request's test.
  }, 300_000);
});

describe('every /api/staff route', () => {
  it('refuses an anonymous caller and a candidate, and admits staff holding no privilege at all', async () => {
    expect(staffRoutes.length).toBeGreaterThan(0);
    const candidate = await t.signInCandidate();
    const noPrivileges = await staffWith([]);
    for (const route of staffRoutes) {
      expect(route.privilege, `${route.method} ${route.path} is open to every staff member`).toBeUndefined();
      const body = route.hasJsonBody ? { json: {} } : {};
      expect((await t.call(route.method, sampleUrl(route), body)).status, `${route.method} ${route.path} anonymous`).toBe(401);
      expect((await t.call(route.method, sampleUrl(route), { token: candidate.accessToken, ...body })).status, `${route.method} ${route.path} candidate`).toBe(403);
      const staff = await t.call(route.method, sampleUrl(route), { token: noPrivileges, ...body });
      expect([401, 403], `${route.method} ${route.path} staff`).not.toContain(staff.status);
    }
  });
});
