import { ANSWER_SHEET_MARK_STATUSES, RESULT_LIMITS, RESULT_ROW_STATUSES, RESULT_UPLOAD_KINDS, SELECTION_KINDS, SELECTION_OUTCOMES, SELECTION_STATUSES } from '@psc/core';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { examPapers } from './exams';
import { storedFiles } from './files';
import { users } from './identity';
import { examVenueRooms } from './master';
import { advertisements } from './recruitment';

// Results after the written exam (spec §3 "Result record", "Attendance or result upload row";
// spec §4 "Attendance and result: pending or verified lists; verify, revert, verify all, revert
// all"). Staff upload attendance and then marks per paper (and room) from workbooks made from the
// seating; a second user verifies each row; selection reads only verified rows, publishes the
// written shortlist and the final selection per quota, and certificates print from the published
// final selection. Marks may arrive keyed by an anonymised answer-sheet code, joined to the roll
// number once the key (uploaded apart) is in too.

const sheetCode = RESULT_LIMITS.sheetCodeLength;

/** One uploaded workbook: what it carried, for which paper (and room), by whom, how many rows. */
export const resultUploads = pgTable(
  'result_uploads',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id),
    examPaperId: integer('exam_paper_id')
      .notNull()
      .references(() => examPapers.id),
    kind: text('kind', { enum: RESULT_UPLOAD_KINDS }).notNull(),
    /** The room the template was made for; null for a whole paper's file. */
    roomId: integer('room_id').references(() => examVenueRooms.id),
    /** For display only, as the user's machine named it. */
    fileName: text('file_name').notNull(),
    /** The uploaded workbook as stored (content-addressed), kept as the record of what was sent. */
    fileId: uuid('file_id').references(() => storedFiles.id),
    rowCount: integer('row_count').notNull(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('result_uploads_paper_idx').on(t.advertisementId, t.examPaperId, t.kind),
    check('result_uploads_kind_check', sql`${t.kind} in ('attendance', 'marks', 'sheet-codes', 'sheet-keys')`),
    check('result_uploads_row_count_check', sql`${t.rowCount} >= 0`),
    check('result_uploads_file_name_check', sql`char_length(${t.fileName}) between 1 and ${sql.raw(String(RESULT_LIMITS.fileNameLength.max))}`),
  ],
);

/**
 * One candidate's result in one paper: attendance, then marks, each pending until a second user
 * verifies it. Up to 100,000 rows are written by one upload, so, as seat_assignments, no foreign
 * key per row: the upload's statement reads every column from the seating under its own checks.
 */
export const paperResults = pgTable(
  'paper_results',
  {
    applicationId: integer('application_id').notNull(),
    examPaperId: integer('exam_paper_id').notNull(),
    advertisementId: integer('advertisement_id').notNull(),
    rollNumber: bigint('roll_number', { mode: 'number' }).notNull(),
    isPresent: boolean('is_present'),
    attendanceStatus: text('attendance_status', { enum: RESULT_ROW_STATUSES }),
    attendanceUploadId: integer('attendance_upload_id'),
    attendanceVerifiedBy: integer('attendance_verified_by'),
    attendanceVerifiedAt: timestamp('attendance_verified_at', { withTimezone: true }),
    marks: numeric('marks', { precision: 6, scale: 2 }),
    isPass: boolean('is_pass'),
    remarks: text('remarks'),
    marksStatus: text('marks_status', { enum: RESULT_ROW_STATUSES }),
    marksUploadId: integer('marks_upload_id'),
    marksVerifiedBy: integer('marks_verified_by'),
    marksVerifiedAt: timestamp('marks_verified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.examPaperId] }),
    index('paper_results_paper_roll_idx').on(t.examPaperId, t.rollNumber),
    index('paper_results_advertisement_idx').on(t.advertisementId, t.examPaperId),
    check('paper_results_attendance_status_check', sql`${t.attendanceStatus} is null or ${t.attendanceStatus} in ('pending', 'verified')`),
    check('paper_results_marks_status_check', sql`${t.marksStatus} is null or ${t.marksStatus} in ('pending', 'verified')`),
    check('paper_results_attendance_check', sql`(${t.isPresent} is null) = (${t.attendanceStatus} is null)`),
    check(
      'paper_results_attendance_verified_check',
      sql`(${t.attendanceStatus} is not distinct from 'verified') = (${t.attendanceVerifiedBy} is not null and ${t.attendanceVerifiedAt} is not null)`,
    ),
    check('paper_results_marks_verified_check', sql`(${t.marksStatus} is not distinct from 'verified') = (${t.marksVerifiedBy} is not null and ${t.marksVerifiedAt} is not null)`),
    check('paper_results_marks_range_check', sql`${t.marks} is null or ${t.marks} >= 0`),
    // spec §5: an absent candidate has no marks.
    check('paper_results_absent_check', sql`${t.isPresent} is distinct from false or ${t.marks} is null`),
    check('paper_results_remarks_check', sql`${t.remarks} is null or char_length(${t.remarks}) <= ${sql.raw(String(RESULT_LIMITS.remarksLength.max))}`),
  ],
);

/** Marks keyed by an anonymised answer-sheet code, held until the code-to-roll key arrives. */
export const answerSheetMarks = pgTable(
  'answer_sheet_marks',
  {
    examPaperId: integer('exam_paper_id').notNull(),
    advertisementId: integer('advertisement_id').notNull(),
    sheetCode: text('sheet_code').notNull(),
    marks: numeric('marks', { precision: 6, scale: 2 }),
    isPass: boolean('is_pass'),
    remarks: text('remarks'),
    uploadId: integer('upload_id').notNull(),
    status: text('status', { enum: ANSWER_SHEET_MARK_STATUSES }).notNull().default('pending'),
  },
  (t) => [
    primaryKey({ columns: [t.examPaperId, t.sheetCode] }),
    index('answer_sheet_marks_advertisement_idx').on(t.advertisementId, t.examPaperId),
    check('answer_sheet_marks_status_check', sql`${t.status} in ('pending', 'joined')`),
    check('answer_sheet_marks_marks_check', sql`${t.marks} is null or ${t.marks} >= 0`),
    check('answer_sheet_marks_code_check', sql`char_length(${t.sheetCode}) between ${sql.raw(String(sheetCode.min))} and ${sql.raw(String(sheetCode.max))}`),
  ],
);

/** The key from answer-sheet codes to roll numbers; one code and one roll once per paper. */
export const answerSheetKeys = pgTable(
  'answer_sheet_keys',
  {
    examPaperId: integer('exam_paper_id').notNull(),
    advertisementId: integer('advertisement_id').notNull(),
    sheetCode: text('sheet_code').notNull(),
    rollNumber: bigint('roll_number', { mode: 'number' }).notNull(),
    uploadId: integer('upload_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.examPaperId, t.sheetCode] }),
    uniqueIndex('answer_sheet_keys_roll_idx').on(t.examPaperId, t.rollNumber),
    check('answer_sheet_keys_code_check', sql`char_length(${t.sheetCode}) between ${sql.raw(String(sheetCode.min))} and ${sql.raw(String(sheetCode.max))}`),
  ],
);

/**
 * The written-exam shortlist or the final selection of an advertisement. Drafts may be many; at
 * most one is published per advertisement and kind. `rules` holds how it was made (the extra share
 * table, tie-break order, quota fill order, open quota first) so a published list can be re-read.
 */
export const selections = pgTable(
  'selections',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id),
    kind: text('kind', { enum: SELECTION_KINDS }).notNull(),
    status: text('status', { enum: SELECTION_STATUSES }).notNull().default('draft'),
    rules: jsonb('rules').notNull().default({}),
    interviewAt: timestamp('interview_at', { withTimezone: true }),
    interviewPlaceEn: text('interview_place_en'),
    interviewPlaceNp: text('interview_place_np'),
    notes: text('notes'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer('published_by').references(() => users.id),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('selections_published_idx').on(t.advertisementId, t.kind).where(sql`${t.status} = 'published'`),
    index('selections_advertisement_idx').on(t.advertisementId, t.kind),
    check('selections_kind_check', sql`${t.kind} in ('written', 'final')`),
    check('selections_status_check', sql`${t.status} in ('draft', 'published')`),
    check('selections_published_check', sql`(${t.status} = 'published') = (${t.publishedBy} is not null and ${t.publishedAt} is not null)`),
  ],
);

/** One person in a selection: the quota they count in, their place in it, their total, the outcome. */
export const selectionEntries = pgTable(
  'selection_entries',
  {
    selectionId: integer('selection_id')
      .notNull()
      .references(() => selections.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    rollNumber: bigint('roll_number', { mode: 'number' }).notNull(),
    quotaCode: text('quota_code').notNull(),
    position: integer('position').notNull(),
    totalMarks: numeric('total_marks', { precision: 7, scale: 2 }),
    outcome: text('outcome', { enum: SELECTION_OUTCOMES }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.selectionId, t.applicationId] }),
    index('selection_entries_quota_idx').on(t.selectionId, t.quotaCode, t.position),
    index('selection_entries_application_idx').on(t.applicationId),
    check('selection_entries_position_check', sql`${t.position} >= 1`),
    check('selection_entries_outcome_check', sql`${t.outcome} in ('shortlisted', 'selected', 'alternate')`),
    check('selection_entries_total_check', sql`${t.totalMarks} is null or ${t.totalMarks} >= 0`),
  ],
);

/** A candidate's result held back (e.g. by a court order) until released; one open hold each. */
export const resultWithholds = pgTable(
  'result_withholds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    reason: text('reason').notNull(),
    orderReference: text('order_reference'),
    withheldBy: integer('withheld_by')
      .notNull()
      .references(() => users.id),
    withheldAt: timestamp('withheld_at', { withTimezone: true }).notNull().defaultNow(),
    releasedBy: integer('released_by').references(() => users.id),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('result_withholds_open_idx').on(t.advertisementId, t.applicationId).where(sql`${t.releasedAt} is null`),
    index('result_withholds_application_idx').on(t.applicationId),
    check('result_withholds_reason_check', sql`btrim(${t.reason}) <> ''`),
    check('result_withholds_released_check', sql`(${t.releasedBy} is null) = (${t.releasedAt} is null)`),
  ],
);

/** What an advertisement's appointment certificates print: the text, the signatory and the seal. */
export const certificateConfigurations = pgTable(
  'certificate_configurations',
  {
    advertisementId: integer('advertisement_id')
      .primaryKey()
      .references(() => advertisements.id),
    bodyNp: text('body_np').notNull(),
    bodyEn: text('body_en').notNull(),
    signatoryNameNp: text('signatory_name_np').notNull(),
    signatoryNameEn: text('signatory_name_en').notNull(),
    signatoryTitleNp: text('signatory_title_np').notNull(),
    signatoryTitleEn: text('signatory_title_en').notNull(),
    sealFileId: uuid('seal_file_id').references(() => storedFiles.id),
    updatedBy: integer('updated_by')
      .notNull()
      .references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
);
