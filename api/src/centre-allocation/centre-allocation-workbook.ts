import { translate, type Language, type MessageKey } from '@psc/core';
import type { Database } from '@psc/db';
import ExcelJS from 'exceljs';
import { allocationReport } from './centre-allocation';

// The exam-centre allocation report as an Excel workbook (spec §7 "report by {advtCode}"): one
// advertisement's rows, per sitting and centre, in the caller's language. An advertisement has a
// few papers and at most some hundreds of centres, so the rows fit in memory.

const COLUMNS: [MessageKey, number][] = [
  ['centreAllocation.report.advertisement', 16],
  ['centreAllocation.report.paper', 36],
  ['centreAllocation.report.date', 14],
  ['centreAllocation.report.time', 10],
  ['centreAllocation.report.city', 36],
  ['centreAllocation.report.centre', 36],
  ['centreAllocation.report.capacity', 10],
  ['centreAllocation.report.rollFrom', 14],
  ['centreAllocation.report.rollTo', 14],
  ['centreAllocation.report.candidates', 12],
  ['centreAllocation.report.status', 12],
];

export async function allocationReportWorkbook(db: Database, advertisementCode: string, lang: Language) {
  const report = await allocationReport(db, { page: 1, pageSize: 100_000, advertisementCode });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(lang, 'centreAllocation.report.sheet'));
  sheet.columns = COLUMNS.map(([, width]) => ({ width }));
  sheet.addRow(COLUMNS.map(([key]) => translate(lang, key))).font = { bold: true };
  const pick = (en: unknown, ne: unknown) => String((lang === 'ne' ? ne || en : en) ?? '');
  for (const row of report.items as Record<string, unknown>[]) {
    sheet.addRow([
      row.advertisementCode,
      pick(row.subjectNameEn, row.subjectNameNp),
      row.examDate,
      row.startTime,
      pick(row.cityEn, row.cityNp),
      pick(row.venueEn, row.venueNp),
      Number(row.capacity),
      Number(row.rollFrom),
      Number(row.rollTo),
      Number(row.candidates),
      row.status,
    ]);
  }
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return { bytes, fileName: `exam-centre-allocation-${advertisementCode.replace(/[^\w-]+/g, '-')}.xlsx` };
}
