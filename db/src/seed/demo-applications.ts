import { ageOn, quoteApplicationFee, todayAd, type FeeDeadlines } from '@psc/core';
import { randomBytes } from 'node:crypto';
import type { Database } from '../connect';
import { applicationEvents, applicationQuotas, applications, charges, payments } from '../schema/index';

// A demo application submitted and paid online, as the submit and a settled eSewa payment leave
// the tables: the application with its quotas, the charge from the one fee rule, the payment and
// the two timeline events. Every demo stage past the deadline starts from these, so a candidate's
// card shows the fee paid and its receipt, as a real one does.

export type SeedPaidApplication = {
  userId: number;
  advertisementId: number;
  examCentreId: number;
  /** The claimed quotas, as advertisement quota ids with their codes (the timeline names the codes). */
  quotas: readonly { advertisementQuotaId: number; code: string }[];
  dateOfBirth: string;
  dates: FeeDeadlines & { ageCutOffDate: string };
  applicationFee: number;
  receiptCode: string;
  submittedAt: Date;
  /** The gateway's answer came this long after the submit. */
  paidAfterMinutes: number;
};

/** Answers the application's id. */
export async function seedPaidApplication(db: Database, input: SeedPaidApplication): Promise<number> {
  const paidAt = new Date(input.submittedAt.getTime() + input.paidAfterMinutes * 60_000);
  const age = ageOn(input.dateOfBirth, input.dates.ageCutOffDate);
  const quote = quoteApplicationFee(
    { applicationFee: input.applicationFee, internalCompetitionFee: 0, extraQuotaFee: 0, extraServiceFee: 0, extraClusterFee: 0 },
    { openQuotaCount: input.quotas.length, internal: false, serviceCount: 1, clusterCount: 1 },
    todayAd(input.submittedAt),
    input.dates,
  );
  if (quote.period === 'expired') throw new Error('a demo application is submitted before its deadline');
  const [application] = await db
    .insert(applications)
    .values({
      userId: input.userId,
      advertisementId: input.advertisementId,
      paymentState: 'paid',
      examCentreId: input.examCentreId,
      ageYears: age.years,
      ageMonths: age.months,
      ageDays: age.days,
      qualificationAnswers: { qualification: true, truth: true },
      termsAcceptedAt: input.submittedAt,
      receiptCode: input.receiptCode,
      submittedAt: input.submittedAt,
      updatedAt: paidAt,
    })
    .returning({ id: applications.id });
  const applicationId = application!.id;
  await db.insert(applicationQuotas).values(input.quotas.map((quota) => ({ applicationId, advertisementQuotaId: quota.advertisementQuotaId, addedAt: input.submittedAt })));
  const [charge] = await db
    .insert(charges)
    .values({
      applicationId,
      purpose: 'application',
      amount: quote.amount,
      lines: { period: quote.period, multiplier: quote.multiplier, baseAmount: quote.baseAmount, lines: quote.lines },
      status: 'paid',
      createdAt: input.submittedAt,
      paidAt,
    })
    .returning({ id: charges.id });
  await db.insert(payments).values({
    chargeId: charge!.id,
    userId: input.userId,
    method: 'online',
    gateway: 'esewa',
    transactionUuid: `psc-${charge!.id}-${randomBytes(8).toString('hex')}`,
    amount: quote.amount,
    status: 'completed',
    paidOn: paidAt,
    createdAt: input.submittedAt,
    updatedAt: paidAt,
  });
  const codes = input.quotas.map((quota) => quota.code).join(', ');
  await db.insert(applicationEvents).values([
    { applicationId, kind: 'submitted', detail: { messageKey: 'application.event.submitted', params: { quotas: codes, amount: quote.amount } }, actorUserId: input.userId, at: input.submittedAt },
    { applicationId, kind: 'payment-paid', detail: { amount: quote.amount, method: 'online' }, actorUserId: null, at: paidAt },
  ]);
  return applicationId;
}
