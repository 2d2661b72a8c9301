import { schema } from '@psc/db';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleCharge } from '../payments/settle-charge';
import { fixtureFile, sendMultipart } from '../profile/profile.test-support';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createPaymentFixture, type PaymentFixture } from '../test-support/payment-fixtures';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';

// Staff payment work [CPM]: voucher verified or rejected, EBP codes, corrections,
// refunds, compare-rmis with a real workbook; an audit row for each staff write.

let t: TestApp;
let reader: StaffUser;
let verifier: StaffUser;
let editor: StaffUser;
let bankId: number;
beforeAll(async () => {
  t = await createTestApp();
  reader = await createStaffUser(t, { CPM: ['read'] });
  verifier = await createStaffUser(t, { CPM: ['read', 'approve'] });
  editor = await createStaffUser(t, { CPM: ['read', 'update'] });
  const [bank] = await t.db.select({ id: schema.banks.id }).from(schema.banks).where(eq(schema.banks.code, 'HBL'));
  bankId = bank!.id;
});
afterAll(() => t.close());

async function submitVoucher(f: PaymentFixture, voucherNumber: string) {
  const answer = await sendMultipart(t, 'POST', '/api/psc/payments/voucher', {
    token: f.token,
    fields: { chargeId: f.chargeId, bankId, voucherNumber, mobile: '9801234567' },
    files: { file: fixtureFile('photo.png') },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { paymentId: number }).paymentId;
}

async function submitEbp(f: PaymentFixture, ebpCode: string) {
  const answer = await t.call('POST', '/api/psc/payments/ebp-code-verification', { token: f.token, json: { chargeId: f.chargeId, ebpCode } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { paymentId: number }).paymentId;
}

async function auditRows(entityId: number, action: string) {
  return t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, 'payments'), eq(schema.auditLog.entityId, String(entityId)), eq(schema.auditLog.action, action)));
}

async function stateOf(f: PaymentFixture) {
  const [charge] = await t.db.select().from(schema.charges).where(eq(schema.charges.id, f.chargeId));
  const [application] = await t.db.select().from(schema.applications).where(eq(schema.applications.id, f.applicationId));
  // In the order they were written: a table's rows come back in no set order without one.
  const events = await t.db.select().from(schema.applicationEvents).where(eq(schema.applicationEvents.applicationId, f.applicationId)).orderBy(schema.applicationEvents.id);
  return { charge: charge!, application: application!, events: events.map((e) => e.kind) };
}

const verify = (id: number, group: string, remarks = 'checked against the bank statement', user = verifier) =>
  t.call('POST', `/api/admin/payments/${id}/verify`, { token: user.token, json: { group, remarks } });

describe('voucher verification groups', () => {
  it('lists a submitted voucher, shows its image, and approving it settles the charge (audited)', async () => {
    const f = await createPaymentFixture(t, { amount: 1000 });
    const paymentId = await submitVoucher(f, 'HBL-5501');
    const list = await t.call('GET', `/api/admin/payments?group=submitted&advertisementId=${f.advertisement.advertisementId}`, { token: reader.token });
    expect(list.status).toBe(200);
    const { items, total } = list.body.data as { items: { id: number; voucherNumber: string; username: string; bankNameEn: string }[]; total: number };
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ id: paymentId, voucherNumber: 'HBL-5501', username: f.username, bankNameEn: 'Himalayan Bank Limited' });
    const image = await t.app.request(`/api/admin/payments/${paymentId}/voucher`, { headers: { authorization: `Bearer ${reader.token}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    expect((await verify(paymentId, 'approved', 'ok', reader)).status).toBe(403);
    const approved = await verify(paymentId, 'approved');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'verified', verificationGroup: 'approved' });
    const state = await stateOf(f);
    expect(state.charge.status).toBe('paid');
    expect(state.application.paymentState).toBe('paid');
    expect(state.events).toEqual(['voucher-submitted', 'payment-paid']);
    const audit = await auditRows(paymentId, 'verify');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(verifier.userId);

    // Moving between paid groups changes the group only; a paid voucher cannot be rejected.
    expect((await verify(paymentId, 'implemented')).body.data).toMatchObject({ status: 'verified', verificationGroup: 'implemented' });
    expect((await verify(paymentId, 'rejected')).status).toBe(422);
    expect((await stateOf(f)).events).toEqual(['voucher-submitted', 'payment-paid']);
  });

  it('rejecting a voucher leaves the fee owed, says why on the timeline, and lets the candidate upload again', async () => {
    const f = await createPaymentFixture(t, { amount: 1000 });
    const paymentId = await submitVoucher(f, 'HBL-5502');
    const rejected = await verify(paymentId, 'rejected', 'voucher not legible');
    expect(rejected.body.data).toMatchObject({ status: 'rejected', verificationGroup: 'rejected' });
    const state = await stateOf(f);
    expect(state.charge.status).toBe('due');
    expect(state.application.paymentState).toBe('unpaid');
    expect(state.events).toEqual(['voucher-submitted', 'payment-rejected']);
    const [event] = await t.db.select().from(schema.applicationEvents).where(and(eq(schema.applicationEvents.applicationId, f.applicationId), eq(schema.applicationEvents.kind, 'payment-rejected')));
    expect(event!.detail).toEqual({ remarks: 'voucher not legible' });
    expect(await auditRows(paymentId, 'verify')).toHaveLength(1);
    await submitVoucher(f, 'HBL-5503');
    expect((await stateOf(f)).application.paymentState).toBe('verification-pending');
  });

  it('refuses a group that is not one of the spec, and an online payment', async () => {
    const f = await createPaymentFixture(t);
    const paymentId = await submitVoucher(f, 'HBL-5504');
    expect((await verify(paymentId, 'submitted')).status).toBe(400);
    expect((await verify(paymentId, 'paid-somehow')).status).toBe(400);
    expect((await verify(999_999, 'approved')).status).toBe(404);
  });

  it('keeps a voucher approved for a charge paid meanwhile as refund-due, listed for staff', async () => {
    const f = await createPaymentFixture(t, { amount: 1300 });
    const paymentId = await submitVoucher(f, 'HBL-5505');
    // Meanwhile the fee is paid another way (as an online payment would settle it).
    await t.db.transaction((tx) => settleCharge(tx, { chargeId: f.chargeId, outcome: 'paid', method: 'online', actorUserId: null }));
    const approved = await verify(paymentId, 'approved');
    expect(approved.body.data).toMatchObject({ status: 'refund-due' });
    const refunds = await t.call('GET', `/api/admin/payments/refunds?advertisementId=${f.advertisement.advertisementId}`, { token: reader.token });
    expect(refunds.status).toBe(200);
    expect((refunds.body.data as { items: { id: number; status: string; amount: number }[] }).items).toEqual([expect.objectContaining({ id: paymentId, status: 'refund-due', amount: 1300 })]);
    expect((await stateOf(f)).events).toContain('payment-refund-due');
  });
});

describe('advertisement payment update', () => {
  it("moves an advertisement's approved payments to implemented at once, each audited", async () => {
    const advertisement = await createAdvertisementFixture(t.db, { status: 'published' });
    const a = await createPaymentFixture(t, { advertisement });
    const b = await createPaymentFixture(t, { advertisement });
    const c = await createPaymentFixture(t, { advertisement });
    const ids = [await submitVoucher(a, 'HBL-7001'), await submitVoucher(b, 'HBL-7002'), await submitVoucher(c, 'HBL-7003')];
    await verify(ids[0]!, 'approved');
    await verify(ids[1]!, 'approved');
    await verify(ids[2]!, 'government');
    const body = { advertisementCode: advertisement.code, fromGroup: 'approved', toGroup: 'implemented', remarks: 'entered in the revenue system' };
    expect((await t.call('POST', '/api/admin/payments/advertisement-update', { token: reader.token, json: body })).status).toBe(403);
    const answer = await t.call('POST', '/api/admin/payments/advertisement-update', { token: verifier.token, json: body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ moved: 2 });
    const rows = await t.db.select({ id: schema.payments.id, group: schema.payments.verificationGroup }).from(schema.payments);
    const groupOf = (id: number) => rows.find((row) => row.id === id)?.group;
    expect(ids.map(groupOf)).toEqual(['implemented', 'implemented', 'government']);
    expect(await auditRows(ids[0]!, 'verify')).toHaveLength(2);
    expect((await t.call('POST', '/api/admin/payments/advertisement-update', { token: verifier.token, json: { ...body, toGroup: 'rejected' } })).status).toBe(400);
    const unknown = await t.call('POST', '/api/admin/payments/advertisement-update', { token: verifier.token, json: { ...body, advertisementCode: '2000/01-9999' }, lang: 'en' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ advertisementCode: ['No advertisement has this code.'] });
  });
});

describe('EBP codes and payment corrections', () => {
  it('finds a payment by EBP code, verifies it, and renames the code with an audit row', async () => {
    const f = await createPaymentFixture(t, { amount: 600 });
    const paymentId = await submitEbp(f, 'RMIS-८८१');
    const found = await t.call('GET', '/api/admin/payments/by-ebp/rmis-881', { token: reader.token });
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({ id: paymentId, ebpCode: 'RMIS-881', method: 'ebp', status: 'submitted' });
    expect((await verify(paymentId, 'approved')).body.data).toMatchObject({ status: 'verified' });
    expect((await stateOf(f)).application.paymentState).toBe('paid');

    const rename = await t.call('PUT', `/api/admin/payments/${paymentId}/ebp-code`, { token: editor.token, json: { ebpCode: 'RMIS-882', remarks: 'typed wrongly' } });
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
    expect((await t.call('GET', '/api/admin/payments/by-ebp/RMIS-882', { token: reader.token })).body.data).toMatchObject({ id: paymentId });
    expect((await t.call('GET', '/api/admin/payments/by-ebp/RMIS-881', { token: reader.token })).status).toBe(404);
    const audit = await auditRows(paymentId, 'rename-ebp-code');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ ebpCode: 'RMIS-881' });
    expect(audit[0]!.after).toMatchObject({ ebpCode: 'RMIS-882' });

    const other = await createPaymentFixture(t);
    const otherId = await submitEbp(other, 'RMIS-883');
    expect((await t.call('PUT', `/api/admin/payments/${otherId}/ebp-code`, { token: editor.token, json: { ebpCode: 'RMIS-882', remarks: 'clash' } })).status).toBe(409);
    expect((await t.call('PUT', `/api/admin/payments/${otherId}/ebp-code`, { token: reader.token, json: { ebpCode: 'RMIS-884', remarks: 'no right' } })).status).toBe(403);
  });

  it('corrects a voucher record with remarks, audited', async () => {
    const f = await createPaymentFixture(t);
    const paymentId = await submitVoucher(f, 'HBL-5506');
    const answer = await t.call('PUT', `/api/admin/payments/${paymentId}`, {
      token: editor.token,
      json: { voucherNumber: 'hbl-५५०७', payerName: 'Ram Thapa', paidOn: '2025-07-01', remarks: 'number as on the bank statement' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = await t.db.select().from(schema.payments).where(eq(schema.payments.id, paymentId));
    expect(row).toMatchObject({ voucherNumber: 'HBL-5507', payerName: 'Ram Thapa', remarks: 'number as on the bank statement' });
    expect(await auditRows(paymentId, 'update')).toHaveLength(1);
    expect((await t.call('PUT', `/api/admin/payments/${paymentId}`, { token: editor.token, json: { remarks: 'x', amount: 1 } })).status).toBe(400);
  });
});

describe('compare-rmis-data', () => {
  async function workbookBytes(rows: (string | number)[][]): Promise<Uint8Array> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('RMIS');
    for (const row of rows) sheet.addRow(row);
    return new Uint8Array(await workbook.xlsx.writeBuffer());
  }

  it('sorts the export into matched, missing here, missing there and amount differs, digits of either script', async () => {
    const advertisement = await createAdvertisementFixture(t.db, { status: 'published' });
    const a = await createPaymentFixture(t, { advertisement, amount: 1000 });
    const b = await createPaymentFixture(t, { advertisement, amount: 1500 });
    const c = await createPaymentFixture(t, { advertisement, amount: 700 });
    const aId = await submitVoucher(a, 'V-100');
    const bId = await submitEbp(b, 'EBP-200');
    const cId = await submitEbp(c, 'EBP-300');
    const bytes = await workbookBytes([
      ['Revenue management information system: payments'],
      ['S.N.', 'EBP Code', 'Payer', 'Amount (Rs.)'],
      [1, 'V-१००', 'A', '१,०००'],
      [2, 'ebp-200', 'B', 1400],
      [3, 'EBP-९९९', 'Z', 'रु. ५००'],
    ]);
    const answer = await sendMultipart(t, 'POST', '/api/admin/payments/compare-rmis', {
      token: reader.token,
      fields: { advertisementId: advertisement.advertisementId },
      files: { file: new File([bytes as Uint8Array<ArrayBuffer>], 'rmis.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }) },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({
      matched: [{ code: 'V-100', amount: 1000, paymentId: aId, row: 3 }],
      missingHere: [{ code: 'EBP-999', amount: 500, row: 5 }],
      missingThere: [{ code: 'EBP-300', amount: 700, paymentId: cId }],
      amountDiffers: [{ code: 'EBP-200', amountHere: 1500, amountThere: 1400, paymentId: bId, row: 4 }],
    });
  });

  it('refuses a file that is not a workbook, or one without code and amount columns', async () => {
    const notExcel = await sendMultipart(t, 'POST', '/api/admin/payments/compare-rmis', { token: reader.token, files: { file: fixtureFile('photo.png') }, lang: 'en' });
    expect(notExcel.status).toBe(400);
    expect(notExcel.body.message).toBe('The file is not an Excel workbook (.xlsx).');
    const noColumns = await sendMultipart(t, 'POST', '/api/admin/payments/compare-rmis', {
      token: reader.token,
      files: { file: new File([(await workbookBytes([['Name', 'Date'], ['x', 'y']])) as Uint8Array<ArrayBuffer>], 'rmis.xlsx') },
      lang: 'en',
    });
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.message).toContain('code column and an amount column');
    const missing = await sendMultipart(t, 'POST', '/api/admin/payments/compare-rmis', { token: reader.token, fields: {} });
    expect(missing.status).toBe(400);
  });
});
