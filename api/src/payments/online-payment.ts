import type { Language, OnlinePaymentAnswer } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, asc, eq, lt } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import { GatewayUnavailableError, type GatewayStatus, type PaymentGateway, type PaymentRequestForm } from './gateways/gateway';
import { assertChargeDue, assertVoucherDeadline, findOwnCharge } from './own-charge';
import { recordApplicationEvent, settleCharge } from './settle-charge';

// Online payment: start (a signed form for the gateway), then confirm from the success redirect
// or close from the failure redirect. Neither redirect is believed on its own: the gateway's
// server-to-server status answer is what completes (or fails) a payment. A charge has one open
// gateway session at a time (payments_open_session_idx); a session nobody finished ends as
// expired once the gateway's time limit has passed.

export type { OnlinePaymentAnswer };

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

export type StartOnlinePaymentInput = {
  userId: number;
  chargeId: number;
  /** The portal's configured public address (never a request header): the gateway sends the browser back there. */
  publicUrl: string;
  /** The gateway's time limit for a started payment, in minutes. */
  sessionMinutes: number;
  lang?: Language;
  now?: Date;
};

/**
 * Starts paying a due charge, or hands back the session already open for it: ten starts at once
 * (two tabs, a double tap) make one gateway session, so the candidate cannot be charged twice
 * for one fee. An open session the gateway says was cancelled, or one past the time limit, is
 * closed first and a new one started.
 */
export async function startOnlinePayment(db: Database, gateway: PaymentGateway, log: Logger, input: StartOnlinePaymentInput): Promise<OnlinePaymentAnswer & { form: PaymentRequestForm }> {
  const charge = await findOwnCharge(db, input.userId, input.chargeId);
  assertChargeDue(charge);
  // The same last date as a voucher: after it the fee is the double fee (spec §4).
  assertVoucherDeadline(charge);
  const withForm = (payment: PaymentRow) => ({
    ...answerOf(payment),
    // spec routes: the portal's /rmis/payment/success and /rmis/payment/failure pages.
    form: gateway.createPaymentRequest(
      { transactionUuid: payment.transactionUuid, amount: payment.amount },
      {
        successUrl: `${input.publicUrl}/rmis/payment/success`,
        failureUrl: `${input.publicUrl}/rmis/payment/failure?transaction_uuid=${payment.transactionUuid}`,
      },
      input.lang,
    ),
  });
  const { payments } = schema;
  // Each pass either opens a session, reuses the open one, or closes a dead one and tries again.
  for (let pass = 0; pass < 3; pass += 1) {
    const [created] = await db
      .insert(payments)
      .values({ chargeId: charge.id, userId: input.userId, method: 'online', gateway: gateway.id, transactionUuid: newTransactionUuid(charge.id), amount: charge.amount, status: 'initiated' })
      .onConflictDoNothing()
      .returning();
    if (created) return withForm(created);
    const [open] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.chargeId, charge.id), eq(payments.method, 'online'), eq(payments.status, 'initiated')))
      .limit(1);
    if (!open) continue; // it ended between the two statements
    const verdict = await judgeOpenSession(db, gateway, log, open, sessionCutoff(input.sessionMinutes, input.now));
    if (verdict === 'open') return withForm(open);
    if (verdict === 'paid') throw new AppError('UNPROCESSABLE', { messageKey: 'payment.notRequired' });
  }
  throw new AppError('CONFLICT', { messageKey: 'payment.sessionOpen' });
}

const sessionCutoff = (minutes: number, now: Date = new Date()) => new Date(now.getTime() - minutes * 60_000);

/**
 * Whether the charge's open session can be handed back. Within the time limit it stays open
 * unless the gateway says it ended (a cancel whose redirect never came back); a gateway that
 * cannot be asked leaves it open. Past the limit it is expired (or completed, if it was paid).
 */
async function judgeOpenSession(db: Database, gateway: PaymentGateway, log: Logger, open: PaymentRow, cutoff: Date): Promise<'open' | 'closed' | 'paid'> {
  if (open.createdAt < cutoff) {
    const answer = await expireOnlinePayment(db, gateway, log, open);
    return answer.status === 'completed' || answer.status === 'refund-due' ? 'paid' : 'closed';
  }
  let status: GatewayStatus;
  try {
    status = await gateway.checkStatus({ transactionUuid: open.transactionUuid, amount: open.amount });
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    return 'open';
  }
  // Not yet posted to the gateway (not-found), or the candidate is on its page now (pending).
  if (status.status === 'pending' || status.status === 'not-found') return 'open';
  const answer = await recordGatewayStatus(db, log, open, status);
  if (answer.status === 'completed' || answer.status === 'refund-due') return 'paid';
  return answer.status === 'initiated' ? 'open' : 'closed';
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

async function askGateway(gateway: PaymentGateway, log: Logger, payment: PaymentRow): Promise<GatewayStatus> {
  try {
    return await gateway.checkStatus({ transactionUuid: payment.transactionUuid, amount: payment.amount });
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    log.warn({ paymentId: payment.id, err: error.message }, 'payment status check failed');
    throw new AppError('SERVICE_UNAVAILABLE', { messageKey: 'payment.gatewayUnavailable' });
  }
}

/**
 * Asks the gateway about an initiated (or expired) payment and records its answer once. A
 * payment already resolved is answered as it stands (a replayed callback changes nothing); an
 * expired one is still completed if the gateway says it was paid after all, since money taken
 * is never left unrecorded.
 */
export async function resolveOnlinePayment(db: Database, gateway: PaymentGateway, log: Logger, payment: PaymentRow): Promise<OnlinePaymentAnswer> {
  if (payment.status !== 'initiated' && payment.status !== 'expired') return answerOf(payment);
  return recordGatewayStatus(db, log, payment, await askGateway(gateway, log, payment));
}

/**
 * Ends a session past the gateway's time limit: completed if the gateway says it was paid,
 * otherwise expired ("not completed" to the candidate). 503 when the gateway cannot be asked.
 */
export async function expireOnlinePayment(db: Database, gateway: PaymentGateway, log: Logger, payment: PaymentRow): Promise<OnlinePaymentAnswer> {
  if (payment.status !== 'initiated') return answerOf(payment);
  const status = await askGateway(gateway, log, payment);
  if (status.status === 'completed') return recordGatewayStatus(db, log, payment, status);
  const [expired] = await db
    .update(schema.payments)
    .set({ status: 'expired', remarks: `gateway status ${status.raw} after the session's time limit`, updatedAt: new Date() })
    .where(and(eq(schema.payments.id, payment.id), eq(schema.payments.status, 'initiated')))
    .returning();
  if (expired) return answerOf(expired);
  // Resolved meanwhile by its own callback: answered as it stands.
  const [current] = await db.select().from(schema.payments).where(eq(schema.payments.id, payment.id));
  return answerOf(current!);
}

/**
 * Records the gateway's answer about one payment. Two at once meet at the row lock and the
 * second finds the first's result.
 */
async function recordGatewayStatus(db: Database, log: Logger, payment: PaymentRow, status: GatewayStatus): Promise<OnlinePaymentAnswer> {
  if (status.status === 'pending') return answerOf(payment);
  if (status.status === 'completed' && status.amount !== null && status.amount !== payment.amount) {
    // The gateway holds a different amount for our transaction: nobody's fee is paid by it.
    log.warn({ paymentId: payment.id }, 'gateway status amount differs from the payment');
    return answerOf(payment);
  }
  const { payments } = schema;
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
    if (!current || (current.status !== 'initiated' && current.status !== 'expired')) return answerOf(current!);
    if (status.status !== 'completed') {
      // An expired session stays expired: the gateway only confirms that nothing was paid.
      if (current.status === 'expired') return answerOf(current);
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

export type OnlinePaymentExpiryRun = { expired: number; completed: number; unanswered: number };

/**
 * The scheduled end of sessions nobody finished: every online payment still initiated after the
 * gateway's time limit is asked about once and then completed or expired. A gateway that cannot
 * be asked leaves the payment for the next run. `now` is a parameter so tests need not wait.
 */
export async function expireOnlinePayments(
  db: Database,
  gateway: PaymentGateway,
  log: Logger,
  input: { sessionMinutes: number; now?: Date; batchSize?: number },
): Promise<OnlinePaymentExpiryRun> {
  const { payments } = schema;
  const stale = await db
    .select()
    .from(payments)
    .where(and(eq(payments.method, 'online'), eq(payments.status, 'initiated'), eq(payments.gateway, gateway.id), lt(payments.createdAt, sessionCutoff(input.sessionMinutes, input.now))))
    .orderBy(asc(payments.id))
    .limit(input.batchSize ?? 200);
  const run: OnlinePaymentExpiryRun = { expired: 0, completed: 0, unanswered: 0 };
  for (const payment of stale) {
    try {
      const answer = await expireOnlinePayment(db, gateway, log, payment);
      if (answer.status === 'expired') run.expired += 1;
      else if (answer.status === 'completed' || answer.status === 'refund-due') run.completed += 1;
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'SERVICE_UNAVAILABLE') throw error;
      run.unanswered += 1;
    }
  }
  return run;
}
