import { schema, type Database } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import { GatewayUnavailableError, type PaymentGateway, type PaymentRequestForm } from './gateways/gateway';
import { assertChargeDue, assertVoucherDeadline, findOwnCharge } from './own-charge';
import { recordApplicationEvent, settleCharge } from './settle-charge';

// Online payment: start (a signed form for the gateway), then confirm from the success
// redirect or close from the failure redirect. Neither redirect is believed on its own: the
// gateway's server-to-server status answer is what completes (or fails) a payment.

export type OnlinePaymentAnswer = {
  paymentId: number;
  chargeId: number;
  transactionUuid: string;
  amount: number;
  status: 'initiated' | 'completed' | 'failed' | 'refund-due';
};

type PaymentRow = typeof schema.payments.$inferSelect;

const answerOf = (payment: PaymentRow): OnlinePaymentAnswer => ({
  paymentId: payment.id,
  chargeId: payment.chargeId,
  transactionUuid: payment.transactionUuid,
  amount: payment.amount,
  status: payment.status as OnlinePaymentAnswer['status'],
});

/** eSewa's transaction_uuid takes letters, digits and hyphens; ours names the charge and is unguessable. */
function newTransactionUuid(chargeId: number): string {
  return `psc-${chargeId}-${randomBytes(8).toString('hex')}`;
}

export async function startOnlinePayment(
  db: Database,
  gateway: PaymentGateway,
  input: { userId: number; chargeId: number; returnBase: string },
): Promise<OnlinePaymentAnswer & { form: PaymentRequestForm }> {
  const charge = await findOwnCharge(db, input.userId, input.chargeId);
  assertChargeDue(charge);
  // The same last date as a voucher: after it the fee is the double fee (spec §4).
  assertVoucherDeadline(charge);
  const [payment] = await db
    .insert(schema.payments)
    .values({
      chargeId: charge.id,
      userId: input.userId,
      method: 'online',
      gateway: gateway.id,
      transactionUuid: newTransactionUuid(charge.id),
      amount: charge.amount,
      status: 'initiated',
    })
    .returning();
  // spec routes: the portal's /rmis/payment/success and /rmis/payment/failure pages.
  const form = gateway.createPaymentRequest(
    { transactionUuid: payment!.transactionUuid, amount: payment!.amount },
    { successUrl: `${input.returnBase}/rmis/payment/success`, failureUrl: `${input.returnBase}/rmis/payment/failure?transaction_uuid=${payment!.transactionUuid}` },
  );
  return { ...answerOf(payment!), form };
}

async function findOwnOnlinePayment(db: Database, gateway: PaymentGateway, userId: number, transactionUuid: string): Promise<PaymentRow> {
  const { payments } = schema;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.transactionUuid, transactionUuid), eq(payments.userId, userId), eq(payments.method, 'online'), eq(payments.gateway, gateway.id)))
    .limit(1);
  if (!payment) throw new AppError('NOT_FOUND');
  return payment;
}

/** The success redirect: its signature must hold and name our amount, then the gateway is asked. */
export async function confirmOnlinePayment(db: Database, gateway: PaymentGateway, log: Logger, input: { userId: number; data: string }): Promise<OnlinePaymentAnswer> {
  const check = gateway.verifyCallback({ data: input.data });
  if (!check.ok) {
    log.warn({ reason: check.reason }, 'payment callback refused');
    throw new AppError('BAD_REQUEST', { messageKey: 'payment.signatureInvalid' });
  }
  const payment = await findOwnOnlinePayment(db, gateway, input.userId, check.transactionUuid);
  if (check.amount !== payment.amount) {
    log.warn({ paymentId: payment.id }, 'payment callback amount differs from the payment');
    throw new AppError('BAD_REQUEST', { messageKey: 'payment.signatureInvalid' });
  }
  return resolveOnlinePayment(db, gateway, log, payment);
}

/** The failure redirect carries nothing signed; the gateway says what really happened. */
export async function closeFailedOnlinePayment(db: Database, gateway: PaymentGateway, log: Logger, input: { userId: number; transactionUuid: string }): Promise<OnlinePaymentAnswer> {
  const payment = await findOwnOnlinePayment(db, gateway, input.userId, input.transactionUuid);
  return resolveOnlinePayment(db, gateway, log, payment);
}

/**
 * Asks the gateway about an initiated payment and records its answer once. A payment already
 * resolved is answered as it stands (a replayed callback changes nothing); two confirmations at
 * once meet at the row lock and the second finds the first's result.
 */
export async function resolveOnlinePayment(db: Database, gateway: PaymentGateway, log: Logger, payment: PaymentRow): Promise<OnlinePaymentAnswer> {
  if (payment.status !== 'initiated') return answerOf(payment);
  let status;
  try {
    status = await gateway.checkStatus({ transactionUuid: payment.transactionUuid, amount: payment.amount });
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    log.warn({ paymentId: payment.id, err: error.message }, 'payment status check failed');
    throw new AppError('SERVICE_UNAVAILABLE', { messageKey: 'payment.gatewayUnavailable' });
  }
  if (status.status === 'pending') return answerOf(payment);
  if (status.status === 'completed' && status.amount !== null && status.amount !== payment.amount) {
    // The gateway holds a different amount for our transaction: nobody's fee is paid by it.
    log.warn({ paymentId: payment.id }, 'gateway status amount differs from the payment');
    return answerOf(payment);
  }
  const { payments } = schema;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
    if (!current || current.status !== 'initiated') return answerOf(current!);
    if (status.status !== 'completed') {
      const [failed] = await tx
        .update(payments)
        .set({ status: 'failed', remarks: `gateway status ${status.raw}`, updatedAt: new Date() })
        .where(eq(payments.id, payment.id))
        .returning();
      return answerOf(failed!);
    }
    const { settled } = await settleCharge(tx, { chargeId: current.chargeId, outcome: 'paid', method: 'online', actorUserId: null });
    const [done] = await tx
      .update(payments)
      .set({ status: settled ? 'completed' : 'refund-due', gatewayReference: status.gatewayReference, paidOn: new Date(), updatedAt: new Date() })
      .where(eq(payments.id, payment.id))
      .returning();
    if (!settled) {
      // A payment for a charge already paid: kept, marked for refund and listed for staff.
      const [charge] = await tx.select({ applicationId: schema.charges.applicationId }).from(schema.charges).where(eq(schema.charges.id, current.chargeId));
      if (charge?.applicationId) await recordApplicationEvent(tx, charge.applicationId, 'payment-refund-due', { amount: current.amount }, null);
    }
    return answerOf(done!);
  });
}
