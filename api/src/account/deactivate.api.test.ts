import { schema } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestApp, portalClient, type TestApp } from '../test-support/test-app';
import { mailsTo, newRegistration, registerAndActivate, tokenCall } from './account.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const deactivate = (token: string | undefined, json: Record<string, unknown>) =>
  t.call('POST', '/api/psc/account/deactivate', { ...(token ? { token } : {}), lang: 'en', json });

describe('POST /api/psc/account/deactivate (spec §2 /deactivate-account)', () => {
  it('closes the account after the password and a confirmation, ends every session and refuses sign-in', async () => {
    const { input, password, userId } = await registerAndActivate(t);
    const here = await t.signIn(input.username, password);
    const elsewhere = await t.signIn(input.username, password);
    const answer = await deactivate(here.accessToken, { password, confirm: true, reason: 'A duplicate of my other account' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 1, message: 'Your account has been deactivated.' });

    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, userId));
    expect(user!.deactivatedAt).not.toBeNull();
    const [audit] = await t.db.select().from(schema.auditLog).where(and(eq(schema.auditLog.entity, 'users'), eq(schema.auditLog.entityId, String(userId))));
    expect(audit).toMatchObject({ actorUserId: userId, action: 'deactivate', after: { reason: 'A duplicate of my other account' } });

    for (const session of [here, elsewhere]) {
      expect((await t.call('GET', '/api/psc/dashboard', { token: session.accessToken })).status).toBe(401);
      const refresh = await t.call('POST', '/api/oauth/token', {
        headers: { authorization: basicAuth(portalClient) },
        json: { grant_type: 'refresh_token', refresh_token: session.refreshToken },
      });
      expect(refresh.status).toBe(400);
    }
    const signIn = await tokenCall(t, input.username, password);
    expect(signIn.status).toBe(403);
    expect(signIn.body).toMatchObject({ code: 'USER_BLOCKED', message: 'This account has been deactivated.' });
    const nepali = await tokenCall(t, input.username, password, 'ne');
    expect(nepali.body.message).toBe('यो खाता निष्क्रिय गरिएको छ।');
    // A wrong password says nothing about the state of the account.
    expect((await tokenCall(t, input.username, 'Wrong@12345')).status).toBe(401);
  });

  it('keeps the identity: the same person cannot register again, and no password mail goes to a closed account', async () => {
    const { input, password } = await registerAndActivate(t);
    const session = await t.signIn(input.username, password);
    expect((await deactivate(session.accessToken, { password, confirm: true })).status).toBe(200);
    const again = await t.call('POST', '/api/psc/register', {
      json: newRegistration({ citizenshipNumber: input.citizenshipNumber, citizenshipIssueDistrictId: input.citizenshipIssueDistrictId }),
    });
    expect(again.status).toBe(409);
    expect(again.body.errors).toHaveProperty('citizenshipNumber');
    await t.call('POST', '/api/psc/account/forgot-password', { json: { login: input.username } });
    await t.call('POST', '/api/psc/account/request-new-password', { json: { login: input.username } });
    expect(await mailsTo(t, input.email, 'password-reset')).toEqual([]);
  });

  it('refuses a wrong password and a missing confirmation, field by field, leaving the account open', async () => {
    const { input, password, userId } = await registerAndActivate(t);
    const session = await t.signIn(input.username, password);
    const wrong = await deactivate(session.accessToken, { password: 'Wrong@12345', confirm: true });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { password: ['The password is not correct.'] } });
    const unconfirmed = await deactivate(session.accessToken, { password, confirm: false });
    expect(unconfirmed.body.errors).toEqual({ confirm: ['Please confirm to continue.'] });
    const tooLong = await deactivate(session.accessToken, { password, confirm: true, reason: 'r'.repeat(501) });
    expect(tooLong.body.errors).toEqual({ reason: ['At most 500 characters are allowed.'] });
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, userId));
    expect(user!.deactivatedAt).toBeNull();
    expect((await t.call('GET', '/api/psc/dashboard', { token: session.accessToken })).status).toBe(200);
  });

  it('refuses the anonymous and staff', async () => {
    expect((await deactivate(undefined, { password: 'x', confirm: true })).status).toBe(401);
    const admin = await t.signInAdministrator();
    expect((await deactivate(admin.accessToken, { password: 'Admin@1234', confirm: true })).body.code).toBe('FORBIDDEN');
  });
});

describe("another candidate's account", () => {
  it('is out of reach: the account routes act on the signed-in candidate only', async () => {
    const a = await registerAndActivate(t, 'Alpha@12345');
    const b = await registerAndActivate(t, 'Bravo@12345');
    const sessionA = await t.signIn(a.input.username, a.password);
    const sessionB = await t.signIn(b.input.username, b.password);

    // A cannot use B's password to do anything to B through A's session.
    const changeWithB = await t.call('POST', '/api/psc/account/change-password', {
      token: sessionA.accessToken,
      json: { oldPassword: b.password, newPassword: 'Taken@12345', confirmPassword: 'Taken@12345' },
    });
    expect(changeWithB.status).toBe(400);
    const deactivateWithB = await deactivate(sessionA.accessToken, { password: b.password, confirm: true, userId: b.userId, username: b.input.username });
    expect(deactivateWithB.status).toBe(400);

    // A's own change leaves B untouched.
    await t.call('POST', '/api/psc/account/change-password', {
      token: sessionA.accessToken,
      json: { oldPassword: a.password, newPassword: 'Anew@123456', confirmPassword: 'Anew@123456' },
    });
    expect((await tokenCall(t, b.input.username, b.password)).status).toBe(200);
    expect((await t.call('GET', '/api/psc/dashboard', { token: sessionB.accessToken })).status).toBe(200);
    const [userB] = await t.db.select().from(schema.users).where(eq(schema.users.id, b.userId));
    expect(userB!.deactivatedAt).toBeNull();

    // Neither can read the outbox that holds the other's mail.
    expect((await t.call('GET', '/api/admin/outbox/mail', { token: sessionA.accessToken })).status).toBe(403);
  });
});
