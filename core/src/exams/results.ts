// Results after the written exam (spec §3 "Result record", "Attendance or result upload row";
// spec §4 "Attendance and result: pending or verified lists; verify, revert, verify all, revert
// all"). The values the database's checks and the API's validation share.

/**
 * What one uploaded workbook carries: attendance or marks by roll number, marks keyed by an
 * anonymised answer-sheet code (exam-administration reference: anonymised marking), or the key
 * from those codes to roll numbers, uploaded apart under its own privilege.
 */
export const RESULT_UPLOAD_KINDS = ['attendance', 'marks', 'sheet-codes', 'sheet-keys'] as const;
export type ResultUploadKind = (typeof RESULT_UPLOAD_KINDS)[number];

/** An uploaded attendance or marks row: waiting for a second user, or verified (selection reads these). */
export const RESULT_ROW_STATUSES = ['pending', 'verified'] as const;
export type ResultRowStatus = (typeof RESULT_ROW_STATUSES)[number];

/** Marks keyed by an answer-sheet code: waiting for the key, or joined to the candidate's result. */
export const ANSWER_SHEET_MARK_STATUSES = ['pending', 'joined'] as const;
export type AnswerSheetMarkStatus = (typeof ANSWER_SHEET_MARK_STATUSES)[number];

/**
 * The written-exam shortlist (who is called to interview) and the final selection. The types of
 * these values belong to the selection rules (core/src/results).
 */
export const SELECTION_KINDS = ['written', 'final'] as const;

export const SELECTION_STATUSES = ['draft', 'published'] as const;

export const SELECTION_OUTCOMES = ['shortlisted', 'selected', 'alternate'] as const;

/** Bounds the database's checks and the upload's validation share. */
export const RESULT_LIMITS = {
  /** numeric(6,2): a paper's full marks are at most a smallint, marks two decimals. */
  marks: { min: 0, max: 9_999.99, decimals: 2 },
  /** numeric(7,2): the sum of an exam's papers. */
  totalMarks: { min: 0, max: 99_999.99 },
  /** An answer-sheet code as printed on the sheet's detachable slip. */
  sheetCodeLength: { min: 1, max: 40 },
  remarksLength: { max: 500 },
  fileNameLength: { max: 255 },
} as const;
