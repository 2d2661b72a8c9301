import { translate, type Language, type MessageKey } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { rowsOf } from '../applications/rows-of';
import { bsDateOf, DATE_TIME_FORMAT, fileNamePart, nepalClock, writeStreamedWorkbook, type ExcelFile } from '../http/excel';
import { AppError } from '../http/errors';
import { SCREENED_APPLICATION } from '../scrutiny/allocate-scrutiny';

// The archives of one advertisement kept for the commission's records (spec §2 backup-scrutiny
// and backup-rmis [BUK]): its scrutiny decisions (each application's decisions with their
// remarks, who decided and when) and its payments as reconciled (channel, reference, amount,
// state, against what, when and by whom). One advertisement may have 74,000 applications, so
// each workbook is written as a stream; the rows are read once, set-wise.

export type ArchiveAdvertisement = { id: number; code: string; fiscalYear: string; status: string; postNameEn: string | null; postNameNp: string | null };

export type ArchiveCounts = {
  advertisement: ArchiveAdvertisement;
  /** Paid, live applications: those scrutiny screens (the scrutiny report's own rule). */
  applications: number;
  decidedApplications: number;
  decisions: number;
  payments: number;
  settledPayments: number;
  settledAmount: number;
};

const advertisementColumns = sql`ad.id, ad.code, ad.fiscal_year as "fiscalYear", ad.status, p.name_en as "postNameEn", p.name_np as "postNameNp"`;

/** Every advertisement past its draft, newest first: what the archive screens choose from. */
export async function listArchiveAdvertisements(db: Database): Promise<ArchiveAdvertisement[]> {
  const rows = rowsOf<ArchiveAdvertisement>(
    await db.execute(sql`select ${advertisementColumns} from advertisements ad left join posts p on p.id = ad.post_id where ad.status <> 'draft' order by ad.id desc`),
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

async function findAdvertisement(db: Database, advertisementId: number): Promise<ArchiveAdvertisement> {
  const [row] = rowsOf<ArchiveAdvertisement>(
    await db.execute(sql`select ${advertisementColumns} from advertisements ad left join posts p on p.id = ad.post_id where ad.id = ${advertisementId} and ad.status <> 'draft'`),
  );
  if (!row) throw new AppError('NOT_FOUND', { messageKey: 'archives.advertisementNotFound' });
  return { ...row, id: Number(row.id) };
}

/** What each archive of the advertisement will hold, counted before it is taken. */
export async function archiveCounts(db: Database, advertisementId: number): Promise<ArchiveCounts> {
  const advertisement = await findAdvertisement(db, advertisementId);
  const [row] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      select
        (select count(*) from applications a where a.advertisement_id = ${advertisementId} and ${SCREENED_APPLICATION})::int as applications,
        (select count(*) from applications a join scrutiny_allocations s on s.application_id = a.id
          where a.advertisement_id = ${advertisementId} and ${SCREENED_APPLICATION} and s.status <> 'pending')::int as "decidedApplications",
        (select count(*) from scrutiny_decisions d join applications a on a.id = d.application_id
          where a.advertisement_id = ${advertisementId} and ${SCREENED_APPLICATION})::int as decisions,
        (select count(*) from payments p join charges c on c.id = p.charge_id join applications a on a.id = c.application_id
          where a.advertisement_id = ${advertisementId})::int as payments,
        (select count(*) from payments p join charges c on c.id = p.charge_id join applications a on a.id = c.application_id
          where a.advertisement_id = ${advertisementId} and p.status in ('completed', 'verified'))::int as "settledPayments",
        (select coalesce(sum(p.amount), 0) from payments p join charges c on c.id = p.charge_id join applications a on a.id = c.application_id
          where a.advertisement_id = ${advertisementId} and p.status in ('completed', 'verified'))::bigint as "settledAmount"`),
  );
  const number = (key: string) => Number(row?.[key] ?? 0);
  return {
    advertisement,
    applications: number('applications'),
    decidedApplications: number('decidedApplications'),
    decisions: number('decisions'),
    payments: number('payments'),
    settledPayments: number('settledPayments'),
    settledAmount: number('settledAmount'),
  };
}

// ── shared by both workbooks ──

const personName = (prefix: string) =>
  sql.raw(`nullif(concat_ws(' ', ${prefix}.first_name_en, ${prefix}.middle_name_en, ${prefix}.last_name_en), '')`);
const personNameNp = (prefix: string) =>
  sql.raw(`nullif(concat_ws(' ', ${prefix}.first_name_np, ${prefix}.middle_name_np, ${prefix}.last_name_np), '')`);

function startSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, lang: Language, sheetKey: MessageKey, advertisement: ArchiveAdvertisement, columns: { key: string; width: number }[]) {
  const sheet = workbook.addWorksheet(translate(lang, sheetKey));
  sheet.columns = columns.map(({ width }) => ({ width }));
  const post = lang === 'ne' ? advertisement.postNameNp || advertisement.postNameEn : advertisement.postNameEn;
  sheet.addRow([[advertisement.code, advertisement.fiscalYear, post].filter(Boolean).join(' · ')]).commit();
  const header = sheet.addRow(columns.map(({ key }) => translate(lang, `archives.column.${key}` as MessageKey)));
  header.font = { bold: true };
  header.commit();
  return sheet;
}

function textsOf(lang: Language) {
  const cache = new Map<string, string>();
  return (key: string) => {
    if (!cache.has(key)) cache.set(key, translate(lang, key as MessageKey));
    return cache.get(key)!;
  };
}

// ── backup-scrutiny ──

type DecisionRow = {
  applicationId: number;
  receiptCode: string;
  masterId: number | null;
  fullNameEn: string;
  fullNameNp: string | null;
  scrutinyStatus: string;
  applicationStatus: string;
  decision: string | null;
  quotaNameEn: string | null;
  quotaNameNp: string | null;
  reasonCode: string | null;
  remark: string | null;
  officer: string | null;
  officerNameEn: string | null;
  officerNameNp: string | null;
  at: string | Date | null;
};

const SCRUTINY_COLUMNS = [
  { key: 'serial', width: 7 },
  { key: 'receipt', width: 18 },
  { key: 'masterId', width: 12 },
  { key: 'candidate', width: 28 },
  { key: 'scrutinyStatus', width: 14 },
  { key: 'applicationStatus', width: 16 },
  { key: 'decision', width: 12 },
  { key: 'quota', width: 22 },
  { key: 'reason', width: 18 },
  { key: 'remark', width: 40 },
  { key: 'decidedBy', width: 26 },
  { key: 'decidedAt', width: 17 },
  { key: 'decidedAtBs', width: 12 },
];

/**
 * backup-scrutiny: one row per decision, oldest first within each application, and one row for
 * each screened application that has none yet, so every application of the advertisement is in.
 */
export async function scrutinyArchiveWorkbook(db: Database, advertisementId: number, lang: Language): Promise<ExcelFile & { rowCount: number }> {
  const advertisement = await findAdvertisement(db, advertisementId);
  const rows = await db.transaction(async (tx) => {
    // Sorting the whole advertisement's decisions: in memory, not on disk.
    await tx.execute(sql`set local work_mem = '32MB'`);
    return rowsOf<DecisionRow>(
      await tx.execute(sql`
        select a.id as "applicationId", a.receipt_code as "receiptCode", u.master_id as "masterId",
          concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "fullNameEn", ${personNameNp('u')} as "fullNameNp",
          coalesce(s.status, 'unallocated') as "scrutinyStatus", a.status as "applicationStatus",
          d.decision, q.name_en as "quotaNameEn", q.name_np as "quotaNameNp", d.reason_code as "reasonCode", d.remark,
          o.username as officer, ${personName('o')} as "officerNameEn", ${personNameNp('o')} as "officerNameNp", d.at
        from applications a
        join users u on u.id = a.user_id
        left join scrutiny_allocations s on s.application_id = a.id
        left join scrutiny_decisions d on d.application_id = a.id
        left join advertisement_quotas adq on adq.id = d.advertisement_quota_id
        left join quotas q on q.id = adq.quota_id
        left join users o on o.id = d.officer_user_id
        where a.advertisement_id = ${advertisementId} and ${SCREENED_APPLICATION}
        order by a.id, d.id`),
    );
  });
  const text = textsOf(lang);
  const name = (en: string | null, np: string | null) => (lang === 'ne' ? np || en : en || np) ?? '';
  const bytes = await writeStreamedWorkbook((workbook) => {
    const sheet = startSheet(workbook, lang, 'archives.scrutinySheet', advertisement, SCRUTINY_COLUMNS);
    sheet.getColumn(12).numFmt = DATE_TIME_FORMAT;
    rows.forEach((row, index) => {
      // Numbers stay numbers (Latin digits) so Excel sorts and sums them; texts are in the caller's language.
      sheet
        .addRow([
          index + 1,
          row.receiptCode,
          row.masterId === null ? null : Number(row.masterId),
          name(row.fullNameEn, row.fullNameNp),
          text(`scrutinyReport.status.${row.scrutinyStatus}`),
          text(`scrutinyReport.application.${row.applicationStatus}`),
          row.decision ? text(`archives.decision.${row.decision}`) : '',
          row.decision ? name(row.quotaNameEn, row.quotaNameNp) || text('archives.wholeApplication') : '',
          row.reasonCode ?? '',
          row.remark ?? '',
          row.officer ? `${name(row.officerNameEn, row.officerNameNp)} (${row.officer})` : '',
          nepalClock(row.at),
          bsDateOf(row.at),
        ])
        .commit();
    });
    sheet.commit();
  });
  return { bytes, rowCount: rows.length, fileName: `scrutiny-archive-${fileNamePart(advertisement.code)}.xlsx` };
}

// ── backup-rmis ──

type PaymentRow = {
  paymentId: number;
  receiptCode: string;
  masterId: number | null;
  fullNameEn: string;
  fullNameNp: string | null;
  purpose: string;
  method: 'online' | 'voucher' | 'ebp';
  gateway: string | null;
  gatewayReference: string | null;
  transactionUuid: string;
  bankNameEn: string | null;
  bankNameNp: string | null;
  voucherNumber: string | null;
  ebpCode: string | null;
  amount: number;
  status: string;
  verificationGroup: string | null;
  paidOn: string | Date | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  verifier: string | null;
  verifierNameEn: string | null;
  verifierNameNp: string | null;
  verifiedAt: string | Date | null;
  remarks: string | null;
};

const RMIS_COLUMNS = [
  { key: 'serial', width: 7 },
  { key: 'paymentId', width: 10 },
  { key: 'receipt', width: 18 },
  { key: 'masterId', width: 12 },
  { key: 'candidate', width: 28 },
  { key: 'purpose', width: 16 },
  { key: 'channel', width: 14 },
  { key: 'reference', width: 26 },
  { key: 'transaction', width: 38 },
  { key: 'amount', width: 10 },
  { key: 'paymentStatus', width: 14 },
  { key: 'verificationGroup', width: 16 },
  { key: 'paidOn', width: 17 },
  { key: 'reconciledAgainst', width: 34 },
  { key: 'reconciledAt', width: 17 },
  { key: 'reconciledAtBs', width: 12 },
  { key: 'reconciledBy', width: 26 },
  { key: 'remarks', width: 30 },
];

/**
 * backup-rmis: every payment attempt of the advertisement's applications, with what settled it.
 * An online payment is settled by its gateway's confirmation (its reference; the row's last
 * change is when it came); a voucher by the staff member who verified it against the bank's
 * voucher; an EBP payment by its code, verified likewise (spec §4 payment verification).
 */
export async function rmisArchiveWorkbook(db: Database, advertisementId: number, lang: Language): Promise<ExcelFile & { rowCount: number }> {
  const advertisement = await findAdvertisement(db, advertisementId);
  const rows = rowsOf<PaymentRow>(
    await db.execute(sql`
      select p.id as "paymentId", a.receipt_code as "receiptCode", u.master_id as "masterId",
        concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "fullNameEn", ${personNameNp('u')} as "fullNameNp",
        c.purpose, p.method, p.gateway, p.gateway_reference as "gatewayReference", p.transaction_uuid as "transactionUuid",
        b.name_en as "bankNameEn", b.name_np as "bankNameNp", p.voucher_number as "voucherNumber", p.ebp_code as "ebpCode",
        p.amount, p.status, p.verification_group as "verificationGroup", p.paid_on as "paidOn", p.created_at as "createdAt", p.updated_at as "updatedAt",
        v.username as verifier, ${personName('v')} as "verifierNameEn", ${personNameNp('v')} as "verifierNameNp", p.verified_at as "verifiedAt", p.remarks
      from payments p
      join charges c on c.id = p.charge_id
      join applications a on a.id = c.application_id
      join users u on u.id = a.user_id
      left join banks b on b.id = p.bank_id
      left join users v on v.id = p.verified_by
      where a.advertisement_id = ${advertisementId}
      order by p.id`),
  );
  const text = textsOf(lang);
  const name = (en: string | null, np: string | null) => (lang === 'ne' ? np || en : en || np) ?? '';
  const referenceOf = (row: PaymentRow) => (row.method === 'online' ? row.gatewayReference : row.method === 'voucher' ? row.voucherNumber : row.ebpCode) ?? '';
  const settledByGateway = (row: PaymentRow) => row.method === 'online' && row.status === 'completed';
  const against = (row: PaymentRow) => {
    if (settledByGateway(row)) return `${text('archives.against.gateway')}: ${row.gateway ?? ''} ${row.gatewayReference ?? ''}`.trim();
    if (row.verifiedAt === null) return '';
    if (row.method === 'voucher') return `${text('archives.against.voucher')}: ${name(row.bankNameEn, row.bankNameNp)} ${row.voucherNumber ?? ''}`.trim();
    return `${text('archives.against.ebp')}: ${row.ebpCode ?? ''}`.trim();
  };
  const reconciledAt = (row: PaymentRow) => (settledByGateway(row) ? row.updatedAt : row.verifiedAt);
  const reconciledBy = (row: PaymentRow) => {
    if (settledByGateway(row)) return row.gateway ?? text('archives.against.gateway');
    return row.verifier ? `${name(row.verifierNameEn, row.verifierNameNp)} (${row.verifier})` : '';
  };
  const bytes = await writeStreamedWorkbook((workbook) => {
    const sheet = startSheet(workbook, lang, 'archives.rmisSheet', advertisement, RMIS_COLUMNS);
    for (const column of [13, 15]) sheet.getColumn(column).numFmt = DATE_TIME_FORMAT;
    rows.forEach((row, index) => {
      sheet
        .addRow([
          index + 1,
          Number(row.paymentId),
          row.receiptCode,
          row.masterId === null ? null : Number(row.masterId),
          name(row.fullNameEn, row.fullNameNp),
          text(`archives.purpose.${row.purpose}`),
          text(`archives.channel.${row.method}`),
          referenceOf(row),
          row.transactionUuid,
          Number(row.amount),
          text(`archives.paymentStatus.${row.status}`),
          row.verificationGroup ?? '',
          nepalClock(row.paidOn),
          against(row),
          nepalClock(reconciledAt(row)),
          bsDateOf(reconciledAt(row)),
          reconciledBy(row),
          row.remarks ?? '',
        ])
        .commit();
    });
    sheet.commit();
  });
  return { bytes, rowCount: rows.length, fileName: `rmis-archive-${fileNamePart(advertisement.code)}.xlsx` };
}
