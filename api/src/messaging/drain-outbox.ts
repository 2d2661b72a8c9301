import { schema, type Database } from '@psc/db';
import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Logger } from '../logger';
import type { MailTransport } from './mail-transport';
import { SmsRefused, type SmsProvider } from './sms-provider';

const { mailOutbox, smsOutbox } = schema;

/** After this many failed attempts a message stays unsent, with its last error, for staff to see. */
export const MAX_SEND_ATTEMPTS = 8;
/** Messages read per query; a pass reads batches until one comes back short (drainInBatches). */
export const BATCH_SIZE = 50;
const LAST_ERROR_MAX_LENGTH = 500;

/** Waits 30 s after the first failure, doubling up to one hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

// The error's own message only: never the message body, which holds a password, a link or a code.
function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : 'Unknown error';
  return text.slice(0, LAST_ERROR_MAX_LENGTH);
}

export type DrainResult = { sent: number; failed: number };

export async function drainMailOutbox(db: Database, transport: MailTransport, options: { from: string; logger: Logger }): Promise<DrainResult> {
  const due = await db
    .select({ id: mailOutbox.id, toAddress: mailOutbox.toAddress, subject: mailOutbox.subject, bodyText: mailOutbox.bodyText, kind: mailOutbox.kind, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`), lt(mailOutbox.attempts, MAX_SEND_ATTEMPTS)))
    .orderBy(asc(mailOutbox.id))
    .limit(BATCH_SIZE);
  const result: DrainResult = { sent: 0, failed: 0 };
  for (const mail of due) {
    const attempts = mail.attempts + 1;
    try {
      await transport.send({ from: options.from, to: mail.toAddress, subject: mail.subject, text: mail.bodyText });
      await db.update(mailOutbox).set({ sentAt: sql`now()`, attempts, lastError: null }).where(eq(mailOutbox.id, mail.id));
      options.logger.info({ outboxId: mail.id, kind: mail.kind, attempts }, 'mail sent');
      result.sent += 1;
    } catch (error) {
      const lastError = describeError(error);
      await db
        .update(mailOutbox)
        .set({ attempts, lastError, nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts)})` })
        .where(eq(mailOutbox.id, mail.id));
      options.logger.warn({ outboxId: mail.id, kind: mail.kind, attempts, error: lastError }, 'mail not sent; will retry');
      result.failed += 1;
    }
  }
  return result;
}

export async function drainSmsOutbox(db: Database, provider: SmsProvider, options: { logger: Logger }): Promise<DrainResult> {
  const due = await db
    .select({ id: smsOutbox.id, toNumber: smsOutbox.toNumber, body: smsOutbox.body, kind: smsOutbox.kind, attempts: smsOutbox.attempts })
    .from(smsOutbox)
    .where(and(isNull(smsOutbox.sentAt), lte(smsOutbox.nextAttemptAt, sql`now()`), lt(smsOutbox.attempts, MAX_SEND_ATTEMPTS)))
    .orderBy(asc(smsOutbox.id))
    .limit(BATCH_SIZE);
  const result: DrainResult = { sent: 0, failed: 0 };
  for (const sms of due) {
    const attempts = sms.attempts + 1;
    try {
      const { answer } = await provider.send({ to: sms.toNumber, body: sms.body });
      await db.update(smsOutbox).set({ sentAt: sql`now()`, attempts, lastError: null, providerAnswer: answer }).where(eq(smsOutbox.id, sms.id));
      options.logger.info({ outboxId: sms.id, kind: sms.kind, attempts, provider: provider.name }, 'sms sent');
      result.sent += 1;
    } catch (error) {
      const lastError = describeError(error);
      const refused = error instanceof SmsRefused ? error : null;
      // A permanent refusal (a bad number, token or sender) is failed at once: the row takes the
      // last attempt, so it is not retried until staff resend it.
      const permanent = refused?.permanent === true;
      await db
        .update(smsOutbox)
        .set({
          attempts: permanent ? Math.max(attempts, MAX_SEND_ATTEMPTS) : attempts,
          lastError,
          providerAnswer: refused?.answer ?? null,
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts)})`,
        })
        .where(eq(smsOutbox.id, sms.id));
      options.logger.warn(
        { outboxId: sms.id, kind: sms.kind, attempts, provider: provider.name, error: lastError },
        permanent ? 'sms refused for good; not retried' : 'sms not sent; will retry',
      );
      result.failed += 1;
    }
  }
  return result;
}
