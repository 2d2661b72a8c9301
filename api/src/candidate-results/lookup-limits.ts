import { oncePerDatabase, prepareStatement, type Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { attemptKeys, reservePasswordCheck, type AttemptKeys, type SignInLimits } from '../auth/rate-limit';
import { AppError } from '../http/errors';

// The public result lookup answers who holds a roll number and a date of birth: guessing the date
// of a known roll number (some 15,000 days) is the attack. So it counts its misses with the
// sign-in limiter (auth/rate-limit.ts), under its own keys, with the same limits: per roll number
// from one address, per address, and per roll number from all addresses (paced). A lookup that
// finds a result counts nothing and writes nothing (the release rush is all hits); but an address
// already refused gets no answer at all, or a refused guesser would still learn from the hits.

/**
 * The limiter's rows of one lookup: the roll number stands where sign-in puts an account, and the
 * address counts apart from its sign-in failures, so mistyped dates of birth never lock sign-in.
 */
export function lookupKeys(rollNumber: number, address: string): AttemptKeys {
  const keys = attemptKeys({ login: `result-lookup:${rollNumber}` }, address);
  return { ...keys, address: `result-lookup|${keys.address}` };
}

const refusalStatementOf = oncePerDatabase((db: Database) =>
  prepareStatement<{ secondsLeft: number | null }>(
    db,
    'result_lookup_refusal',
    // The rules reservePasswordCheck refuses by, read without writing: a full count whose window
    // has not ended, or a pace not yet over.
    sql`
      select max(ceil(extract(epoch from (case when key = ${sql.placeholder('pace')} then window_started_at
          else window_started_at + make_interval(secs => ${sql.placeholder('windowSeconds')}::int) end) - now())))::int as "secondsLeft"
      from sign_in_failures
      where (key = ${sql.placeholder('pair')} and failures >= ${sql.placeholder('maxPerPair')}::int
          and window_started_at + make_interval(secs => ${sql.placeholder('windowSeconds')}::int) > now())
        or (key = ${sql.placeholder('address')} and failures >= ${sql.placeholder('maxPerAddress')}::int
          and window_started_at + make_interval(secs => ${sql.placeholder('windowSeconds')}::int) > now())
        or (key = ${sql.placeholder('pace')} and window_started_at > now())`,
  ),
);

/** Throws RATE_LIMITED (429, Retry-After) when this address may not look this roll number up now. */
export async function assertLookupAllowed(db: Database, keys: AttemptKeys, limits: SignInLimits): Promise<void> {
  const [row] = await refusalStatementOf(db).all({
    pair: keys.pair,
    address: keys.address,
    pace: keys.pace,
    maxPerPair: limits.maxFailuresPerUser,
    maxPerAddress: limits.maxFailuresPerAddress,
    windowSeconds: limits.windowSeconds,
  });
  if (row?.secondsLeft !== null && row?.secondsLeft !== undefined) {
    const seconds = Math.max(1, Number(row.secondsLeft));
    throw new AppError('RATE_LIMITED', { headers: { 'Retry-After': String(seconds) }, messageParams: { seconds } });
  }
}

/** A lookup that found nothing: counted as a failed guess, refused (429) past the limits. */
export async function countMissedLookup(db: Database, keys: AttemptKeys, limits: SignInLimits): Promise<void> {
  await reservePasswordCheck(db, keys, limits);
}
