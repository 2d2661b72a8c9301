import { checkEligibility, feePeriodOn, todayAd, type ApplicationSubmit } from '@psc/core';
import { answerEach, BUSY_STATEMENT_BATCHES, createStatementBatcher, oncePerDatabase, prepareStatement, type Database } from '@psc/db';
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

/**
 * The one statement that writes applications, each with its quotas, its charge and its
 * "submitted" event: for every submit that arrived together (createStatementBatcher), one
 * object each in the `rows` JSON array. Each answer carries its receipt code, which the caller
 * made, to find its own row again. The apply benchmark's pgbench runs this same text for the
 * database's ceiling.
 */
export const SUBMIT_APPLICATIONS_SQL = sql`
  with input as (
    select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as r(user_id int, advertisement_id int, faculty_id int,
      optional_subject_id int, exam_centre_id int, age_years int, age_months int, age_days int, qualification_answers jsonb,
      receipt_code text, is_free boolean, quota_ids int[], purpose text, amount int, charge_lines jsonb, event_detail jsonb)
  ), application as (
    insert into applications (user_id, advertisement_id, attempt, faculty_id, optional_subject_id, exam_centre_id,
      age_years, age_months, age_days, qualification_answers, terms_accepted_at, receipt_code, payment_state)
    select i.user_id, i.advertisement_id,
      coalesce((select max(a.attempt) from applications a where a.user_id = i.user_id and a.advertisement_id = i.advertisement_id), 0) + 1,
      i.faculty_id, i.optional_subject_id, i.exam_centre_id, i.age_years, i.age_months, i.age_days, i.qualification_answers, now(),
      i.receipt_code, case when i.is_free then 'paid' else 'unpaid' end
    from input i
    -- The advertisement read before may be a few seconds old (advertisement-cache): the
    -- statement itself refuses one that is no longer published.
    where exists (select 1 from advertisements where id = i.advertisement_id and status = 'published')
    -- One order for every batch, so two batches never wait on each other's rows in a cycle.
    order by i.user_id, i.advertisement_id
    on conflict do nothing
    returning id, attempt, status, submitted_at, receipt_code
  ), chosen as (
    insert into application_quotas (application_id, advertisement_quota_id)
    select a.id, quota from application a join input i on i.receipt_code = a.receipt_code, unnest(i.quota_ids) as quota
    returning application_id, advertisement_quota_id, status, added_later
  ), charge as (
    insert into charges (application_id, purpose, amount, lines, status, paid_at)
    select a.id, i.purpose, i.amount, i.charge_lines, case when i.is_free then 'paid' else 'due' end, case when i.is_free then now() end
    from application a join input i on i.receipt_code = a.receipt_code
    returning id, application_id, status
  ), event as (
    insert into application_events (application_id, kind, detail, actor_user_id)
    select a.id, 'submitted', i.event_detail, i.user_id from application a join input i on i.receipt_code = a.receipt_code
  )
  select a.receipt_code as "receiptCode", a.id, a.attempt, a.status, (extract(epoch from a.submitted_at) * 1000)::float8 as "submittedAtMs",
    (select coalesce(json_agg(json_build_object('advertisementQuotaId', c.advertisement_quota_id, 'status', c.status, 'addedLater', c.added_later)), '[]'::json)
      from chosen c where c.application_id = a.id)::text as "quotas",
    (select charge.id from charge where charge.application_id = a.id and charge.status = 'due') as "dueChargeId"
  from application a`;

/** What one submit asks the statement to write: one element of its `rows`. */
type SubmitRow = {
  user_id: number;
  advertisement_id: number;
  faculty_id: number | null;
  optional_subject_id: number | null;
  exam_centre_id: number;
  age_years: number;
  age_months: number;
  age_days: number;
  qualification_answers: unknown;
  receipt_code: string;
  is_free: boolean;
  quota_ids: number[];
  purpose: string;
  amount: number;
  charge_lines: unknown;
  event_detail: unknown;
};

/**
 * Prepared (the busiest statement of the product, planned once per connection) and batched:
 * under a deadline rush, the submits that arrive together are written by one statement. Answers
 * the written row, or undefined when nothing was written for that submit.
 */
const submitStatementOf = oncePerDatabase((db) => {
  const statement = prepareStatement<InsertedRow>(db, 'submit_applications', SUBMIT_APPLICATIONS_SQL);
  return createStatementBatcher<SubmitRow, InsertedRow | undefined>(async (rows) => {
    const written = await statement.all({ rows: JSON.stringify(rows) });
    return answerEach(rows, written, (row) => row.receipt_code, (row) => row.receiptCode);
  }, BUSY_STATEMENT_BATCHES);
});

/**
 * Submit an application: every rule is checked first, then ONE statement writes the
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

  const inserted = await submitStatementOf(db)({
    user_id: userId,
    advertisement_id: advertisement.id,
    faculty_id: input.facultyId,
    optional_subject_id: input.optionalSubjectId,
    exam_centre_id: input.examCentreId,
    age_years: age.years,
    age_months: age.months,
    age_days: age.days,
    qualification_answers: input.qualificationAnswers,
    receipt_code: receiptCode,
    is_free: isFree,
    quota_ids: input.advertisementQuotaIds,
    purpose,
    amount: quote.amount,
    charge_lines: chargeLines(quote, choice),
    event_detail: detail,
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

type InsertedRow = { receiptCode: string; id: number; attempt: number; status: Receipt['status']; submittedAtMs: number; quotas: string; dueChargeId: number | null };

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
