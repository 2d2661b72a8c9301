import { todayAd } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../http/errors';
import { chargeLines, feeChoiceOf, priced, quoteFor, wantedOf } from './fee-choice';
import { findMyApplication, lockMyApplication, readApplicationQuotas } from './find-my-application';
import { loadApplyAdvertisement, type ApplyAdvertisement } from './load-apply-context';

const { applications, applicationEvents, charges } = schema;

/**
 * spec §4 deadline rule: once the voucher deadline (paymentLastDate) has passed unpaid, the
 * candidate may pay the double fee instead, until the double-fee date. The fee is the one rule's,
 * with the voucher deadline as the end of the normal period for this candidate.
 */
export function isDoubleFeeWindow(advertisement: ApplyAdvertisement, today: string): boolean {
  return advertisement.paymentLastDate !== null && advertisement.doubleFeeLastDate !== null && today > advertisement.paymentLastDate && today <= advertisement.doubleFeeLastDate;
}

export function quoteDoubleFee(advertisement: ApplyAdvertisement, codes: string[], lines: unknown, today: string, lastDay: string) {
  const choice = feeChoiceOf(codes, wantedOf(lines));
  const quote = priced(quoteFor(advertisement, choice, today, { lastDateForSubmission: advertisement.paymentLastDate!, doubleFeeLastDate: lastDay }));
  return { quote, choice };
}

/** POST /api/psc/applications/:id/convert-double-fee: the due application charge is cancelled and a double-fee charge made. */
export async function convertToDoubleFee(db: Database, userId: number, applicationId: number, now: Date = new Date()) {
  const today = todayAd(now);
  const current = await findMyApplication(db, userId, applicationId);
  const advertisement = await loadApplyAdvertisement(db, current.advertisementId);
  const refuse = () => new AppError('CONFLICT', { messageKey: 'application.convertNotAllowed' });
  if (!advertisement || current.status !== 'pending' || current.paymentState !== 'unpaid' || !isDoubleFeeWindow(advertisement, today)) throw refuse();
  const [codes, due] = await Promise.all([
    readApplicationQuotas(db, applicationId),
    db.select({ id: charges.id, lines: charges.lines }).from(charges).where(and(eq(charges.applicationId, applicationId), eq(charges.purpose, 'application'), eq(charges.status, 'due'))),
  ]);
  if (due.length === 0) throw refuse();
  const { quote, choice } = quoteDoubleFee(
    advertisement,
    codes.map((row) => row.code),
    due[0]!.lines,
    today,
    advertisement.doubleFeeLastDate!,
  );

  return db.transaction(async (tx) => {
    const application = await lockMyApplication(tx, userId, applicationId);
    if (application.status !== 'pending' || application.paymentState !== 'unpaid') throw refuse();
    const cancelled = await tx
      .update(charges)
      .set({ status: 'cancelled' })
      .where(and(eq(charges.applicationId, applicationId), eq(charges.purpose, 'application'), eq(charges.status, 'due')))
      .returning({ id: charges.id });
    // Converted a moment ago in another tab: the application charge is no longer due.
    if (cancelled.length === 0) throw refuse();
    const [charge] = await tx
      .insert(charges)
      .values({ applicationId, purpose: 'double-fee', amount: quote.amount, lines: chargeLines(quote, choice) })
      .returning({ id: charges.id, amount: charges.amount, status: charges.status, purpose: charges.purpose });
    await tx.update(applications).set({ updatedAt: now }).where(eq(applications.id, applicationId));
    await tx.insert(applicationEvents).values({
      applicationId,
      kind: 'converted-double-fee',
      detail: { messageKey: 'application.event.converted-double-fee', params: { amount: quote.amount }, cancelledChargeIds: cancelled.map((row) => row.id) },
      actorUserId: userId,
    });
    return { applicationId, charge: charge! };
  });
}
