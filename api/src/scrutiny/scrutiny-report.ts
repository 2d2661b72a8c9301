import { translate, type Language, type MessageKey, type ScrutinyReportQuery } from '@psc/core';
import type { Database } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { rowsOf } from '../applications/rows-of';
import { AppError } from '../http/errors';
import { writeStreamedWorkbook } from '../http/excel';
import { SCREENED_APPLICATION } from './allocate-scrutiny';

// The scrutiny report [SD] (spec §2 scrutiny/report; §5 "Scrutiny report: office, advertisement
// code, fiscal year and exam centre required"): per application of one advertisement at one exam
// centre, its scrutiny status, officer and the quotas decided; paged on screen, whole in Excel.
//
// One advertisement may have 74,000 applications: the page is chosen first from the index on
// (advertisement, exam centre, id) and only its rows are joined to names, officers and quotas;
// the counts and the workbook read the applications once, set-wise.

export type ReportFilter = Omit<ScrutinyReportQuery, 'page' | 'pageSize'>;

export type ReportAdvertisement = {
  id: number;
  code: string;
  fiscalYear: string;
  officeNameEn: string;
  officeNameNp: string;
  examCentreNameEn: string;
  examCentreNameNp: string;
};

export type ReportQuota = { code: string; nameEn: string; nameNp: string; status: 'pending' | 'approved' | 'rejected' };

export type ReportRow = {
  applicationId: number;
  receiptCode: string;
  masterId: number | null;
  fullNameEn: string;
  fullNameNp: string | null;
  applicationStatus: string;
  scrutinyStatus: 'unallocated' | 'pending' | 'hold' | 'approved' | 'rejected';
  officer: string | null;
  officerNameEn: string | null;
  quotas: ReportQuota[];
};

/** The advertisement the four filters name; each wrong one is a field error saying so. */
async function resolveFilter(db: Database, filter: ReportFilter, lang: Language): Promise<ReportAdvertisement> {
  const [found] = rowsOf<ReportAdvertisement & { centreOfAdvertisement: boolean }>(
    await db.execute(sql`
      select ad.id, ad.code, ad.fiscal_year as "fiscalYear", o.name_en as "officeNameEn", o.name_np as "officeNameNp",
        ec.name_en as "examCentreNameEn", ec.name_np as "examCentreNameNp",
        exists (select 1 from advertisement_exam_centres x where x.advertisement_id = ad.id and x.exam_centre_id = ${filter.examCentreId}) as "centreOfAdvertisement"
      from advertisements ad
      join organizations o on o.id = ad.organization_id
      left join exam_centres ec on ec.id = ${filter.examCentreId}
      where ad.code = ${filter.advertisementCode} and ad.organization_id = ${filter.officeId} and ad.fiscal_year = ${filter.fiscalYear}`),
  );
  if (!found) {
    const params = { code: filter.advertisementCode, fiscalYear: filter.fiscalYear };
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'scrutinyReport.advertisementNotFound',
      messageParams: params,
      errors: { advertisementCode: [translate(lang, 'scrutinyReport.advertisementNotFound', params)] },
    });
  }
  if (!found.centreOfAdvertisement || found.examCentreNameEn === null) {
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'scrutinyReport.examCentreNotOfAdvertisement',
      errors: { examCentreId: [translate(lang, 'scrutinyReport.examCentreNotOfAdvertisement')] },
    });
  }
  const { centreOfAdvertisement: _, ...advertisement } = found;
  return { ...advertisement, id: Number(advertisement.id) };
}

const reportApplications = (advertisementId: number, examCentreId: number): SQL =>
  sql`a.advertisement_id = ${advertisementId} and a.exam_centre_id = ${examCentreId} and ${SCREENED_APPLICATION}`;

/** Names, officer and decided quotas of the applications `chosen` (a query of application ids). */
function detailOf(chosen: SQL): SQL {
  return sql`
    select a.id as "applicationId", a.receipt_code as "receiptCode", u.master_id as "masterId",
      concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "fullNameEn",
      nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), '') as "fullNameNp",
      a.status as "applicationStatus", coalesce(s.status, 'unallocated') as "scrutinyStatus",
      o.username as officer, nullif(concat_ws(' ', o.first_name_en, o.middle_name_en, o.last_name_en), '') as "officerNameEn",
      coalesce(q.quotas, '[]'::json) as quotas
    from (${chosen}) chosen
    join applications a on a.id = chosen.id
    join users u on u.id = a.user_id
    left join scrutiny_allocations s on s.application_id = a.id
    left join users o on o.id = s.officer_user_id
    left join lateral (
      select json_agg(json_build_object('code', qq.code, 'nameEn', qq.name_en, 'nameNp', qq.name_np, 'status', aq.status) order by aq.advertisement_quota_id) as quotas
      from application_quotas aq
      join advertisement_quotas adq on adq.id = aq.advertisement_quota_id
      join quotas qq on qq.id = adq.quota_id
      where aq.application_id = a.id
    ) q on true
    order by a.id`;
}

function normalise(row: ReportRow): ReportRow {
  const quotas = typeof row.quotas === 'string' ? (JSON.parse(row.quotas) as ReportQuota[]) : row.quotas;
  return { ...row, applicationId: Number(row.applicationId), masterId: row.masterId === null ? null : Number(row.masterId), quotas };
}

async function countsOf(db: Database, advertisementId: number, examCentreId: number) {
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select count(*) filter (where s.application_id is null)::int as unallocated,
        count(*) filter (where s.status = 'pending')::int as pending,
        count(*) filter (where s.status = 'hold')::int as hold,
        count(*) filter (where s.status = 'approved')::int as approved,
        count(*) filter (where s.status = 'rejected')::int as rejected,
        count(*)::int as total
      from applications a left join scrutiny_allocations s on s.application_id = a.id
      where ${reportApplications(advertisementId, examCentreId)}`),
  );
  const number = (key: string) => Number(row?.[key] ?? 0);
  return { unallocated: number('unallocated'), pending: number('pending'), hold: number('hold'), approved: number('approved'), rejected: number('rejected'), total: number('total') };
}

/** One page of the report, with the counts by scrutiny status of everything the filters name. */
export async function scrutinyReport(db: Database, query: ScrutinyReportQuery, lang: Language) {
  const advertisement = await resolveFilter(db, query, lang);
  const counts = await countsOf(db, advertisement.id, query.examCentreId);
  const page = sql`
    select a.id from applications a where ${reportApplications(advertisement.id, query.examCentreId)}
    order by a.id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`;
  const items = rowsOf<ReportRow>(await db.execute(detailOf(page))).map(normalise);
  return { advertisement, counts, items, total: counts.total, page: query.page, pageSize: query.pageSize };
}

/** The whole report as an Excel workbook, its texts in the caller's language. */
export async function scrutinyReportWorkbook(db: Database, filter: ReportFilter, lang: Language) {
  const advertisement = await resolveFilter(db, filter, lang);
  const all = sql`select a.id from applications a where ${reportApplications(advertisement.id, filter.examCentreId)}`;
  // Sorting the whole advertisement's rows by id: in memory, not on disk.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '32MB'`);
    return rowsOf<ReportRow>(await tx.execute(detailOf(all))).map(normalise);
  });
  // Written as a stream, each row committed as it is added: the whole model of 74,000 rows is
  // never held (the in-memory workbook took some 16 s for the largest advertisement).
  const bytes = await writeStreamedWorkbook((workbook) => {
    const sheet = workbook.addWorksheet(translate(lang, 'scrutinyReport.sheet'));
    sheet.columns = [6, 18, 12, 30, 16, 24, 40, 20].map((width) => ({ width }));
    const name = (en: string, np: string | null) => (lang === 'ne' ? np || en : en);
    sheet.addRow([`${advertisement.code} · ${advertisement.fiscalYear} · ${name(advertisement.officeNameEn, advertisement.officeNameNp)} · ${name(advertisement.examCentreNameEn, advertisement.examCentreNameNp)}`]).commit();
    const header = sheet.addRow(
      (['serial', 'receipt', 'masterId', 'candidate', 'scrutinyStatus', 'officer', 'quotas', 'applicationStatus'] as const).map((column) => translate(lang, `scrutinyReport.column.${column}`)),
    );
    header.font = { bold: true };
    header.commit();
    const statusText = new Map<string, string>();
    const textOf = (key: string) => {
      if (!statusText.has(key)) statusText.set(key, translate(lang, key as MessageKey));
      return statusText.get(key)!;
    };
    rows.forEach((row, index) => {
      const quotas = row.quotas.map((quota) => `${name(quota.nameEn, quota.nameNp)}: ${textOf(`scrutinyReport.quota.${quota.status}`)}`).join('; ');
      // Numbers stay numbers (Latin digits) so Excel sorts and sums them; texts are in the caller's language.
      sheet
        .addRow([
          index + 1,
          row.receiptCode,
          row.masterId,
          name(row.fullNameEn, row.fullNameNp),
          textOf(`scrutinyReport.status.${row.scrutinyStatus}`),
          row.officerNameEn ?? row.officer ?? '',
          quotas,
          textOf(`scrutinyReport.application.${row.applicationStatus}`),
        ])
        .commit();
    });
    sheet.commit();
  });
  return { bytes, fileName: `scrutiny-report-${advertisement.code.replace(/[^\w-]+/g, '-')}.xlsx` };
}

// ── caste-classification ──

export type ClassificationRow = { key: string; nameEn: string; nameNp: string; count: number };

/**
 * scrutiny/caste-classification [SC]: the advertisement's approved applicants (approved or
 * partially approved in scrutiny) counted by caste/ethnicity, by the inclusive group (quota) each
 * was approved in, by gender and by permanent district. A candidate who gave no caste or address
 * is counted under "not given", so each table adds up to the approved applicants.
 */
export async function casteClassification(db: Database, advertisementCode: string, lang: Language) {
  const [advertisement] = rowsOf<{ id: number; code: string; fiscalYear: string }>(
    await db.execute(sql`select id, code, fiscal_year as "fiscalYear" from advertisements where code = ${advertisementCode}`),
  );
  if (!advertisement) {
    const params = { code: advertisementCode };
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'casteReport.advertisementNotFound',
      messageParams: params,
      errors: { advertisementCode: [translate(lang, 'casteReport.advertisementNotFound', params)] },
    });
  }
  const advertisementId = Number(advertisement.id);
  const approved = sql`
    select a.id, a.user_id from applications a
    where a.advertisement_id = ${advertisementId} and a.deleted_at is null and a.status in ('approved', 'partially-approved')`;
  const grouped = async (query: SQL) =>
    rowsOf<ClassificationRow>(await db.execute(query)).map((row) => ({ ...row, key: String(row.key), count: Number(row.count) }));
  const byCaste = await grouped(sql`
    with approved as (${approved})
    select coalesce(c.id::text, '') as key, coalesce(c.name_en, '') as "nameEn", coalesce(c.name_np, '') as "nameNp", count(*)::int as count
    from approved ap left join candidate_extra_details x on x.user_id = ap.user_id left join castes c on c.id = x.caste_id
    group by c.id, c.name_en, c.name_np order by count(*) desc, c.id`);
  const byQuota = await grouped(sql`
    with approved as (${approved})
    select q.code as key, q.name_en as "nameEn", q.name_np as "nameNp", count(*)::int as count
    from approved ap
    join application_quotas aq on aq.application_id = ap.id and aq.status = 'approved'
    join advertisement_quotas adq on adq.id = aq.advertisement_quota_id
    join quotas q on q.id = adq.quota_id
    group by q.id, q.code, q.name_en, q.name_np order by q.id`);
  const byGender = await grouped(sql`
    with approved as (${approved})
    select coalesce(p.gender, '') as key, '' as "nameEn", '' as "nameNp", count(*)::int as count
    from approved ap left join candidate_profiles p on p.user_id = ap.user_id
    group by p.gender order by p.gender`);
  const byDistrict = await grouped(sql`
    with approved as (${approved})
    select coalesce(d.id::text, '') as key, coalesce(d.name_en, '') as "nameEn", coalesce(d.name_np, '') as "nameNp", count(*)::int as count
    from approved ap
    left join candidate_addresses ca on ca.user_id = ap.user_id and ca.kind = 'permanent'
    left join districts d on d.id = ca.district_id
    group by d.id, d.name_en, d.name_np order by count(*) desc, d.id`);
  const total = byGender.reduce((sum, row) => sum + row.count, 0);
  return { advertisement: { ...advertisement, id: Number(advertisement.id) }, total, byCaste, byQuota, byGender, byDistrict };
}

export async function casteClassificationWorkbook(db: Database, advertisementCode: string, lang: Language) {
  const report = await casteClassification(db, advertisementCode, lang);
  const workbook = new ExcelJS.Workbook();
  const label = (dimension: 'byCaste' | 'byQuota' | 'byGender' | 'byDistrict', row: ClassificationRow) => {
    if (row.key === '') return translate(lang, 'casteReport.notGiven');
    if (dimension === 'byGender') return translate(lang, `casteReport.gender.${row.key}` as MessageKey);
    return lang === 'ne' ? row.nameNp || row.nameEn : row.nameEn;
  };
  for (const dimension of ['byCaste', 'byQuota', 'byGender', 'byDistrict'] as const) {
    const title = translate(lang, `casteReport.${dimension}`);
    // Excel refuses / in a sheet's name.
    const sheet = workbook.addWorksheet(title.replace(/[\\/?*[\]:]/g, '-'));
    sheet.addRow([`${report.advertisement.code} · ${report.advertisement.fiscalYear}`]);
    sheet.addRow([title, translate(lang, 'scrutinyReport.column.count')]).font = { bold: true };
    for (const row of report[dimension]) sheet.addRow([label(dimension, row), row.count]);
    sheet.getColumn(1).width = 36;
    sheet.getColumn(2).width = 14;
  }
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return { bytes, fileName: `caste-classification-${report.advertisement.code.replace(/[^\w-]+/g, '-')}.xlsx` };
}
