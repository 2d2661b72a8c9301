import { translate, type Language } from '@psc/core';
import { schema } from '@psc/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import type { AppDeps } from '../context';
import { verifyPassword } from '../auth/passwords';
import { checkPasswordWithinLimits, signInLimitsOf } from '../auth/rate-limit';
import { forgetSessions } from '../auth/session-checks';
import { revokeUserSessions } from '../auth/sessions';
import { AppError } from '../http/errors';
import { findCandidateById } from './find-candidate';

const { users } = schema;

/**
 * spec §2 /deactivate-account (spec §1 "deactivate duplicate accounts"): the candidate confirms
 * with the password; the account is closed, every session ends, and signing in is refused from
 * then on. The row stays, so one person still cannot register a second account with the same
 * identity. The reason, which has no column of its own, is kept in the audit log.
 */
export async function deactivateAccount(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { userId: number; password: string; reason?: string | undefined; lang: Language; requestId?: string; ipAddress: string },
): Promise<void> {
  const { db, config } = deps;
  const user = await findCandidateById(db, input.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  // Counted like sign-in, so a stolen session cannot guess the password here instead. 400, not
  // 401: a 401 would make the client end the session (spec §8).
  const attempt = { claimant: { userId: user.id }, address: input.ipAddress };
  if (!(await checkPasswordWithinLimits(db, signInLimitsOf(config), attempt, () => verifyPassword(user.passwordHash, input.password)))) {
    throw new AppError('VALIDATION_FAILED', { errors: { password: [translate(input.lang, 'account.passwordIncorrect')] } });
  }
  const deactivatedAt = new Date();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ deactivatedAt, updatedAt: deactivatedAt }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'deactivate',
      entity: 'users',
      entityId: user.id,
      before: { deactivatedAt: null },
      after: { deactivatedAt, reason: input.reason ?? null },
      requestId: input.requestId,
      ipAddress: input.ipAddress,
    });
    await revokeUserSessions(tx, user.id);
  });
  forgetSessions(db, user.id);
}
