import { translate, type Language, type MessageKey } from '@psc/core';
import type { Database } from '@psc/db';
import { bsDateOf, DATE_TIME_FORMAT, fileNamePart, nepalClock, writeStreamedWorkbook, type ExcelFile } from '../http/excel';
import { countApplications, listAllReapplicants, type ReportFilter } from './application-reports';

// The ER reports as Excel (spec §2 application-count-report[/{advtCode}/{fiscalYear}],
// re-applicant-report): the rows the screen shows for the same filters, every page of them,
// with the headers and states in the caller's language. Numbers stay numbers so Excel sums them.

const COUNT_COLUMNS = ['total', 'pending', 'approved', 'partiallyApproved', 'rejected', 'expired', 'paid', 'verificationPending', 'unpaid', 'reapplications'] as const;

const filterTitle = (lang: Language, filter: ReportFilter) =>
  [filter.advertisementCode, filter.fiscalYear].filter(Boolean).join(' · ') || translate(lang, 'reports.allAdvertisements');

const fileNameOf = (prefix: string, filter: ReportFilter) =>
  `${[prefix, filter.advertisementCode, filter.fiscalYear].filter(Boolean).map((part) => fileNamePart(part!)).join('-')}.xlsx`;

/** application-count-report: one line per advertisement, applications by status and payment state. */
export async function applicationCountWorkbook(db: Database, filter: ReportFilter, lang: Language): Promise<ExcelFile> {
  const rows = await countApplications(db, filter);
  const bytes = await writeStreamedWorkbook((workbook) => {
    const sheet = workbook.addWorksheet(translate(lang, 'reports.applicationCountSheet'));
    sheet.columns = [18, 10, 30, ...COUNT_COLUMNS.map(() => 12)].map((width) => ({ width }));
    sheet.addRow([filterTitle(lang, filter)]).commit();
    const header = sheet.addRow([
      translate(lang, 'reports.column.advertisement'),
      translate(lang, 'reports.column.fiscalYear'),
      translate(lang, 'reports.column.post'),
      ...COUNT_COLUMNS.map((column) => translate(lang, `reports.count.${column}`)),
    ]);
    header.font = { bold: true };
    header.commit();
    for (const row of rows) {
      const post = (lang === 'ne' ? row.postNameNp || row.postNameEn : row.postNameEn || row.postNameNp) ?? '';
      sheet.addRow([row.advertisementCode, row.fiscalYear, post, ...COUNT_COLUMNS.map((column) => row[column])]).commit();
    }
    sheet.commit();
  });
  return { bytes, fileName: fileNameOf('application-count', filter) };
}

/** re-applicant-report: every re-applicant the filters name, newest first, as the screen pages them. */
export async function reapplicantsWorkbook(db: Database, filter: ReportFilter, lang: Language): Promise<ExcelFile> {
  const rows = await listAllReapplicants(db, filter);
  const texts = new Map<string, string>();
  const text = (key: string) => {
    if (!texts.has(key)) texts.set(key, translate(lang, key as MessageKey));
    return texts.get(key)!;
  };
  const bytes = await writeStreamedWorkbook((workbook) => {
    const sheet = workbook.addWorksheet(translate(lang, 'reports.reapplicantsSheet'));
    sheet.columns = [7, 30, 22, 18, 10, 9, 16, 18, 17, 12].map((width) => ({ width }));
    sheet.getColumn(9).numFmt = DATE_TIME_FORMAT;
    sheet.addRow([filterTitle(lang, filter)]).commit();
    const header = sheet.addRow(
      (['serial', 'candidate', 'username', 'advertisement', 'fiscalYear', 'attempt', 'status', 'paymentState', 'submittedAt', 'submittedAtBs'] as const).map((column) =>
        translate(lang, `reports.column.${column}`),
      ),
    );
    header.font = { bold: true };
    header.commit();
    rows.forEach((row, index) => {
      sheet
        .addRow([
          index + 1,
          (lang === 'ne' ? row.fullNameNp || row.fullNameEn : row.fullNameEn || row.fullNameNp) ?? '',
          row.username,
          row.advertisementCode,
          row.fiscalYear,
          row.attempt,
          text(`scrutinyReport.application.${row.status}`),
          text(`reports.paymentState.${row.paymentState}`),
          nepalClock(row.submittedAt),
          bsDateOf(row.submittedAt),
        ])
        .commit();
    });
    sheet.commit();
  });
  return { bytes, fileName: fileNameOf('re-applicants', filter) };
}
