import type { PermissionAction, PrivilegeCode } from '@psc/core';
import { oncePerDatabase, schema, type Database } from '@psc/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { AppError } from '../http/errors';
import { loadPrivileges } from './privileges';
import { isBlockedNow } from './sessions';
import { verifyAccessToken } from './tokens';

const { users, refreshTokens } = schema;

export type RequireAuthOptions = {
  /**
   * Issue 4 / spec §4: a candidate holding a temporary password, and (issue 5) a member of staff
   * whose password another member of staff reset, must change it before anything else; only the
   * routes that make that possible (init, logout, change password) set this.
   */
  allowPendingPasswordChange?: boolean;
};

/** The user's standing and whether the token's session is live: one prepared query per request. */
function buildSessionQuery(db: Database) {
  return db
    .select({
      isBlocked: users.isBlocked,
      blockedFrom: users.blockedFrom,
      blockedUntil: users.blockedUntil,
      deactivatedAt: users.deactivatedAt,
      mustChangePassword: users.mustChangePassword,
      sessionLive: sql<boolean>`exists (select 1 from ${refreshTokens} where ${and(eq(refreshTokens.familyId, sql.placeholder('familyId')), isNull(refreshTokens.revokedAt))})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('authenticate_session');
}

// Every authenticated request runs it: built and prepared once per database.
const sessionQueryOf = oncePerDatabase(buildSessionQuery);

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
    const [row] = await sessionQueryOf(db).execute({ userId, familyId: claims.fam });
    if (!row || !row.sessionLive) throw new AppError('UNAUTHENTICATED');
    if (row.deactivatedAt) throw new AppError('USER_BLOCKED', { messageKey: 'auth.accountDeactivated' });
    if (isBlockedNow(row)) throw new AppError('USER_BLOCKED');
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
