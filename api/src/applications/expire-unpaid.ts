import { NEPAL_TIME_ZONE, todayAd } from '@psc/core';
import type { Connection, Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import cron from 'node-cron';
import type { Logger } from '../logger';
import { rowsOf } from './rows-of';

/**
 * Spec §8 "application expired": an application still unpaid after its advertisement's
 * double-fee date has expired. Marks each one expired with an "expired" event on its timeline,
 * in one statement; an application already expired, paid, approved or deleted is left alone, so
 * running it again changes nothing. Answers how many expired.
 */
export async function expireUnpaidApplications(db: Database, today: string = todayAd()): Promise<number> {
  const rows = rowsOf<{ count: number }>(
    await db.execute(sql`
      with expired as (
        update applications set status = 'expired', updated_at = now()
        from advertisements
        where advertisements.id = applications.advertisement_id
          and applications.status = 'pending' and applications.payment_state = 'unpaid' and applications.deleted_at is null
          and advertisements.double_fee_last_date < ${today}::date
        returning applications.id
      ), events as (
        insert into application_events (application_id, kind, detail)
        select id, 'expired', ${JSON.stringify({ messageKey: 'application.event.expired' })}::jsonb from expired
      )
      select count(*)::int as count from expired`),
  );
  return Number(rows[0]?.count ?? 0);
}

export type ApplicationExpiry = { stop: () => Promise<void> };

/**
 * Runs the expiry once at start (a server that was down at midnight catches up) and then every
 * day five minutes after midnight in Nepal, when a double-fee date has just passed.
 */
export function startApplicationExpiry(deps: { connection: Connection; logger: Logger }): ApplicationExpiry {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = expireUnpaidApplications(deps.connection.db).then(
      (count) => {
        if (count > 0) deps.logger.info({ count }, 'unpaid applications expired');
      },
      (error: unknown) => deps.logger.error({ err: error }, 'expiring unpaid applications failed'),
    );
    return running;
  };
  void run();
  const task = cron.schedule('5 0 * * *', run, { timezone: NEPAL_TIME_ZONE, name: 'expire-unpaid-applications', noOverlap: true });
  return {
    stop: async () => {
      await task.destroy();
      await running;
    },
  };
}
