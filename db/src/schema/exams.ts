import { EXAM_OPTIONS, EXAM_PAPER_LIMITS, EXAM_PAPER_TYPES, EXAM_TEST_TYPES } from '@psc/core';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { posts, serviceGroups } from './classification';
import { users } from './identity';
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
