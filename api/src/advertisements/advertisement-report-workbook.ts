import { adToBs, formatBsIso, translate, type AdvertisementStatus, type Language } from '@psc/core';
import type { Database } from '@psc/db';
import { fileNamePart, writeStreamedWorkbook, type ExcelFile } from '../http/excel';
import { reportAdvertisements } from './read-advertisements';

// advertisement-report [AR] as Excel: the rows the screen shows for the same fiscal year and
// status, one line per advertisement with its quotas, vacancies and advertisement numbers, its
// status and its dates in both calendars (spec §1).

const bsOf = (date: string | null | undefined) => (date ? formatBsIso(adToBs(date)) : '');

export async function advertisementReportWorkbook(db: Database, query: { fiscalYear?: string | undefined; status?: AdvertisementStatus | undefined }, lang: Language): Promise<ExcelFile> {
  const { items } = await reportAdvertisements(db, query);
  const name = (en: string | null | undefined, np: string | null | undefined) => (lang === 'ne' ? np || en : en || np) ?? '';
  const bytes = await writeStreamedWorkbook((workbook) => {
    const sheet = workbook.addWorksheet(translate(lang, 'reports.advertisementSheet'));
    sheet.columns = [16, 10, 30, 18, 28, 44, 10, 14, 12, 12, 12, 12].map((width) => ({ width }));
    const filter = [query.fiscalYear, query.status ? translate(lang, `reports.advertisementStatus.${query.status}`) : null].filter(Boolean).join(' · ');
    sheet.addRow([filter || translate(lang, 'reports.allAdvertisements')]).commit();
    const header = sheet.addRow(
      (['advertisement', 'fiscalYear', 'postOrService', 'class', 'office', 'quotas', 'totalVacancy', 'advertisementStatus', 'publishDate', 'publishDateBs', 'lastDate', 'lastDateBs'] as const).map(
        (column) => translate(lang, `reports.column.${column}`),
      ),
    );
    header.font = { bold: true };
    header.commit();
    for (const row of items) {
      const quotas = row.quotas.map((quota) => `${name(quota.nameEn, quota.nameNp)} ${quota.vacancies} · ${quota.label}`).join('; ');
      sheet
        .addRow([
          row.code,
          row.fiscalYear,
          name(row.postNameEn, row.postNameNp) || name(row.serviceNameEn, row.serviceNameNp),
          name(row.classNameEn, row.classNameNp),
          name(row.organizationNameEn, row.organizationNameNp),
          quotas,
          row.totalVacancy,
          translate(lang, `reports.advertisementStatus.${row.status}`),
          row.publishDate ?? '',
          bsOf(row.publishDate),
          row.lastDateForSubmission ?? '',
          bsOf(row.lastDateForSubmission),
        ])
        .commit();
    }
    sheet.commit();
  });
  const fileName = `${['advertisement-report', query.fiscalYear, query.status].filter(Boolean).map((part) => fileNamePart(part!)).join('-')}.xlsx`;
  return { bytes, fileName };
}
