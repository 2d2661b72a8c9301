import { schema, userNameColumns, type Database } from '@psc/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { advertisementNameColumns, joinAdvertisementNames } from '../advertisements/read-advertisements';
import { AppError } from '../http/errors';

/**
 * The candidate's receipt of one settled payment (completed online, or a voucher or EBP code
 * staff verified), found by its transaction id: the owner's only. Another candidate's payment,
 * or one not settled, is answered 404 like one that does not exist. The verification code it
 * prints is the one the public payment check (/api/public/payments/check/{code}) finds.
 */
export async function readPaymentReceipt(db: Database, input: { userId: number; transactionUuid: string }) {
  const { payments, charges, applications, advertisements, users, banks } = schema;
  const [row] = await joinAdvertisementNames(
    db
      .select({
        transactionUuid: payments.transactionUuid,
        method: payments.method,
        status: payments.status,
        amount: payments.amount,
        gatewayReference: payments.gatewayReference,
        voucherNumber: payments.voucherNumber,
        ebpCode: payments.ebpCode,
        bankNameEn: banks.nameEn,
        bankNameNp: banks.nameNp,
        paidOn: payments.paidOn,
        verifiedAt: payments.verifiedAt,
        createdAt: payments.createdAt,
        purpose: charges.purpose,
        applicationId: applications.id,
        applicationReceiptCode: applications.receiptCode,
        advertisementCode: advertisements.code,
        fiscalYear: advertisements.fiscalYear,
        ...advertisementNameColumns,
        ...userNameColumns,
        masterId: users.masterId,
      })
      .from(payments)
      .innerJoin(charges, eq(charges.id, payments.chargeId))
      .innerJoin(applications, and(eq(applications.id, charges.applicationId), isNull(applications.deletedAt)))
      .innerJoin(advertisements, eq(advertisements.id, applications.advertisementId))
      .innerJoin(users, eq(users.id, payments.userId))
      .leftJoin(banks, eq(banks.id, payments.bankId))
      .$dynamic(),
  )
    .where(and(eq(payments.transactionUuid, input.transactionUuid), eq(payments.userId, input.userId), eq(applications.userId, input.userId), inArray(payments.status, ['completed', 'verified'])))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const settledAt = row.paidOn ?? row.verifiedAt ?? row.createdAt;
  return {
    ...row,
    verificationCode: row.transactionUuid,
    paidOn: settledAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
