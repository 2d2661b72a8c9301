import { checkEligibility, feePeriodOn, todayAd, type ApplicationSubmit } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { AppError } from '../http/errors';
import { FieldErrors, ProfileLockedError } from '../profile/profile-errors';
import { EligibilityRefusal } from './application-errors';
import { assertQuotasClaimable, chargeLines, chosenQuotaCodes, deadlinesOf, feeChoiceOf, quoteFor, type PricedQuote } from './fee-choice';
import { isProfileLocked, loadApplicantFacts, loadApplyAdvertisement, type ApplicantFacts, type ApplyAdvertisement } from './load-apply-context';
import { readReceipt, type Receipt } from './read-receipt';
import { createReceiptCode } from './receipt-code';
import { rowsOf } from './rows-of';

export type SubmitAnswer = { created: boolean; applicationId: number; receipt: Receipt };

/**
 * The advertisement is open for applying today: published, from its publish date, until the
 * double-fee date (spec §4, §8 "application expired").
 */
export function assertOpenForApplying(advertisement: ApplyAdvertisement | null, today: string): asserts advertisement is ApplyAdvertisement {
  if (!advertisement || advertisement.status !== 'published' || !advertisement.publishDate) throw new AppError('NOT_FOUND');
  if (today < advertisement.publishDate) throw new AppError('UNPROCESSABLE', { messageKey: 'application.notStarted' });
  if (feePeriodOn(today, deadlinesOf(advertisement)) === 'expired') throw new AppError('APPLICATION_EXPIRED', { messageKey: 'deadline.applicationExpired' });
}

/** Eligibility and the profile lock (spec §4 "Profile ... locked"): the candidate side of the checks. */
export function assertMayApply(advertisement: ApplyAdvertisement, facts: ApplicantFacts, now: Date) {
  if (isProfileLocked(facts, now)) throw new ProfileLockedError(todayAd(facts.lock!.lockedUntil));
  const eligibility = checkEligibility(facts, advertisement, advertisement.qualification);
  if (!eligibility.eligible) throw new EligibilityRefusal(eligibility);
  return eligibility;
}

/** The choices must be the advertisement's own options (spec §5 apply). */
function checkChoices(advertisement: ApplyAdvertisement, facts: ApplicantFacts, input: ApplicationSubmit): string[] {
  const fields: Record<string, ('application.examCentreInvalid' | 'application.optionalSubjectInvalid' | 'application.facultyInvalid')[]> = {};
  if (!advertisement.examCentreIds.includes(input.examCentreId)) fields.examCentreId = ['application.examCentreInvalid'];
  const subjects = advertisement.optionalSubjectIds;
  if (subjects.length > 0 ? input.optionalSubjectId === null || !subjects.includes(input.optionalSubjectId) : input.optionalSubjectId !== null) {
    fields.optionalSubjectId = ['application.optionalSubjectInvalid'];
  }
  const faculties = advertisement.qualification?.facultyIds ?? [];
  // spec §5 apply: the faculty is chosen when the post's qualification names faculties, and is
  // always one the candidate studied in.
  const studied = facts.educations.map((education) => education.facultyId);
  const isFacultyRefused = input.facultyId === null ? faculties.length > 0 : !studied.includes(input.facultyId) || (faculties.length > 0 && !faculties.includes(input.facultyId));
  if (isFacultyRefused) fields.facultyId = ['application.facultyInvalid'];
  if (Object.keys(fields).length > 0) throw new FieldErrors(fields);
  const codes = chosenQuotaCodes(advertisement, input.advertisementQuotaIds);
  assertQuotasClaimable(codes, facts);
  return codes;
}

/**
 * Submit an application (issue 7): every rule is checked first, then ONE statement writes the
 * application, its quotas, its charge and the "submitted" event. The application is inserted
 * "on conflict do nothing" against the one-live-application-per-candidate index, so a double
 * click, a second tab or a retried request finds the application that is already there and
 * answers with it (same receipt) instead of making a second.
 */
export async function submitApplication(db: Database, userId: number, input: ApplicationSubmit, now: Date = new Date()): Promise<SubmitAnswer> {
  const today = todayAd(now);
  const [advertisement, facts] = await Promise.all([loadApplyAdvertisement(db, input.advertisementId), loadApplicantFacts(db, userId)]);
  assertOpenForApplying(advertisement, today);
  const eligibility = assertMayApply(advertisement, facts, now);
  const quotaCodes = checkChoices(advertisement, facts, input);
  const choice = feeChoiceOf(quotaCodes, input);
  const quote = quoteFor(advertisement, choice, today) as PricedQuote;
  const age = eligibility.age!;
  const receiptCode = createReceiptCode();
  // Nothing to pay (a free advertisement): the charge is paid as it is made.
  const isFree = quote.amount === 0;
  const purpose = quote.period === 'double-fee' ? 'double-fee' : 'application';
  const detail = { messageKey: 'application.event.submitted', params: { quotas: quotaCodes.join(', '), amount: quote.amount } };

  const inserted = rowsOf<{ id: number }>(
    await db.execute(sql`
      with application as (
        insert into applications (user_id, advertisement_id, attempt, faculty_id, optional_subject_id, exam_centre_id,
          age_years, age_months, age_days, qualification_answers, terms_accepted_at, receipt_code, payment_state)
        select ${userId}::int, ${advertisement.id}::int, coalesce(max(attempt), 0) + 1, ${input.facultyId}::int, ${input.optionalSubjectId}::int, ${input.examCentreId}::int,
          ${age.years}::int, ${age.months}::int, ${age.days}::int, ${JSON.stringify(input.qualificationAnswers)}::jsonb, now(), ${receiptCode}::text, ${isFree ? 'paid' : 'unpaid'}::text
        from applications where user_id = ${userId} and advertisement_id = ${advertisement.id}
        on conflict do nothing
        returning id
      ), chosen as (
        insert into application_quotas (application_id, advertisement_quota_id)
        select application.id, quota from application, unnest(${`{${input.advertisementQuotaIds.join(',')}}`}::int[]) as quota
      ), charge as (
        insert into charges (application_id, purpose, amount, lines, status, paid_at)
        select id, ${purpose}::text, ${quote.amount}::int, ${JSON.stringify(chargeLines(quote, choice))}::jsonb, ${isFree ? 'paid' : 'due'}::text, ${isFree ? sql`now()` : sql`null::timestamptz`}
        from application
      ), event as (
        insert into application_events (application_id, kind, detail, actor_user_id)
        select id, 'submitted', ${JSON.stringify(detail)}::jsonb, ${userId}::int from application
      )
      select id from application`),
  );
  const created = inserted.length > 0;
  const receipt = await readReceipt(db, created ? { applicationId: inserted[0]!.id } : { liveFor: { userId, advertisementId: advertisement.id } });
  // The insert found a live application, but it is gone by now (deleted by staff at that moment).
  if (!receipt) throw new AppError('CONFLICT');
  return { created, applicationId: receipt.applicationId, receipt };
}
