import { checkResultRows, type PaperCandidate, type ResultUploadKind } from '@psc/core';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { readResultWorkbook, writeResultTemplate } from './result-workbook';

// The workbooks staff fill (spec §2 upload-attendance, candidate-result "excel"), read from the
// committed fixtures (fixtures/make-result-fixtures.ts) and checked against a fixed paper: rolls
// 1001 (present), 1002 (absent), 1003 (present), full marks 100, pass marks 40.

const folder = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => new Uint8Array(readFileSync(join(folder, name)));
const candidates = new Map<number, PaperCandidate>([
  [1001, { rollNumber: 1001, masterId: '1000001', names: ['Asha Sharma', 'आशा शर्मा'], isPresent: true }],
  [1002, { rollNumber: 1002, masterId: '1000002', names: ['Bimal Thapa', 'बिमल थापा'], isPresent: false }],
  [1003, { rollNumber: 1003, masterId: '1000003', names: ['Chandra Rai', 'चन्द्र राई'], isPresent: true }],
]);
const check = async (name: string, kind: ResultUploadKind) => checkResultRows(await readResultWorkbook(fixture(name), kind, 'en'), { kind, fullMarks: 100, passMarks: 40, candidates });
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('readResultWorkbook with checkResultRows', () => {
  it('reads a clean attendance file', async () => {
    const { clean, problems } = await check('attendance-clean.xlsx', 'attendance');
    expect(problems).toEqual([]);
    expect(clean.map((row) => [row.row, row.rollNumber, row.isPresent])).toEqual([
      [2, 1001, true],
      [3, 1002, false],
      [4, 1003, true],
    ]);
  });

  it('answers each kind of bad row with its row, column and reason', async () => {
    const { clean, problems } = await check('attendance-bad-rows.xlsx', 'attendance');
    expect(clean).toEqual([]);
    expect(problems.map((problem) => [problem.row, problem.column, problem.reason])).toEqual([
      [2, 'rollNumber', 'results.row.rollUnknown'],
      [3, 'masterId', 'results.row.masterIdMismatch'],
      [4, 'fullName', 'results.row.nameMismatch'],
      [5, 'isPresent', 'results.row.presentInvalid'],
      [6, 'rollNumber', 'results.row.rollRepeated'],
      [7, 'masterId', 'results.row.required'],
      [7, 'rollNumber', 'results.row.rollRepeated'],
    ]);
    const marks = await check('marks-bad-rows.xlsx', 'marks');
    expect(marks.problems.map((problem) => [problem.row, problem.column, problem.reason])).toEqual([
      [2, 'marks', 'results.row.marksOutOfRange'],
      [3, 'marks', 'results.row.absentWithMarks'],
      [4, 'marks', 'results.row.marksInvalid'],
    ]);
  });

  it('reads Nepali headers and Devanagari digits', async () => {
    const { clean, problems } = await check('marks-devanagari.xlsx', 'marks');
    expect(problems).toEqual([]);
    expect(clean.map((row) => [row.rollNumber, row.marks, row.isPass, row.remarks])).toEqual([
      [1001, 45.5, true, null],
      [1002, null, null, 'अनुपस्थित'],
      [1003, 39, false, null],
    ]);
  });

  it('reads the first sheet only', async () => {
    const { clean, problems } = await check('marks-extra-sheet.xlsx', 'marks');
    expect(problems).toEqual([]);
    expect(clean.map((row) => row.rollNumber)).toEqual([1001, 1002, 1003]);
  });

  it('refuses a file that is not Excel, a sheet without the header, and a sheet with no rows, with clear messages', async () => {
    expect((await refusal(readResultWorkbook(fixture('not-excel.xlsx'), 'attendance', 'en'))).messageKey).toBe('results.file.notExcel');
    const truncated = fixture('attendance-clean.xlsx').slice(0, 2_000);
    expect((await refusal(readResultWorkbook(truncated, 'attendance', 'en'))).messageKey).toBe('results.file.notExcel');
    const noHeader = await refusal(readResultWorkbook(fixture('no-header.xlsx'), 'attendance', 'ne'));
    expect(noHeader.messageKey).toBe('results.file.columnsMissing');
    expect(noHeader.messageParams?.columns).toContain('रोल नम्बर');
    expect((await refusal(readResultWorkbook(fixture('header-only.xlsx'), 'attendance', 'en'))).messageKey).toBe('results.file.empty');
    expect((await refusal(readResultWorkbook(fixture('attendance-clean.xlsx'), 'marks', 'en'))).messageKey).toBe('results.file.columnsMissing');
  });

  it('reads back the template it writes, in either language', async () => {
    for (const lang of ['en', 'ne'] as const) {
      const bytes = await writeResultTemplate('attendance', [{ rollNumber: 1001, masterId: '1000001', fullName: lang === 'ne' ? 'आशा शर्मा' : 'Asha Sharma', isPresent: null }], lang);
      const rows = await readResultWorkbook(bytes, 'attendance', lang);
      expect(rows).toEqual([{ row: 2, cells: { rollNumber: '1001', masterId: '1000001', fullName: lang === 'ne' ? 'आशा शर्मा' : 'Asha Sharma', isPresent: '' } }]);
    }
  });

  it('reads a 100,000-row marks workbook', async () => {
    // Written as a stream, as a big workbook is: the in-memory writer alone takes most of a minute.
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet('Marks');
    sheet.addRow(['Roll number', 'Master ID', 'Full name', 'Marks', 'Passed (yes/no)', 'Remarks']).commit();
    for (let index = 0; index < 100_000; index += 1) sheet.addRow([500_001 + index, 2_000_001 + index, `Candidate ${index}`, index % 101, '', '']).commit();
    sheet.commit();
    await workbook.commit();
    const bytes = new Uint8Array(Buffer.concat(chunks));
    const rows = await readResultWorkbook(bytes, 'marks', 'en');
    expect(rows).toHaveLength(100_000);
    expect(rows[99_999]).toEqual({ row: 100_001, cells: { rollNumber: '600000', masterId: '2100000', fullName: 'Candidate 99999', marks: '9', isPass: '', remarks: '' } });
  }, 60_000);
});
