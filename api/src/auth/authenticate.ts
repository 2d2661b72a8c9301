import type { PermissionAction, PrivilegeCode } from '@psc/core';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { AppError } from '../http/errors';
import { loadPrivileges } from './privileges';
import { sessionChecksOf } from './session-checks';
import { isBlockedNow } from './sessions';
import { verifyAccessToken } from './tokens';

export type RequireAuthOptions = {
  /**
   * Spec §4: a candidate holding a temporary password, and (spec §2 internal/passwordreset) a member of staff
   * whose password another member of staff reset, must change it before anything else; only the
   * routes that make that possible (init, logout, change password) set this.
   */
  allowPendingPasswordChange?: boolean;
};

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
    const { db, jwtSecret, config } = c.get('deps');
    const claims = await verifyAccessToken(jwtSecret, match[1]);
    if (!claims) throw new AppError('INVALID_TOKEN');

    const userId = Number(claims.sub);
    // The answer may be up to SESSION_CHECK_CACHE_SECONDS old (a change made by this process is
    // seen at once: forgetSessions); a timed block is judged against the time of THIS request.
    const checks = sessionChecksOf(db);
    const row = await checks.get({ userId, familyId: claims.fam }, config.sessionCheckCacheSeconds * 1000);
    if (!row || !row.sessionLive) throw new AppError('UNAUTHENTICATED');
    if (row.isDeactivated) throw new AppError('USER_BLOCKED', { messageKey: 'auth.accountDeactivated' });
    const block = { isBlocked: row.isBlocked, blockedFrom: toDate(row.blockedFromMs), blockedUntil: toDate(row.blockedUntilMs) };
    if (isBlockedNow(block, new Date(checks.now()))) throw new AppError('USER_BLOCKED');
    if (kind && claims.kind !== kind) throw new AppError('FORBIDDEN');
    if (row.mustChangePassword && !options.allowPendingPasswordChange) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED');
    }

    c.set('auth', { userId, kind: claims.kind, clientId: claims.cid, familyId: claims.fam });
    await next();
  });
}

/** spec §6: a staff route declares the privilege code and action it needs. */
/** Admits staff holding the action under the code, or under any one of the codes given. */
export function requirePrivilege(code: PrivilegeCode | readonly PrivilegeCode[], action: PermissionAction) {
  const codes: readonly PrivilegeCode[] = typeof code === 'string' ? [code] : code;
  return createMiddleware<AppEnv>(async (c, next) => {
    const auth = c.get('auth');
    auth.privileges ??= await loadPrivileges(c.get('deps').db, auth.userId);
    const privileges = auth.privileges;
    if (!codes.some((one) => privileges.get(one)?.has(action))) throw new AppError('FORBIDDEN');
    await next();
  });
}
