import { translate } from '@psc/core';
import { schema } from '@psc/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestApp, desktopClient, type TestApp } from '../test-support/test-app';

// A member of staff whose password another member of staff reset (spec §2
// internal/passwordreset) must change it before doing anything else, as a candidate with a
// temporary password must (spec §4); POST /api/oauth/change-password is the way out.

let t: TestApp;
let admin: string;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signInAdministrator()).accessToken;
  const roles = await t.db.select({ id: schema.roles.id, name: schema.roles.name }).from(schema.roles);
  const created = await t.call('POST', '/api/admin/users', {
    token: admin,
    json: {
      firstNameEn: 'Hari',
      lastNameEn: 'Karki',
      firstNameNp: 'हरि',
      lastNameNp: 'कार्की',
      username: 'hari_k',
      email: 'hari.k@example.com',
      mobile: '9851000031',
      password: 'First@2024',
      roleIds: [roles.find((r) => r.name === 'Administrator')!.id],
    },
  });
  userId = (created.body.data as { id: number }).id;
  expect((await t.call('POST', `/api/admin/users/${userId}/reset-password`, { token: admin, json: { newPassword: 'Reset@2024' } })).status).toBe(200);
});
afterAll(() => t.close());

const change = (token: string, body: Record<string, string>) => t.call('POST', '/api/oauth/change-password', { token, json: body, lang: 'en' });

describe('a staff password reset by someone else', () => {
  it('allows only the session facts, a refresh, sign-out and the password change until it is changed', async () => {
    const session = await t.signIn('hari_k', 'Reset@2024', desktopClient);
    const init = await t.call('GET', '/api/oauth/privileges/get/init', { token: session.accessToken });
    expect(init.status).toBe(200);
    expect((init.body.data as { user: { mustChangePassword: boolean } }).user.mustChangePassword).toBe(true);

    for (const path of ['/api/admin/users', '/api/admin/roles', '/api/admin/audit-log']) {
      const refused = await t.call('GET', path, { token: session.accessToken });
      expect(refused.status, path).toBe(403);
      expect(refused.body.code, path).toBe('PASSWORD_CHANGE_REQUIRED');
    }

    const refreshed = await t.call('POST', '/api/oauth/token', {
      headers: { authorization: basicAuth(desktopClient) },
      json: { grant_type: 'refresh_token', refresh_token: session.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const renewed = refreshed.body.data as { accessToken: string; refreshToken: string };
    expect((await t.call('GET', '/api/admin/users', { token: renewed.accessToken })).body.code).toBe('PASSWORD_CHANGE_REQUIRED');

    const other = await t.signIn('hari_k', 'Reset@2024', desktopClient);
    expect((await t.call('POST', '/api/oauth/logout', { token: other.accessToken, json: {} })).status).toBe(200);
  });

  it('refuses a wrong old password and a new password breaking the spec §5 rule, naming the field', async () => {
    const { accessToken } = await t.signIn('hari_k', 'Reset@2024', desktopClient);
    const cases: [Record<string, string>, string, string][] = [
      [{ oldPassword: 'Wrong@2024', newPassword: 'Fresh@2025', confirmPassword: 'Fresh@2025' }, 'oldPassword', translate('en', 'account.passwordIncorrect')],
      [{ oldPassword: 'Reset@2024', newPassword: 'Fr@1', confirmPassword: 'Fr@1' }, 'newPassword', translate('en', 'validation.passwordMinLength').replace('{min}', '8')],
      [{ oldPassword: 'Reset@2024', newPassword: 'fresh@2025', confirmPassword: 'fresh@2025' }, 'newPassword', translate('en', 'validation.passwordUppercase')],
      [{ oldPassword: 'Reset@2024', newPassword: 'FRESH@2025', confirmPassword: 'FRESH@2025' }, 'newPassword', translate('en', 'validation.passwordLowercase')],
      [{ oldPassword: 'Reset@2024', newPassword: 'Fresh@abcd', confirmPassword: 'Fresh@abcd' }, 'newPassword', translate('en', 'validation.passwordDigit')],
      [{ oldPassword: 'Reset@2024', newPassword: 'Reset@2024', confirmPassword: 'Reset@2024' }, 'newPassword', translate('en', 'validation.passwordSameAsOld')],
      [{ oldPassword: 'Reset@2024', newPassword: 'Fresh@2025', confirmPassword: 'Fresh@2026' }, 'confirmPassword', translate('en', 'validation.passwordMismatch')],
    ];
    for (const [body, field, message] of cases) {
      const answer = await change(accessToken, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors?.[field], JSON.stringify(body)).toContain(message);
    }
    const [row] = await t.db.select({ mustChangePassword: schema.users.mustChangePassword }).from(schema.users).where(eq(schema.users.id, userId));
    expect(row?.mustChangePassword).toBe(true);
  });

  it('changes it: the staff routes open again, other sessions end, the old password stops working, and the change is audited', async () => {
    const kept = await t.signIn('hari_k', 'Reset@2024', desktopClient);
    const elsewhere = await t.signIn('hari_k', 'Reset@2024', desktopClient);
    const answer = await change(kept.accessToken, { oldPassword: 'Reset@2024', newPassword: 'Fresh@2025', confirmPassword: 'Fresh@2025' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(translate('en', 'auth.passwordChanged'));

    expect((await t.call('GET', '/api/admin/users', { token: kept.accessToken })).status).toBe(200);
    expect((await t.call('GET', '/api/admin/users', { token: elsewhere.accessToken })).status).toBe(401);
    const live = await t.db
      .select({ familyId: schema.refreshTokens.familyId })
      .from(schema.refreshTokens)
      .where(and(eq(schema.refreshTokens.userId, userId), isNull(schema.refreshTokens.revokedAt)));
    expect(live).toHaveLength(1);

    const oldPassword = await t.call('POST', '/api/oauth/token', {
      headers: { authorization: basicAuth(desktopClient) },
      json: { grant_type: 'password', username: 'hari_k', password: 'Reset@2024' },
    });
    expect(oldPassword.status).toBe(401);
    await t.signIn('hari_k', 'Fresh@2025', desktopClient);

    const [audit] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'users'), eq(schema.auditLog.entityId, String(userId))))
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ actorUserId: userId, action: 'change-password', before: { mustChangePassword: true }, after: { mustChangePassword: false } });
    expect(JSON.stringify(audit)).not.toContain('Fresh@2025');
  });

  it('is a staff route: a candidate uses the account route instead, and nobody unsigned gets in', async () => {
    const candidate = await t.signInCandidate();
    const body = { oldPassword: 'x', newPassword: 'Fresh@2025', confirmPassword: 'Fresh@2025' };
    expect((await change(candidate.accessToken, body)).status).toBe(403);
    expect((await t.call('POST', '/api/oauth/change-password', { json: body })).status).toBe(401);
  });
});
