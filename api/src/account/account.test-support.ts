// Test support for the account API tests: registration bodies with unique identities, and
// reading what the outboxes hold, as the candidate's mailbox and phone would receive it.
import type { RegisterRequestInput } from '@psc/core';
import { schema } from '@psc/db';
import { and, asc, desc, eq } from 'drizzle-orm';
import { basicAuth, portalClient, type TestApp } from '../test-support/test-app';

let counter = 0;

/** A valid registration whose user name, e-mail, mobile, national id and citizenship are new. */
export function newRegistration(overrides: Partial<RegisterRequestInput> = {}): RegisterRequestInput & { username: string; email: string; mobile: string } {
  counter += 1;
  const n = `${process.pid % 1000}${String(counter).padStart(4, '0')}`;
  return {
    firstNameEn: 'Sita',
    middleNameEn: 'Kumari',
    lastNameEn: 'Thapa',
    firstNameNp: 'सीता',
    lastNameNp: 'थापा',
    username: `sita_${n}`,
    email: `sita.${n}@example.com`,
    mobile: `98${n.padStart(8, '0').slice(-8)}`,
    nationalId: `${n.padStart(10, '0').slice(-10, -7)}-${n.padStart(10, '0').slice(-7, -4)}-${n.padStart(10, '0').slice(-4)}`,
    citizenshipNumber: `27-01-${n}`,
    citizenshipIssueDistrictId: 27,
    dateOfBirthAd: '1998-05-20',
    citizenshipIssueDateAd: '2014-06-01',
    gender: 'female',
    ...overrides,
  } as RegisterRequestInput & { username: string; email: string; mobile: string };
}

export async function register(t: TestApp, overrides: Partial<RegisterRequestInput> = {}) {
  const input = newRegistration(overrides);
  const answer = await t.call('POST', '/api/psc/register', { json: input, lang: 'en' });
  if (answer.status !== 200) throw new Error(`registration failed: ${JSON.stringify(answer.body)}`);
  return { input, data: answer.body.data as { masterId: number; username: string; email: string } };
}

export type OutboxMail = { id: number; toAddress: string; subject: string; bodyText: string; kind: string; sentAt: Date | null };

/** Every mail written to an address, oldest first. */
export async function mailsTo(t: TestApp, address: string, kind?: string): Promise<OutboxMail[]> {
  const { mailOutbox } = schema;
  return t.db
    .select({ id: mailOutbox.id, toAddress: mailOutbox.toAddress, subject: mailOutbox.subject, bodyText: mailOutbox.bodyText, kind: mailOutbox.kind, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(kind ? and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, kind)) : eq(mailOutbox.toAddress, address))
    .orderBy(asc(mailOutbox.id));
}

export async function lastMailTo(t: TestApp, address: string, kind: string): Promise<OutboxMail> {
  const mails = await mailsTo(t, address, kind);
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no ${kind} mail to ${address}`);
  return mail;
}

/** The temporary password as the English half of the mail states it. */
export function readTemporaryPassword(bodyText: string): string {
  const match = /Temporary password: (\S+)/.exec(bodyText);
  if (!match?.[1]) throw new Error('no temporary password in the mail');
  return match[1];
}

/** The {tokenid} of the /change/password/{tokenid} link in a mail. */
export function readResetToken(bodyText: string): string {
  const match = /\/change\/password\/([A-Za-z0-9_-]+)/.exec(bodyText);
  if (!match?.[1]) throw new Error('no password link in the mail');
  return match[1];
}

export async function lastSmsTo(t: TestApp, mobile: string) {
  const { smsOutbox } = schema;
  const [sms] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, mobile)).orderBy(desc(smsOutbox.id)).limit(1);
  return sms;
}

export function readSmsCode(body: string): string {
  const match = /code (\d{6})/.exec(body);
  if (!match?.[1]) throw new Error('no code in the SMS');
  return match[1];
}

export function tokenCall(t: TestApp, username: string, password: string, lang: 'ne' | 'en' = 'en') {
  return t.call('POST', '/api/oauth/token', { headers: { authorization: basicAuth(portalClient) }, json: { grant_type: 'password', username, password }, lang });
}

/** Registers a candidate and changes the temporary password: a candidate ready to use the portal. */
export async function registerAndActivate(t: TestApp, password = 'Ready@12345', overrides: Partial<RegisterRequestInput> = {}) {
  const { input, data } = await register(t, overrides);
  const temporary = readTemporaryPassword((await lastMailTo(t, input.email, 'temporary-password')).bodyText);
  const first = await t.signIn(input.username, temporary);
  const changed = await t.call('POST', '/api/psc/account/change-password', {
    token: first.accessToken,
    json: { oldPassword: temporary, newPassword: password, confirmPassword: password },
  });
  if (changed.status !== 200) throw new Error(`password change failed: ${JSON.stringify(changed.body)}`);
  const [user] = await t.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, input.username));
  return { input, data, password, userId: user!.id, session: first };
}
