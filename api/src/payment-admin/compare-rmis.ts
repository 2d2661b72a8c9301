import { normalizePaymentCode, toLatinDigits } from '@psc/core';
import { schema, type Database } from '@psc/db';
import ExcelJS from 'exceljs';
import { and, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import { AppError } from '../http/errors';

// spec §2 compare-rmis-data [CPM]: staff import the revenue system's (RMIS) payment export,
// an Excel workbook, and reconcile it with the voucher and EBP payments recorded here. A row is
// keyed by its code (EBP code, or the voucher number), typed in either script; amounts likewise.

export type RmisRow = { row: number; code: string; amount: number };

export type RmisComparison = {
  matched: { code: string; amount: number; paymentId: number; row: number }[];
  /** In the revenue system's export, not recorded here. */
  missingHere: { code: string; amount: number; row: number }[];
  /** Recorded here (submitted or verified), absent from the export. */
  missingThere: { code: string; amount: number; paymentId: number }[];
  amountDiffers: { code: string; amountHere: number; amountThere: number; paymentId: number; row: number }[];
};

const CODE_HEADER = /ebp|code|कोड|voucher|भौचर|transaction/i;
const AMOUNT_HEADER = /amount|रकम|रुपैयाँ/i;

/** A cell's value as text, whatever exceljs made of it (number, rich text, formula, hyperlink). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return value.result === undefined ? '' : cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
  }
  return '';
}

/** "रु. १,२००.००", "1200", 1200 -> 1200; NaN when it is not an amount. */
export function parseRmisAmount(text: string): number {
  const cleaned = toLatinDigits(text).replace(/रु\.?|rs\.?|npr|,|\s/gi, '');
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** Reads the first sheet: a header row (within the first ten) naming a code and an amount column. */
export async function readRmisWorkbook(bytes: Uint8Array): Promise<RmisRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError('VALIDATION_FAILED', { messageKey: 'payment.rmisFileInvalid' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('VALIDATION_FAILED', { messageKey: 'payment.rmisColumnsMissing' });
  let header: { row: number; code: number; amount: number } | null = null;
  for (let r = 1; r <= Math.min(10, sheet.rowCount) && !header; r += 1) {
    const row = sheet.getRow(r);
    let code = 0;
    let amount = 0;
    row.eachCell((cell, column) => {
      const text = cellText(cell.value).trim();
      if (!amount && AMOUNT_HEADER.test(text)) amount = column;
      else if (!code && CODE_HEADER.test(text)) code = column;
    });
    if (code && amount) header = { row: r, code, amount };
  }
  if (!header) throw new AppError('VALIDATION_FAILED', { messageKey: 'payment.rmisColumnsMissing' });
  const rows: RmisRow[] = [];
  for (let r = header.row + 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const code = normalizePaymentCode(cellText(row.getCell(header.code).value));
    if (!code) continue;
    rows.push({ row: r, code, amount: parseRmisAmount(cellText(row.getCell(header.amount).value)) });
  }
  return rows;
}

export async function compareRmis(db: Database, rows: RmisRow[], filter: { advertisementId?: number | undefined }): Promise<RmisComparison> {
  const { payments, charges, applications } = schema;
  const conditions: SQL[] = [inArray(payments.method, ['voucher', 'ebp']), inArray(payments.status, ['submitted', 'verified']), or(isNotNull(payments.ebpCode), isNotNull(payments.voucherNumber))!];
  if (filter.advertisementId) conditions.push(eq(applications.advertisementId, filter.advertisementId));
  const here = await db
    .select({ id: payments.id, ebpCode: payments.ebpCode, voucherNumber: payments.voucherNumber, amount: payments.amount })
    .from(payments)
    .innerJoin(charges, eq(charges.id, payments.chargeId))
    .leftJoin(applications, eq(applications.id, charges.applicationId))
    .where(and(...conditions));
  const byCode = new Map<string, (typeof here)[number]>();
  for (const payment of here) byCode.set((payment.ebpCode ?? payment.voucherNumber)!, payment);
  const result: RmisComparison = { matched: [], missingHere: [], missingThere: [], amountDiffers: [] };
  const seen = new Set<number>();
  for (const row of rows) {
    const payment = byCode.get(row.code);
    if (!payment) {
      result.missingHere.push({ code: row.code, amount: row.amount, row: row.row });
      continue;
    }
    seen.add(payment.id);
    if (Math.abs(row.amount - payment.amount) < 0.005) result.matched.push({ code: row.code, amount: payment.amount, paymentId: payment.id, row: row.row });
    else result.amountDiffers.push({ code: row.code, amountHere: payment.amount, amountThere: row.amount, paymentId: payment.id, row: row.row });
  }
  for (const payment of here) {
    if (!seen.has(payment.id)) result.missingThere.push({ code: (payment.ebpCode ?? payment.voucherNumber)!, amount: payment.amount, paymentId: payment.id });
  }
  return result;
}
