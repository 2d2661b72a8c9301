import { todayAd } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../http/errors';
import { isDoubleFeeWindow, quoteDoubleFee } from './convert-double-fee';
import { chargeLines } from './fee-choice';
import { findMyApplication, lockMyApplication, readApplicationQuotas } from './find-my-application';
import { loadApplicantFacts, loadApplyAdvertisement, type ApplyAdvertisement } from './load-apply-context';
import { readReceipt } from './read-receipt';
import { createReceiptCode } from './receipt-code';
import { rowsOf } from './rows-of';
import { assertMayApply } from './submit-application';

const { applications, applicationEvents, charges } = schema;

/** The advertisement's re-apply period (spec §3 allowReapplyFrom, allowReapplyTo). */
function isReapplyPeriod(advertisement: ApplyAdvertisement, today: string): boolean {
  return advertisement.reapplyFrom !== null && advertisement.reapplyTo !== null && advertisement.reapplyFrom <= today && today <= advertisement.reapplyTo;
}

/**
 * Re-apply with double fee (spec §1, /re-apply/quota/..., /vacancy/reapply/quota/...): an
 * application left unpaid past the voucher deadline expires and a new attempt is made with the
 * same choices, at the double fee, during the double-fee window or the re-apply period. The new
 * attempt is inserted like a submission ("on conflict do nothing"), so a repeated request answers
 * the attempt already made.
 */
export async function reapplyApplication(db: Database, userId: number, applicationId: number, now: Date = new Date()) {
  const today = todayAd(now);
  const previous = await findMyApplication(db, userId, applicationId);
  const [advertisement, facts, quotaRows, [firstCharge]] = await Promise.all([
    loadApplyAdvertisement(db, previous.advertisementId),
    loadApplicantFacts(db, userId),
    readApplicationQuotas(db, applicationId),
    db.select({ lines: charges.lines }).from(charges).where(eq(charges.applicationId, applicationId)).orderBy(charges.id).limit(1),
  ]);
  const refuse = () => new AppError('CONFLICT', { messageKey: 'application.reapplyNotAllowed' });
  const mayReapply = (application: { status: string; paymentState: string }) =>
    application.paymentState === 'unpaid' && (application.status === 'expired' || (application.status === 'pending' && advertisement!.paymentLastDate !== null && today > advertisement!.paymentLastDate));
  if (!advertisement || advertisement.status !== 'published' || !mayReapply(previous)) throw refuse();
  if (!isDoubleFeeWindow(advertisement, today) && !isReapplyPeriod(advertisement, today)) throw refuse();
  const eligibility = assertMayApply(advertisement, facts, now);
  const lastDay = [advertisement.doubleFeeLastDate, advertisement.reapplyTo].filter((date): date is string => date !== null).sort().pop()!;
  const { quote, choice } = quoteDoubleFee(
    advertisement,
    quotaRows.map((row) => row.code),
    firstCharge?.lines,
    today,
    lastDay,
  );
  const age = eligibility.age!;

  await db.transaction(async (tx) => {
    const application = await lockMyApplication(tx, userId, applicationId);
    // A repeated request finds this attempt expired already; its insert below then meets the
    // live attempt made a moment ago and does nothing, and that attempt is the answer.
    if (!mayReapply(application)) throw refuse();
    if (application.status !== 'expired') {
      await tx.update(applications).set({ status: 'expired', updatedAt: now }).where(eq(applications.id, applicationId));
      await tx.insert(applicationEvents).values({ applicationId, kind: 'expired', detail: { messageKey: 'application.event.expired' }, actorUserId: userId });
    }
    await tx.update(charges).set({ status: 'cancelled' }).where(and(eq(charges.applicationId, applicationId), eq(charges.status, 'due')));
    const detail = { messageKey: 'application.event.reapplied', params: { amount: quote.amount }, previousApplicationId: applicationId };
    rowsOf(
      await tx.execute(sql`
        with application as (
          insert into applications (user_id, advertisement_id, attempt, faculty_id, optional_subject_id, exam_centre_id,
            age_years, age_months, age_days, qualification_answers, terms_accepted_at, receipt_code)
          select user_id, advertisement_id, (select max(attempt) + 1 from applications where user_id = ${userId} and advertisement_id = ${application.advertisementId}),
            faculty_id, optional_subject_id, exam_centre_id, ${age.years}::int, ${age.months}::int, ${age.days}::int, qualification_answers, now(), ${createReceiptCode()}::text
          from applications where id = ${applicationId}
          on conflict do nothing
          returning id
        ), chosen as (
          insert into application_quotas (application_id, advertisement_quota_id)
          select application.id, q.advertisement_quota_id from application, application_quotas q where q.application_id = ${applicationId}
        ), charge as (
          insert into charges (application_id, purpose, amount, lines)
          select id, 're-apply', ${quote.amount}::int, ${JSON.stringify(chargeLines(quote, choice))}::jsonb from application
        ), event as (
          insert into application_events (application_id, kind, detail, actor_user_id)
          select id, 'reapplied', ${JSON.stringify(detail)}::jsonb, ${userId}::int from application
        )
        select id from application`),
    );
  });
  const receipt = await readReceipt(db, { liveFor: { userId, advertisementId: previous.advertisementId } });
  if (!receipt) throw refuse();
  return { applicationId: receipt.applicationId, previousApplicationId: applicationId, receipt };
}
