import { EXAM_OPTIONS, EXAM_PAPER_LIMITS, EXAM_PAPER_TYPES, EXAM_SCHEDULE_STATUSES, EXAM_TEST_TYPES } from '@psc/core';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, time, timestamp, unique } from 'drizzle-orm/pg-core';
import { posts, serviceGroups } from './classification';
import { users } from './identity';
import { advertisements } from './recruitment';
import { subjects } from './master';

// Exams after scrutiny (spec §3 Paper configuration; spec §7 "Paper filter by {classId},
// {postId}, {masterDivId}"). A post's exam is its ordered list of papers, kept per post and, where
// the groups of a service sit different papers, per service group: the master data has no
// "master division", and the service group is the division of a service an exam differs by. The
// class is the post's own (posts.class_id), so it is not stored twice. Exam schedules and roll
// numbers refer to these rows; a paper something refers to cannot be deleted.

const { fullMarks, passMarks, durationMinutes } = EXAM_PAPER_LIMITS;

export const examPapers = pgTable(
  'exam_papers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id),
    /** The "master division": null when the papers are the same for every group of the post. */
    serviceGroupId: integer('service_group_id').references(() => serviceGroups.id),
    /** Position in the post's exam, 1 first (paper I, II, ...). */
    paperOrder: smallint('paper_order').notNull(),
    testType: text('test_type', { enum: EXAM_TEST_TYPES }).notNull(),
    paperType: text('paper_type', { enum: EXAM_PAPER_TYPES }).notNull(),
    subjectNameEn: text('subject_name_en').notNull(),
    subjectNameNp: text('subject_name_np').notNull(),
    fullMarks: smallint('full_marks').notNull(),
    passMarks: smallint('pass_marks').notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    examOption: text('exam_option', { enum: EXAM_OPTIONS }).notNull(),
    /**
     * An optional paper examines one subject of the subjects master; an advertisement offers its
     * candidates some of them (advertisement_optional_subjects, configure-optional-subject).
     */
    optionalSubjectId: integer('optional_subject_id').references(() => subjects.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // PostgreSQL 15 and later: a null group is one exam, not a fresh one per row.
    unique('exam_papers_order_key').on(t.postId, t.serviceGroupId, t.paperOrder).nullsNotDistinct(),
    index('exam_papers_group_idx').on(t.serviceGroupId),
    // No upper bound: a reorder parks the papers above their final places for a moment, since a
    // non-deferrable unique key is checked row by row. The API keeps an exam to papersPerExam.
    check('exam_papers_order_check', sql`${t.paperOrder} >= 1`),
    check('exam_papers_full_marks_check', sql`${t.fullMarks} between ${sql.raw(String(fullMarks.min))} and ${sql.raw(String(fullMarks.max))}`),
    check('exam_papers_pass_marks_check', sql`${t.passMarks} >= ${sql.raw(String(passMarks.min))} and ${t.passMarks} <= ${t.fullMarks}`),
    check('exam_papers_duration_check', sql`${t.durationMinutes} between ${sql.raw(String(durationMinutes.min))} and ${sql.raw(String(durationMinutes.max))}`),
    check('exam_papers_optional_subject_check', sql`(${t.examOption} = 'optional') = (${t.optionalSubjectId} is not null)`),
    check('exam_papers_names_check', sql`btrim(${t.subjectNameEn}) <> '' and btrim(${t.subjectNameNp}) <> ''`),
  ],
);

/**
 * An advertisement's exam schedule (spec §3 "Exam schedule"; spec §4 "Exam scheduling: save, skip
 * (bypass), review, re-schedule"): one per advertisement, made once its scrutiny is finalised.
 * `pending` while it is being made, `review` once sent for approval, `approved` by a second
 * officer (then public and notified), `sent-back` with the approver's remark. A re-schedule puts an
 * approved one back to `pending`; `approvals` counts the approvals so the next notice says
 * "changed". Only an approved schedule is shown to candidates.
 */
export const examSchedules = pgTable(
  'exam_schedules',
  {
    advertisementId: integer('advertisement_id')
      .primaryKey()
      .references(() => advertisements.id),
    status: text('status', { enum: EXAM_SCHEDULE_STATUSES }).notNull().default('pending'),
    savedBy: integer('saved_by')
      .notNull()
      .references(() => users.id),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    submittedBy: integer('submitted_by').references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The approver's remark, a send-back's reason, or a re-schedule's reason: the last said. */
    remark: text('remark'),
    approvals: integer('approvals').notNull().default(0),
  },
  (t) => [
    index('exam_schedules_status_idx').on(t.status),
    check('exam_schedules_status_check', sql`${t.status} in ('pending', 'review', 'approved', 'sent-back')`),
    check('exam_schedules_remark_check', sql`char_length(${t.remark}) <= 500`),
  ],
);

/**
 * One paper of a schedule: its A.D. date (shown in B.S. and A.D.), start time and duration (the
 * paper's by default), or skipped with its reason (spec §4 "skip (bypass)").
 */
export const examSchedulePapers = pgTable(
  'exam_schedule_papers',
  {
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => examSchedules.advertisementId),
    examPaperId: integer('exam_paper_id')
      .notNull()
      .references(() => examPapers.id),
    examDate: date('exam_date'),
    startTime: time('start_time'),
    durationMinutes: smallint('duration_minutes').notNull(),
    skipped: boolean('skipped').notNull().default(false),
    skipReason: text('skip_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.advertisementId, t.examPaperId] }),
    // The conflict check looks for other advertisements' papers on the same day.
    index('exam_schedule_papers_date_idx').on(t.examDate),
    index('exam_schedule_papers_paper_idx').on(t.examPaperId),
    check('exam_schedule_papers_shape_check', sql`(${t.skipped} and ${t.examDate} is null and ${t.startTime} is null and btrim(${t.skipReason}) <> '') or (not ${t.skipped} and ${t.examDate} is not null and ${t.startTime} is not null and ${t.skipReason} is null)`),
    check('exam_schedule_papers_duration_check', sql`${t.durationMinutes} between ${sql.raw(String(durationMinutes.min))} and ${sql.raw(String(durationMinutes.max))}`),
    check('exam_schedule_papers_reason_check', sql`char_length(${t.skipReason}) <= 500`),
  ],
);

/** Public holidays (master data [MC]): no exam is scheduled on one. */
export const publicHolidays = pgTable(
  'public_holidays',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    holidayDate: date('holiday_date').notNull().unique(),
    nameEn: text('name_en').notNull(),
    nameNp: text('name_np').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('public_holidays_names_check', sql`btrim(${t.nameEn}) <> '' and btrim(${t.nameNp}) <> ''`)],
);
