import { addDaysAd, todayAd } from '@psc/core';
import { schema } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { fixtureFile, sendMultipart } from '../profile/profile.test-support';
import { createStaffUser } from '../requisitions/requisition.test-support';
import { createPaymentFixture, type PaymentFixture } from '../test-support/payment-fixtures';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { signEsewaFields } from './gateways/esewa';
import type { PaymentRequestForm } from './gateways/gateway';
import { expireOnlinePayments } from './online-payment';
import { getPaymentGateway } from './payment-gateway';

// Payment paths: online through the eSewa ePay v2 sandbox served on the product's own origin
// (success, cancel, replay, duplicates, tampering, the redirect not trusted, one open session
// per charge, the session's time limit, a second payment for a paid charge, the receipt),
// vouchers (content, size, lock, deadline), EBP codes and the public check.

const SECRET = '8gBm/:&EnhH.1/q';
const PRODUCT = 'EPAYTEST';
const PUBLIC_URL = 'http://portal.test';
const SESSION_MINUTES = 30;

let t: TestApp;
beforeAll(async () => {
  // No ESEWA_FORM_URL: the sandbox stands in, at PUBLIC_URL/payment-sandbox.
  t = await createTestApp({ publicUrl: PUBLIC_URL, onlinePaymentSessionMinutes: SESSION_MINUTES });
});
afterAll(async () => {
  await t.close();
});

type OnlineAnswer = { paymentId: number; chargeId: number; transactionUuid: string; amount: number; status: string; form: PaymentRequestForm };

async function startOnline(f: PaymentFixture, options: { lang?: 'ne' | 'en'; headers?: Record<string, string> } = {}): Promise<OnlineAnswer> {
  const answer = await t.call('POST', '/api/psc/payments/online', { token: f.token, json: { chargeId: f.chargeId }, ...options });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as OnlineAnswer;
}

/** The browser posting the signed form to the gateway: the sandbox's page. */
async function openGateway(form: PaymentRequestForm, headers: Record<string, string> = {}) {
  return t.app.request(form.action, { method: 'POST', body: new URLSearchParams(form.fields), headers });
}

/** What a person does in the browser: the form is posted to the gateway, then Pay or Cancel is clicked. */
async function decideAtGateway(form: PaymentRequestForm, decision: 'pay' | 'cancel'): Promise<URL> {
  const page = await openGateway(form);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('sandbox-pay');
  return decideOnly(form, decision);
}

async function decideOnly(form: PaymentRequestForm, decision: 'pay' | 'cancel'): Promise<URL> {
  const decided = await t.app.request(`${PUBLIC_URL}/payment-sandbox/decide`, {
    method: 'POST',
    body: new URLSearchParams({ transaction_uuid: form.fields.transaction_uuid!, decision }),
  });
  expect(decided.status).toBe(302);
  return new URL(decided.headers.get('location')!);
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const expire = (now: Date) => expireOnlinePayments(t.db, getPaymentGateway(t.deps), createLogger('silent'), { sessionMinutes: SESSION_MINUTES, now });

async function confirm(f: PaymentFixture, data: string) {
  return t.call('POST', '/api/psc/payments/online/confirm', { token: f.token, json: { data } });
}

async function stateOf(f: PaymentFixture) {
  const [charge] = await t.db.select().from(schema.charges).where(eq(schema.charges.id, f.chargeId));
  const [application] = await t.db.select().from(schema.applications).where(eq(schema.applications.id, f.applicationId));
  // In the order they were written: a table's rows come back in no set order without one.
  const events = await t.db.select().from(schema.applicationEvents).where(eq(schema.applicationEvents.applicationId, f.applicationId)).orderBy(schema.applicationEvents.id);
  const payments = await t.db.select().from(schema.payments).where(eq(schema.payments.chargeId, f.chargeId)).orderBy(schema.payments.id);
  return { charge: charge!, application: application!, events, payments };
}

function decodeData(data: string): Record<string, string> {
  return JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as Record<string, string>;
}
const encodeData = (fields: Record<string, string>) => Buffer.from(JSON.stringify(fields)).toString('base64');

describe('online payment through the eSewa ePay v2 sandbox', () => {
  it('signs the request as eSewa documents it and returns to the portal pages', async () => {
    const f = await createPaymentFixture(t, { amount: 1500 });
    const started = await startOnline(f);
    const { fields } = started.form;
    expect(started.form.method).toBe('POST');
    expect(started.form.action).toBe(`${PUBLIC_URL}/payment-sandbox/form?lang=ne`);
    expect(fields).toMatchObject({ amount: '1500', total_amount: '1500', product_code: PRODUCT, signed_field_names: 'total_amount,transaction_uuid,product_code' });
    expect(fields.signature).toBe(signEsewaFields(SECRET, fields, 'total_amount,transaction_uuid,product_code'));
    expect(fields.success_url).toBe(`${PUBLIC_URL}/rmis/payment/success`);
    expect(fields.failure_url).toBe(`${PUBLIC_URL}/rmis/payment/failure?transaction_uuid=${started.transactionUuid}`);
    expect(started.status).toBe('initiated');
  });

  it('completes on success after the server-to-server status check, and settles the charge once', async () => {
    const f = await createPaymentFixture(t, { amount: 1200 });
    const started = await startOnline(f);
    const back = await decideAtGateway(started.form, 'pay');
    expect(back.pathname).toBe('/rmis/payment/success');
    const data = back.searchParams.get('data')!;
    const answer = await confirm(f, data);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'completed', amount: 1200, chargeId: f.chargeId });
    const state = await stateOf(f);
    expect(state.charge.status).toBe('paid');
    expect(state.charge.paidAt).not.toBeNull();
    expect(state.application.paymentState).toBe('paid');
    expect(state.events.filter((e) => e.kind === 'payment-paid')).toHaveLength(1);
    expect(state.payments[0]!.gatewayReference).toBe(decodeData(data).transaction_code);

    // A replayed callback answers the same and changes nothing.
    const replay = await confirm(f, data);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(answer.body.data);
    const after = await stateOf(f);
    expect(after.events).toHaveLength(state.events.length);
    expect(after.payments).toEqual(state.payments);
    expect(after.charge).toEqual(state.charge);
  });

  it('makes one settlement of ten duplicated callbacks arriving at once', async () => {
    const f = await createPaymentFixture(t, { amount: 800 });
    const started = await startOnline(f);
    const data = (await decideAtGateway(started.form, 'pay')).searchParams.get('data')!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(f, data)));
    for (const answer of answers) expect(answer.body.data).toMatchObject({ status: 'completed' });
    const state = await stateOf(f);
    expect(state.events.filter((e) => e.kind === 'payment-paid')).toHaveLength(1);
    expect(state.payments.filter((p) => p.status === 'completed')).toHaveLength(1);
  });

  it('refuses a tampered signature or amount with 400 and changes nothing', async () => {
    const f = await createPaymentFixture(t, { amount: 2000 });
    const started = await startOnline(f);
    const data = (await decideAtGateway(started.form, 'pay')).searchParams.get('data')!;
    const fields = decodeData(data);
    const before = await stateOf(f);
    const tampered = [
      encodeData({ ...fields, total_amount: '20.0' }),
      encodeData({ ...fields, signature: `${fields.signature!.slice(0, -4)}AAA=` }),
      // Re-signed, but not with the merchant's key.
      encodeData({ ...fields, total_amount: '20.0', signature: signEsewaFields('not-the-key', { ...fields, total_amount: '20.0' }, fields.signed_field_names!) }),
      // Signed without the status among the signed fields.
      encodeData({ ...fields, signed_field_names: 'total_amount,transaction_uuid,product_code', signature: signEsewaFields('not-the-key', fields, 'total_amount,transaction_uuid,product_code') }),
      'not base64 json',
    ];
    for (const bad of tampered) {
      const answer = await confirm(f, bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.code).toBe('BAD_REQUEST');
    }
    const english = await t.call('POST', '/api/psc/payments/online/confirm', { token: f.token, json: { data: tampered[0] }, lang: 'en' });
    expect(english.body.message).toBe('The payment answer could not be verified and was not accepted.');
    const after = await stateOf(f);
    expect(after).toEqual(before);
    expect(after.payments[0]!.status).toBe('initiated');
    // The genuine callback still completes it.
    expect((await confirm(f, data)).body.data).toMatchObject({ status: 'completed' });
  });

  it('does not trust the redirect alone: a well-signed "COMPLETE" the gateway does not confirm completes nothing', async () => {
    const f = await createPaymentFixture(t, { amount: 900 });
    const started = await startOnline(f);
    // The form reached the gateway, but nobody paid: the gateway holds it as PENDING.
    await openGateway(started.form);
    const forged: Record<string, string> = {
      transaction_code: 'FORGED1',
      status: 'COMPLETE',
      total_amount: '900.0',
      transaction_uuid: started.transactionUuid,
      product_code: PRODUCT,
      signed_field_names: 'transaction_code,status,total_amount,transaction_uuid,product_code,signed_field_names',
    };
    forged.signature = signEsewaFields(SECRET, forged, forged.signed_field_names!);
    const pending = await confirm(f, encodeData(forged));
    expect(pending.status).toBe(200);
    expect(pending.body.data).toMatchObject({ status: 'initiated' });
    expect((await stateOf(f)).charge.status).toBe('due');

    // A transaction the gateway never saw: it says NOT_FOUND, and the attempt fails.
    const g = await createPaymentFixture(t, { amount: 900 });
    const unseen = await startOnline(g);
    const forgedUnseen: Record<string, string> = { ...forged, transaction_uuid: unseen.transactionUuid };
    forgedUnseen.signature = signEsewaFields(SECRET, forgedUnseen, forged.signed_field_names!);
    const failed = await confirm(g, encodeData(forgedUnseen));
    expect(failed.body.data).toMatchObject({ status: 'failed' });
    const state = await stateOf(g);
    expect(state.charge.status).toBe('due');
    expect(state.application.paymentState).toBe('unpaid');
  });

  it('records a cancelled payment as failed, leaving the fee owed', async () => {
    const f = await createPaymentFixture(t, { amount: 700 });
    const started = await startOnline(f);
    const back = await decideAtGateway(started.form, 'cancel');
    expect(back.pathname).toBe('/rmis/payment/failure');
    const answer = await t.call('POST', '/api/psc/payments/online/failure', { token: f.token, json: { transactionUuid: back.searchParams.get('transaction_uuid') } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'failed' });
    const state = await stateOf(f);
    expect(state.charge.status).toBe('due');
    expect(state.application.paymentState).toBe('unpaid');
    expect(state.events).toHaveLength(0);
  });

  it('keeps a second payment for an already-paid charge as refund-due, with a timeline entry', async () => {
    const f = await createPaymentFixture(t, { amount: 1000 });
    // The first session is left open on the gateway's page past the time limit and ends; the
    // candidate pays a new one, then goes back to the old page and pays that too.
    const first = await startOnline(f);
    await openGateway(first.form);
    await expire(minutesFromNow(SESSION_MINUTES + 1));
    expect((await stateOf(f)).payments.map((p) => p.status)).toEqual(['expired']);
    const second = await startOnline(f);
    expect(second.transactionUuid).not.toBe(first.transactionUuid);
    const secondData = (await decideAtGateway(second.form, 'pay')).searchParams.get('data')!;
    const firstData = (await decideOnly(first.form, 'pay')).searchParams.get('data')!;
    expect((await confirm(f, secondData)).body.data).toMatchObject({ status: 'completed' });
    // Money the gateway took is never left unrecorded, even for a session that had expired.
    const refund = await confirm(f, firstData);
    expect(refund.body.data).toMatchObject({ status: 'refund-due' });
    expect(refund.body.message).toContain('फिर्ता'); // Nepali by default: "recorded for refund"
    const state = await stateOf(f);
    expect(state.charge.status).toBe('paid');
    expect(state.payments.map((p) => p.status).sort()).toEqual(['completed', 'refund-due']);
    expect(state.events.map((e) => e.kind).sort()).toEqual(['payment-paid', 'payment-refund-due']);
    // Nothing more to pay: a third attempt is refused before reaching the gateway.
    const third = await t.call('POST', '/api/psc/payments/online', { token: f.token, json: { chargeId: f.chargeId } });
    expect(third.status).toBe(422);
  });

  it('lets staff synchronise a payment the candidate paid but never returned from (audited)', async () => {
    const f = await createPaymentFixture(t, { amount: 1250 });
    const started = await startOnline(f);
    await decideAtGateway(started.form, 'pay'); // the browser never comes back
    const staff = await createStaffUser(t, { CPM: ['read', 'update'] });
    const synced = await t.call('POST', `/api/admin/payments/${started.paymentId}/synchronise`, { token: staff.token });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    expect(synced.body.data).toMatchObject({ status: 'completed' });
    expect((await stateOf(f)).application.paymentState).toBe('paid');
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'payments'), eq(schema.auditLog.entityId, String(started.paymentId)), eq(schema.auditLog.action, 'synchronise')));
    expect(audit).toHaveLength(1);
    // Asking again changes nothing and audits nothing.
    expect((await t.call('POST', `/api/admin/payments/${started.paymentId}/synchronise`, { token: staff.token })).body.data).toMatchObject({ status: 'completed' });
    expect(await t.db.select().from(schema.auditLog).where(and(eq(schema.auditLog.entity, 'payments'), eq(schema.auditLog.entityId, String(started.paymentId))))).toHaveLength(1);
  });

  it("answers 404 for another candidate's charge or transaction", async () => {
    const f = await createPaymentFixture(t);
    const other = await createPaymentFixture(t);
    expect((await t.call('POST', '/api/psc/payments/online', { token: other.token, json: { chargeId: f.chargeId } })).status).toBe(404);
    const started = await startOnline(f);
    expect((await t.call('POST', '/api/psc/payments/online/failure', { token: other.token, json: { transactionUuid: started.transactionUuid } })).status).toBe(404);
  });
});

describe('one open gateway session per charge', () => {
  it('makes one gateway session of ten starts at once: each answers the same transaction and form', async () => {
    const f = await createPaymentFixture(t, { amount: 1300 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.call('POST', '/api/psc/payments/online', { token: f.token, json: { chargeId: f.chargeId } })));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const started = answers.map((answer) => answer.body.data as OnlineAnswer);
    expect(new Set(started.map((answer) => answer.transactionUuid)).size).toBe(1);
    expect(new Set(started.map((answer) => answer.paymentId)).size).toBe(1);
    for (const answer of started) expect(answer.form).toEqual(started[0]!.form);
    const { payments } = await stateOf(f);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: 'online', status: 'initiated' });

    // Paid once at the gateway: the charge is paid, and nothing is marked for refund.
    const data = (await decideAtGateway(started[0]!.form, 'pay')).searchParams.get('data')!;
    expect((await confirm(f, data)).body.data).toMatchObject({ status: 'completed' });
    expect((await stateOf(f)).payments.map((p) => p.status)).toEqual(['completed']);
  });

  it('refuses a second open session at the database itself', async () => {
    const f = await createPaymentFixture(t);
    await startOnline(f);
    const second = t.db.insert(schema.payments).values({ chargeId: f.chargeId, userId: f.userId, method: 'online', gateway: 'esewa', transactionUuid: `psc-${f.chargeId}-second`, amount: f.amount, status: 'initiated' });
    await expect(second).rejects.toThrow();
  });

  it('sends the candidate back to PUBLIC_URL whatever Origin the request names', async () => {
    const f = await createPaymentFixture(t);
    const started = await startOnline(f, { headers: { origin: 'https://attacker.example' } });
    expect(started.form.fields.success_url).toBe(`${PUBLIC_URL}/rmis/payment/success`);
    expect(started.form.fields.failure_url).toBe(`${PUBLIC_URL}/rmis/payment/failure?transaction_uuid=${started.transactionUuid}`);
    expect(JSON.stringify(started.form)).not.toContain('attacker');
  });

  it('starts a new session once the gateway says the open one was cancelled', async () => {
    const f = await createPaymentFixture(t);
    const first = await startOnline(f);
    // Cancelled at the gateway, and the browser never came back to the failure page.
    await decideAtGateway(first.form, 'cancel');
    const second = await startOnline(f);
    expect(second.transactionUuid).not.toBe(first.transactionUuid);
    expect((await stateOf(f)).payments.map((p) => [p.transactionUuid, p.status])).toEqual([
      [first.transactionUuid, 'failed'],
      [second.transactionUuid, 'initiated'],
    ]);
  });
});

describe('a started payment past the gateway time limit', () => {
  it('expires an abandoned session, shown to its owner as expired, and lets a new one start', async () => {
    const f = await createPaymentFixture(t, { amount: 1400 });
    const started = await startOnline(f);
    await openGateway(started.form); // the candidate reached the gateway's page and left
    // Within the limit nothing changes (the database is shared: each test reads its own rows).
    await expire(minutesFromNow(SESSION_MINUTES - 2));
    expect((await stateOf(f)).payments[0]!.status).toBe('initiated');
    // Past it, the session ends; running again changes nothing.
    expect((await expire(minutesFromNow(SESSION_MINUTES + 1))).expired).toBeGreaterThanOrEqual(1);
    const ended = await stateOf(f);
    await expire(minutesFromNow(SESSION_MINUTES + 2));
    expect(await stateOf(f)).toEqual(ended);
    const state = await stateOf(f);
    expect(state.payments.map((p) => p.status)).toEqual(['expired']);
    expect(state.charge.status).toBe('due');
    expect(state.application.paymentState).toBe('unpaid');
    const details = await t.call('GET', `/api/psc/applications/${f.applicationId}`, { token: f.token });
    expect((details.body.data as { payments: { status: string }[] }).payments.map((p) => p.status)).toEqual(['expired']);
    // Its late failure redirect answers "not completed in time".
    const late = await t.call('POST', '/api/psc/payments/online/failure', { token: f.token, json: { transactionUuid: started.transactionUuid }, lang: 'en' });
    expect(late.body).toMatchObject({ message: 'The payment was not completed in time.', data: { status: 'expired' } });
    const again = await startOnline(f);
    expect(again.transactionUuid).not.toBe(started.transactionUuid);
  });

  it('completes, not expires, a session paid at the gateway whose browser never came back', async () => {
    const f = await createPaymentFixture(t, { amount: 1600 });
    const started = await startOnline(f);
    await decideAtGateway(started.form, 'pay');
    expect((await expire(minutesFromNow(SESSION_MINUTES + 1))).completed).toBeGreaterThanOrEqual(1);
    const state = await stateOf(f);
    expect(state.payments.map((p) => p.status)).toEqual(['completed']);
    expect(state.application.paymentState).toBe('paid');
  });

  it('closes a stale session when the candidate starts again, without waiting for the job', async () => {
    const f = await createPaymentFixture(t);
    const started = await startOnline(f);
    await t.db.update(schema.payments).set({ createdAt: new Date(Date.now() - (SESSION_MINUTES + 5) * 60_000) }).where(eq(schema.payments.id, started.paymentId));
    const again = await startOnline(f);
    expect(again.transactionUuid).not.toBe(started.transactionUuid);
    expect((await stateOf(f)).payments.map((p) => p.status)).toEqual(['expired', 'initiated']);
  });
});

describe('the payment receipt', () => {
  it("gives the owner a receipt of a paid fee, with a code the public check finds; nobody else's", async () => {
    const f = await createPaymentFixture(t, { amount: 1700 });
    const started = await startOnline(f);
    // Not paid yet: no receipt.
    expect((await t.call('GET', `/api/psc/payments/receipts/${started.transactionUuid}`, { token: f.token })).status).toBe(404);
    const data = (await decideAtGateway(started.form, 'pay')).searchParams.get('data')!;
    await confirm(f, data);
    const receipt = await t.call('GET', `/api/psc/payments/receipts/${started.transactionUuid}`, { token: f.token });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    const body = receipt.body.data as Record<string, unknown>;
    expect(body).toMatchObject({ method: 'online', status: 'completed', amount: 1700, verificationCode: started.transactionUuid, advertisementCode: f.advertisement.code, firstNameEn: 'Ram' });
    expect(body.gatewayReference).toBe(decodeData(data).transaction_code);
    const check = await t.call('GET', `/api/public/payments/check/${body.verificationCode as string}`);
    expect(check.body.data).toMatchObject({ method: 'online', status: 'completed', amount: 1700 });

    const other = await createPaymentFixture(t);
    expect((await t.call('GET', `/api/psc/payments/receipts/${started.transactionUuid}`, { token: other.token })).status).toBe(404);
    expect((await t.call('GET', `/api/psc/payments/receipts/${started.transactionUuid}`)).status).toBe(401);
    const staff = await createStaffUser(t, { CPM: ['read'] });
    expect([401, 403, 404]).toContain((await t.call('GET', `/api/psc/payments/receipts/${started.transactionUuid}`, { token: staff.token })).status);
  });
});

describe('the sandbox gateway on the product origin', () => {
  it('serves a phone-width page in the candidate language, Nepali or English', async () => {
    const f = await createPaymentFixture(t, { amount: 2500 });
    const nepali = await startOnline(f);
    const page = await openGateway(nepali.form);
    const text = await page.text();
    expect(text).toContain('<html lang="ne">');
    expect(text).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    expect(text).toContain('भुक्तानी गर्नुहोस्');
    expect(text).toContain('Rs. २,५००');
    expect(text).toContain('href="/payment-sandbox/sandbox.css"');
    expect((await t.app.request('/payment-sandbox/sandbox.css')).headers.get('content-type')).toContain('text/css');
    const english = await startOnline(f, { lang: 'en' });
    expect(english.transactionUuid).toBe(nepali.transactionUuid);
    expect(english.form.action).toBe(`${PUBLIC_URL}/payment-sandbox/form?lang=en`);
    const englishText = await (await openGateway(english.form)).text();
    expect(englishText).toContain('<html lang="en">');
    expect(englishText).toContain('>Pay<');
  });

  it('is not served with a real gateway configured, nor in production', async () => {
    const real = await createTestApp({ esewa: { formUrl: 'https://epay.example/form', statusUrl: 'https://epay.example/status', productCode: PRODUCT, secretKey: SECRET } });
    const production = await createTestApp({ env: 'production' });
    try {
      for (const app of [real, production]) expect((await app.app.request('/payment-sandbox/form', { method: 'POST', body: new URLSearchParams({}) })).status).toBe(404);
      const f = await createPaymentFixture(production);
      expect((await production.call('POST', '/api/psc/payments/online', { token: f.token, json: { chargeId: f.chargeId } })).status).toBe(503);
    } finally {
      await real.close();
      await production.close();
    }
  });
});

describe('voucher upload', () => {
  async function bankId() {
    const [bank] = await t.db.select({ id: schema.banks.id }).from(schema.banks).where(eq(schema.banks.code, 'NABIL'));
    return bank!.id;
  }
  const fields = async (f: PaymentFixture, voucherNumber = 'V-१२३४') => ({ chargeId: f.chargeId, bankId: await bankId(), voucherNumber, mobile: '9841000000' });

  it('lists the seeded banks', async () => {
    const f = await createPaymentFixture(t);
    const answer = await t.call('GET', '/api/psc/banks', { token: f.token });
    expect((answer.body.data as { code: string }[]).map((b) => b.code)).toContain('NABIL');
    expect(answer.body.data as unknown[]).toHaveLength(20);
  });

  it('accepts a JPG or PNG voucher, judged by content, and makes the application verification-pending', async () => {
    const f = await createPaymentFixture(t, { amount: 500 });
    const answer = await sendMultipart(t, 'POST', '/api/psc/payments/voucher', { token: f.token, fields: await fields(f), files: { file: fixtureFile('photo.png') } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'submitted', verificationGroup: 'submitted', amount: 500 });
    const state = await stateOf(f);
    expect(state.charge.status).toBe('due');
    expect(state.application.paymentState).toBe('verification-pending');
    expect(state.payments[0]).toMatchObject({ method: 'voucher', voucherNumber: 'V-1234', voucherMobile: '9841000000' });
    expect(state.events.map((e) => e.kind)).toEqual(['voucher-submitted']);
    // One voucher waits at a time.
    const again = await sendMultipart(t, 'POST', '/api/psc/payments/voucher', { token: f.token, fields: await fields(f, 'V-2'), files: { file: fixtureFile('photo.jpg') } });
    expect(again.status).toBe(409);
  });

  it('refuses a PDF named .png, a file over 500 KB and a missing file, storing nothing', async () => {
    const f = await createPaymentFixture(t);
    for (const [file, message] of [
      ['pdf-renamed.png', 'Only JPG or PNG images are allowed.'],
      ['large.jpg', 'The file must be at most 500 KB.'],
    ] as const) {
      const answer = await sendMultipart(t, 'POST', '/api/psc/payments/voucher', { token: f.token, fields: await fields(f), files: { file: fixtureFile(file) }, lang: 'en' });
      expect(answer.status, file).toBe(400);
      expect(answer.body.errors?.file).toEqual([message]);
    }
    const missing = await sendMultipart(t, 'POST', '/api/psc/payments/voucher', { token: f.token, fields: { ...(await fields(f)), mobile: '12' }, lang: 'en' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.file).toEqual(['Voucher upload is required.']);
    expect(missing.body.errors?.mobile).toBeDefined();
    expect((await stateOf(f)).payments).toHaveLength(0);
  });

  it('refuses while the voucher is locked', async () => {
    const f = await createPaymentFixture(t);
    await t.db
      .update(schema.candidateProfiles)
      .set({ voucherLockedFrom: new Date(Date.now() - 3_600_000), voucherLockedUntil: new Date(Date.now() + 86_400_000), voucherLockReason: 'test' })
      .where(eq(schema.candidateProfiles.userId, f.userId));
    const answer = await sendMultipart(t, 'POST', '/api/psc/payments/voucher', { token: f.token, fields: await fields(f), files: { file: fixtureFile('photo.jpg') }, lang: 'en' });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Voucher upload is locked for your account by the commission.');
  });

  it('refuses a voucher or online payment after the payment last date, but takes a double fee until the double-fee date', async () => {
    const today = todayAd();
    const advertisement = await createAdvertisementFixture(t.db, {
      status: 'published',
      dates: {
        publishDate: addDaysAd(today, -20),
        paymentLastDate: addDaysAd(today, -1),
        lastDateForSubmission: addDaysAd(today, -1),
        doubleFeeLastDate: addDaysAd(today, 5),
        ageCutOffDate: addDaysAd(today, -1),
      },
    });
    const late = await createPaymentFixture(t, { advertisement });
    const answer = await sendMultipart(t, 'POST', '/api/psc/payments/voucher', { token: late.token, fields: await fields(late), files: { file: fixtureFile('photo.jpg') }, lang: 'en' });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('The last date to upload the voucher has passed.');
    const online = await t.call('POST', '/api/psc/payments/online', { token: late.token, json: { chargeId: late.chargeId } });
    expect(online.status).toBe(422);
    const doubled = await createPaymentFixture(t, { advertisement, purpose: 'double-fee', amount: 2000 });
    const ok = await sendMultipart(t, 'POST', '/api/psc/payments/voucher', { token: doubled.token, fields: await fields(doubled, 'V-DOUBLE'), files: { file: fixtureFile('photo.jpg') } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('EBP code and the public payment check', () => {
  it('records an EBP code (either script) once, tells its owner, and the public check finds it', async () => {
    const f = await createPaymentFixture(t, { amount: 1100 });
    const answer = await t.call('POST', '/api/psc/payments/ebp-code-verification', { token: f.token, json: { chargeId: f.chargeId, ebpCode: 'ebp-२०८२-७७' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await stateOf(f)).payments[0]).toMatchObject({ method: 'ebp', ebpCode: 'EBP-2082-77', status: 'submitted' });
    expect((await stateOf(f)).application.paymentState).toBe('verification-pending');

    const mine = await t.call('POST', '/api/psc/payments/ebp-code-local-verification', { token: f.token, json: { ebpCode: 'EBP-2082-77' } });
    expect(mine.body.data).toMatchObject({ used: true, mine: true, status: 'submitted', amount: 1100 });
    const other = await createPaymentFixture(t);
    const theirs = await t.call('POST', '/api/psc/payments/ebp-code-local-verification', { token: other.token, json: { ebpCode: 'EBP-2082-77' } });
    expect(theirs.body.data).toEqual({ used: true, mine: false });
    const reuse = await t.call('POST', '/api/psc/payments/ebp-code-verification', { token: other.token, json: { chargeId: other.chargeId, ebpCode: 'EBP-2082-77' } });
    expect(reuse.status).toBe(409);

    const check = await t.call('GET', '/api/public/payments/check/EBP-2082-77');
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({ method: 'ebp', status: 'submitted', amount: 1100 });
    expect(JSON.stringify(check.body.data)).not.toContain(f.username);
    expect((await t.call('GET', '/api/public/payments/check/NO-SUCH-CODE')).status).toBe(404);
  });

  it('refuses a code with characters a code cannot have', async () => {
    const f = await createPaymentFixture(t);
    const answer = await t.call('POST', '/api/psc/payments/ebp-code-verification', { token: f.token, json: { chargeId: f.chargeId, ebpCode: 'A B;' } });
    expect(answer.status).toBe(400);
    const [row] = await t.db.select().from(schema.payments).where(and(eq(schema.payments.chargeId, f.chargeId)));
    expect(row).toBeUndefined();
  });
});
