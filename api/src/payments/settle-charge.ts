import type { PaymentState } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, eq, exists, sql } from 'drizzle-orm';

// The one place that says what paying (or not paying) a charge does to the charge, to
// the application's payment state and to its timeline. The submit path (applications) and every
// payment path call it inside their own transaction.

/** A transaction (or the database handle) of drizzle. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export type ChargeOutcome = 'paid' | 'verification-pending';

export type SettleChargeInput = {
  chargeId: number;
  /** 'paid': the charge is paid now; 'verification-pending': a voucher or EBP code awaits staff. */
  outcome: ChargeOutcome;
  /** How it was paid, for the timeline: 'online', 'voucher', 'ebp'. */
  method: string;
  actorUserId: number | null;
};

/**
 * Settles a charge. With 'paid' the charge becomes paid (status, paidAt) only if it is still
 * due: the answer `settled: false` means it was already paid or cancelled, and the caller keeps
 * the payment as refund-due. The owner's payment state is recomputed from all its charges, and
 * the application's timeline gets one event.
 */
export async function settleCharge(tx: Tx, input: SettleChargeInput): Promise<{ settled: boolean }> {
  const { charges } = schema;
  if (input.outcome === 'paid') {
    const [charge] = await tx
      .update(charges)
      .set({ status: 'paid', paidAt: new Date() })
      .where(and(eq(charges.id, input.chargeId), eq(charges.status, 'due')))
      .returning({ id: charges.id, amount: charges.amount, applicationId: charges.applicationId, promotionApplicationId: charges.promotionApplicationId });
    if (!charge) return { settled: false };
    await refreshPaymentState(tx, charge);
    if (charge.applicationId) await recordApplicationEvent(tx, charge.applicationId, 'payment-paid', { amount: charge.amount, method: input.method }, input.actorUserId);
    return { settled: true };
  }
  const [charge] = await tx
    .select({ id: charges.id, amount: charges.amount, status: charges.status, applicationId: charges.applicationId, promotionApplicationId: charges.promotionApplicationId })
    .from(charges)
    .where(eq(charges.id, input.chargeId));
  if (!charge || charge.status !== 'due') return { settled: false };
  await refreshPaymentState(tx, charge);
  if (charge.applicationId) await recordApplicationEvent(tx, charge.applicationId, 'voucher-submitted', { amount: charge.amount, method: input.method }, input.actorUserId);
  return { settled: true };
}

/** A voucher or EBP payment refused by staff: the charge is owed again, and the timeline says why. */
export async function reopenCharge(tx: Tx, input: { chargeId: number; remarks: string; actorUserId: number | null }): Promise<void> {
  const { charges } = schema;
  const [charge] = await tx
    .select({ id: charges.id, applicationId: charges.applicationId, promotionApplicationId: charges.promotionApplicationId })
    .from(charges)
    .where(eq(charges.id, input.chargeId));
  if (!charge) return;
  await refreshPaymentState(tx, charge);
  if (charge.applicationId) await recordApplicationEvent(tx, charge.applicationId, 'payment-rejected', { remarks: input.remarks }, input.actorUserId);
}

/** One line of an application's timeline; `detail` holds the parameters of application.event.<kind>. */
export async function recordApplicationEvent(tx: Tx, applicationId: number, kind: string, detail: Record<string, string | number>, actorUserId: number | null): Promise<void> {
  await tx.insert(schema.applicationEvents).values({ applicationId, kind, detail, actorUserId });
}

/**
 * The payment state My Applications shows, from the owner's charges: paid when nothing is due,
 * verification-pending when every due charge has a payment waiting for staff, unpaid otherwise.
 */
async function refreshPaymentState(tx: Tx, owner: { applicationId: number | null; promotionApplicationId: number | null }): Promise<void> {
  const { charges, payments } = schema;
  const ownerCondition = owner.applicationId ? eq(charges.applicationId, owner.applicationId) : eq(charges.promotionApplicationId, owner.promotionApplicationId!);
  const waiting = exists(
    tx
      .select({ one: sql`1` })
      .from(payments)
      .where(and(eq(payments.chargeId, charges.id), eq(payments.status, 'submitted'))),
  );
  const [counts] = await tx
    .select({
      due: sql<number>`count(*) filter (where ${charges.status} = 'due')`.mapWith(Number),
      dueWaiting: sql<number>`count(*) filter (where ${charges.status} = 'due' and ${waiting})`.mapWith(Number),
      paid: sql<number>`count(*) filter (where ${charges.status} = 'paid')`.mapWith(Number),
    })
    .from(charges)
    .where(ownerCondition);
  const state: PaymentState =
    counts!.due === 0 ? (counts!.paid > 0 ? 'paid' : 'unpaid') : counts!.dueWaiting === counts!.due ? 'verification-pending' : 'unpaid';
  if (owner.applicationId) {
    await tx.update(schema.applications).set({ paymentState: state, updatedAt: new Date() }).where(eq(schema.applications.id, owner.applicationId));
  } else {
    await tx.update(schema.promotionApplications).set({ paymentState: state }).where(eq(schema.promotionApplications.id, owner.promotionApplicationId!));
  }
}
