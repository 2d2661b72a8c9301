import type { Database } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { AppError } from '../http/errors';

// Whether an advertisement's scrutiny is finalised (spec §4 "... finalise"; finalise-scrutiny.ts):
// the checks the allocation, reallocation, switch and decisions make before changing anything.

type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export async function isFinal(db: Executor, advertisementId: number): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 as final from scrutiny_finalisations where advertisement_id = ${advertisementId} and reopened_at is null`));
  return rows.length > 0;
}

/**
 * Refuses a change to a finalised scrutiny. Called by the allocation, reallocation and switch
 * after they have locked the advertisement's row, so the answer holds until they commit.
 */
export async function assertScrutinyOpen(db: Executor, advertisementId: number) {
  if (await isFinal(db, advertisementId)) throw new AppError('UNPROCESSABLE', { messageKey: 'scrutinyFinal.isFinal' });
}

/**
 * The advertisement's finalisation lock (a transaction-level advisory lock, keyed by the
 * advertisement): a decision holds it shared while it decides, a finalise or reopen takes it
 * alone, so a finalise waits for the decisions in flight and they see it once it commits. An
 * advisory lock lives in the lock table only: twenty officers deciding at once do not each write
 * a share lock into the advertisement's row, as `select ... for share` does.
 */
const finalisationLockKey = (advertisementId: SQL) => sql`hashtextextended('scrutiny-finalisation:' || ${advertisementId}::text, 0)`;

export async function lockFinalisation(tx: Executor, advertisementId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${finalisationLockKey(sql`${advertisementId}`)})`);
}

/**
 * A decision's check: holds the application's advertisement's finalisation lock shared until the
 * decision commits, then reads whether its scrutiny is final. Two statements: a read in the
 * statement that waited for the lock would see the database as it was before a finalise it
 * waited for.
 */
export async function assertApplicationScrutinyOpen(db: Executor, applicationId: number) {
  const [allocation] = rowsOf<{ advertisementId: number }>(
    await db.execute(sql`
      select s.advertisement_id as "advertisementId", pg_advisory_xact_lock_shared(${finalisationLockKey(sql`s.advertisement_id`)})
      from scrutiny_allocations s where s.application_id = ${applicationId}`),
  );
  if (allocation) await assertScrutinyOpen(db, Number(allocation.advertisementId));
}
