import { addDaysAd, todayAd } from '@psc/core';
import { schema } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFile, sendMultipart } from '../profile/profile.test-support';
import { createStaffUser } from '../requisitions/requisition.test-support';
import { createPaymentFixture, type PaymentFixture } from '../test-support/payment-fixtures';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { signEsewaFields } from './gateways/esewa';
import type { PaymentRequestForm } from './gateways/gateway';
import { startEsewaSandbox, type RunningEsewaSandbox } from './sandbox/start-esewa-sandbox';

// Payment paths: online through the loopback eSewa sandbox (success, cancel,
// replay, duplicates, tampering, the redirect not trusted, a second payment for a paid charge),
// vouchers (content, size, lock, deadline), EBP codes and the public check.

const SECRET = '8gBm/:&EnhH.1/q';
const PRODUCT = 'EPAYTEST';
const ORIGIN = 'http://portal.test';

let t: TestApp;
let sandbox: RunningEsewaSandbox;
beforeAll(async () => {
  sandbox = await startEsewaSandbox({ productCode: PRODUCT, secretKey: SECRET });
  t = await createTestApp({ esewa: { formUrl: sandbox.formUrl, statusUrl: sandbox.statusUrl, productCode: PRODUCT, secretKey: SECRET } });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

type OnlineAnswer = { paymentId: number; chargeId: number; transactionUuid: string; amount: number; status: string; form: PaymentRequestForm };

async function startOnline(f: PaymentFixture): Promise<OnlineAnswer> {
  const answer = await t.call('POST', '/api/psc/payments/online', { token: f.token, json: { chargeId: f.chargeId }, headers: { origin: ORIGIN } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as OnlineAnswer;
}

/** What a person does in the browser: the form is posted to the gateway, then Pay or Cancel is clicked. */
async function decideAtGateway(form: PaymentRequestForm, decision: 'pay' | 'cancel'): Promise<URL> {
  const page = await fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields), redirect: 'manual' });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('sandbox-pay');
  const decided = await fetch(new URL('/sandbox/decide', form.action), {
    method: 'POST',
    body: new URLSearchParams({ transaction_uuid: form.fields.transaction_uuid!, decision }),
    redirect: 'manual',
  });
  expect(decided.status).toBe(302);
  return new URL(decided.headers.get('location')!);
}

async function confirm(f: PaymentFixture, data: string) {
  return t.call('POST', '/api/psc/payments/online/confirm', { token: f.token, json: { data } });
}

async function stateOf(f: PaymentFixture) {
  const [charge] = await t.db.select().from(schema.charges).where(eq(schema.charges.id, f.chargeId));
  const [application] = await t.db.select().from(schema.applications).where(eq(schema.applications.id, f.applicationId));
  const events = await t.db.select().from(schema.applicationEvents).where(eq(schema.applicationEvents.applicationId, f.applicationId));
  const payments = await t.db.select().from(schema.payments).where(eq(schema.payments.chargeId, f.chargeId));
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
    expect(started.form.action).toBe(sandbox.formUrl);
    expect(fields).toMatchObject({ amount: '1500', total_amount: '1500', product_code: PRODUCT, signed_field_names: 'total_amount,transaction_uuid,product_code' });
    expect(fields.signature).toBe(signEsewaFields(SECRET, fields, 'total_amount,transaction_uuid,product_code'));
    expect(fields.success_url).toBe(`${ORIGIN}/rmis/payment/success`);
    expect(fields.failure_url).toContain(`${ORIGIN}/rmis/payment/failure`);
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
    await fetch(started.form.action, { method: 'POST', body: new URLSearchParams(started.form.fields) });
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
    // Two tabs: both start while the fee is due, both are paid at the gateway.
    const first = await startOnline(f);
    const second = await startOnline(f);
    const firstData = (await decideAtGateway(first.form, 'pay')).searchParams.get('data')!;
    const secondData = (await decideAtGateway(second.form, 'pay')).searchParams.get('data')!;
    expect((await confirm(f, firstData)).body.data).toMatchObject({ status: 'completed' });
    const refund = await confirm(f, secondData);
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
