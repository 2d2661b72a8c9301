import { todayAd } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, eq, isNull, or } from 'drizzle-orm';
import { AppError } from '../http/errors';

export type OwnCharge = {
  id: number;
  amount: number;
  status: 'due' | 'paid' | 'cancelled';
  purpose: string;
  applicationId: number | null;
  promotionApplicationId: number | null;
  paymentLastDate: string | null;
  doubleFeeLastDate: string | null;
};

/**
 * A charge of the candidate's own application or promotion application; another candidate's
 * charge, or one of a deleted application, is answered 404 like one that does not exist.
 */
export async function findOwnCharge(db: Database, userId: number, chargeId: number): Promise<OwnCharge> {
  const { charges, applications, promotionApplications, advertisements } = schema;
  const [row] = await db
    .select({
      id: charges.id,
      amount: charges.amount,
      status: charges.status,
      purpose: charges.purpose,
      applicationId: charges.applicationId,
      promotionApplicationId: charges.promotionApplicationId,
      paymentLastDate: advertisements.paymentLastDate,
      doubleFeeLastDate: advertisements.doubleFeeLastDate,
    })
    .from(charges)
    .leftJoin(applications, and(eq(applications.id, charges.applicationId), isNull(applications.deletedAt)))
    .leftJoin(advertisements, eq(advertisements.id, applications.advertisementId))
    .leftJoin(promotionApplications, eq(promotionApplications.id, charges.promotionApplicationId))
    .where(and(eq(charges.id, chargeId), or(eq(applications.userId, userId), eq(promotionApplications.userId, userId))))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A charge can be paid only while it is due (spec §8 'payment.notRequired' otherwise). */
export function assertChargeDue(charge: OwnCharge): void {
  if (charge.status !== 'due') throw new AppError('UNPROCESSABLE', { messageKey: 'payment.notRequired' });
}

/**
 * spec §4: a voucher (or EBP code) is accepted until the payment last date; a double fee until
 * the double-fee date. After that the candidate converts to double fee or the application expires.
 */
export function assertVoucherDeadline(charge: OwnCharge, today: string = todayAd()): void {
  const last = charge.purpose === 'double-fee' || charge.purpose === 're-apply' ? charge.doubleFeeLastDate : charge.paymentLastDate;
  if (last && today > last) throw new AppError('UNPROCESSABLE', { messageKey: 'deadline.voucherUploadEnded' });
}
