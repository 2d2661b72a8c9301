import { schema, type SeededAdvertisement } from '@psc/db';
import { and, desc, eq } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createApplications, createClosedAdvertisement } from '../scrutiny/scrutiny.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { downloadWorkbook, readFirstSheet } from '../test-support/workbook-download';

// backup-scrutiny and backup-rmis [BUK read] (spec §2): an advertisement's scrutiny decisions and
// payments archived to Excel, with an audit row for each archive taken.

let t: TestApp;
let archivist: StaffUser;
let officer: StaffUser;
let verifier: StaffUser;
let outsider: StaffUser;
let advertisement: SeededAdvertisement;
let applicationIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  archivist = await createStaffUser(t, { BUK: ['read'] });
  officer = await createStaffUser(t, { SC: ['read', 'update'] });
  verifier = await createStaffUser(t, { CPM: ['read', 'update'] });
  outsider = await createStaffUser(t, { ER: ['read'] });
  advertisement = await createClosedAdvertisement(t);
  // Three paid applications, and one unpaid, which scrutiny never screens.
  const paid = await createApplications(t, advertisement, 3);
  const [unpaid] = await createApplications(t, advertisement, 1, { paymentState: 'unpaid' });
  applicationIds = paid.map((row) => row.id).sort((a, b) => a - b);
  const [first, second, third] = applicationIds as [number, number, number];
  const at = new Date('2026-01-05T04:30:00Z');
  await t.db.insert(schema.scrutinyAllocations).values(
    applicationIds.map((applicationId, index) => ({
      applicationId,
      advertisementId: advertisement.advertisementId,
      officerUserId: officer.userId,
      allocatedBy: officer.userId,
      status: index < 2 ? ('approved' as const) : ('pending' as const),
    })),
  );
  await t.db.insert(schema.scrutinyDecisions).values([
    { applicationId: first, decision: 'approve', officerUserId: officer.userId, at },
    { applicationId: second, decision: 'hold', reasonCode: 'document-unclear', remark: 'Citizenship copy unreadable', officerUserId: officer.userId, at },
    { applicationId: second, decision: 'approve', officerUserId: officer.userId, at: new Date(at.getTime() + 3_600_000) },
  ]);
  const [bank] = await t.db.select({ id: schema.banks.id }).from(schema.banks).limit(1);
  const charges = await t.db
    .insert(schema.charges)
    .values([first, second, third, unpaid!.id].map((applicationId) => ({ applicationId, purpose: 'application' as const, amount: 1000 })))
    .returning({ id: schema.charges.id, applicationId: schema.charges.applicationId });
  const chargeOf = (applicationId: number) => charges.find((row) => row.applicationId === applicationId)!.id;
  const userOf = async (applicationId: number) =>
    (await t.db.select({ userId: schema.applications.userId }).from(schema.applications).where(eq(schema.applications.id, applicationId)))[0]!.userId;
  const tag = `${process.pid}-${Date.now()}`;
  await t.db.insert(schema.payments).values([
    { chargeId: chargeOf(first), userId: await userOf(first), method: 'online', gateway: 'esewa', transactionUuid: `a-${tag}`, gatewayReference: `REF-${tag}`, amount: 1000, status: 'completed' },
    {
      chargeId: chargeOf(second),
      userId: await userOf(second),
      method: 'voucher',
      transactionUuid: `b-${tag}`,
      bankId: bank!.id,
      voucherNumber: `V-${tag}`,
      amount: 1000,
      status: 'verified',
      verificationGroup: 'approved',
      verifiedBy: verifier.userId,
      verifiedAt: at,
    },
    { chargeId: chargeOf(third), userId: await userOf(third), method: 'voucher', transactionUuid: `c-${tag}`, bankId: bank!.id, voucherNumber: `W-${tag}`, amount: 1000, status: 'submitted', verificationGroup: 'submitted' },
    { chargeId: chargeOf(unpaid!.id), userId: await userOf(unpaid!.id), method: 'online', gateway: 'esewa', transactionUuid: `d-${tag}`, amount: 1000, status: 'failed' },
  ]);
});
afterAll(() => t.close());

async function lastExport(entity: string) {
  const [row] = await t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, entity), eq(schema.auditLog.actorUserId, archivist.userId)))
    .orderBy(desc(schema.auditLog.id))
    .limit(1);
  return row;
}

describe('archives of an advertisement', () => {
  it('lists the advertisements and counts what each archive will hold', async () => {
    const list = await t.call('GET', '/api/admin/backups/archives/advertisements', { token: archivist.token });
    expect(list.status).toBe(200);
    expect((list.body.data as { id: number }[]).some((row) => row.id === advertisement.advertisementId)).toBe(true);
    const counts = await t.call('GET', `/api/admin/backups/archives/${advertisement.advertisementId}`, { token: archivist.token });
    expect(counts.status).toBe(200);
    expect(counts.body.data).toMatchObject({ applications: 3, decidedApplications: 2, decisions: 3, payments: 4, settledPayments: 2, settledAmount: 2000 });
  });

  it('backup-scrutiny: every decision and every undecided application, with remarks, who and when; audited', async () => {
    const file = await downloadWorkbook(t, `/api/admin/backups/archives/${advertisement.advertisementId}/scrutiny/excel`, archivist.token);
    expect(file.status).toBe(200);
    expect(file.type).toContain('spreadsheetml');
    expect(file.disposition).toContain('scrutiny-archive-');
    const { name, rows } = await readFirstSheet(file.bytes);
    expect(name).toBe('Scrutiny decisions');
    expect(rows[1]).toEqual(expect.arrayContaining(['S.N.', 'Receipt number', 'Decision', 'Remarks', 'Decided by', 'Decided at (Nepal time)']));
    const body = rows.slice(2);
    // One decision of the first, two of the second, none yet of the third.
    expect(body).toHaveLength(4);
    expect(body.map((row) => row[6] ?? '')).toEqual(['Approve', 'Hold', 'Approve', '']);
    expect(body[1]![7]).toBe('Whole application');
    expect(body[1]![8]).toBe('document-unclear');
    expect(body[1]![9]).toBe('Citizenship copy unreadable');
    expect(String(body[1]![10])).toMatch(/\(rq\.user\./);
    // 04:30 UTC is 10:15 in Nepal.
    expect((body[1]![11] as Date).toISOString()).toBe('2026-01-05T10:15:00.000Z');
    expect(body[1]![12]).toBe('2082-09-21');
    expect(body[3]![4]).toBe('Pending');
    const audit = await lastExport('archives.scrutiny');
    expect(audit).toMatchObject({ action: 'export', entityId: String(advertisement.advertisementId) });
    expect(audit!.after).toMatchObject({ rows: 4 });
  });

  it('backup-rmis: every payment with its channel, reference, state and what reconciled it; in Nepali too', async () => {
    const file = await downloadWorkbook(t, `/api/admin/backups/archives/${advertisement.advertisementId}/rmis/excel`, archivist.token);
    expect(file.status).toBe(200);
    const { rows } = await readFirstSheet(file.bytes);
    const body = rows.slice(2);
    expect(body).toHaveLength(4);
    const [online, verified, submitted, failed] = body as [ExcelJS.CellValue[], ExcelJS.CellValue[], ExcelJS.CellValue[], ExcelJS.CellValue[]];
    expect(online.slice(6, 11)).toEqual(['Online', expect.stringMatching(/^REF-/), expect.stringMatching(/^a-/), 1000, 'Completed']);
    expect(online[13]).toMatch(/^Gateway confirmation: esewa REF-/);
    expect(online[16]).toBe('esewa');
    expect(verified.slice(6, 8)).toEqual(['Bank voucher', expect.stringMatching(/^V-/)]);
    expect(verified[10]).toBe('Verified');
    expect(verified[13]).toMatch(/^Bank voucher: .+ V-/);
    expect(String(verified[16])).toMatch(/\(rq\.user\./);
    expect(submitted[13] ?? '').toBe('');
    expect(failed[10]).toBe('Failed');
    expect((await lastExport('archives.rmis'))!.after).toMatchObject({ rows: 4 });

    const nepali = await readFirstSheet((await downloadWorkbook(t, `/api/admin/backups/archives/${advertisement.advertisementId}/rmis/excel`, archivist.token, 'ne')).bytes);
    expect(nepali.name).toBe('भुक्तानीहरू');
    expect(nepali.rows[1]).toEqual(expect.arrayContaining(['रकम', 'मिलान गर्ने']));
  });

  it('refuses without a session, without BUK, and for an advertisement that is not there', async () => {
    for (const kind of ['scrutiny', 'rmis']) {
      const path = `/api/admin/backups/archives/${advertisement.advertisementId}/${kind}/excel`;
      expect((await downloadWorkbook(t, path, null)).status).toBe(401);
      expect((await downloadWorkbook(t, path, outsider.token)).status).toBe(403);
    }
    expect((await t.call('GET', `/api/admin/backups/archives/${advertisement.advertisementId}`, { token: outsider.token })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/backups/archives/advertisements')).status).toBe(401);
    const missing = await t.call('GET', '/api/admin/backups/archives/99999999', { token: archivist.token, lang: 'en' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('There is no such advertisement past its draft.');
    expect((await downloadWorkbook(t, '/api/admin/backups/archives/99999999/scrutiny/excel', archivist.token)).status).toBe(404);
  });
});
