import { checkEligibility, feePeriodOn, todayAd, type ApplicationSubmit } from '@psc/core';
import { oncePerDatabase, prepareStatement, type Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { forgetAdvertisements } from '../advertisements/advertisement-cache';
import { advertisementNameColumns } from '../advertisements/read-advertisements';
import { AppError } from '../http/errors';
import { FieldErrors, ProfileLockedError } from '../profile/profile-errors';
import { EligibilityRefusal } from './application-errors';
import { assertQuotasClaimable, chargeLines, chosenQuotaCodes, deadlinesOf, feeChoiceOf, quoteFor, type PricedQuote } from './fee-choice';
import { isProfileLocked, loadApplicantFacts, loadApplyAdvertisement, offersExamCentre, type AdvertisementNames, type ApplicantFacts, type ApplyAdvertisement } from './load-apply-context';
import { readReceipt, type Receipt } from './read-receipt';
import { createReceiptCode } from './receipt-code';

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
  if (!offersExamCentre(advertisement, input.examCentreId)) fields.examCentreId = ['application.examCentreInvalid'];
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

const value = (name: string) => sql.placeholder(name);

/**
 * The one statement that writes an application, its quotas, its charge and the "submitted"
 * event. The apply benchmark's pgbench runs this same text for the database's ceiling.
 */
export const SUBMIT_APPLICATION_SQL = sql`
  with application as (
    insert into applications (user_id, advertisement_id, attempt, faculty_id, optional_subject_id, exam_centre_id,
      age_years, age_months, age_days, qualification_answers, terms_accepted_at, receipt_code, payment_state)
    select ${value('userId')}::int, ${value('advertisementId')}::int, coalesce(max(attempt), 0) + 1, ${value('facultyId')}::int, ${value('optionalSubjectId')}::int,
      ${value('examCentreId')}::int, ${value('ageYears')}::int, ${value('ageMonths')}::int, ${value('ageDays')}::int, ${value('qualificationAnswers')}::jsonb, now(),
      ${value('receiptCode')}::text, case when ${value('isFree')}::boolean then 'paid' else 'unpaid' end
    from applications where user_id = ${value('userId')}::int and advertisement_id = ${value('advertisementId')}::int
    -- The advertisement read before may be a few seconds old (advertisement-cache): the
    -- statement itself refuses one that is no longer published.
    having exists (select 1 from advertisements where id = ${value('advertisementId')}::int and status = 'published')
    on conflict do nothing
    returning id, attempt, status, submitted_at
  ), chosen as (
    insert into application_quotas (application_id, advertisement_quota_id)
    select application.id, quota from application, unnest(${value('quotaIds')}::int[]) as quota
    returning advertisement_quota_id, status, added_later
  ), charge as (
    insert into charges (application_id, purpose, amount, lines, status, paid_at)
    select id, ${value('purpose')}::text, ${value('amount')}::int, ${value('chargeLines')}::jsonb,
      case when ${value('isFree')}::boolean then 'paid' else 'due' end, case when ${value('isFree')}::boolean then now() end
    from application
    returning id, status
  ), event as (
    insert into application_events (application_id, kind, detail, actor_user_id)
    select id, 'submitted', ${value('eventDetail')}::jsonb, ${value('userId')}::int from application
  )
  select id, attempt, status, (extract(epoch from submitted_at) * 1000)::float8 as "submittedAtMs",
    (select coalesce(json_agg(json_build_object('advertisementQuotaId', advertisement_quota_id, 'status', status, 'addedLater', added_later)), '[]'::json) from chosen)::text as "quotas",
    (select id from charge where status = 'due') as "dueChargeId"
  from application`;

/** Prepared: the busiest statement of the product, planned once per connection, not per submit. */
const submitStatementOf = oncePerDatabase((db) => prepareStatement<InsertedRow>(db, 'submit_application', SUBMIT_APPLICATION_SQL));

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

  const [inserted] = await submitStatementOf(db).all({
    userId,
    advertisementId: advertisement.id,
    facultyId: input.facultyId,
    optionalSubjectId: input.optionalSubjectId,
    examCentreId: input.examCentreId,
    ageYears: age.years,
    ageMonths: age.months,
    ageDays: age.days,
    qualificationAnswers: JSON.stringify(input.qualificationAnswers),
    receiptCode,
    isFree,
    quotaIds: `{${input.advertisementQuotaIds.join(',')}}`,
    purpose,
    amount: quote.amount,
    chargeLines: JSON.stringify(chargeLines(quote, choice)),
    eventDetail: JSON.stringify(detail),
  });
  if (inserted) {
    const receipt = receiptOfNew(inserted, { advertisement, input, age, receiptCode, amountDue: isFree ? 0 : quote.amount, paymentState: isFree ? 'paid' : 'unpaid' });
    return { created: true, applicationId: inserted.id, receipt };
  }
  const receipt = await readReceipt(db, { liveFor: { userId, advertisementId: advertisement.id } });
  if (receipt) return { created: false, applicationId: receipt.applicationId, receipt };
  // Nothing was written and nothing is live: the advertisement closed since it was read, or the
  // application found a moment ago was deleted by staff. A fresh read tells which.
  forgetAdvertisements(db);
  assertOpenForApplying(await loadApplyAdvertisement(db, input.advertisementId), today);
  throw new AppError('CONFLICT');
}

type InsertedRow = { id: number; attempt: number; status: Receipt['status']; submittedAtMs: number; quotas: string; dueChargeId: number | null };

/**
 * The receipt of an application just written, from what the statement returned and the
 * advertisement already in hand: the same shape `readReceipt` answers, without reading back.
 */
function receiptOfNew(
  row: InsertedRow,
  made: { advertisement: ApplyAdvertisement; input: ApplicationSubmit; age: { years: number; months: number; days: number }; receiptCode: string; amountDue: number; paymentState: Receipt['paymentState'] },
): Receipt {
  const { advertisement, input, age } = made;
  const centre = advertisement.examCentres.find((item) => item.id === input.examCentreId)!;
  const chosen = JSON.parse(row.quotas) as { advertisementQuotaId: number; status: Receipt['quotas'][number]['status']; addedLater: boolean }[];
  // In the advertisement's order, as readReceipt answers them.
  const quotas = advertisement.quotas.flatMap((quota) => {
    const made = chosen.find((item) => item.advertisementQuotaId === quota.id);
    return made ? [{ advertisementQuotaId: quota.id, quotaId: quota.quotaId, code: quota.code, nameEn: quota.nameEn, nameNp: quota.nameNp, status: made.status, addedLater: made.addedLater }] : [];
  });
  const names = Object.fromEntries(Object.keys(advertisementNameColumns).map((name) => [name, advertisement[name as keyof AdvertisementNames]])) as AdvertisementNames;
  return {
    applicationId: row.id,
    receiptCode: made.receiptCode,
    attempt: row.attempt,
    status: row.status,
    paymentState: made.paymentState,
    submittedAt: new Date(row.submittedAtMs),
    ageYears: age.years,
    ageMonths: age.months,
    ageDays: age.days,
    facultyId: input.facultyId,
    optionalSubjectId: input.optionalSubjectId,
    examCentreId: centre.id,
    examCentreNameEn: centre.nameEn,
    examCentreNameNp: centre.nameNp,
    advertisementId: advertisement.id,
    advertisementCode: advertisement.code,
    fiscalYear: advertisement.fiscalYear,
    paymentLastDate: advertisement.paymentLastDate,
    lastDateForSubmission: advertisement.lastDateForSubmission,
    doubleFeeLastDate: advertisement.doubleFeeLastDate,
    ...names,
    quotas,
    amountDue: made.amountDue,
    dueChargeIds: row.dueChargeId === null ? [] : [row.dueChargeId],
  };
}
