import { schema } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { findAdvertisementQuotaIds, seedApplicant } from './applications.test-support';

// Fifty identical concurrent submits make one application. All fifty go through the
// in-process app at once; on PostgreSQL they run on several connections at the same time, so the
// one-live-application index, not the order of arrival, is what keeps them to one.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a deadline rush of one candidate', () => {
  it('makes one application, one charge and one event of 50 identical concurrent submits, each answered with its receipt', async () => {
    const advertisement = await createAdvertisementFixture(t.db, { status: 'published', fiscalYear: '2078/79' });
    const quotaIds = await findAdvertisementQuotaIds(t.db, advertisement.advertisementId);
    const applicant = await seedApplicant(t);
    const body = { advertisementId: advertisement.advertisementId, advertisementQuotaIds: [quotaIds.open], examCentreId: advertisement.examCentreIds[0], acceptTerms: true };
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.call('POST', '/api/psc/applications', { token: applicant.token, json: body })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const data = answers.map((answer) => answer.body.data as { created: boolean; applicationId: number; receipt: { receiptCode: string } });
    expect(data.filter((item) => item.created)).toHaveLength(1);
    expect(new Set(data.map((item) => item.applicationId)).size).toBe(1);
    expect(new Set(data.map((item) => item.receipt.receiptCode)).size).toBe(1);
    const applications = await t.db
      .select({ id: schema.applications.id })
      .from(schema.applications)
      .where(and(eq(schema.applications.userId, applicant.userId), eq(schema.applications.advertisementId, advertisement.advertisementId)));
    expect(applications).toHaveLength(1);
    const applicationId = applications[0]!.id;
    expect(await t.db.select().from(schema.charges).where(eq(schema.charges.applicationId, applicationId))).toHaveLength(1);
    expect(await t.db.select().from(schema.applicationEvents).where(eq(schema.applicationEvents.applicationId, applicationId))).toHaveLength(1);
    expect(await t.db.select().from(schema.applicationQuotas).where(eq(schema.applicationQuotas.applicationId, applicationId))).toHaveLength(1);
  });

  it('lets many candidates apply at once, each once', async () => {
    const advertisement = await createAdvertisementFixture(t.db, { status: 'published', fiscalYear: '2078/79' });
    const quotaIds = await findAdvertisementQuotaIds(t.db, advertisement.advertisementId);
    const applicants = [];
    for (let i = 0; i < 5; i += 1) applicants.push(await seedApplicant(t));
    const body = { advertisementId: advertisement.advertisementId, advertisementQuotaIds: [quotaIds.open, quotaIds.women], examCentreId: advertisement.examCentreIds[0], acceptTerms: true };
    const answers = await Promise.all(applicants.flatMap((applicant) => [1, 2, 3, 4].map(() => t.call('POST', '/api/psc/applications', { token: applicant.token, json: body }))));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const rows = await t.db
      .select({ id: schema.applications.id, userId: schema.applications.userId, receiptCode: schema.applications.receiptCode })
      .from(schema.applications)
      .where(eq(schema.applications.advertisementId, advertisement.advertisementId));
    expect(rows.map((row) => row.userId).sort()).toEqual(applicants.map((applicant) => applicant.userId).sort());
    // Submits that arrive together are written by one statement (createStatementBatcher): each
    // candidate is still answered with their own application, never a neighbour's.
    applicants.forEach((applicant, index) => {
      const own = rows.find((row) => row.userId === applicant.userId)!;
      for (const answer of answers.slice(index * 4, index * 4 + 4)) {
        const { applicationId, receipt } = (answer.body as { data: { applicationId: number; receipt: { receiptCode: string } } }).data;
        expect(applicationId).toBe(own.id);
        expect(receipt.receiptCode).toBe(own.receiptCode);
      }
    });
  });
});
