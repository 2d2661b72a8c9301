import type { PermissionAction, PrivilegeCode } from '@psc/core';
import { answerEach, BUSY_STATEMENT_BATCHES, createStatementBatcher, oncePerDatabase, prepareStatement, schema, type Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { AppError } from '../http/errors';
import { loadPrivileges } from './privileges';
import { isBlockedNow } from './sessions';
import { verifyAccessToken } from './tokens';

const { users, refreshTokens } = schema;

export type RequireAuthOptions = {
  /**
   * Spec §4: a candidate holding a temporary password, and (spec §2 internal/passwordreset) a member of staff
   * whose password another member of staff reset, must change it before anything else; only the
   * routes that make that possible (init, logout, change password) set this.
   */
  allowPendingPasswordChange?: boolean;
};

type SessionRow = {
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

type SessionKey = { userId: number; familyId: string };

// Every authenticated request runs it: prepared once per database, batched under load.
const sessionCheckOf = oncePerDatabase((db: Database) => {
  const statement = prepareStatement<SessionRow>(db, 'authenticate_sessions', SESSION_SQL);
  return createStatementBatcher<SessionKey, SessionRow | undefined>(
    async (keys) => {
      const rows = await statement.all({ userIds: `{${keys.map((key) => key.userId).join(',')}}`, familyIds: `{${keys.map((key) => key.familyId).join(',')}}` });
      // Each row carries its input's place in the batch (`with ordinality`, from 1).
      return answerEach(keys.map((_, index) => index + 1), rows, (place) => place, (row) => row.n);
    },
    BUSY_STATEMENT_BATCHES,
  );
});

const toDate = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * Bearer authentication. An expired or tampered token answers INVALID_TOKEN, which tells the
 * client to refresh once (spec §8); a token whose session was signed out answers
 * UNAUTHENTICATED, which tells the client the session is over.
 */
export function requireAuth(kind?: 'candidate' | 'staff', options: RequireAuthOptions = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
    const { db, jwtSecret } = c.get('deps');
    const claims = await verifyAccessToken(jwtSecret, match[1]);
    if (!claims) throw new AppError('INVALID_TOKEN');

    const userId = Number(claims.sub);
    const row = await sessionCheckOf(db)({ userId, familyId: claims.fam });
    if (!row || !row.sessionLive) throw new AppError('UNAUTHENTICATED');
    if (row.isDeactivated) throw new AppError('USER_BLOCKED', { messageKey: 'auth.accountDeactivated' });
    if (isBlockedNow({ isBlocked: row.isBlocked, blockedFrom: toDate(row.blockedFromMs), blockedUntil: toDate(row.blockedUntilMs) })) throw new AppError('USER_BLOCKED');
    if (kind && claims.kind !== kind) throw new AppError('FORBIDDEN');
    if (row.mustChangePassword && !options.allowPendingPasswordChange) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    }

    c.set('auth', { userId, kind: claims.kind, clientId: claims.cid, familyId: claims.fam });
    await next();
  });
}

/** spec §6: a staff route declares the privilege code and action it needs. */
export function requirePrivilege(code: PrivilegeCode, action: PermissionAction) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const auth = c.get('auth');
    auth.privileges ??= await loadPrivileges(c.get('deps').db, auth.userId);
    if (!auth.privileges.get(code)?.has(action)) throw new AppError('FORBIDDEN');
    await next();
  });
}
