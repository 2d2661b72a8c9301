import { REFUSING_GROUPS, SETTLING_GROUPS, translate, type AdvertisementPaymentUpdate, type Language, type PaymentUpdate, type PaymentVerification } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { reopenCharge, recordApplicationEvent, settleCharge } from '../payments/settle-charge';

// Staff verification of vouchers and EBP codes [CPM] (spec §4 "Payment verification groups").
// A settling group pays the charge (or, if it was paid meanwhile, keeps the payment for refund);
// a refusing group puts the charge back to owed. Moving a verified payment between settling
// groups (approved -> implemented -> government...) only changes its group.

type Actor = { actorUserId: number; requestId?: string | null; ipAddress?: string | null };

const isSettling = (group: string) => (SETTLING_GROUPS as readonly string[]).includes(group);
const isRefusing = (group: string) => (REFUSING_GROUPS as readonly string[]).includes(group);

export async function verifyPayment(db: Database, id: number, input: PaymentVerification, actor: Actor) {
  const { payments } = schema;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (before.method === 'online') throw new AppError('UNPROCESSABLE', { messageKey: 'payment.notVerifiable' });
    const now = new Date();
    let status: typeof before.status;
    if (before.status === 'submitted') {
      if (isSettling(input.group)) {
        const { settled } = await settleCharge(tx, { chargeId: before.chargeId, outcome: 'paid', method: before.method, actorUserId: actor.actorUserId });
        status = settled ? 'verified' : 'refund-due';
        if (!settled) {
          const [charge] = await tx.select({ applicationId: schema.charges.applicationId }).from(schema.charges).where(eq(schema.charges.id, before.chargeId));
          if (charge?.applicationId) await recordApplicationEvent(tx, charge.applicationId, 'payment-refund-due', { amount: before.amount }, actor.actorUserId);
        }
      } else if (isRefusing(input.group)) {
        status = 'rejected';
      } else {
        throw new AppError('UNPROCESSABLE', { messageKey: 'payment.notVerifiable' });
      }
    } else if (before.status === 'verified' && isSettling(input.group)) {
      status = 'verified';
    } else if (before.status === 'rejected' && isRefusing(input.group)) {
      status = 'rejected';
    } else {
      throw new AppError('UNPROCESSABLE', { messageKey: 'payment.notVerifiable' });
    }
    const [after] = await tx
      .update(payments)
      .set({
        status,
        verificationGroup: input.group,
        remarks: input.remarks,
        verifiedBy: actor.actorUserId,
        verifiedAt: now,
        paidOn: status === 'verified' ? (before.paidOn ?? now) : before.paidOn,
        updatedAt: now,
      })
      .where(eq(payments.id, id))
      .returning();
    // The payment was refused now: the charge is owed again (after the payment row says so).
    if (before.status === 'submitted' && status === 'rejected') await reopenCharge(tx, { chargeId: before.chargeId, remarks: input.remarks, actorUserId: actor.actorUserId });
    await recordAudit(tx, { ...actor, action: 'verify', entity: 'payments', entityId: id, before, after });
    return { id, status: after!.status, verificationGroup: after!.verificationGroup };
  });
}

/** spec CPM `update`: corrections staff make to a voucher or EBP payment record. */
export async function updatePayment(db: Database, id: number, input: PaymentUpdate, actor: Actor) {
  const { payments } = schema;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (input.bankId) {
      const [bank] = await tx.select({ id: schema.banks.id }).from(schema.banks).where(eq(schema.banks.id, input.bankId));
      if (!bank) throw new AppError('UNPROCESSABLE', { messageKey: 'admin.referenceMissing' });
    }
    const [after] = await tx
      .update(payments)
      .set({
        ...(input.bankId !== undefined ? { bankId: input.bankId } : {}),
        ...(input.voucherNumber !== undefined ? { voucherNumber: input.voucherNumber } : {}),
        ...(input.payerName !== undefined ? { payerName: input.payerName || null } : {}),
        ...(input.paidOn !== undefined ? { paidOn: input.paidOn ? new Date(`${input.paidOn}T00:00:00+05:45`) : null } : {}),
        remarks: input.remarks,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, id))
      .returning();
    await recordAudit(tx, { ...actor, action: 'update', entity: 'payments', entityId: id, before, after });
    return { id };
  });
}

/** spec CPM renameEbpCode ("ebp code replace"): a code typed wrongly is corrected, with a reason. */
export async function renameEbpCode(db: Database, id: number, input: { ebpCode: string; remarks: string }, actor: Actor) {
  const { payments } = schema;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (before.ebpCode === input.ebpCode) return { id, ebpCode: input.ebpCode };
    const [taken] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.ebpCode, input.ebpCode)).limit(1);
    if (taken) throw new AppError('CONFLICT', { messageKey: 'payment.ebpCodeInUse' });
    const [after] = await tx.update(payments).set({ ebpCode: input.ebpCode, remarks: input.remarks, updatedAt: new Date() }).where(eq(payments.id, id)).returning();
    await recordAudit(tx, { ...actor, action: 'rename-ebp-code', entity: 'payments', entityId: id, before, after });
    return { id, ebpCode: input.ebpCode };
  });
}

/** Advertisement payment update: every verified payment of one advertisement in `fromGroup` moves to `toGroup`. */
export async function moveAdvertisementPayments(db: Database, input: AdvertisementPaymentUpdate, actor: Actor, lang: Language) {
  const { payments, charges, applications, advertisements } = schema;
  return db.transaction(async (tx) => {
    const [advertisement] = await tx.select({ id: advertisements.id }).from(advertisements).where(eq(advertisements.code, input.advertisementCode)).limit(1);
    if (!advertisement) throw new AppError('VALIDATION_FAILED', { errors: { advertisementCode: [translate(lang, 'payment.advertisementUnknown')] } });
    const rows = await tx
      .select({ payment: payments })
      .from(payments)
      .innerJoin(charges, eq(charges.id, payments.chargeId))
      .innerJoin(applications, eq(applications.id, charges.applicationId))
      .where(and(eq(applications.advertisementId, advertisement.id), eq(payments.status, 'verified'), eq(payments.verificationGroup, input.fromGroup)))
      .for('update', { of: payments });
    const now = new Date();
    for (const { payment: before } of rows) {
      const [after] = await tx
        .update(payments)
        .set({ verificationGroup: input.toGroup, remarks: input.remarks, verifiedBy: actor.actorUserId, verifiedAt: now, updatedAt: now })
        .where(eq(payments.id, before.id))
        .returning();
      await recordAudit(tx, { ...actor, action: 'verify', entity: 'payments', entityId: before.id, before, after });
    }
    return { moved: rows.length };
  });
}
