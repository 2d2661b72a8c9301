import {
  endsAfterMidnight,
  examWindow,
  todayAd,
  translate,
  type ExamScheduleDecisionInput,
  type ExamScheduleSaveInput,
  type ExamScheduleStatus,
  type PublicHolidayInput,
} from '@psc/core';
import type { Database } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { candidateSeats } from './candidate-seats';

// Exam scheduling [ES] (spec §3 "Exam schedule"; spec §4 "Exam scheduling: save, skip (bypass),
// review, re-schedule. Internal and open exams can be scheduled the same day or on different
// days. Schedule status is pending or completed"; spec §7 "Exam scheduling: by {id} and {numId},
// skip by {id}, save, review, review for all approvals, requisitions for scheduling").
//
// An advertisement is to be scheduled once its scrutiny is finalised (a scrutiny_finalisations
// row with reopened_at null). Its schedule has one row per paper of its post's exam. Every save
// writes the rows and then checks them in SQL, inside the transaction, so a refused save leaves
// the saved schedule as it was:
// - two papers of the schedule overlapping (all its candidates sit every compulsory paper);
// - a paper overlapping a paper of another advertisement's schedule (proposed or approved) that
//   any candidate of this advertisement also applied to, found by joining the two
//   advertisements' applications on the candidate, one statement whatever their number;
// - a date outside the exam window (core examWindow) or on a public holiday.
// The one who sends a schedule for review may not approve it (a second person approves). An
// approval notifies every approved applicant by SMS and e-mail in both languages, written with one
// insert ... select per outbox.

type Actor = { actorUserId: number; requestId?: string | null; ipAddress?: string | null };
type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** Applications whose candidates will sit the exam, or might (another advertisement still in scrutiny). */
const LIVE_APPLICATION = sql`a.deleted_at is null and a.status not in ('rejected', 'expired')`;
/** Candidates an approval notifies: the approved applicants. */
const APPROVED_APPLICATION = sql`a.deleted_at is null and a.status in ('approved', 'partially-approved')`;

/**
 * The papers of an advertisement's exam: its post's papers for its service group when the group
 * has its own, otherwise the post's papers common to every group.
 */
function advertisementPapers(advertisementId: number | SQL): SQL {
  return sql`
    select p.* from advertisements ad join exam_papers p on p.post_id = ad.post_id
    where ad.id = ${advertisementId}
      and p.service_group_id is not distinct from (
        case when exists (select 1 from exam_papers g where g.post_id = ad.post_id and g.service_group_id = ad.group_id) then ad.group_id end)`;
}

type AdvertisementRow = {
  id: number;
  code: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  doubleFeeLastDate: string | null;
  lastDateForSubmission: string | null;
  finalisedOn: string | null;
  status: ExamScheduleStatus | null;
  submittedBy: number | null;
  approvals: number;
};

async function readAdvertisement(db: Executor, advertisementId: number, lock = false): Promise<AdvertisementRow> {
  const [row] = rowsOf<AdvertisementRow>(
    await db.execute(sql`
      select ad.id, ad.code, ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp",
        ad.double_fee_last_date::text as "doubleFeeLastDate", ad.last_date_for_submission::text as "lastDateForSubmission",
        case when f.reopened_at is null then (f.finalised_at at time zone 'Asia/Kathmandu')::date::text end as "finalisedOn",
        s.status, s.submitted_by as "submittedBy", coalesce(s.approvals, 0)::int as approvals
      from advertisements ad
      left join posts p on p.id = ad.post_id
      left join scrutiny_finalisations f on f.advertisement_id = ad.id
      left join exam_schedules s on s.advertisement_id = ad.id
      where ad.id = ${advertisementId} ${lock ? sql`for no key update of ad` : sql``}`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

function windowOf(advertisement: AdvertisementRow, windowDays: number) {
  if (advertisement.finalisedOn === null) throw new AppError('UNPROCESSABLE', { messageKey: 'examSchedule.notFinal' });
  return examWindow({ doubleFeeLastDate: advertisement.doubleFeeLastDate, lastDateForSubmission: advertisement.lastDateForSubmission, finalisedOn: advertisement.finalisedOn, today: todayAd() }, windowDays);
}

export type ScheduleState = 'pending' | 'completed' | 'review';

/**
 * The advertisements to schedule (spec §4 "pending or completed"): pending = scrutiny finalised and
 * schedule not approved; completed = approved; review = waiting for a second officer's approval.
 */
export async function listSchedules(db: Database, query: { state: ScheduleState; page: number; pageSize: number }) {
  const filter =
    query.state === 'completed' ? sql`s.status = 'approved'` : query.state === 'review' ? sql`s.status = 'review'` : sql`f.reopened_at is null and (s.status is null or s.status <> 'approved')`;
  const offset = (query.page - 1) * query.pageSize;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ad.id, ad.code, ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp",
        coalesce(s.status, 'pending') as status, s.saved_at as "savedAt", s.submitted_at as "submittedAt", s.decided_at as "decidedAt", s.remark,
        (select count(*)::int from applications a where a.advertisement_id = ad.id and ${APPROVED_APPLICATION}) as "approvedApplicants",
        (select min(e.exam_date)::text from exam_schedule_papers e where e.advertisement_id = ad.id) as "firstExamDate",
        count(*) over ()::int as total
      from advertisements ad
      join scrutiny_finalisations f on f.advertisement_id = ad.id
      left join posts p on p.id = ad.post_id
      left join exam_schedules s on s.advertisement_id = ad.id
      where ${filter}
      order by ad.id desc
      limit ${query.pageSize} offset ${offset}`),
  );
  const total = Number(rows[0]?.total ?? 0);
  return { items: rows.map(({ total: _total, ...row }) => row), total };
}

type PaperRow = {
  examPaperId: number;
  paperOrder: number;
  testType: string;
  paperType: string;
  subjectNameEn: string;
  subjectNameNp: string;
  fullMarks: number;
  paperDurationMinutes: number;
  examOption: string;
  examDate: string | null;
  startTime: string | null;
  durationMinutes: number | null;
  skipped: boolean;
  skipReason: string | null;
};

async function readPapers(db: Executor, advertisementId: number): Promise<PaperRow[]> {
  return rowsOf<PaperRow>(
    await db.execute(sql`
      select p.id as "examPaperId", p.paper_order as "paperOrder", p.test_type as "testType", p.paper_type as "paperType",
        p.subject_name_en as "subjectNameEn", p.subject_name_np as "subjectNameNp", p.full_marks as "fullMarks",
        p.duration_minutes as "paperDurationMinutes", p.exam_option as "examOption",
        e.exam_date::text as "examDate", to_char(e.start_time, 'HH24:MI') as "startTime", e.duration_minutes as "durationMinutes",
        coalesce(e.skipped, false) as skipped, e.skip_reason as "skipReason"
      from (${advertisementPapers(advertisementId)}) p
      left join exam_schedule_papers e on e.advertisement_id = ${advertisementId} and e.exam_paper_id = p.id
      order by p.paper_order`),
  );
}

/** One advertisement's schedule with its papers, its exam window and the public holidays in it. */
export async function getSchedule(db: Database, advertisementId: number, windowDays: number) {
  const advertisement = await readAdvertisement(db, advertisementId);
  const window = windowOf(advertisement, windowDays);
  const [schedule] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select s.status, s.saved_at as "savedAt", s.submitted_at as "submittedAt", s.decided_at as "decidedAt", s.remark, s.approvals,
        s.submitted_by as "submittedBy", sb.username as "submittedByName", db.username as "decidedByName", vb.username as "savedByName"
      from exam_schedules s
      join users vb on vb.id = s.saved_by
      left join users sb on sb.id = s.submitted_by
      left join users db on db.id = s.decided_by
      where s.advertisement_id = ${advertisementId}`),
  );
  const holidays = rowsOf(
    await db.execute(sql`
      select id, holiday_date::text as "holidayDate", name_en as "nameEn", name_np as "nameNp" from public_holidays
      where holiday_date between ${window.first}::date and ${window.last}::date order by holiday_date`),
  );
  return {
    advertisement: { id: advertisement.id, code: advertisement.code, fiscalYear: advertisement.fiscalYear, postNameEn: advertisement.postNameEn, postNameNp: advertisement.postNameNp },
    window,
    status: (schedule?.status as ExamScheduleStatus | undefined) ?? 'pending',
    schedule: schedule ?? null,
    papers: await readPapers(db, advertisementId),
    holidays,
  };
}

const EDITABLE: ReadonlySet<ExamScheduleStatus | null> = new Set([null, 'pending', 'sent-back']);

/** Starts (or reopens) the advertisement's schedule for a change: refused while in review or approved. */
async function openForChange(tx: Executor, advertisementId: number, actor: Actor) {
  const advertisement = await readAdvertisement(tx, advertisementId, true);
  if (advertisement.finalisedOn === null) throw new AppError('UNPROCESSABLE', { messageKey: 'examSchedule.notFinal' });
  if (!EDITABLE.has(advertisement.status)) throw new AppError('CONFLICT', { messageKey: 'examSchedule.notEditable' });
  await tx.execute(sql`
    insert into exam_schedules (advertisement_id, status, saved_by, saved_at) values (${advertisementId}, 'pending', ${actor.actorUserId}, now())
    on conflict (advertisement_id) do update set status = 'pending', saved_by = excluded.saved_by, saved_at = excluded.saved_at`);
  return advertisement;
}

/** A paper's name in both languages, for a message. */
const paperName = (row: { subjectNameEn: string; subjectNameNp: string }) => `${row.subjectNameNp} / ${row.subjectNameEn}`;

/**
 * The checks of the rows saved for an advertisement, run after they are written: window,
 * holiday, midnight, overlap within the schedule, overlap with other advertisements a candidate
 * also applied to. Throws the first refusal; the caller's transaction then rolls back.
 */
export async function assertScheduleFits(tx: Executor, advertisement: AdvertisementRow, windowDays: number): Promise<void> {
  const advertisementId = advertisement.id;
  const window = windowOf(advertisement, windowDays);
  const papers = await readPapers(tx, advertisementId);
  for (const paper of papers) {
    if (paper.skipped || paper.examDate === null || paper.startTime === null) continue;
    if (paper.examDate < window.first || paper.examDate > window.last) {
      throw new AppError('UNPROCESSABLE', { messageKey: 'examSchedule.outsideWindow', messageParams: { date: paper.examDate, first: window.first, last: window.last } });
    }
    if (endsAfterMidnight({ examDate: paper.examDate, startTime: paper.startTime, durationMinutes: paper.durationMinutes! })) {
      throw new AppError('UNPROCESSABLE', { messageKey: 'examSchedule.afterMidnight', messageParams: { paper: paperName(paper) } });
    }
  }
  const [holiday] = rowsOf<{ date: string; nameEn: string; nameNp: string }>(
    await tx.execute(sql`
      select h.holiday_date::text as date, h.name_en as "nameEn", h.name_np as "nameNp"
      from exam_schedule_papers e join public_holidays h on h.holiday_date = e.exam_date
      where e.advertisement_id = ${advertisementId} order by h.holiday_date limit 1`),
  );
  if (holiday) throw new AppError('UNPROCESSABLE', { messageKey: 'examSchedule.holiday', messageParams: { date: holiday.date, name: `${holiday.nameNp} / ${holiday.nameEn}` } });

  // Within the schedule: every candidate sits every compulsory paper; two optional papers are
  // alternatives (a candidate sits the one of her subject), so they may share a time.
  const [own] = rowsOf<{ date: string; first: string; second: string }>(
    await tx.execute(sql`
      select x.exam_date::text as date, px.subject_name_np || ' / ' || px.subject_name_en as first, py.subject_name_np || ' / ' || py.subject_name_en as second
      from exam_schedule_papers x
      join exam_schedule_papers y on y.advertisement_id = x.advertisement_id and y.exam_paper_id > x.exam_paper_id and y.exam_date = x.exam_date
      join exam_papers px on px.id = x.exam_paper_id
      join exam_papers py on py.id = y.exam_paper_id
      where x.advertisement_id = ${advertisementId} and not x.skipped and not y.skipped
        and not (px.exam_option = 'optional' and py.exam_option = 'optional')
        and x.exam_date + x.start_time < y.exam_date + y.start_time + make_interval(mins => y.duration_minutes::int)
        and y.exam_date + y.start_time < x.exam_date + x.start_time + make_interval(mins => x.duration_minutes::int)
      order by x.exam_date, px.paper_order limit 1`),
  );
  if (own) throw new AppError('UNPROCESSABLE', { messageKey: 'examSchedule.overlapOwn', messageParams: own });

  // Across advertisements (spec §4 "Internal and open exams can be scheduled the same day or on
  // different days"): allowed, unless a candidate of both would have to be in two places at once.
  const [other] = rowsOf<{ advertisement: string; paper: string; date: string; candidates: number }>(
    await tx.execute(sql`
      with clash as (
        select o.advertisement_id, o.exam_paper_id, o.exam_date
        from exam_schedule_papers m
        join exam_schedule_papers o on o.exam_date = m.exam_date and o.advertisement_id <> m.advertisement_id and not o.skipped
        where m.advertisement_id = ${advertisementId} and not m.skipped
          and m.exam_date + m.start_time < o.exam_date + o.start_time + make_interval(mins => o.duration_minutes::int)
          and o.exam_date + o.start_time < m.exam_date + m.start_time + make_interval(mins => m.duration_minutes::int)
      )
      select ad.code as advertisement, p.subject_name_np || ' / ' || p.subject_name_en as paper, c.exam_date::text as date,
        (select count(distinct a.user_id)::int from applications a join applications b on b.user_id = a.user_id and b.advertisement_id = ${advertisementId}
          and b.deleted_at is null and b.status not in ('rejected', 'expired')
         where a.advertisement_id = c.advertisement_id and ${LIVE_APPLICATION}) as candidates
      from clash c join advertisements ad on ad.id = c.advertisement_id join exam_papers p on p.id = c.exam_paper_id
      where exists (
        select 1 from applications a join applications b on b.user_id = a.user_id and b.advertisement_id = ${advertisementId}
          and b.deleted_at is null and b.status not in ('rejected', 'expired')
        where a.advertisement_id = c.advertisement_id and ${LIVE_APPLICATION})
      order by c.exam_date, ad.code limit 1`),
  );
  if (other) throw new AppError('UNPROCESSABLE', { messageKey: 'examSchedule.overlapOther', messageParams: other });
}

/** spec §4 save: writes the given papers' rows (scheduled or skipped), then checks the whole schedule. */
export async function saveSchedule(db: Database, advertisementId: number, input: ExamScheduleSaveInput, actor: Actor, windowDays: number) {
  return db.transaction(async (tx) => {
    const advertisement = await openForChange(tx, advertisementId, actor);
    const papers = await readPapers(tx, advertisementId);
    if (papers.length === 0) throw new AppError('UNPROCESSABLE', { messageKey: 'examSchedule.noPapers' });
    const byId = new Map(papers.map((paper) => [paper.examPaperId, paper]));
    if (input.papers.some((row) => !byId.has(row.examPaperId))) throw new AppError('UNPROCESSABLE', { messageKey: 'examSchedule.notPaper' });
    const values = input.papers.map((row) =>
      row.skipped
        ? sql`(${advertisementId}, ${row.examPaperId}, null::date, null::time, ${byId.get(row.examPaperId)!.paperDurationMinutes}::smallint, true, ${row.skipReason})`
        : sql`(${advertisementId}, ${row.examPaperId}, ${row.examDate}::date, ${row.startTime}::time, ${row.durationMinutes}::smallint, false, null)`,
    );
    await tx.execute(sql`
      insert into exam_schedule_papers (advertisement_id, exam_paper_id, exam_date, start_time, duration_minutes, skipped, skip_reason)
      values ${sql.join(values, sql`, `)}
      on conflict (advertisement_id, exam_paper_id) do update set exam_date = excluded.exam_date, start_time = excluded.start_time,
        duration_minutes = excluded.duration_minutes, skipped = excluded.skipped, skip_reason = excluded.skip_reason`);
    await assertScheduleFits(tx, advertisement, windowDays);
    await recordAudit(tx, { ...actor, action: 'exam-schedule-save', entity: 'exam_schedules', entityId: advertisementId, before: { status: advertisement.status, papers }, after: { papers: input.papers } });
    return { advertisementId, status: 'pending' as const };
  });
}

/** spec §7 "skip by {id}": one paper bypassed with its reason (no date, no time). */
export async function skipPaper(db: Database, advertisementId: number, examPaperId: number, skipReason: string, actor: Actor, windowDays: number) {
  return saveSchedule(db, advertisementId, { papers: [{ examPaperId, skipped: true, skipReason }] }, actor, windowDays);
}

/** spec §4 review: the schedule goes to a second officer once every paper is dated or skipped. */
export async function submitSchedule(db: Database, advertisementId: number, actor: Actor, windowDays: number) {
  return db.transaction(async (tx) => {
    const advertisement = await readAdvertisement(tx, advertisementId, true);
    if (advertisement.finalisedOn === null) throw new AppError('UNPROCESSABLE', { messageKey: 'examSchedule.notFinal' });
    if (advertisement.status !== 'pending' && advertisement.status !== 'sent-back') {
      throw new AppError(advertisement.status === null ? 'UNPROCESSABLE' : 'CONFLICT', { messageKey: advertisement.status === null ? 'examSchedule.incomplete' : 'examSchedule.notEditable' });
    }
    const papers = await readPapers(tx, advertisementId);
    if (papers.length === 0) throw new AppError('UNPROCESSABLE', { messageKey: 'examSchedule.noPapers' });
    if (papers.some((paper) => !paper.skipped && paper.examDate === null)) throw new AppError('UNPROCESSABLE', { messageKey: 'examSchedule.incomplete' });
    // Checked again: another advertisement's schedule may have taken the time since the save.
    await assertScheduleFits(tx, advertisement, windowDays);
    await tx.execute(sql`
      update exam_schedules set status = 'review', submitted_by = ${actor.actorUserId}, submitted_at = now(), decided_by = null, decided_at = null
      where advertisement_id = ${advertisementId}`);
    await recordAudit(tx, { ...actor, action: 'exam-schedule-submit', entity: 'exam_schedules', entityId: advertisementId, before: { status: advertisement.status }, after: { status: 'review', papers } });
    return { advertisementId, status: 'review' as const };
  });
}

/**
 * The notice of an approved schedule, to every approved applicant, by SMS and e-mail, each in
 * Nepali then English: two insert ... select statements whatever the number of applicants.
 */
async function notifyApplicants(tx: Executor, advertisement: AdvertisementRow, changed: boolean): Promise<number> {
  const key = changed ? 'examSchedule.notice.changed' : 'examSchedule.notice.approved';
  const params = { advertisement: advertisement.code, receiptCode: '\u0000' };
  // The receipt code differs per candidate: the texts are split around its place and joined in SQL.
  const [neBefore, neAfter] = translate('ne', key, params).split('\u0000') as [string, string];
  const [enBefore, enAfter] = translate('en', key, params).split('\u0000') as [string, string];
  const subject = `${translate('ne', 'examSchedule.notice.subject', params)} / ${translate('en', 'examSchedule.notice.subject', params)}`;
  const body = sql`${neBefore} || a.receipt_code || ${neAfter} || E'\\n' || ${enBefore} || a.receipt_code || ${enAfter}`;
  const kind = changed ? 'exam-schedule-changed' : 'exam-schedule-approved';
  const mail = rowsOf(
    await tx.execute(sql`
      insert into mail_outbox (to_address, subject, body_text, kind, user_id)
      select u.email, ${subject}, ${body}, ${kind}, u.id
      from applications a join users u on u.id = a.user_id
      where a.advertisement_id = ${advertisement.id} and ${APPROVED_APPLICATION} and u.email is not null
      returning id`),
  );
  await tx.execute(sql`
    insert into sms_outbox (to_number, body, kind, user_id)
    select u.mobile, ${body}, ${kind}, u.id
    from applications a join users u on u.id = a.user_id
    where a.advertisement_id = ${advertisement.id} and ${APPROVED_APPLICATION} and u.mobile is not null`);
  return mail.length;
}

/** Approve or send back [ES approve]: by another officer than the one who sent it for review. */
export async function decideSchedule(db: Database, advertisementId: number, input: ExamScheduleDecisionInput, actor: Actor) {
  return db.transaction(async (tx) => {
    const advertisement = await readAdvertisement(tx, advertisementId, true);
    if (advertisement.status !== 'review') throw new AppError('CONFLICT', { messageKey: 'examSchedule.notInReview' });
    if (advertisement.submittedBy === actor.actorUserId) throw new AppError('REFUSED', { messageKey: 'examSchedule.sameApprover' });
    const approve = input.decision === 'approve';
    const status: ExamScheduleStatus = approve ? 'approved' : 'sent-back';
    await tx.execute(sql`
      update exam_schedules set status = ${status}, decided_by = ${actor.actorUserId}, decided_at = now(), remark = ${input.remark ?? null},
        approvals = approvals + ${approve ? 1 : 0}
      where advertisement_id = ${advertisementId}`);
    const notified = approve ? await notifyApplicants(tx, advertisement, advertisement.approvals > 0) : 0;
    await recordAudit(tx, { ...actor, action: `exam-schedule-${input.decision}`, entity: 'exam_schedules', entityId: advertisementId, before: { status: 'review' }, after: { status, remark: input.remark ?? null, notified } });
    return { advertisementId, status, notified };
  });
}

/** spec §4 re-schedule: an approved schedule goes back to pending, with the reason; the next approval notifies the change. */
export async function reschedule(db: Database, advertisementId: number, remark: string, actor: Actor) {
  return db.transaction(async (tx) => {
    const advertisement = await readAdvertisement(tx, advertisementId, true);
    if (advertisement.status !== 'approved') throw new AppError('CONFLICT', { messageKey: 'examSchedule.notApproved' });
    // A final centre allocation was checked against the centres' capacity and the invigilators'
    // other duties at the old times (spec §4 "Exam centre assignment"); a new time could break
    // both, and candidates already know their centre. Staff revert those allocations first.
    const [seated] = rowsOf<{ papers: number }>(
      await tx.execute(sql`select count(*)::int as papers from centre_allocations where advertisement_id = ${advertisementId} and status in ('final', 'complete')`),
    );
    if (Number(seated?.papers ?? 0) > 0) throw new AppError('CONFLICT', { messageKey: 'examSchedule.centresFinal', messageParams: { papers: Number(seated!.papers) } });
    await tx.execute(sql`
      update exam_schedules set status = 'pending', remark = ${remark}, saved_by = ${actor.actorUserId}, saved_at = now(),
        submitted_by = null, submitted_at = null, decided_by = null, decided_at = null
      where advertisement_id = ${advertisementId}`);
    await recordAudit(tx, { ...actor, action: 'exam-schedule-reschedule', entity: 'exam_schedules', entityId: advertisementId, before: { status: 'approved' }, after: { status: 'pending', remark } });
    return { advertisementId, status: 'pending' as const };
  });
}

/** The approved schedule of an advertisement, or null: all a candidate or the public may see. */
export async function approvedSchedule(db: Executor, advertisementId: number) {
  const [schedule] = rowsOf<{ decidedAt: string }>(
    await db.execute(sql`select decided_at as "decidedAt" from exam_schedules where advertisement_id = ${advertisementId} and status = 'approved'`),
  );
  if (!schedule) return null;
  const papers = rowsOf<Record<string, unknown> & { examPaperId: number }>(
    await db.execute(sql`
      select e.exam_paper_id as "examPaperId", p.paper_order as "paperOrder", p.subject_name_en as "subjectNameEn", p.subject_name_np as "subjectNameNp", p.test_type as "testType",
        e.exam_date::text as "examDate", to_char(e.start_time, 'HH24:MI') as "startTime", e.duration_minutes as "durationMinutes", e.skipped
      from exam_schedule_papers e join exam_papers p on p.id = e.exam_paper_id
      where e.advertisement_id = ${advertisementId}
      order by e.skipped, e.exam_date nulls last, e.start_time, p.paper_order`),
  );
  return { approvedAt: new Date(schedule.decidedAt).toISOString(), papers };
}

/** The approved schedule of a candidate's own application (404 for anyone else's). */
export async function applicationSchedule(db: Database, applicationId: number, userId: number) {
  const [application] = rowsOf<{ advertisementId: number }>(
    await db.execute(sql`select advertisement_id as "advertisementId" from applications where id = ${applicationId} and user_id = ${userId} and deleted_at is null`),
  );
  if (!application) throw new AppError('NOT_FOUND');
  const schedule = await approvedSchedule(db, application.advertisementId);
  if (!schedule) return { schedule };
  const seats = await candidateSeats(db, applicationId);
  return { schedule: { ...schedule, papers: schedule.papers.map((paper) => ({ ...paper, seat: seats.get(Number(paper.examPaperId)) ?? null })) } };
}

/** Public holidays (master data [MC]), in date order. */
export async function listHolidays(db: Database) {
  return {
    items: rowsOf(await db.execute(sql`select id, holiday_date::text as "holidayDate", name_en as "nameEn", name_np as "nameNp" from public_holidays order by holiday_date`)),
  };
}

export async function createHoliday(db: Database, input: PublicHolidayInput, actor: Actor) {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into public_holidays (holiday_date, name_en, name_np, created_by) values (${input.holidayDate}::date, ${input.nameEn}, ${input.nameNp}, ${actor.actorUserId})
        on conflict (holiday_date) do nothing returning id`),
    );
    if (!row) throw new AppError('CONFLICT', { messageKey: 'examSchedule.holidayTaken', messageParams: { date: input.holidayDate } });
    await recordAudit(tx, { ...actor, action: 'public-holiday-create', entity: 'public_holidays', entityId: row.id, before: null, after: input });
    return { id: row.id };
  });
}

export async function deleteHoliday(db: Database, id: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`delete from public_holidays where id = ${id} returning holiday_date::text as "holidayDate", name_en as "nameEn", name_np as "nameNp"`),
    );
    if (!row) throw new AppError('NOT_FOUND');
    await recordAudit(tx, { ...actor, action: 'public-holiday-delete', entity: 'public_holidays', entityId: id, before: row, after: null });
    return { id };
  });
}
