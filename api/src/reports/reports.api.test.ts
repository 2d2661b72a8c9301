import { schema, type SeededAdvertisement } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshDashboardCounts } from '../dashboard/dashboard-counts';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createPaymentFixture } from '../test-support/payment-fixtures';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';

// The application count and re-applicant reports [ER], and deleting a
// candidate's application [CAD delete] with its reason, timeline entry and audit row.

let t: TestApp;
let reporter: StaffUser;
let deleter: StaffUser;
let advertisement: SeededAdvertisement;
beforeAll(async () => {
  t = await createTestApp();
  reporter = await createStaffUser(t, { ER: ['read'] });
  deleter = await createStaffUser(t, { CAD: ['delete'] });
  advertisement = await createAdvertisementFixture(t.db, { status: 'published' });
});
afterAll(() => t.close());

type CountRow = { advertisementCode: string; total: number; pending: number; paid: number; unpaid: number; verificationPending: number; reapplications: number };

/** The report's line for an advertisement, recounted first (it reads the counts taken every minute). */
async function countFor(code: string): Promise<CountRow | undefined> {
  await refreshDashboardCounts(t.db);
  const answer = await t.call('GET', `/api/admin/reports/application-count?advertisementCode=${encodeURIComponent(code)}`, { token: reporter.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as CountRow[])[0];
}

describe('reports', () => {
  it('counts applications by status and payment state, and lists re-applicants', async () => {
    const first = await createPaymentFixture(t, { advertisement });
    await createPaymentFixture(t, { advertisement, attempt: 2, purpose: 'double-fee' });
    await t.db.update(schema.applications).set({ paymentState: 'paid' }).where(eq(schema.applications.id, first.applicationId));
    const row = await countFor(advertisement.code);
    expect(row).toMatchObject({ advertisementCode: advertisement.code, total: 2, pending: 2, paid: 1, unpaid: 1, verificationPending: 0, reapplications: 1 });
    const byYear = await t.call('GET', `/api/admin/reports/application-count?fiscalYear=${encodeURIComponent(advertisement.fiscalYear)}`, { token: reporter.token });
    expect((byYear.body.data as CountRow[]).map((r) => r.advertisementCode)).toContain(advertisement.code);

    const reapplicants = await t.call('GET', `/api/admin/reports/re-applicants?advertisementCode=${encodeURIComponent(advertisement.code)}`, { token: reporter.token });
    expect(reapplicants.status).toBe(200);
    const { items, total } = reapplicants.body.data as { items: { attempt: number; advertisementCode: string; fullNameEn: string }[]; total: number };
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ attempt: 2, advertisementCode: advertisement.code, fullNameEn: 'Ram Thapa' });
  });
});

describe('deleting an application', () => {
  it('needs a reason, then marks it deleted, cancels what it owed, and records why', async () => {
    const f = await createPaymentFixture(t, { advertisement });
    const before = (await countFor(advertisement.code))!.total;
    expect((await t.call('DELETE', `/api/admin/applications/${f.applicationId}`, { token: deleter.token })).status).toBe(400);
    expect((await t.call('DELETE', `/api/admin/applications/${f.applicationId}?remarks=x`, { token: reporter.token })).status).toBe(403);
    const answer = await t.call('DELETE', `/api/admin/applications/${f.applicationId}?remarks=${encodeURIComponent('duplicate application')}`, { token: deleter.token, lang: 'en' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('The application has been deleted.');
    const [application] = await t.db.select().from(schema.applications).where(eq(schema.applications.id, f.applicationId));
    expect(application!.deletedAt).not.toBeNull();
    expect(application!.deletedBy).toBe(deleter.userId);
    const [charge] = await t.db.select().from(schema.charges).where(eq(schema.charges.id, f.chargeId));
    expect(charge!.status).toBe('cancelled');
    const events = await t.db.select().from(schema.applicationEvents).where(eq(schema.applicationEvents.applicationId, f.applicationId));
    expect(events.map((e) => [e.kind, e.detail, e.actorUserId])).toEqual([['deleted', { remarks: 'duplicate application' }, deleter.userId]]);
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'applications'), eq(schema.auditLog.entityId, String(f.applicationId)), eq(schema.auditLog.action, 'delete')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(deleter.userId);
    expect((await countFor(advertisement.code))!.total).toBe(before - 1);
    // Deleted is gone: a second delete, and the candidate's payment, find nothing.
    expect((await t.call('DELETE', `/api/admin/applications/${f.applicationId}?remarks=again`, { token: deleter.token })).status).toBe(404);
    expect((await t.call('POST', '/api/psc/payments/ebp-code-verification', { token: f.token, json: { chargeId: f.chargeId, ebpCode: 'EBP-DELETED-1' } })).status).toBe(404);
  });
});
