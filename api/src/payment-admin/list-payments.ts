import { normalizePaymentCode, type VerificationGroup } from '@psc/core';
import { schema, userFullNameEn, userFullNameNp, type Database } from '@psc/db';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../http/errors';

// Staff payment lists [CPM] (spec §4 "Payment verification groups"; and the refund-due list).

export type PaymentListFilter = {
  group?: VerificationGroup | undefined;
  status?: string | undefined;
  advertisementId?: number | undefined;
  search?: string | undefined;
  page: number;
  pageSize: number;
};

const { payments, charges, applications, advertisements, users, banks } = schema;

const paymentColumns = {
  id: payments.id,
  chargeId: payments.chargeId,
  applicationId: charges.applicationId,
  promotionApplicationId: charges.promotionApplicationId,
  chargePurpose: charges.purpose,
  chargeStatus: charges.status,
  advertisementId: applications.advertisementId,
  advertisementCode: advertisements.code,
  userId: payments.userId,
  username: users.username,
  fullNameEn: userFullNameEn,
  fullNameNp: userFullNameNp,
  method: payments.method,
  gateway: payments.gateway,
  status: payments.status,
  verificationGroup: payments.verificationGroup,
  amount: payments.amount,
  bankId: payments.bankId,
  bankNameEn: banks.nameEn,
  bankNameNp: banks.nameNp,
  voucherNumber: payments.voucherNumber,
  voucherMobile: payments.voucherMobile,
  voucherFileId: payments.voucherFileId,
  ebpCode: payments.ebpCode,
  payerName: payments.payerName,
  transactionUuid: payments.transactionUuid,
  gatewayReference: payments.gatewayReference,
  paidOn: payments.paidOn,
  remarks: payments.remarks,
  verifiedBy: payments.verifiedBy,
  verifiedAt: payments.verifiedAt,
  createdAt: payments.createdAt,
  updatedAt: payments.updatedAt,
};

function selectPayments(db: Database) {
  return db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(charges, eq(charges.id, payments.chargeId))
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(applications, eq(applications.id, charges.applicationId))
    .leftJoin(advertisements, eq(advertisements.id, applications.advertisementId))
    .leftJoin(banks, eq(banks.id, payments.bankId));
}

export type StaffPayment = Awaited<ReturnType<typeof findPayment>>;

export async function listPayments(db: Database, filter: PaymentListFilter) {
  const conditions: SQL[] = [];
  if (filter.group) conditions.push(eq(payments.verificationGroup, filter.group));
  if (filter.status) conditions.push(eq(payments.status, filter.status as 'submitted'));
  if (filter.advertisementId) conditions.push(eq(applications.advertisementId, filter.advertisementId));
  if (filter.search) {
    const code = normalizePaymentCode(filter.search);
    const like = `%${filter.search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    conditions.push(
      or(
        eq(payments.ebpCode, code),
        eq(payments.voucherNumber, code),
        eq(payments.transactionUuid, filter.search),
        eq(payments.gatewayReference, filter.search),
        ilike(users.username, like),
        ilike(userFullNameEn, like),
        eq(advertisements.code, filter.search),
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await selectPayments(db)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(payments)
    .innerJoin(charges, eq(charges.id, payments.chargeId))
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(applications, eq(applications.id, charges.applicationId))
    .leftJoin(advertisements, eq(advertisements.id, applications.advertisementId))
    .where(where);
  return { items: rows, total: count?.total ?? 0 };
}

export async function findPayment(db: Database, id: number) {
  const [row] = await selectPayments(db).where(eq(payments.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** spec CPM checkPaymentByEbpCode. */
export async function findPaymentByEbpCode(db: Database, code: string) {
  const [row] = await selectPayments(db).where(eq(payments.ebpCode, normalizePaymentCode(code))).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
