import type { Connection } from '@psc/db';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { BATCH_SIZE, drainMailOutbox, drainSmsOutbox, type DrainResult } from './drain-outbox';
import { createSmtpTransport, type MailTransport } from './mail-transport';
import { JOB_LOCK_KEYS, runWithJobLock } from './run-with-job-lock';
import { createSmsProvider, type SmsProvider } from './sms-provider';

/** The workstation's outbox screen (the renderer is served under /staff), where staff read mail and SMS. */
export const OUTBOX_SCREEN_PATH = '/staff/admin/outbox';

export type OutboxSenderDeps = {
  connection: Connection;
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'smsProvider' | 'smsHttpUrl' | 'sparrow' | 'outboxSenderIntervalSeconds'>;
  logger: Logger;
};

export type SenderRun = { ran: boolean; mail: DrainResult | null; sms: DrainResult | null };

export type OutboxSender = {
  /** One pass over both outboxes now (the timer does the same every interval). */
  runOnce(): Promise<SenderRun>;
  /** Stops the timer, waits for a run in progress and closes the SMTP connection. */
  stop(): Promise<void>;
};

/**
 * Drains batch after batch while they come back full, for about one interval: 5,000 invigilator
 * duties queued at once go at the gateway's pace instead of 50 per interval (17 minutes at the
 * default 10 s). A failed message waits for its backoff, so a failing gateway ends the pass.
 */
export async function drainInBatches(drain: () => Promise<DrainResult>, budgetMs: number): Promise<DrainResult> {
  const started = Date.now();
  const total: DrainResult = { sent: 0, failed: 0 };
  for (;;) {
    const batch = await drain();
    total.sent += batch.sent;
    total.failed += batch.failed;
    if (batch.sent + batch.failed < BATCH_SIZE || batch.failed > 0 || Date.now() - started >= budgetMs) return total;
  }
}

/**
 * The sender job: every OUTBOX_SENDER_INTERVAL_SECONDS it drains mail_outbox over SMTP (when
 * SMTP_URL is set) and sms_outbox through the SMS provider (when one is configured). Without
 * them the messages stay in the outbox, where staff read them (GET /api/admin/outbox/...).
 * Runs never overlap: the next one is scheduled when the last has finished.
 */
export function startOutboxSender(deps: OutboxSenderDeps, overrides: { transport?: MailTransport | null; smsProvider?: SmsProvider | null } = {}): OutboxSender {
  const { connection, config } = deps;
  const logger = deps.logger.child({ job: 'outbox-sender' });
  const transport = overrides.transport !== undefined ? overrides.transport : config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null;
  const smsProvider = overrides.smsProvider !== undefined ? overrides.smsProvider : createSmsProvider(config);
  if (!transport) logger.info(`SMTP_URL is not set: mail stays in the outbox (staff read it at ${OUTBOX_SCREEN_PATH})`);
  if (!smsProvider) logger.info(`no SMS provider: SMS stay in the outbox (staff read them at ${OUTBOX_SCREEN_PATH})`);

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<SenderRun> | undefined;

  async function runOnce(): Promise<SenderRun> {
    if (!transport && !smsProvider) return { ran: false, mail: null, sms: null };
    const budgetMs = config.outboxSenderIntervalSeconds * 1000;
    const run = await runWithJobLock(connection, JOB_LOCK_KEYS.outboxSender, async () => ({
      mail: transport ? await drainInBatches(() => drainMailOutbox(connection.db, transport, { from: config.mailFrom, logger }), budgetMs) : null,
      sms: smsProvider ? await drainInBatches(() => drainSmsOutbox(connection.db, smsProvider, { logger }), budgetMs) : null,
    }));
    return run.ran ? { ran: true, ...run.value } : { ran: false, mail: null, sms: null };
  }

  async function tick() {
    current = runOnce().catch((error: unknown) => {
      // A database that is briefly away must not end the job; the next tick tries again.
      logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'outbox run failed');
      return { ran: false, mail: null, sms: null };
    });
    await current;
    current = undefined;
    if (!stopped) schedule(config.outboxSenderIntervalSeconds * 1000);
  }

  function schedule(delayMs: number) {
    timer = setTimeout(() => void tick(), delayMs);
    timer.unref();
  }

  if (transport || smsProvider) schedule(config.outboxSenderIntervalSeconds * 1000);

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
      transport?.close();
    },
  };
}
