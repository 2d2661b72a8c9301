import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
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
 * A decision's check: holds the application's advertisement for share until the decision
 * commits, then reads whether its scrutiny is final. Two statements: a read in the statement that
 * waited for the lock would see the database as it was before a finalise it waited for.
 */
export async function assertApplicationScrutinyOpen(db: Executor, applicationId: number) {
  const [advertisement] = rowsOf<{ id: number }>(
    await db.execute(sql`
      select ad.id from advertisements ad
      where ad.id = (select s.advertisement_id from scrutiny_allocations s where s.application_id = ${applicationId})
      for share of ad`),
  );
  if (advertisement) await assertScrutinyOpen(db, Number(advertisement.id));
}

