import { schema, type Database } from '@psc/db';
import { inArray, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { AppError } from '../http/errors';

const { signInFailures } = schema;

export type SignInLimits = {
  /** Failures allowed per account from one address in a window; then that address is refused. */
  maxFailuresPerUser: number;
  /** Failures allowed from one address across accounts in a window. */
  maxFailuresPerAddress: number;
  windowSeconds: number;
  /** Failures of one account from all addresses in a window after which its checks are paced. */
  slowAfterFailuresPerUser: number;
  /** The longest pause between two paced checks of one account. */
  slowMaxDelaySeconds: number;
};

export const signInLimitsOf = (config: Config): SignInLimits => ({
  maxFailuresPerUser: config.signInMaxFailuresPerUser,
  maxFailuresPerAddress: config.signInMaxFailuresPerAddress,
  windowSeconds: config.signInFailureWindowSeconds,
  slowAfterFailuresPerUser: config.signInSlowAfterFailuresPerUser,
  slowMaxDelaySeconds: config.signInSlowMaxDelaySeconds,
});

/** Whose password is checked: an account by its id, or a name no account has, as typed. */
export type Claimant = { userId: number } | { login: string };

/** The rows of sign_in_failures one password check counts against. */
export type AttemptKeys = {
  /** The account from this address: the lockout, which a stranger elsewhere cannot fill. */
  pair: string;
  /** This address, whatever account it tries. */
  address: string;
  /** The account from every address: counted, never refused, only paced. */
  account: string;
  /** When the account's next paced check may start (window_started_at holds that time). */
  pace: string;
};

export function attemptKeys(claimant: Claimant, address: string): AttemptKeys {
  // One account signs in by user name or by e-mail: counting by its id makes both one count.
  const who = 'userId' in claimant ? `id:${claimant.userId}` : `name:${claimant.login.trim().toLowerCase()}`;
  return { pair: `user:${who}|ip:${address}`, address: `ip:${address}`, account: `user:${who}`, pace: `pace:${who}` };
}

const rateLimited = (secondsLeft: number) => {
  const seconds = Math.max(1, secondsLeft);
  return new AppError('RATE_LIMITED', { headers: { 'Retry-After': String(seconds) }, messageParams: { seconds } });
};

const windowExpired = (windowSeconds: number) => sql`${signInFailures.windowStartedAt} + make_interval(secs => ${windowSeconds}) <= now()`;

class Refused extends Error {
  constructor(readonly secondsLeft: number) {
    super('refused');
  }
}

/**
 * Reserves one password check before the password is verified, counting it as a failure until
 * releasePasswordCheck says it was not one. The counts are raised only below their limits, in
 * one transaction, so however many attempts arrive together no more than the limit reach
 * argon2 in a window; a refused attempt changes no count and throws RATE_LIMITED (429 with
 * Retry-After).
 *
 * OWASP's authentication guidance: a lockout counted per account lets anyone lock the owner
 * out, and one counted per address is beaten by many addresses. So the lockout is counted per
 * account and address (a stranger elsewhere fills only their own), the address has its own
 * limit, and the account's failures from all addresses only slow its checks down: past
 * slowAfterFailuresPerUser, each failure doubles the pause before the account's next check
 * (1 s, 2 s, 4 s, ... at most slowMaxDelaySeconds), which caps a spread-out attack (about 96
 * guesses an hour with the defaults) while the owner waits at most that pause, never the window.
 */
export async function reservePasswordCheck(db: Database, keys: AttemptKeys, limits: SignInLimits): Promise<void> {
  const expired = windowExpired(limits.windowSeconds);
  try {
    await db.transaction(async (tx) => {
      // Rows are taken in the same order (pair, address, account) by every caller: no deadlock.
      const counted = await tx
        .insert(signInFailures)
        .values([keys.pair, keys.address, keys.account].map((key) => ({ key, windowStartedAt: sql`now()`, failures: 1 })))
        .onConflictDoUpdate({
          target: signInFailures.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${signInFailures.failures} + 1 end`,
            windowStartedAt: sql`case when ${expired} then now() else ${signInFailures.windowStartedAt} end`,
          },
          setWhere: sql`${expired} or ${signInFailures.failures} < case ${signInFailures.key}
            when ${keys.pair} then ${limits.maxFailuresPerUser}::int
            when ${keys.address} then ${limits.maxFailuresPerAddress}::int
            else 2147483647 end`,
        })
        .returning({ key: signInFailures.key, failures: signInFailures.failures });
      if (counted.length < 3) {
        const [full] = await tx
          .select({ secondsLeft: sql<number>`max(ceil(extract(epoch from (${signInFailures.windowStartedAt} + make_interval(secs => ${limits.windowSeconds}) - now()))))::int` })
          .from(signInFailures)
          .where(inArray(signInFailures.key, [keys.pair, keys.address].filter((key) => !counted.some((row) => row.key === key))));
        throw new Refused(full?.secondsLeft ?? limits.windowSeconds);
      }
      const accountFailures = counted.find((row) => row.key === keys.account)!.failures;
      const beyond = accountFailures - limits.slowAfterFailuresPerUser;
      if (beyond <= 0) return;
      const pause = Math.min(2 ** Math.min(beyond - 1, 30), limits.slowMaxDelaySeconds);
      const paced = await tx
        .insert(signInFailures)
        .values({ key: keys.pace, windowStartedAt: sql`now() + make_interval(secs => ${pause})`, failures: 1 })
        .onConflictDoUpdate({
          target: signInFailures.key,
          set: { windowStartedAt: sql`now() + make_interval(secs => ${pause})`, failures: sql`${signInFailures.failures} + 1` },
          setWhere: sql`${signInFailures.windowStartedAt} <= now()`,
        })
        .returning({ key: signInFailures.key });
      if (paced.length === 0) {
        const [next] = await tx
          .select({ secondsLeft: sql<number>`ceil(extract(epoch from (${signInFailures.windowStartedAt} - now())))::int` })
          .from(signInFailures)
          .where(inArray(signInFailures.key, [keys.pace]));
        throw new Refused(next?.secondsLeft ?? pause);
      }
    });
  } catch (error) {
    if (error instanceof Refused) throw rateLimited(error.secondsLeft);
    throw error;
  }
}

/**
 * The reserved check found the right password: it was not a failure. An upsert, not an update,
 * so that the rows are locked in the reservation's order (an update may lock them in any
 * order, and deadlock with a reservation holding one of them).
 */
export async function releasePasswordCheck(db: Database, keys: AttemptKeys, windowSeconds: number): Promise<void> {
  await db
    .insert(signInFailures)
    .values([keys.pair, keys.address, keys.account].map((key) => ({ key, windowStartedAt: sql`now()`, failures: 0 })))
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: { failures: sql`greatest(${signInFailures.failures} - 1, 0)` },
      // A window that has ended since the reservation has nothing of it left to give back.
      setWhere: sql`not (${windowExpired(windowSeconds)})`,
    });
}

/**
 * A password check that guessing cannot outrun: reserved first (no argon2 for a refused
 * attempt), released when the password was right. Every path where a caller proves they know
 * a password (sign-in, the old password to change it or to close the account) goes through it,
 * with one count, so that none is a side door for guessing.
 */
export async function checkPasswordWithinLimits(
  db: Database,
  limits: SignInLimits,
  attempt: { claimant: Claimant; address: string },
  verify: () => Promise<boolean>,
): Promise<boolean> {
  const keys = attemptKeys(attempt.claimant, attempt.address);
  await reservePasswordCheck(db, keys, limits);
  const matches = await verify();
  if (matches) await releasePasswordCheck(db, keys, limits.windowSeconds);
  return matches;
}
