import { translate, type Language, type MessageKey } from '@psc/core';
import type { Database } from '@psc/db';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';

// spec §2 report-by-quota [POEC]: present, absent and passed per quota, exam centre and gender
// for one paper of an advertisement, on screen and as an Excel workbook. A candidate counts in
// each quota scrutiny approved for them (spec §3 application quotas), as the commission reports
// each group's competition apart.

export type QuotaReportRow = { quotaCode: string | null; quotaEn: string | null; quotaNp: string | null; centreEn: string; centreNp: string; gender: 'male' | 'female' | 'other' | null; present: number; absent: number; passed: number };

export async function reportByQuota(db: Database, advertisementId: number, examPaperId: number): Promise<{ items: QuotaReportRow[] }> {
  const rows = rowsOf<QuotaReportRow>(
    await db.execute(sql`
      select q.code as "quotaCode", q.name_en as "quotaEn", q.name_np as "quotaNp", v.name_en as "centreEn", v.name_np as "centreNp", cp.gender,
        count(*) filter (where pr.is_present)::int as present,
        count(*) filter (where pr.is_present = false)::int as absent,
        count(*) filter (where pr.is_pass)::int as passed
      from paper_results pr
      join centre_allocations ca on ca.advertisement_id = pr.advertisement_id and ca.exam_paper_id = pr.exam_paper_id
      join seat_assignments sa on sa.allocation_id = ca.id and sa.application_id = pr.application_id
      join exam_venues v on v.id = sa.venue_id
      join applications a on a.id = pr.application_id
      left join candidate_profiles cp on cp.user_id = a.user_id
      left join application_quotas aq on aq.application_id = a.id and aq.status = 'approved'
      left join advertisement_quotas adq on adq.id = aq.advertisement_quota_id
      left join quotas q on q.id = adq.quota_id
      where pr.advertisement_id = ${advertisementId} and pr.exam_paper_id = ${examPaperId} and pr.attendance_status is not null
      group by q.code, q.name_en, q.name_np, v.name_en, v.name_np, cp.gender
      order by q.code nulls last, v.name_en, cp.gender`),
  );
  return { items: rows.map((row) => ({ ...row, present: Number(row.present), absent: Number(row.absent), passed: Number(row.passed) })) };
}

const COLUMNS: [MessageKey, number][] = [
  ['results.report.quota', 30],
  ['results.report.centre', 36],
  ['results.report.gender', 10],
  ['results.report.present', 10],
  ['results.report.absent', 10],
  ['results.report.passed', 10],
];

export async function reportByQuotaWorkbook(db: Database, advertisementId: number, examPaperId: number, lang: Language) {
  const { items } = await reportByQuota(db, advertisementId, examPaperId);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(lang, 'results.report.sheet'));
  sheet.columns = COLUMNS.map(([, width]) => ({ width }));
  sheet.addRow(COLUMNS.map(([key]) => translate(lang, key))).font = { bold: true };
  for (const row of items) {
    sheet.addRow([lang === 'ne' ? row.quotaNp : row.quotaEn, lang === 'ne' ? row.centreNp : row.centreEn, row.gender ? translate(lang, `results.gender.${row.gender}`) : '', row.present, row.absent, row.passed]);
  }
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return { bytes, fileName: `attendance-results-by-quota-${advertisementId}-${examPaperId}.xlsx` };
}
