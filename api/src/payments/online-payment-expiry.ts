import type { Connection } from '@psc/db';
import cron from 'node-cron';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { JOB_LOCK_KEYS, runWithJobLock } from '../messaging/run-with-job-lock';
import { expireOnlinePayments } from './online-payment';
import { getPaymentGateway, usesPaymentSandbox } from './payment-gateway';

export type OnlinePaymentExpiry = { stop: () => Promise<void> };

/**
 * Every five minutes, ends the online payments nobody finished within the gateway's time limit
 * (expireOnlinePayments), so an abandoned attempt reads "not completed" rather than "started"
 * beside the payment that went through. One instance runs it at a time (the job lock).
 */
export function startOnlinePaymentExpiry(deps: { connection: Connection; config: Config; logger: Logger }): OnlinePaymentExpiry {
  const { config } = deps;
  if (!config.esewa.formUrl && !usesPaymentSandbox(config)) return { stop: async () => {} };
  const logger = deps.logger.child({ job: 'online-payment-expiry' });
  const gateway = getPaymentGateway(deps);
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = runWithJobLock(deps.connection, JOB_LOCK_KEYS.onlinePaymentExpiry, () =>
      expireOnlinePayments(deps.connection.db, gateway, logger, { sessionMinutes: config.onlinePaymentSessionMinutes }),
    ).then(
      (result) => {
        if (result.ran && (result.value.expired > 0 || result.value.completed > 0)) logger.info(result.value, 'online payments past their time limit ended');
      },
      (error: unknown) => logger.error({ err: error }, 'ending online payments past their time limit failed'),
    );
    return running;
  };
  const task = cron.schedule('*/5 * * * *', run, { name: 'expire-online-payments', noOverlap: true });
  return {
    stop: async () => {
      await task.destroy();
      await running;
    },
  };
}
