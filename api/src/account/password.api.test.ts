import { DEMO_ACCOUNTS, schema } from '@psc/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  lastMailTo,
  mailsTo,
  readResetToken,
  readTemporaryPassword,
  register,
  registerAndActivate,
  tokenCall,
} from './account.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://psc.example.np' });
});
afterAll(() => t.close());

const userRow = async (username: string) => (await t.db.select().from(schema.users).where(eq(schema.users.username, username)))[0]!;

describe('the temporary password (spec §4: change it before anything else)', () => {
  it('signs in, but every other candidate route answers 403 PASSWORD_CHANGE_REQUIRED until it is changed', async () => {
    const { input } = await register(t);
    const temporary = readTemporaryPassword((await lastMailTo(t, input.email, 'temporary-password')).bodyText);
    const session = await t.signIn(input.username, temporary);

    const init = await t.call('GET', '/api/oauth/privileges/get/init', { token: session.accessToken });
    expect(init.status).toBe(200);
    expect(init.body.data).toMatchObject({ user: { username: input.username, mustChangePassword: true } });

    for (const [method, path, json] of [
      ['GET', '/api/psc/dashboard', undefined],
      ['POST', '/api/psc/account/deactivate', { password: temporary, confirm: true }],
    ] as const) {
      const refused = await t.call(method, path, { token: session.accessToken, lang: 'en', ...(json ? { json } : {}) });
      expect(refused.status, path).toBe(403);
      expect(refused.body, path).toMatchObject({ status: 0, code: 'PASSWORD_CHANGE_REQUIRED', message: 'Please change your password before continuing.' });
    }
    expect((await userRow(input.username)).deactivatedAt).toBeNull();

    const changed = await t.call('POST', '/api/psc/account/change-password', {
      token: session.accessToken,
      json: { oldPassword: temporary, newPassword: 'Chosen@12345', confirmPassword: 'Chosen@12345' },
    });
    expect(changed.status).toBe(200);
    expect((await t.call('GET', '/api/psc/dashboard', { token: session.accessToken })).status).toBe(200);
    const after = await t.call('GET', '/api/oauth/privileges/get/init', { token: session.accessToken });
    expect(after.body.data).toMatchObject({ user: { mustChangePassword: false } });
    expect((await userRow(input.username)).passwordChangedAt).not.toBeNull();
  });

  it('still lets the candidate sign out', async () => {
    const { input } = await register(t);
    const temporary = readTemporaryPassword((await lastMailTo(t, input.email, 'temporary-password')).bodyText);
    const session = await t.signIn(input.username, temporary);
    expect((await t.call('POST', '/api/oauth/logout', { token: session.accessToken, json: {} })).status).toBe(200);
  });
});

describe('POST /api/psc/account/change-password', () => {
  it('changes the password, keeps this session, ends the others and tells the owner by mail', async () => {
    const { input, password } = await registerAndActivate(t);
    const here = await t.signIn(input.username, password);
    const elsewhere = await t.signIn(input.username, password);
    const answer = await t.call('POST', '/api/psc/account/change-password', {
      token: here.accessToken,
      lang: 'en',
      json: { oldPassword: password, newPassword: 'Second@12345', confirmPassword: 'Second@12345' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Your password has been changed.');
    expect((await t.call('GET', '/api/psc/dashboard', { token: here.accessToken })).status).toBe(200);
    expect((await t.call('GET', '/api/psc/dashboard', { token: elsewhere.accessToken })).body.code).toBe('UNAUTHENTICATED');
    expect((await tokenCall(t, input.username, password)).status).toBe(401);
    expect((await tokenCall(t, input.username, 'Second@12345')).status).toBe(200);
    const notice = await lastMailTo(t, input.email, 'password-changed');
    expect(notice.subject).toBe('पासवर्ड परिवर्तन भयो / Your password was changed');
    expect(notice.bodyText).toContain('The password of your account');
    expect(notice.bodyText).not.toContain('Second@12345');
  });

  it('refuses a wrong old password with 400 on that field (a 401 would end the session)', async () => {
    const { input, password } = await registerAndActivate(t);
    const session = await t.signIn(input.username, password);
    const answer = await t.call('POST', '/api/psc/account/change-password', {
      token: session.accessToken,
      lang: 'en',
      json: { oldPassword: 'Wrong@12345', newPassword: 'Other@12345', confirmPassword: 'Other@12345' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { oldPassword: ['The password is not correct.'] } });
    expect((await tokenCall(t, input.username, password)).status).toBe(200);
  });

  it('counts a wrong old password like a failed sign-in: past the limit even the right one waits (429, the session goes on)', async () => {
    const { input, password } = await registerAndActivate(t);
    const session = await t.signIn(input.username, password);
    const change = (oldPassword: string) =>
      t.call('POST', '/api/psc/account/change-password', {
        token: session.accessToken,
        json: { oldPassword, newPassword: 'Other@12345', confirmPassword: 'Other@12345' },
      });
    for (let index = 0; index < t.deps.config.signInMaxFailuresPerUser; index += 1) expect((await change(`Wrong@1234${index}`)).status).toBe(400);
    const refused = await change(password);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    // One count with sign-in, from this address: a stolen session cannot guess here instead.
    expect((await tokenCall(t, input.username, password)).status).toBe(429);
    expect((await t.call('GET', '/api/psc/dashboard', { token: session.accessToken })).status).toBe(200);
  });

  it('applies the spec §5 new-password rules', async () => {
    const { input, password } = await registerAndActivate(t);
    const session = await t.signIn(input.username, password);
    const same = await t.call('POST', '/api/psc/account/change-password', {
      token: session.accessToken,
      lang: 'en',
      json: { oldPassword: password, newPassword: password, confirmPassword: password },
    });
    expect(same.body.errors).toEqual({ newPassword: ['The new password must be different from the old password.'] });
    const weak = await t.call('POST', '/api/psc/account/change-password', {
      token: session.accessToken,
      lang: 'en',
      json: { oldPassword: password, newPassword: 'short', confirmPassword: 'other' },
    });
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body.errors!).sort()).toEqual(['confirmPassword', 'newPassword']);
  });

  it('refuses the anonymous, and staff (candidates only)', async () => {
    const body = { json: { oldPassword: 'Admin@1234', newPassword: 'Other@12345', confirmPassword: 'Other@12345' } };
    expect((await t.call('POST', '/api/psc/account/change-password', body)).status).toBe(401);
    const admin = await t.signInAdministrator();
    const staff = await t.call('POST', '/api/psc/account/change-password', { token: admin.accessToken, ...body });
    expect(staff.status).toBe(403);
    expect(staff.body.code).toBe('FORBIDDEN');
  });
});

describe('forgot password and the /change/password/{tokenid} link', () => {
  const forgot = (login: string) => t.call('POST', '/api/psc/account/forgot-password', { lang: 'en', json: { login } });

  it('answers the same whether or not the account exists, and mails a link only when it does', async () => {
    const { input } = await registerAndActivate(t);
    const known = await forgot(input.email.toUpperCase());
    const unknown = await forgot('nobody@example.com');
    const staff = await forgot(DEMO_ACCOUNTS.administrator.username);
    expect(known.status).toBe(200);
    for (const other of [unknown, staff]) {
      expect(other.status).toBe(200);
      expect(other.body).toEqual(known.body);
    }
    expect(await mailsTo(t, 'nobody@example.com')).toEqual([]);
    expect(await mailsTo(t, DEMO_ACCOUNTS.administrator.email, 'password-reset')).toEqual([]);
    const mail = await lastMailTo(t, input.email, 'password-reset');
    expect(mail.bodyText).toMatch(/https:\/\/psc\.example\.np\/change\/password\/[A-Za-z0-9_-]{43}\n/);
    expect(readResetToken(mail.bodyText)).toHaveLength(43);
  });

  it('checks the link, sets the password once, ends every session, and refuses the used link', async () => {
    const { input, password } = await registerAndActivate(t);
    const session = await t.signIn(input.username, password);
    await forgot(input.username);
    const token = readResetToken((await lastMailTo(t, input.email, 'password-reset')).bodyText);
    const [stored] = await t.db.select().from(schema.accountTokens).where(eq(schema.accountTokens.purpose, 'password-reset')).orderBy(sql`created_at desc`).limit(1);
    expect(stored!.tokenHash).not.toContain(token);

    const check = await t.call('GET', `/api/psc/account/reset-token/${token}`);
    expect(check.status).toBe(200);
    expect(check.body.data).toEqual({ valid: true, username: input.username });

    const reset = await t.call('POST', '/api/psc/account/reset-password', { lang: 'en', json: { token, newPassword: 'Reset@12345', confirmPassword: 'Reset@12345' } });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Your password has been changed. Please sign in with the new password.');
    expect((await t.call('GET', '/api/psc/dashboard', { token: session.accessToken })).body.code).toBe('UNAUTHENTICATED');
    expect((await tokenCall(t, input.username, 'Reset@12345')).status).toBe(200);

    const again = await t.call('POST', '/api/psc/account/reset-password', { lang: 'en', json: { token, newPassword: 'Again@12345', confirmPassword: 'Again@12345' } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_GRANT', message: 'This password link is no longer valid. Please ask for a new one.' });
    expect((await t.call('GET', `/api/psc/account/reset-token/${token}`)).body.code).toBe('INVALID_GRANT');
  });

  it('works for a signed-in candidate too, and clears a pending temporary password', async () => {
    const { input } = await register(t);
    const temporary = readTemporaryPassword((await lastMailTo(t, input.email, 'temporary-password')).bodyText);
    const session = await t.signIn(input.username, temporary);
    await forgot(input.username);
    const token = readResetToken((await lastMailTo(t, input.email, 'password-reset')).bodyText);
    const reset = await t.call('POST', '/api/psc/account/reset-password', {
      token: session.accessToken,
      json: { token, newPassword: 'Mine@123456', confirmPassword: 'Mine@123456' },
    });
    expect(reset.status).toBe(200);
    expect((await userRow(input.username)).mustChangePassword).toBe(false);
  });

  it('refuses an expired link, an unknown link and a malformed one', async () => {
    const { input } = await registerAndActivate(t);
    await forgot(input.username);
    const token = readResetToken((await lastMailTo(t, input.email, 'password-reset')).bodyText);
    const user = await userRow(input.username);
    await t.db
      .update(schema.accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(schema.accountTokens.userId, user.id), eq(schema.accountTokens.purpose, 'password-reset')));
    const expired = await t.call('POST', '/api/psc/account/reset-password', { json: { token, newPassword: 'Late@123456', confirmPassword: 'Late@123456' } });
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('INVALID_GRANT');
    expect((await t.call('GET', `/api/psc/account/reset-token/${'A'.repeat(43)}`)).body.code).toBe('INVALID_GRANT');
    const malformed = await t.call('GET', '/api/psc/account/reset-token/not%20a%20token');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');
  });

  it('keeps the link usable when the new password is refused', async () => {
    const { input, password } = await registerAndActivate(t);
    await forgot(input.username);
    const token = readResetToken((await lastMailTo(t, input.email, 'password-reset')).bodyText);
    const same = await t.call('POST', '/api/psc/account/reset-password', { lang: 'en', json: { token, newPassword: password, confirmPassword: password } });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual({ newPassword: ['The new password must be different from the old password.'] });
    const mismatch = await t.call('POST', '/api/psc/account/reset-password', { lang: 'en', json: { token, newPassword: 'Fresh@12345', confirmPassword: 'Fresh@1234' } });
    expect(mismatch.body.errors).toEqual({ confirmPassword: ['The password confirmation does not match.'] });
    expect((await t.call('GET', `/api/psc/account/reset-token/${token}`)).status).toBe(200);
  });

  it('voids the other links of the account once one is used', async () => {
    const { input } = await registerAndActivate(t);
    await forgot(input.username);
    await forgot(input.username);
    const [first, second] = (await mailsTo(t, input.email, 'password-reset')).map((mail) => readResetToken(mail.bodyText));
    expect((await t.call('POST', '/api/psc/account/reset-password', { json: { token: second, newPassword: 'Used@123456', confirmPassword: 'Used@123456' } })).status).toBe(200);
    expect((await t.call('GET', `/api/psc/account/reset-token/${first}`)).body.code).toBe('INVALID_GRANT');
  });

  it('writes at most 3 links an hour for one account, still answering the same', async () => {
    const { input } = await registerAndActivate(t);
    const answers: Awaited<ReturnType<typeof forgot>>[] = [];
    for (let i = 0; i < 5; i += 1) answers.push(await forgot(input.username));
    expect(answers.every((answer) => answer.status === 200 && answer.body.message === answers[0]!.body.message)).toBe(true);
    expect(await mailsTo(t, input.email, 'password-reset')).toHaveLength(3);
  });

  it('refuses bad input with per-field messages', async () => {
    const answer = await t.call('POST', '/api/psc/account/forgot-password', { lang: 'en', json: { login: '' } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ login: ['User name or e-mail is required.'] });
  });
});

describe('POST /api/psc/account/request-new-password', () => {
  const request = (login: string) => t.call('POST', '/api/psc/account/request-new-password', { lang: 'en', json: { login } });

  it('sends a new temporary password to an account still on its first one', async () => {
    const { input } = await register(t);
    const first = readTemporaryPassword((await lastMailTo(t, input.email, 'temporary-password')).bodyText);
    const answer = await request(input.username);
    expect(answer.status).toBe(200);
    const mails = await mailsTo(t, input.email, 'temporary-password');
    expect(mails).toHaveLength(2);
    const second = readTemporaryPassword(mails[1]!.bodyText);
    expect(second).not.toBe(first);
    expect((await tokenCall(t, input.username, first)).status).toBe(401);
    const session = await t.signIn(input.username, second);
    expect((await t.call('GET', '/api/psc/dashboard', { token: session.accessToken })).body.code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('never replaces a password the owner set: it sends the reset link instead', async () => {
    const { input, password } = await registerAndActivate(t);
    const answer = await request(input.email);
    expect(answer.status).toBe(200);
    expect((await tokenCall(t, input.username, password)).status).toBe(200);
    expect(await mailsTo(t, input.email, 'temporary-password')).toHaveLength(1);
    expect(await mailsTo(t, input.email, 'password-reset')).toHaveLength(1);
  });

  it('answers an unknown account the same, writing nothing', async () => {
    const { input } = await register(t);
    const known = await request(input.username);
    const before = (await t.db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox)).length;
    const unknown = await request('nobody_at_all');
    expect(unknown.body).toEqual(known.body);
    expect((await t.db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox)).length).toBe(before);
  });

  it('writes at most 3 temporary passwords an hour', async () => {
    const { input } = await register(t);
    for (let i = 0; i < 4; i += 1) await request(input.username);
    expect(await mailsTo(t, input.email, 'temporary-password')).toHaveLength(3);
  });
});

describe('the password notice on sign-in attempts (spec §4)', () => {
  it('mails an active candidate on a right or wrong attempt, at most once in 15 minutes', async () => {
    const { input, password, userId } = await registerAndActivate(t);
    // Activation itself signed in once; start from a clean window.
    await t.db.update(schema.users).set({ lastPasswordNoticeAt: null }).where(eq(schema.users.id, userId));
    const before = (await mailsTo(t, input.email, 'password-notice')).length;

    expect((await tokenCall(t, input.username, 'Wrong@99999')).status).toBe(401);
    const notices = await mailsTo(t, input.email, 'password-notice');
    expect(notices).toHaveLength(before + 1);
    expect(notices.at(-1)!.bodyText).toContain('https://psc.example.np/login');
    expect(notices.at(-1)!.bodyText).toMatch(/\(वि\.सं\., नेपाल समय\)[\s\S]*\(Nepal time\)/);
    expect(notices.at(-1)!.bodyText).not.toContain('Wrong@99999');

    expect((await tokenCall(t, input.username, password)).status).toBe(200);
    expect((await tokenCall(t, input.email, 'Wrong@88888')).status).toBe(401);
    expect(await mailsTo(t, input.email, 'password-notice')).toHaveLength(before + 1);

    await t.db.update(schema.users).set({ lastPasswordNoticeAt: sql`now() - interval '16 minutes'` }).where(eq(schema.users.id, userId));
    expect((await tokenCall(t, input.username, password)).status).toBe(200);
    expect(await mailsTo(t, input.email, 'password-notice')).toHaveLength(before + 2);
  });

  it('writes one notice for attempts that arrive together', async () => {
    const { input, userId } = await registerAndActivate(t);
    await t.db.update(schema.users).set({ lastPasswordNoticeAt: null }).where(eq(schema.users.id, userId));
    const before = (await mailsTo(t, input.email, 'password-notice')).length;
    await Promise.all([1, 2, 3].map((i) => tokenCall(t, input.username, `Wrong@${i}0000`)));
    expect(await mailsTo(t, input.email, 'password-notice')).toHaveLength(before + 1);
  });

  it('mails no staff member, no unknown name and no deactivated candidate', async () => {
    const before = (await t.db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, 'password-notice'))).length;
    await t.signInAdministrator();
    await tokenCall(t, 'nobody_here', 'Wrong@12345');
    const { userId, input, password } = await registerAndActivate(t);
    await t.db.update(schema.users).set({ lastPasswordNoticeAt: null, deactivatedAt: new Date() }).where(eq(schema.users.id, userId));
    await tokenCall(t, input.username, password);
    const after = (await t.db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, 'password-notice'))).length;
    // Only the activation sign-in of the new candidate wrote one.
    expect(after).toBe(before + 1);
  });
});
