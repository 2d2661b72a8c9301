import { z } from '@hono/zod-openapi';
import { adToBs, formatBsIso } from '@psc/core';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { errorResponses } from './envelope';

// The Excel downloads: the OpenAPI answer of a workbook route, the response that carries a
// workbook, and the streamed writer the large exports fill row by row.

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const excelAnswer = {
  200: { description: 'The workbook', content: { [XLSX_TYPE]: { schema: z.string().openapi({ format: 'binary' }) } } },
  ...errorResponses,
};

export type ExcelFile = { bytes: Uint8Array; fileName: string };

/** The workbook as a download under its file name, never cached (it holds candidates' data). */
export function excelResponse(file: ExcelFile): Response {
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'Content-Type': XLSX_TYPE,
      'Content-Length': String(file.bytes.length),
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Cache-Control': 'no-store',
    },
  });
}

/** A file name's part from an advertisement code or other text: letters, digits, _ and - only. */
export const fileNamePart = (text: string) => text.replace(/[^\w-]+/g, '-');

/**
 * A workbook written as a stream, each row committed as `fill` adds it, so the model of tens of
 * thousands of rows is never held (only the compressed bytes are); `fill` commits its sheets.
 */
export async function writeStreamedWorkbook(fill: (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => void | Promise<void>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: false, useStyles: true });
  await fill(workbook);
  await workbook.commit();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

// An instant as Nepal's wall clock (UTC+05:45, no daylight saving): Excel's dates have no zone,
// and the commission reads its records in Nepal time.
const NEPAL_OFFSET_MS = 345 * 60_000;

/** The cell value of an instant: Nepal's wall clock, shown with DATE_TIME_FORMAT. */
export const nepalClock = (at: Date | string | null) => (at === null ? null : new Date(new Date(at).getTime() + NEPAL_OFFSET_MS));

/** The B.S. date (yyyy-mm-dd) of an instant's day in Nepal, beside its A.D. cell (spec §1: both calendars). */
export const bsDateOf = (at: Date | string | null) => {
  const clock = nepalClock(at);
  return clock === null ? '' : formatBsIso(adToBs(clock.toISOString().slice(0, 10)));
};

export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm';
