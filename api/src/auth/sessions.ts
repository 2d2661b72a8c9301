import { schema, type Database } from '@psc/db';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { sendPasswordNoticeIfDue } from '../account/send-password-notice';
import type { AppDeps } from '../context';
import { AppError } from '../http/errors';
import type { OAuthClient } from './clients';
import { verifyDecoy, verifyPassword } from './passwords';
import { checkPasswordWithinLimits, signInLimitsOf } from './rate-limit';
import { forgetSessions } from './session-checks';
import { generateRefreshToken, hashToken, signAccessToken } from './tokens';

const { users, refreshTokens } = schema;

export type TokenPair = { accessToken: string; refreshToken: string; tokenType: 'Bearer'; expiresIn: number };

type SessionUser = { id: number; kind: 'candidate' | 'staff' };

/** A user is blocked while the flag is set, the block has begun and its end, if any, has not passed. */
export function isBlockedNow(
  user: { isBlocked: boolean; blockedFrom: Date | null; blockedUntil: Date | null },
  now = new Date(),
): boolean {
  return (
    user.isBlocked &&
    (user.blockedFrom === null || user.blockedFrom <= now) &&
    (user.blockedUntil === null || user.blockedUntil > now)
  );
}

/** spec §7: grant_type=password with a user name or an e-mail. */
export async function signInWithPassword(
  deps: AppDeps,
  input: { client: OAuthClient; username: string; password: string; address: string },
): Promise<TokenPair> {
  const { db, config } = deps;
  const login = input.username.trim().toLowerCase();
  // Looked up first, so that the limits count the account whether it is named by user name or
  // by e-mail; a cheap query, while argon2 runs only for an attempt the limits admit.
  const [user] = await db
    .select({
      id: users.id,
      kind: users.kind,
      passwordHash: users.passwordHash,
      isBlocked: users.isBlocked,
      blockedFrom: users.blockedFrom,
      blockedUntil: users.blockedUntil,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, login), eq(sql`lower(${users.email})`, login)))
    .limit(1);

  // A user of the other kind gets the same answer as a wrong password, and counts as one: the
  // portal must not become a way to probe staff accounts.
  const accepted = await checkPasswordWithinLimits(
    db,
    signInLimitsOf(config),
    { claimant: user ? { userId: user.id } : { login }, address: input.address },
    async () => (user ? (await verifyPassword(user.passwordHash, input.password)) && user.kind === input.client.userKind : await verifyDecoy(input.password)),
  );
  if (user && user.kind === 'candidate' && !user.deactivatedAt && !isBlockedNow(user)) {
    await sendPasswordNoticeIfDue(deps, user.id);
  }
  if (!user || !accepted) throw new AppError('INVALID_CREDENTIALS');
  // Told only after the right password, so that blocking does not reveal which names exist.
  if (user.deactivatedAt) throw new AppError('USER_BLOCKED', { messageKey: 'auth.accountDeactivated' });
  if (isBlockedNow(user)) throw new AppError('USER_BLOCKED');

  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
  return issueTokens(deps, user, input.client.id, randomUUID());
}

/**
 * spec §7 refresh: the presented token is used up and a new one issued in the same family.
 * Presenting a token that was already used means someone kept a copy: the family is revoked,
 * signing out every holder.
 */
export async function refreshSession(deps: AppDeps, input: { client: OAuthClient; refreshToken: string }): Promise<TokenPair> {
  const { db } = deps;
  const tokenHash = hashToken(input.refreshToken);
  const [row] = await db
    .select({
      id: refreshTokens.id,
      familyId: refreshTokens.familyId,
      clientId: refreshTokens.clientId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
      userId: users.id,
      kind: users.kind,
      isBlocked: users.isBlocked,
      blockedFrom: users.blockedFrom,
      blockedUntil: users.blockedUntil,
      deactivatedAt: users.deactivatedAt,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);

  if (!row || row.clientId !== input.client.id) throw new AppError('INVALID_GRANT');
  if (row.revokedAt) throw new AppError('INVALID_GRANT');
  if (row.usedAt) {
    await revokeFamily(db, row.familyId, row.userId);
    throw new AppError('INVALID_GRANT');
  }
  if (row.expiresAt <= new Date()) throw new AppError('INVALID_GRANT');
  if (row.deactivatedAt) {
    await revokeFamily(db, row.familyId, row.userId);
    throw new AppError('USER_BLOCKED', { messageKey: 'auth.accountDeactivated' });
  }
  if (isBlockedNow(row)) {
    await revokeFamily(db, row.familyId, row.userId);
    throw new AppError('USER_BLOCKED');
  }
  // The guard on used_at makes two racing refreshes with one token end like a replay.
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeFamily(db, row.familyId, row.userId);
    throw new AppError('INVALID_GRANT');
  }
  return issueTokens(deps, { id: row.userId, kind: row.kind }, row.clientId, row.familyId);
}

async function issueTokens(deps: AppDeps, user: SessionUser, clientId: string, familyId: string): Promise<TokenPair> {
  const refreshToken = generateRefreshToken();
  await deps.db.insert(refreshTokens).values({
    familyId,
    userId: user.id,
    clientId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + deps.config.refreshTokenTtlSeconds * 1000),
  });
  const accessToken = await signAccessToken(
    deps.jwtSecret,
    { userId: user.id, kind: user.kind, clientId, familyId },
    deps.config.accessTokenTtlSeconds,
  );
  return { accessToken, refreshToken, tokenType: 'Bearer', expiresIn: deps.config.accessTokenTtlSeconds };
}

/** Ends one session of a user, at once for this process's session checks. */
export async function revokeFamily(db: Database, familyId: string, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  forgetSessions(db, userId);
}

/**
 * Revokes every session of a user, or every session but the one the caller is using. The caller
 * calls forgetSessions once this (and any change of the user's standing with it) is committed.
 */
export async function revokeUserSessions(db: Database, userId: number, options: { exceptFamilyId?: string } = {}) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        options.exceptFamilyId ? ne(refreshTokens.familyId, options.exceptFamilyId) : undefined,
      ),
    );
}

/**
 * Logout revokes the session the access token belongs to; a refresh token in the body, when
 * it is the caller's own, revokes its family too (a client holding an older session).
 */
export async function signOut(db: Database, input: { userId: number; familyId: string; refreshToken?: string | undefined }) {
  await revokeFamily(db, input.familyId, input.userId);
  if (input.refreshToken) {
    const [row] = await db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, hashToken(input.refreshToken)), eq(refreshTokens.userId, input.userId)))
      .limit(1);
    if (row) await revokeFamily(db, row.familyId, input.userId);
  }
}
