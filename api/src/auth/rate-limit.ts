import { schema, type Database } from '@psc/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../http/errors';

const { signInFailures } = schema;

export type SignInLimits = {
  maxFailuresPerUser: number;
  maxFailuresPerAddress: number;
  windowSeconds: number;
};

export const userKey = (username: string) => `user:${username.trim().toLowerCase()}`;
export const addressKey = (address: string) => `ip:${address}`;

/** Throws RATE_LIMITED (429 with Retry-After) when either key has used up its window. */
export async function assertSignInAllowed(db: Database, keys: { user: string; address: string }, limits: SignInLimits) {
  const rows = await db
    .select({
      key: signInFailures.key,
      failures: signInFailures.failures,
      secondsLeft: sql<number>`ceil(extract(epoch from (${signInFailures.windowStartedAt} + make_interval(secs => ${limits.windowSeconds}) - now())))::int`,
    })
    .from(signInFailures)
    .where(inArray(signInFailures.key, [keys.user, keys.address]));
  for (const row of rows) {
    const limit = row.key === keys.user ? limits.maxFailuresPerUser : limits.maxFailuresPerAddress;
    if (row.secondsLeft > 0 && row.failures >= limit) {
      throw new AppError('RATE_LIMITED', {
        headers: { 'Retry-After': String(row.secondsLeft) },
        messageParams: { seconds: row.secondsLeft },
      });
    }
  }
}

/** Counts one failure against each key, starting a new window when the old one has passed. */
export async function recordSignInFailure(db: Database, keys: { user: string; address: string }, windowSeconds: number) {
  const expired = sql`${signInFailures.windowStartedAt} + make_interval(secs => ${windowSeconds}) <= now()`;
  for (const key of [keys.user, keys.address]) {
    await db
      .insert(signInFailures)
      .values({ key, windowStartedAt: sql`now()`, failures: 1 })
      .onConflictDoUpdate({
        target: signInFailures.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${signInFailures.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then now() else ${signInFailures.windowStartedAt} end`,
        },
      });
  }
}

export async function clearSignInFailures(db: Database, userKeyValue: string) {
  await db.delete(signInFailures).where(eq(signInFailures.key, userKeyValue));
}
