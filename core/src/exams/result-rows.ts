import type { MessageKey } from '../i18n';
import { parseNumber, toLatinDigits } from '../numerals';
import { RESULT_LIMITS, type ResultUploadKind } from './results';

// The rows of an attendance or marks workbook, checked before anything is stored (spec §3
// "Attendance or result upload row: isPresent, isPass, roll number, masterId, full name"; spec §5
// validation). Pure: the API reads the workbook and the paper's seating, this decides every row,
// and the upload answers with every problem (row, column, reason) at once.

/** The columns a results workbook may carry; which ones depends on the kind (RESULT_SHEET_COLUMNS). */
export const RESULT_COLUMNS = ['rollNumber', 'masterId', 'fullName', 'isPresent', 'sheetCode', 'marks', 'isPass', 'remarks'] as const;
export type ResultColumn = (typeof RESULT_COLUMNS)[number];

/** The template's columns per kind, in order; the first sheet of the workbook holds them. */
export const RESULT_SHEET_COLUMNS: Record<ResultUploadKind, readonly ResultColumn[]> = {
  attendance: ['rollNumber', 'masterId', 'fullName', 'isPresent'],
  marks: ['rollNumber', 'masterId', 'fullName', 'marks', 'isPass', 'remarks'],
  'sheet-codes': ['sheetCode', 'marks', 'isPass', 'remarks'],
  'sheet-keys': ['sheetCode', 'rollNumber'],
};

/** The columns a row must fill; the others may be blank (isPass is worked out from the pass marks). */
const REQUIRED: Record<ResultUploadKind, readonly ResultColumn[]> = {
  attendance: ['rollNumber', 'masterId', 'fullName', 'isPresent'],
  marks: ['rollNumber', 'masterId', 'fullName'],
  'sheet-codes': ['sheetCode'],
  'sheet-keys': ['sheetCode', 'rollNumber'],
};

export type ResultSheetRow = { row: number; cells: Partial<Record<ResultColumn, string>> };

/** A seated candidate of the paper, as the workbook must name them. */
export type PaperCandidate = {
  rollNumber: number;
  masterId: string;
  /** The full name in English and in Nepali: either matches. */
  names: readonly string[];
  /** Stored attendance: marks need it, and an absent candidate takes none. */
  isPresent?: boolean | null;
};

export type ResultRowContext = {
  kind: ResultUploadKind;
  fullMarks: number;
  passMarks: number;
  candidates: ReadonlyMap<number, PaperCandidate>;
};

export type CheckedResultRow = {
  row: number;
  rollNumber: number | null;
  sheetCode: string | null;
  isPresent: boolean | null;
  marks: number | null;
  isPass: boolean | null;
  remarks: string | null;
};

export type ResultRowProblem = { row: number; column: ResultColumn; reason: MessageKey; params?: Record<string, string | number> };

const YES = new Set(['yes', 'y', '1', 'true', 'हो', 'छ', 'present', 'p', 'उपस्थित', 'pass', 'उत्तीर्ण']);
const NO = new Set(['no', 'n', '0', 'false', 'होइन', 'छैन', 'absent', 'a', 'अनुपस्थित', 'fail', 'अनुत्तीर्ण']);

/** Yes or no as people type it in either language (हो/होइन, yes/no, 1/0 in either digit set); null when it is neither. */
export function parseYesNo(text: string): boolean | null {
  const word = toLatinDigits(text).trim().toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return null;
}

/** Names compared as people write them: case, spaces and Unicode forms aside. */
export function normaliseName(name: string): string {
  // A 100,000-row file is mostly plain ASCII names: those need no Unicode normalisation.
  const text = /^[\x20-\x7e]*$/.test(name) ? name : name.normalize('NFC');
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Latin digits, skipping the replace when there is no Devanagari digit (most cells). */
function latinDigits(text: string): string {
  return /[०-९]/.test(text) ? toLatinDigits(text) : text;
}

/** Marks with at most two decimals in 0 .. full marks, typed in either digit set; a message key when not. */
export function parseMarks(text: string, fullMarks: number): { marks: number } | { reason: MessageKey; params?: Record<string, number> } {
  const value = parseNumber(text);
  if (value === null || !/^[^.]*(\.[0-9०-९]{1,2})?$/.test(text.trim())) return { reason: 'results.row.marksInvalid' };
  if (value < RESULT_LIMITS.marks.min || value > fullMarks) return { reason: 'results.row.marksOutOfRange', params: { max: fullMarks } };
  return { marks: value };
}

/** A roll number or masterId: whole digits in either digit set; null when not. */
function parseWhole(text: string): number | null {
  const digits = latinDigits(text.trim());
  if (!/^\d{1,15}$/.test(digits)) return null;
  return Number(digits);
}

/** The roll numbers and sheet codes met so far, shared by the calls checking one file's rows a part at a time. */
export type ResultRowsSeen = { rolls: Set<number>; codes: Set<string> };

/**
 * Every row checked: required cells, the roll number seated for this paper and not repeated, the
 * masterId and name matching it, present as yes or no, marks within 0 .. full marks, absent
 * candidates without marks (spec §5). Answers the clean rows and every problem. A file checked
 * in parts (so that its rows need not all be held at once) passes the same `seen` to each call,
 * so a roll number or code repeated across parts is still found.
 */
export function checkResultRows(
  rows: readonly ResultSheetRow[],
  context: ResultRowContext,
  seen: ResultRowsSeen = { rolls: new Set(), codes: new Set() },
): { clean: CheckedResultRow[]; problems: ResultRowProblem[] } {
  const clean: CheckedResultRow[] = [];
  const problems: ResultRowProblem[] = [];
  const { rolls: seenRolls, codes: seenCodes } = seen;
  const { kind } = context;
  const columns = RESULT_SHEET_COLUMNS[kind];
  for (const { row, cells } of rows) {
    const found: ResultRowProblem[] = [];
    const problem = (column: ResultColumn, reason: MessageKey, params?: Record<string, string | number>) => found.push({ row, column, reason, ...(params ? { params } : {}) });
    const text = (column: ResultColumn) => (cells[column] ?? '').trim();
    for (const column of REQUIRED[kind]) if (text(column) === '') problem(column, 'results.row.required');

    let rollNumber: number | null = null;
    let candidate: PaperCandidate | undefined;
    if (columns.includes('rollNumber') && text('rollNumber') !== '') {
      rollNumber = parseWhole(text('rollNumber'));
      candidate = rollNumber === null ? undefined : context.candidates.get(rollNumber);
      if (rollNumber === null) problem('rollNumber', 'results.row.rollInvalid');
      else if (!candidate) problem('rollNumber', 'results.row.rollUnknown');
      else if (seenRolls.has(rollNumber)) problem('rollNumber', 'results.row.rollRepeated');
      if (rollNumber !== null) seenRolls.add(rollNumber);
    }
    if (candidate && columns.includes('masterId') && text('masterId') !== '' && latinDigits(text('masterId')) !== candidate.masterId) problem('masterId', 'results.row.masterIdMismatch');
    if (candidate && columns.includes('fullName') && text('fullName') !== '') {
      const typed = text('fullName');
      if (!candidate.names.includes(typed)) {
        const name = normaliseName(typed);
        if (!candidate.names.some((known) => normaliseName(known) === name)) problem('fullName', 'results.row.nameMismatch');
      }
    }

    let sheetCode: string | null = null;
    if (columns.includes('sheetCode') && text('sheetCode') !== '') {
      sheetCode = latinDigits(text('sheetCode')).toUpperCase();
      if (sheetCode.length > RESULT_LIMITS.sheetCodeLength.max || !/^[A-Z0-9-]+$/.test(sheetCode)) problem('sheetCode', 'results.row.sheetCodeInvalid');
      else if (seenCodes.has(sheetCode)) problem('sheetCode', 'results.row.sheetCodeRepeated');
      seenCodes.add(sheetCode);
    }

    let isPresent: boolean | null = null;
    if (kind === 'attendance' && text('isPresent') !== '') {
      isPresent = parseYesNo(text('isPresent'));
      if (isPresent === null) problem('isPresent', 'results.row.presentInvalid');
    }

    let marks: number | null = null;
    let isPass: boolean | null = null;
    let remarks: string | null = null;
    if (columns.includes('marks')) {
      if (text('marks') !== '') {
        const parsed = parseMarks(text('marks'), context.fullMarks);
        if ('marks' in parsed) marks = parsed.marks;
        else problem('marks', parsed.reason, parsed.params);
      }
      if (text('isPass') !== '') {
        isPass = parseYesNo(text('isPass'));
        if (isPass === null) problem('isPass', 'results.row.passInvalid');
      } else if (marks !== null) {
        isPass = marks >= context.passMarks;
      }
      remarks = text('remarks') === '' ? null : text('remarks');
      if (remarks !== null && remarks.length > RESULT_LIMITS.remarksLength.max) problem('remarks', 'results.row.remarksTooLong', { max: RESULT_LIMITS.remarksLength.max });
      if (kind === 'marks' && candidate) {
        // spec §5: marks follow the attendance; an absent candidate has none, a present one needs them.
        if (candidate.isPresent === undefined || candidate.isPresent === null) problem('rollNumber', 'results.row.noAttendance');
        else if (candidate.isPresent === false && (marks !== null || text('marks') !== '')) problem('marks', 'results.row.absentWithMarks');
        else if (candidate.isPresent === true && text('marks') === '') problem('marks', 'results.row.marksRequired');
      }
      if (kind === 'sheet-codes' && text('marks') === '') problem('marks', 'results.row.marksRequired');
    }

    if (found.length > 0) problems.push(...found);
    else clean.push({ row, rollNumber, sheetCode, isPresent, marks, isPass: candidate?.isPresent === false ? null : isPass, remarks });
  }
  return { clean, problems };
}
