import { answerEach, arrayLiteral, BUSY_STATEMENT_BATCHES, createStatementBatcher, type Database, oncePerDatabase, prepareStatement, schema } from '@psc/db';
import { sql } from 'drizzle-orm';
import { createSessionCheckCache, type SessionKey } from './session-check-cache';

const { users, refreshTokens } = schema;

export type SessionRow = {
  n: number;
  isBlocked: boolean;
  blockedFromMs: number | null;
  blockedUntilMs: number | null;
  isDeactivated: boolean;
  mustChangePassword: boolean;
  sessionLive: boolean;
};

/**
 * The user's standing and whether the token's session is live, for every request that arrived
 * together: one prepared statement per batch (createStatementBatcher), each answer found again
 * by its place `n` in the batch.
 */
const SESSION_SQL = sql`
  select k.n::int as "n", u.is_blocked as "isBlocked", (extract(epoch from u.blocked_from) * 1000)::float8 as "blockedFromMs",
    (extract(epoch from u.blocked_until) * 1000)::float8 as "blockedUntilMs", u.deactivated_at is not null as "isDeactivated",
    u.must_change_password as "mustChangePassword",
    exists (select 1 from ${refreshTokens} r where r.family_id = k.family_id and r.revoked_at is null) as "sessionLive"
  from unnest(${sql.placeholder('userIds')}::int[], ${sql.placeholder('familyIds')}::uuid[]) with ordinality as k(user_id, family_id, n)
  join ${users} u on u.id = k.user_id`;

/**
 * How many session checks a process keeps (a few hundred bytes each, so some megabytes at most).
 * Within SESSION_CHECK_CACHE_SECONDS a 2-core server answers far fewer distinct sessions than
 * this; past it the oldest answers go first, which costs a lookup, never a wrong answer.
 */
export const SESSION_CHECK_CACHE_ENTRIES = 50_000;

/**
 * Every authenticated request runs this check: prepared once per database, batched under load,
 * and kept for SESSION_CHECK_CACHE_SECONDS (session-check-cache.ts).
 */
export const sessionChecksOf = oncePerDatabase((db: Database) => {
  const statement = prepareStatement<SessionRow>(db, 'authenticate_sessions', SESSION_SQL);
  const check = createStatementBatcher<SessionKey, SessionRow | undefined>(
    async (keys) => {
      const rows = await statement.all({ userIds: arrayLiteral(keys.map((key) => key.userId)), familyIds: arrayLiteral(keys.map((key) => key.familyId)) });
      // Each row carries its input's place in the batch (`with ordinality`, from 1).
      return answerEach(keys.map((_, index) => index + 1), rows, (place) => place, (row) => row.n);
    },
    BUSY_STATEMENT_BATCHES,
  );
  return createSessionCheckCache(check, { maxEntries: SESSION_CHECK_CACHE_ENTRIES });
});

/**
 * Call once a change that ends a user's sessions or changes their standing (sign-out, block or
 * unblock, deactivation, a password set, reset or changed) is COMMITTED: this process then
 * judges the user's next request by the database at once. Other API processes (API_WORKERS)
 * keep their answer until it expires, SESSION_CHECK_CACHE_SECONDS at most.
 */
export function forgetSessions(db: Database, userId: number) {
  sessionChecksOf(db).forgetUser(userId);
}
