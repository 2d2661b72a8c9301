import { normalizePaymentCode, VOUCHER_FILE_PURPOSE, VOUCHER_UPLOAD, type MessageKey, type VoucherFields } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, desc, eq, or } from 'drizzle-orm';
import { createHash, randomUUID } from 'node:crypto';
import { checkFileContent } from '../files/check-file-content';
import type { FileStorage } from '../files/file-storage';
import { storeUpload, type CheckedUpload } from '../files/store-upload';
import { AppError } from '../http/errors';
import { assertChargeDue, assertVoucherDeadline, findOwnCharge } from './own-charge';
import { settleCharge } from './settle-charge';

// Payments staff verify — a bank voucher (image, bank, number) or an EBP code of the
// revenue system. Either leaves the charge due and the application verification-pending until
// a staff member puts the payment in a verification group.

export type ManualPaymentAnswer = { paymentId: number; chargeId: number; amount: number; status: string; verificationGroup: string | null };

/** The `file` part of the voucher form, judged by content: JPG or PNG, at most 500 KB. */
export async function checkVoucherFile(body: Record<string, unknown>): Promise<{ ok: true; upload: CheckedUpload } | { ok: false; messageKey: MessageKey }> {
  const value = body.file;
  if (Array.isArray(value)) return { ok: false, messageKey: 'validation.invalid' };
  if (!(value instanceof File) || (value.size === 0 && value.name === '')) return { ok: false, messageKey: 'validation.voucherRequired' };
  // The size is known before reading: a file far over the limit is refused unread.
  if (value.size > VOUCHER_UPLOAD.maxBytes) return { ok: false, messageKey: 'validation.fileTooLarge' };
  const bytes = new Uint8Array(await value.arrayBuffer());
  const check = await checkFileContent(bytes, VOUCHER_UPLOAD);
  if (!check.ok) return { ok: false, messageKey: check.messageKey };
  return { ok: true, upload: { bytes: check.bytes, contentType: check.contentType, sha256: createHash('sha256').update(check.bytes).digest('hex'), originalName: value.name || null } };
}

/** spec §4 voucher lock: staff may lock a candidate's voucher upload between two dates. */
async function assertVoucherUnlocked(db: Database, userId: number, now: Date = new Date()): Promise<void> {
  const { candidateProfiles } = schema;
  const [row] = await db
    .select({ from: candidateProfiles.voucherLockedFrom, until: candidateProfiles.voucherLockedUntil })
    .from(candidateProfiles)
    .where(eq(candidateProfiles.userId, userId));
  if (row?.from && row.from <= now && (!row.until || now < row.until)) throw new AppError('UNPROCESSABLE', { messageKey: 'payment.voucherLocked' });
}

/** One payment waiting for staff per charge: a second one would only be a second thing to verify. */
async function assertNothingWaiting(db: Database, chargeId: number): Promise<void> {
  const { payments } = schema;
  const [waiting] = await db.select({ id: payments.id }).from(payments).where(and(eq(payments.chargeId, chargeId), eq(payments.status, 'submitted'))).limit(1);
  if (waiting) throw new AppError('CONFLICT', { messageKey: 'payment.alreadySubmitted' });
}

async function assertBankActive(db: Database, bankId: number): Promise<void> {
  const [bank] = await db.select({ isActive: schema.banks.isActive }).from(schema.banks).where(eq(schema.banks.id, bankId));
  if (!bank?.isActive) throw new AppError('UNPROCESSABLE', { messageKey: 'admin.referenceMissing' });
}

export async function submitVoucher(
  db: Database,
  storage: FileStorage,
  input: { userId: number; fields: VoucherFields; upload: CheckedUpload },
): Promise<ManualPaymentAnswer> {
  const charge = await findOwnCharge(db, input.userId, input.fields.chargeId);
  assertChargeDue(charge);
  await assertVoucherUnlocked(db, input.userId);
  assertVoucherDeadline(charge);
  await assertBankActive(db, input.fields.bankId);
  await assertNothingWaiting(db, charge.id);
  return db.transaction(async (tx) => {
    const file = await storeUpload(tx as unknown as Database, storage, { ownerUserId: input.userId, purpose: VOUCHER_FILE_PURPOSE, upload: input.upload });
    const [payment] = await tx
      .insert(schema.payments)
      .values({
        chargeId: charge.id,
        userId: input.userId,
        method: 'voucher',
        transactionUuid: `voucher-${randomUUID()}`,
        amount: charge.amount,
        status: 'submitted',
        verificationGroup: 'submitted',
        bankId: input.fields.bankId,
        voucherNumber: input.fields.voucherNumber,
        voucherFileId: file.id,
        voucherMobile: input.fields.mobile,
      })
      .returning();
    await settleCharge(tx, { chargeId: charge.id, outcome: 'verification-pending', method: 'voucher', actorUserId: input.userId });
    return { paymentId: payment!.id, chargeId: charge.id, amount: payment!.amount, status: payment!.status, verificationGroup: payment!.verificationGroup };
  });
}

/** EBP code verification: the candidate names the revenue system's code of a payment made at a bank. */
export async function submitEbpCode(db: Database, input: { userId: number; chargeId: number; ebpCode: string }): Promise<ManualPaymentAnswer> {
  const charge = await findOwnCharge(db, input.userId, input.chargeId);
  assertChargeDue(charge);
  assertVoucherDeadline(charge);
  await assertNothingWaiting(db, charge.id);
  const { payments } = schema;
  const [used] = await db.select({ id: payments.id }).from(payments).where(eq(payments.ebpCode, input.ebpCode)).limit(1);
  if (used) throw new AppError('CONFLICT', { messageKey: 'payment.ebpCodeInUse' });
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        chargeId: charge.id,
        userId: input.userId,
        method: 'ebp',
        transactionUuid: `ebp-${randomUUID()}`,
        amount: charge.amount,
        status: 'submitted',
        verificationGroup: 'submitted',
        ebpCode: input.ebpCode,
      })
      .onConflictDoNothing()
      .returning();
    // Two submissions of one code at once: the unique index lets one through.
    if (!payment) throw new AppError('CONFLICT', { messageKey: 'payment.ebpCodeInUse' });
    await settleCharge(tx, { chargeId: charge.id, outcome: 'verification-pending', method: 'ebp', actorUserId: input.userId });
    return { paymentId: payment.id, chargeId: charge.id, amount: payment.amount, status: payment.status, verificationGroup: payment.verificationGroup };
  });
}

/** EBP code local verification: is this code already recorded here, and is it mine? */
export async function lookUpEbpCode(db: Database, input: { userId: number; ebpCode: string }) {
  const { payments } = schema;
  const [row] = await db
    .select({ userId: payments.userId, status: payments.status, amount: payments.amount, chargeId: payments.chargeId, verificationGroup: payments.verificationGroup })
    .from(payments)
    .where(eq(payments.ebpCode, input.ebpCode))
    .limit(1);
  if (!row) return { used: false as const };
  // Someone else's code says only that it is taken.
  if (row.userId !== input.userId) return { used: true as const, mine: false as const };
  return { used: true as const, mine: true as const, status: row.status, amount: row.amount, chargeId: row.chargeId, verificationGroup: row.verificationGroup };
}

/** The public payment check by code (EBP code, voucher number or our transaction id): nothing personal. */
export async function checkPaymentByCode(db: Database, code: string) {
  const { payments } = schema;
  const normal = normalizePaymentCode(code);
  const [row] = await db
    .select({ method: payments.method, status: payments.status, verificationGroup: payments.verificationGroup, amount: payments.amount, paidOn: payments.paidOn, createdAt: payments.createdAt })
    .from(payments)
    .where(or(eq(payments.ebpCode, normal), eq(payments.voucherNumber, normal), eq(payments.transactionUuid, code), eq(payments.gatewayReference, code)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return { ...row, paidOn: row.paidOn?.toISOString() ?? null, createdAt: row.createdAt.toISOString() };
}
