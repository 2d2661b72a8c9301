import { schema, type SeededAdvertisement } from '@psc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { refreshDashboardCounts } from '../dashboard/dashboard-counts';
import { createPaymentFixture } from '../test-support/payment-fixtures';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { downloadWorkbook, readFirstSheet } from '../test-support/workbook-download';

// The ER reports' Excel exports (spec §2 application-count-report, re-applicant-report): the
// rows the screen shows for the same filters, in the caller's language; ER read alone.

let t: TestApp;
let reporter: StaffUser;
let outsider: StaffUser;
let advertisement: SeededAdvertisement;
beforeAll(async () => {
  t = await createTestApp();
  reporter = await createStaffUser(t, { ER: ['read'] });
  outsider = await createStaffUser(t, { BUK: ['read'] });
  advertisement = await createAdvertisementFixture(t.db, { status: 'published' });
  const first = await createPaymentFixture(t, { advertisement });
  await createPaymentFixture(t, { advertisement, attempt: 2, purpose: 'double-fee' });
  await t.db.update(schema.applications).set({ paymentState: 'paid' }).where(eq(schema.applications.id, first.applicationId));
  // The application-count report reads the counts taken every minute.
  await refreshDashboardCounts(t.db);
});
afterAll(() => t.close());

const code = () => encodeURIComponent(advertisement.code);

describe('report workbooks', () => {
  it('application-count: the same line as the screen for the advertisement, its counts as numbers', async () => {
    const screen = await t.call('GET', `/api/admin/reports/application-count?advertisementCode=${code()}`, { token: reporter.token });
    const file = await downloadWorkbook(t, `/api/admin/reports/application-count/excel?advertisementCode=${code()}`, reporter.token);
    expect(file.status).toBe(200);
    expect(file.disposition).toMatch(/application-count-.+\.xlsx/);
    const { name, rows } = await readFirstSheet(file.bytes);
    expect(name).toBe('Application count');
    expect(rows[0]).toEqual([advertisement.code]);
    expect(rows[1]!.slice(0, 4)).toEqual(['Advertisement', 'Fiscal year', 'Post', 'Total']);
    expect(rows.slice(2)).toHaveLength((screen.body.data as unknown[]).length);
    expect(rows[2]![0]).toBe(advertisement.code);
    // total, pending, approved, partly approved, rejected, expired, paid, verification pending, unpaid, re-applications
    expect(rows[2]!.slice(3)).toEqual([2, 2, 0, 0, 0, 0, 1, 0, 1, 1]);

    const nepali = await readFirstSheet((await downloadWorkbook(t, `/api/admin/reports/application-count/excel?fiscalYear=${encodeURIComponent(advertisement.fiscalYear)}`, reporter.token, 'ne')).bytes);
    expect(nepali.name).toBe('दरखास्त सङ्ख्या');
    expect(nepali.rows.slice(2).map((row) => row[0])).toContain(advertisement.code);
  });

  it('re-applicants: every re-applicant of the filters, not one page', async () => {
    const file = await downloadWorkbook(t, `/api/admin/reports/re-applicants/excel?advertisementCode=${code()}`, reporter.token);
    expect(file.status).toBe(200);
    const { name, rows } = await readFirstSheet(file.bytes);
    expect(name).toBe('Re-applicants');
    expect(rows.slice(2)).toHaveLength(1);
    expect(rows[2]!.slice(0, 8)).toEqual([1, 'Ram Thapa', expect.any(String), advertisement.code, advertisement.fiscalYear, 2, 'Pending', 'Unpaid']);
    expect(rows[2]![8]).toBeInstanceOf(Date);
    expect(rows[2]![9]).toMatch(/^20\d\d-\d\d-\d\d$/);
  });

  it('refuses without a session or ER, and a filter longer than its column', async () => {
    for (const path of ['/api/admin/reports/application-count/excel', '/api/admin/reports/re-applicants/excel']) {
      expect((await downloadWorkbook(t, path, null)).status).toBe(401);
      expect((await downloadWorkbook(t, path, outsider.token)).status).toBe(403);
      expect((await downloadWorkbook(t, `${path}?advertisementCode=${'x'.repeat(31)}`, reporter.token)).status).toBe(400);
    }
  });
});
