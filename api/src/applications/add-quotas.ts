import { todayAd } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../http/errors';
import { FieldErrors } from '../profile/profile-errors';
import { assertQuotasClaimable, chargeLines, chosenQuotaCodes, feeChoiceOf, priced, quoteFor, wantedOf } from './fee-choice';
import { findMyApplication, lockMyApplication, readApplicationQuotas } from './find-my-application';
import { loadApplicantFacts, loadApplyAdvertisement } from './load-apply-context';

const { applications, applicationQuotas, applicationEvents, charges } = schema;

/**
 * Additional-quota application (spec §1): more quotas on a pending application while the
 * advertisement takes applications. The charge is what the one fee rule asks for all the quotas
 * minus what it asks for those already chosen, both priced today.
 */
export async function addApplicationQuotas(db: Database, userId: number, applicationId: number, advertisementQuotaIds: number[], now: Date = new Date()) {
  const today = todayAd(now);
  const current = await findMyApplication(db, userId, applicationId);
  const [advertisement, facts] = await Promise.all([loadApplyAdvertisement(db, current.advertisementId), loadApplicantFacts(db, userId)]);
  if (!advertisement || current.status !== 'pending') throw new AppError('CONFLICT', { messageKey: 'application.additionalQuotaClosed' });
  const addedCodes = chosenQuotaCodes(advertisement, advertisementQuotaIds);
  assertQuotasClaimable(addedCodes, facts);
  const [existing, [firstCharge]] = await Promise.all([
    readApplicationQuotas(db, applicationId),
    db.select({ lines: charges.lines }).from(charges).where(eq(charges.applicationId, applicationId)).orderBy(charges.id).limit(1),
  ]);
  if (advertisementQuotaIds.some((id) => existing.some((row) => row.advertisementQuotaId === id))) throw new FieldErrors({ advertisementQuotaIds: ['application.quotaAlreadyChosen'] });
  const wanted = wantedOf(firstCharge?.lines);
  const before = priced(quoteFor(advertisement, feeChoiceOf(existing.map((row) => row.code), wanted), today));
  const choice = feeChoiceOf([...existing.map((row) => row.code), ...addedCodes], wanted);
  const after = priced(quoteFor(advertisement, choice, today));
  const amount = Math.max(0, after.amount - before.amount);

  return db.transaction(async (tx) => {
    const application = await lockMyApplication(tx, userId, applicationId);
    if (application.status !== 'pending') throw new AppError('CONFLICT', { messageKey: 'application.additionalQuotaClosed' });
    const added = await tx
      .insert(applicationQuotas)
      .values(advertisementQuotaIds.map((advertisementQuotaId) => ({ applicationId, advertisementQuotaId, addedLater: true, addedAt: now })))
      .onConflictDoNothing()
      .returning({ id: applicationQuotas.advertisementQuotaId });
    // Another tab added one of them a moment ago: nothing of this request is kept.
    if (added.length !== advertisementQuotaIds.length) throw new FieldErrors({ advertisementQuotaIds: ['application.quotaAlreadyChosen'] });
    const [charge] = await tx
      .insert(charges)
      .values({ applicationId, purpose: 'additional-quota', amount, lines: { ...chargeLines(after, choice), previousAmount: before.amount }, ...(amount === 0 ? { status: 'paid' as const, paidAt: now } : {}) })
      .returning({ id: charges.id, amount: charges.amount, status: charges.status });
    if (amount > 0) await tx.update(applications).set({ paymentState: 'unpaid', updatedAt: now }).where(and(eq(applications.id, applicationId)));
    await tx.insert(applicationEvents).values({
      applicationId,
      kind: 'quotas-added',
      detail: { messageKey: 'application.event.quotas-added', params: { quotas: addedCodes.join(', '), amount }, advertisementQuotaIds },
      actorUserId: userId,
    });
    return { applicationId, advertisementQuotaIds, charge: charge! };
  });
}
