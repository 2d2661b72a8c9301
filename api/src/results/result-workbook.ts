import { RESULT_SHEET_COLUMNS, translate, type Language, type ResultColumn, type ResultSheetRow, type ResultUploadKind } from '@psc/core';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { AppError } from '../http/errors';

// The attendance and marks workbooks (spec §2 upload-attendance, candidate-attendance "excel",
// candidate-result "excel"): the template staff download per paper and room, and the filled one
// read back. A big paper's file holds 100,000 rows, so it is read as a stream, row by row, from
// the first sheet only (a second sheet of notes or totals is never read).

/** A filled 100,000-row marks workbook is about 4 MB; the limit leaves room for notes and styling. */
export const RESULT_WORKBOOK_MAX_BYTES = 20 * 1024 * 1024;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** stored_files.purpose of an uploaded workbook kept as it came, for downloading it again. */
export const RESULT_WORKBOOK_PURPOSE = 'result-workbook';

export type TemplateRow = { rollNumber: number; masterId: string; fullName: string; isPresent?: boolean | null; marks?: string | null; isPass?: boolean | null; remarks?: string | null };

/** The header a column may carry: its key, or its label in either language. */
function headerNames(column: ResultColumn): string[] {
  return [column, translate('en', `results.column.${column}`), translate('ne', `results.column.${column}`)].map(normaliseHeader);
}

function normaliseHeader(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A cell's value as text, whatever exceljs made of it (number, rich text, formula, hyperlink). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((part: { text: string }) => part.text).join('');
    if ('result' in value) return cellText(value.result);
    if ('text' in value) return String(value.text);
  }
  return '';
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * The rows of the first sheet, keyed by the template's columns (found by their header in the
 * first row, in either language). Refuses, with a message, a file that is not an .xlsx
 * workbook, a sheet without the template's header, and a sheet with no rows.
 */
export async function readResultWorkbook(bytes: Uint8Array, kind: ResultUploadKind, lang: Language): Promise<ResultSheetRow[]> {
  const rows: ResultSheetRow[] = [];
  await readResultWorkbookInParts(bytes, kind, lang, 10_000, (part) => {
    for (const row of part) rows.push(row);
  });
  return rows;
}

/**
 * The same rows handed to `onPart` a part of at most `partSize` rows at a time, as they are
 * read, so that a 100,000-row file's rows are never all held at once (each row's cells kept as
 * objects cost several times the file); answers how many rows there were. The refusals are
 * readResultWorkbook's; an empty sheet is refused after every part (there are none then).
 */
export async function readResultWorkbookInParts(
  bytes: Uint8Array,
  kind: ResultUploadKind,
  lang: Language,
  partSize: number,
  onPart: (rows: ResultSheetRow[]) => void | Promise<void>,
): Promise<number> {
  if (bytes.length < 4 || ZIP_MAGIC.some((byte, index) => bytes[index] !== byte)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { messageKey: 'results.file.notExcel' });
  const columns = RESULT_SHEET_COLUMNS[kind];
  let part: ResultSheetRow[] = [];
  let rowCount = 0;
  let sheetSeen = false;
  let positions: [ResultColumn, number][] | null = null;
  // What onPart throws is its own (a database error, say), not a sign of a broken file.
  let partFailure: unknown;
  const hand = async (rows: ResultSheetRow[]) => {
    try {
      await onPart(rows);
    } catch (error) {
      partFailure = error;
      throw error;
    }
  };
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      if (sheetSeen) break;
      sheetSeen = true;
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        if (!positions) {
          const found: [ResultColumn, number][] = [];
          for (const column of columns) {
            const names = headerNames(column);
            const index = values.findIndex((value) => names.includes(normaliseHeader(cellText(value))));
            if (index > 0) found.push([column, index]);
          }
          if (found.length !== columns.length) throw missingColumns(kind, lang);
          positions = found;
          continue;
        }
        const cells: ResultSheetRow['cells'] = {};
        let filled = false;
        for (const [column, index] of positions) {
          const text = cellText(values[index]).trim();
          if (text !== '') filled = true;
          cells[column] = text;
        }
        if (!filled) continue;
        part.push({ row: row.number, cells });
        rowCount += 1;
        if (part.length >= partSize) {
          const full = part;
          part = [];
          await hand(full);
        }
      }
    }
    if (part.length > 0) await hand(part);
  } catch (error) {
    if (error instanceof AppError || (partFailure !== undefined && error === partFailure)) throw error;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { messageKey: 'results.file.notExcel' });
  }
  if (!sheetSeen || (!positions && rowCount === 0)) throw missingColumns(kind, lang);
  if (rowCount === 0) throw new AppError('VALIDATION_FAILED', { messageKey: 'results.file.empty' });
  return rowCount;
}

function missingColumns(kind: ResultUploadKind, lang: Language) {
  const columns = RESULT_SHEET_COLUMNS[kind].map((column) => translate(lang, `results.column.${column}`)).join(', ');
  return new AppError('VALIDATION_FAILED', { messageKey: 'results.file.columnsMissing', messageParams: { columns } });
}

const WIDTHS: Record<ResultColumn, number> = { rollNumber: 14, masterId: 14, fullName: 36, isPresent: 18, sheetCode: 20, marks: 10, isPass: 16, remarks: 30 };

/** The template of a paper (and room): its header in the user's language and a row per seated candidate, by roll number. */
export async function writeResultTemplate(kind: ResultUploadKind, rows: readonly TemplateRow[], lang: Language): Promise<Uint8Array> {
  const columns = RESULT_SHEET_COLUMNS[kind];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(lang, 'results.report.sheet'));
  sheet.columns = columns.map((column) => ({ width: WIDTHS[column] }));
  sheet.addRow(columns.map((column) => translate(lang, `results.column.${column}`))).font = { bold: true };
  const yesNo = (value: boolean | null | undefined) => (value === null || value === undefined ? '' : value ? 'yes' : 'no');
  for (const row of rows) {
    sheet.addRow(
      columns.map((column) => {
        if (column === 'isPresent' || column === 'isPass') return yesNo(row[column]);
        if (column === 'marks') return row.marks === null || row.marks === undefined ? '' : Number(row.marks);
        if (column === 'sheetCode') return '';
        return row[column] ?? '';
      }),
    );
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
