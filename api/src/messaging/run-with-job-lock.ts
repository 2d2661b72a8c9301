import type { Connection } from '@psc/db';
import { sql } from 'drizzle-orm';

// Keys of PostgreSQL advisory locks taken by scheduled jobs; one per job, never reused.
export const JOB_LOCK_KEYS = { outboxSender: 7_146_530_001, onlinePaymentExpiry: 7_146_530_002, backups: 7_146_530_003, dashboardCounts: 7_146_530_004 } as const;

const runningHere = new WeakMap<object, Set<number>>();

export type JobRun<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs a scheduled job's work unless another run holds the job's lock (DESIGN "Growing past one
 * machine": scheduled jobs take a PostgreSQL advisory lock so only one instance runs them).
 * On PostgreSQL the lock is a transaction-level advisory lock held on one pooled connection for
 * the whole run; the work itself writes through the pool, so each row it marks is committed at
 * once and a crash half-way resends nothing already marked. PGlite lives inside one process,
 * where the in-process guard alone is enough.
 */
export async function runWithJobLock<T>(connection: Connection, key: number, work: () => Promise<T>): Promise<JobRun<T>> {
  const keys = runningHere.get(connection.db) ?? new Set<number>();
  runningHere.set(connection.db, keys);
  if (keys.has(key)) return { ran: false };
  keys.add(key);
  try {
    if (connection.engine !== 'postgres') return { ran: true, value: await work() };
    return await connection.db.transaction(async (tx): Promise<JobRun<T>> => {
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${key}::bigint) as locked`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { locked: boolean }[];
      if (!rows[0]?.locked) return { ran: false };
      return { ran: true, value: await work() };
    });
  } finally {
    keys.delete(key);
  }
}
