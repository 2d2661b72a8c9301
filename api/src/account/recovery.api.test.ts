import { schema } from '@psc/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOutboxSender, type OutboxSender } from '../messaging/outbox-sender';
import { startSmsSink, type SmsSink } from '../messaging/sinks.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { lastMailTo, mailsTo, readSmsCode, readTemporaryPassword, registerAndActivate, tokenCall } from './account.test-support';

// /exisiting-user: a candidate who lost the e-mail account proves who they are with the
// citizenship certificate, the date of birth and a code sent by SMS. The SMS goes through the
// real sender job to a loopback HTTP server acting as the 'http' SMS provider.

let t: TestApp;
let sink: SmsSink;
let sender: OutboxSender;
beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmsSink();
  sender = startOutboxSender({
    connection: t.deps.connection,
    config: { ...t.deps.config, smsProvider: 'http', smsHttpUrl: sink.url, outboxSenderIntervalSeconds: 3600 },
    logger: t.deps.logger,
  });
});
afterAll(async () => {
  await sender.stop();
  await sink.close();
  await t.close();
});

/** Runs the sender job once and answers the SMS the phone received, if any. */
async function deliverSmsTo(mobile: string) {
  const run = await sender.runOnce();
  expect(run.ran).toBe(true);
  return sink.received.filter((sms) => sms.to === mobile).at(-1);
}

const start = (body: Record<string, unknown>) => t.call('POST', '/api/psc/account/recovery/start', { lang: 'en', json: body });
const verify = (body: Record<string, unknown>) => t.call('POST', '/api/psc/account/recovery/verify', { lang: 'en', json: body });
const certificateOf = (input: { citizenshipNumber?: string; citizenshipIssueDistrictId?: unknown }) => ({
  citizenshipNumber: input.citizenshipNumber,
  citizenshipIssueDistrictId: input.citizenshipIssueDistrictId,
});

describe('account recovery by SMS', () => {
  it('moves the account to a new e-mail with a temporary password once the SMS code is given', async () => {
    const { input, password } = await registerAndActivate(t);
    const session = await t.signIn(input.username, password);
    const started = await start({ ...certificateOf(input), dateOfBirthBs: '२०५५-०२-०६' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 1, message: 'If the details match an account, a code has been sent by SMS to its mobile number.', data: {} });

    const sms = await deliverSmsTo(input.mobile);
    expect(sms!.body).toMatch(/^लोक सेवा आयोग: .*\nPSC: account recovery code \d{6}, valid for 15 minutes/);
    const code = readSmsCode(sms!.body);
    const [stored] = await t.db.select().from(schema.smsOutbox).where(eq(schema.smsOutbox.toNumber, input.mobile));
    expect(stored!.sentAt).not.toBeNull();

    const newEmail = `recovered.${input.username}@example.org`;
    const verified = await verify({ ...certificateOf(input), code: ` ${code.slice(0, 3)} ${code.slice(3)} `, newEmail });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe('Your e-mail address has been changed and a new password has been sent to it.');

    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.username, input.username));
    expect(user).toMatchObject({ email: newEmail, mustChangePassword: true });
    expect((await t.call('GET', '/api/psc/dashboard', { token: session.accessToken })).body.code).toBe('UNAUTHENTICATED');
    expect((await tokenCall(t, input.username, password)).status).toBe(401);
    const temporary = readTemporaryPassword((await lastMailTo(t, newEmail, 'temporary-password')).bodyText);
    const again = await t.signIn(newEmail, temporary);
    expect((await t.call('GET', '/api/psc/dashboard', { token: again.accessToken })).body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const toldOld = await lastMailTo(t, input.email, 'email-changed');
    expect(toldOld.bodyText).toContain('r*');
    expect(toldOld.bodyText).not.toContain(newEmail);

    // The code is used up.
    const reused = await verify({ ...certificateOf(input), code, newEmail: `other.${newEmail}` });
    expect(reused.status).toBe(400);
  });

  it('answers unmatched details exactly like matched ones, and sends nothing', async () => {
    const { input } = await registerAndActivate(t);
    const matched = await start({ ...certificateOf(input), dateOfBirthAd: '1998-05-20' });
    const wrongBirth = await start({ ...certificateOf(input), dateOfBirthAd: '1998-05-21' });
    const wrongDistrict = await start({ ...certificateOf(input), citizenshipIssueDistrictId: 28, dateOfBirthAd: '1998-05-20' });
    const unknown = await start({ citizenshipNumber: '00-00-00000', citizenshipIssueDistrictId: 27, dateOfBirthAd: '1998-05-20' });
    for (const other of [wrongBirth, wrongDistrict, unknown]) {
      expect(other.status).toBe(200);
      expect(other.body).toEqual(matched.body);
    }
    const texts = await t.db.select().from(schema.smsOutbox).where(eq(schema.smsOutbox.toNumber, input.mobile));
    expect(texts).toHaveLength(1);
  });

  it('counts wrong codes and refuses even the right one after five', async () => {
    const { input } = await registerAndActivate(t);
    await start({ ...certificateOf(input), dateOfBirthAd: '1998-05-20' });
    const code = readSmsCode((await deliverSmsTo(input.mobile))!.body);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const answer = await verify({ ...certificateOf(input), code: wrong, newEmail: `five.${input.email}` });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { code: ['The code is wrong or has expired. Ask for a new code if needed.'] } });
    }
    const right = await verify({ ...certificateOf(input), code, newEmail: `five.${input.email}` });
    expect(right.status).toBe(400);
    expect(right.body.errors).toHaveProperty('code');
  });

  it('compares no more than five codes sent together, then refuses the right one', async () => {
    const { input, userId } = await registerAndActivate(t);
    await start({ ...certificateOf(input), dateOfBirthAd: '1998-05-20' });
    const code = readSmsCode((await deliverSmsTo(input.mobile))!.body);
    const wrongCodes = Array.from({ length: 20 }, (_, index) => String((Number(code) + index + 1) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrongCodes.map((wrong) => verify({ ...certificateOf(input), code: wrong, newEmail: `burst.${input.email}` })));
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    // Each attempt is counted before its code is compared, and only while the count is below five.
    const [token] = await t.db
      .select({ failedAttempts: schema.accountTokens.failedAttempts })
      .from(schema.accountTokens)
      .where(and(eq(schema.accountTokens.userId, userId), eq(schema.accountTokens.purpose, 'account-recovery')));
    expect(token!.failedAttempts).toBe(5);
    expect((await verify({ ...certificateOf(input), code, newEmail: `burst.${input.email}` })).status).toBe(400);
  });

  it('refuses an expired code, and a code of a replaced request', async () => {
    const { input, userId } = await registerAndActivate(t);
    await start({ ...certificateOf(input), dateOfBirthAd: '1998-05-20' });
    const first = readSmsCode((await deliverSmsTo(input.mobile))!.body);
    await start({ ...certificateOf(input), dateOfBirthAd: '1998-05-20' });
    const second = readSmsCode((await deliverSmsTo(input.mobile))!.body);
    if (first !== second) expect((await verify({ ...certificateOf(input), code: first, newEmail: `old.${input.email}` })).status).toBe(400);
    await t.db
      .update(schema.accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(schema.accountTokens.userId, userId), eq(schema.accountTokens.purpose, 'account-recovery')));
    expect((await verify({ ...certificateOf(input), code: second, newEmail: `late.${input.email}` })).status).toBe(400);
  });

  it('refuses an e-mail another account has, keeping the code for a second try', async () => {
    const { input } = await registerAndActivate(t);
    const { input: other } = await registerAndActivate(t);
    await start({ ...certificateOf(input), dateOfBirthAd: '1998-05-20' });
    const code = readSmsCode((await deliverSmsTo(input.mobile))!.body);
    const taken = await verify({ ...certificateOf(input), code, newEmail: other.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'CONFLICT', errors: { newEmail: ['This e-mail address is already registered.'] } });
    expect((await verify({ ...certificateOf(input), code, newEmail: `free.${input.email}` })).status).toBe(200);
  });

  it('sends at most 3 codes an hour to one account', async () => {
    const { input } = await registerAndActivate(t);
    for (let i = 0; i < 5; i += 1) expect((await start({ ...certificateOf(input), dateOfBirthAd: '1998-05-20' })).status).toBe(200);
    expect(await t.db.select().from(schema.smsOutbox).where(eq(schema.smsOutbox.toNumber, input.mobile))).toHaveLength(3);
  });

  it('keeps an SMS the gateway refused and sends it on a later run', async () => {
    await sender.runOnce(); // what earlier tests left in the outbox
    const { input } = await registerAndActivate(t);
    await start({ ...certificateOf(input), dateOfBirthAd: '1998-05-20' });
    sink.failNext(1);
    expect(await deliverSmsTo(input.mobile)).toBeUndefined();
    const [failed] = await t.db.select().from(schema.smsOutbox).where(eq(schema.smsOutbox.toNumber, input.mobile));
    expect(failed).toMatchObject({ sentAt: null, attempts: 1, lastError: 'SmsRefused: SMS gateway answered HTTP 503', providerAnswer: 'HTTP 503' });
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await t.db.update(schema.smsOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(schema.smsOutbox.id, failed!.id));
    expect(await deliverSmsTo(input.mobile)).toBeDefined();
  });

  it('refuses bad input field by field', async () => {
    const answer = await start({});
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors!).sort()).toEqual(['citizenshipIssueDistrictId', 'citizenshipNumber', 'dateOfBirthAd']);
    const badVerify = await verify({ citizenshipNumber: '1', citizenshipIssueDistrictId: 1, code: '12', newEmail: 'x' });
    expect(Object.keys(badVerify.body.errors!).sort()).toEqual(['code', 'newEmail']);
  });

  it('says nothing of a deactivated account', async () => {
    const { input, userId } = await registerAndActivate(t);
    await t.db.update(schema.users).set({ deactivatedAt: new Date() }).where(eq(schema.users.id, userId));
    await start({ ...certificateOf(input), dateOfBirthAd: '1998-05-20' });
    expect(await t.db.select().from(schema.smsOutbox).where(eq(schema.smsOutbox.toNumber, input.mobile))).toHaveLength(0);
    expect(await mailsTo(t, input.email, 'email-changed')).toHaveLength(0);
  });
});
