import { describe, expect, it } from 'vitest';
import { checkResultRows, parseMarks, parseYesNo, type PaperCandidate, type ResultRowContext, type ResultSheetRow } from './result-rows';

const candidates = new Map<number, PaperCandidate>([
  [1001, { rollNumber: 1001, masterId: '1000001', names: ['Asha Sharma', 'आशा शर्मा'], isPresent: true }],
  [1002, { rollNumber: 1002, masterId: '1000002', names: ['Bimal Thapa', 'बिमल थापा'], isPresent: false }],
  [1003, { rollNumber: 1003, masterId: '1000003', names: ['Chandra Rai', 'चन्द्र राई'], isPresent: null }],
]);
const attendance: ResultRowContext = { kind: 'attendance', fullMarks: 100, passMarks: 40, candidates };
const marks: ResultRowContext = { ...attendance, kind: 'marks' };
const row = (n: number, cells: ResultSheetRow['cells']): ResultSheetRow => ({ row: n, cells });

describe('parseYesNo', () => {
  it('reads yes and no in both languages and digit sets', () => {
    for (const yes of ['yes', 'Yes', 'Y', '1', '१', 'हो', 'true']) expect(parseYesNo(yes), yes).toBe(true);
    for (const no of ['no', 'NO', 'n', '0', '०', 'होइन', 'false']) expect(parseYesNo(no), no).toBe(false);
    for (const neither of ['', 'maybe', '2', 'हुन्छ']) expect(parseYesNo(neither), neither).toBeNull();
  });
});

describe('parseMarks', () => {
  it('accepts 0 .. full marks with two decimals in either digit set', () => {
    expect(parseMarks('0', 100)).toEqual({ marks: 0 });
    expect(parseMarks('१००', 100)).toEqual({ marks: 100 });
    expect(parseMarks('४५.५०', 100)).toEqual({ marks: 45.5 });
    expect(parseMarks('67.25', 100)).toEqual({ marks: 67.25 });
  });
  it('refuses other text, three decimals and marks beyond the paper', () => {
    expect(parseMarks('forty', 100)).toEqual({ reason: 'results.row.marksInvalid' });
    expect(parseMarks('45.125', 100)).toEqual({ reason: 'results.row.marksInvalid' });
    expect(parseMarks('-1', 100)).toEqual({ reason: 'results.row.marksOutOfRange', params: { max: 100 } });
    expect(parseMarks('100.5', 100)).toEqual({ reason: 'results.row.marksOutOfRange', params: { max: 100 } });
  });
});

describe('checkResultRows: attendance', () => {
  it('keeps clean rows, names in either language, Devanagari digits', () => {
    const { clean, problems } = checkResultRows(
      [row(2, { rollNumber: '1001', masterId: '1000001', fullName: ' asha  sharma ', isPresent: 'हो' }), row(3, { rollNumber: '१००२', masterId: '१०००००२', fullName: 'बिमल थापा', isPresent: 'no' })],
      attendance,
    );
    expect(problems).toEqual([]);
    expect(clean.map((r) => [r.row, r.rollNumber, r.isPresent])).toEqual([
      [2, 1001, true],
      [3, 1002, false],
    ]);
  });

  it('reports every bad row with its column and reason', () => {
    const { clean, problems } = checkResultRows(
      [
        row(2, { rollNumber: '9999', masterId: '1', fullName: 'X', isPresent: 'yes' }),
        row(3, { rollNumber: '1001', masterId: '1000002', fullName: 'Bimal Thapa', isPresent: 'maybe' }),
        row(4, { rollNumber: '1002', masterId: '1000002', fullName: 'Bimal Thapa', isPresent: 'yes' }),
        row(5, { rollNumber: '1002', masterId: '1000002', fullName: 'Bimal Thapa', isPresent: 'yes' }),
        row(6, { rollNumber: '10a', masterId: '', fullName: 'Chandra Rai', isPresent: '' }),
      ],
      attendance,
    );
    expect(clean.map((r) => r.row)).toEqual([4]);
    expect(problems.map((p) => [p.row, p.column, p.reason])).toEqual([
      [2, 'rollNumber', 'results.row.rollUnknown'],
      [3, 'masterId', 'results.row.masterIdMismatch'],
      [3, 'fullName', 'results.row.nameMismatch'],
      [3, 'isPresent', 'results.row.presentInvalid'],
      [5, 'rollNumber', 'results.row.rollRepeated'],
      [6, 'masterId', 'results.row.required'],
      [6, 'isPresent', 'results.row.required'],
      [6, 'rollNumber', 'results.row.rollInvalid'],
    ]);
  });
});

describe('checkResultRows: marks', () => {
  it('takes marks of present candidates, none of absent ones, and works out the pass from the pass marks', () => {
    const { clean, problems } = checkResultRows(
      [row(2, { rollNumber: '1001', masterId: '1000001', fullName: 'Asha Sharma', marks: '३९.५' }), row(3, { rollNumber: '1002', masterId: '1000002', fullName: 'Bimal Thapa', remarks: 'absent' })],
      marks,
    );
    expect(problems).toEqual([]);
    expect(clean.map((r) => [r.rollNumber, r.marks, r.isPass, r.remarks])).toEqual([
      [1001, 39.5, false],
      [1002, null, null, 'absent'],
    ].map((r) => (r.length === 3 ? [...r, null] : r)));
  });

  it('refuses marks of the absent, missing marks of the present, out-of-range marks and rows without attendance', () => {
    const { clean, problems } = checkResultRows(
      [
        row(2, { rollNumber: '1001', masterId: '1000001', fullName: 'Asha Sharma', marks: '' }),
        row(3, { rollNumber: '1002', masterId: '1000002', fullName: 'Bimal Thapa', marks: '10' }),
        row(4, { rollNumber: '1003', masterId: '1000003', fullName: 'Chandra Rai', marks: '10' }),
      ],
      marks,
    );
    expect(clean).toEqual([]);
    expect(problems.map((p) => [p.row, p.column, p.reason])).toEqual([
      [2, 'marks', 'results.row.marksRequired'],
      [3, 'marks', 'results.row.absentWithMarks'],
      [4, 'rollNumber', 'results.row.noAttendance'],
    ]);
    const over = checkResultRows([row(2, { rollNumber: '1001', masterId: '1000001', fullName: 'Asha Sharma', marks: '101', isPass: 'perhaps' })], marks);
    expect(over.problems.map((p) => [p.column, p.reason, p.params])).toEqual([
      ['marks', 'results.row.marksOutOfRange', { max: 100 }],
      ['isPass', 'results.row.passInvalid', undefined],
    ]);
  });
});

describe('checkResultRows: answer-sheet codes and their key', () => {
  it('normalises codes and refuses repeated or malformed ones', () => {
    const { clean, problems } = checkResultRows(
      [row(2, { sheetCode: 'ab-१२', marks: '50' }), row(3, { sheetCode: 'AB-12', marks: '60' }), row(4, { sheetCode: 'A B', marks: '1' }), row(5, { sheetCode: 'C1', marks: '' })],
      { ...marks, kind: 'sheet-codes' },
    );
    expect(clean.map((r) => [r.sheetCode, r.marks, r.isPass])).toEqual([['AB-12', 50, true]]);
    expect(problems.map((p) => [p.row, p.reason])).toEqual([
      [3, 'results.row.sheetCodeRepeated'],
      [4, 'results.row.sheetCodeInvalid'],
      [5, 'results.row.marksRequired'],
    ]);
  });

  it('checks the key: a seated roll number once, a code once', () => {
    const { clean, problems } = checkResultRows(
      [row(2, { sheetCode: 'X1', rollNumber: '1001' }), row(3, { sheetCode: 'X2', rollNumber: '1001' }), row(4, { sheetCode: 'X3', rollNumber: '5' })],
      { ...marks, kind: 'sheet-keys' },
    );
    expect(clean.map((r) => [r.sheetCode, r.rollNumber])).toEqual([['X1', 1001]]);
    expect(problems.map((p) => [p.row, p.reason])).toEqual([
      [3, 'results.row.rollRepeated'],
      [4, 'results.row.rollUnknown'],
    ]);
  });
});

describe('checkResultRows: a file checked in parts', () => {
  it('finds a roll number or code repeated in a later part when the parts share what was seen', () => {
    const seen = { rolls: new Set<number>(), codes: new Set<string>() };
    const keys: ResultRowContext = { ...marks, kind: 'sheet-keys' };
    const first = checkResultRows([row(2, { sheetCode: 'X1', rollNumber: '1001' })], keys, seen);
    const second = checkResultRows([row(3, { sheetCode: 'X1', rollNumber: '1002' }), row(4, { sheetCode: 'X2', rollNumber: '१००१' })], keys, seen);
    expect(first.problems).toEqual([]);
    expect(second.clean).toEqual([]);
    expect(second.problems.map((p) => [p.row, p.reason])).toEqual([
      [3, 'results.row.sheetCodeRepeated'],
      [4, 'results.row.rollRepeated'],
    ]);
  });
});
