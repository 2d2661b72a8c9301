import { translate, type Language } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { hashPassword, verifyPassword } from './passwords';
import { checkPasswordWithinLimits, type SignInLimits } from './rate-limit';
import { forgetSessions } from './session-checks';

const { users, refreshTokens } = schema;

export type ChangeStaffPasswordInput = {
  userId: number;
  familyId: string;
  oldPassword: string;
  newPassword: string;
  lang: Language;
  requestId?: string | null;
  ipAddress: string;
};

/**
 * spec §5 passwords, for a member of staff (the new password was checked against the rule, the
 * old one and the confirmation by changePasswordSchema): the old password is verified, the new
 * one stored, the must-change flag a reset by another member of staff set is cleared, and the
 * user's other sessions end while this one goes on. A staff write, so it is audited (without
 * any hash).
 */
export async function changeStaffPassword(db: Database, limits: SignInLimits, input: ChangeStaffPasswordInput): Promise<void> {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, mustChangePassword: users.mustChangePassword })
    .from(users)
    .where(and(eq(users.id, input.userId), eq(users.kind, 'staff')))
    .limit(1);
  if (!user) throw new AppError('UNAUTHENTICATED');
  // Counted like sign-in, so a stolen session cannot guess the password here instead. 400, not
  // 401: a 401 would make the client end the session (spec §8).
  const attempt = { claimant: { userId: user.id }, address: input.ipAddress };
  if (!(await checkPasswordWithinLimits(db, limits, attempt, () => verifyPassword(user.passwordHash, input.oldPassword)))) {
    throw new AppError('VALIDATION_FAILED', { errors: { oldPassword: [translate(input.lang, 'account.passwordIncorrect')] } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(users).set({ passwordHash, mustChangePassword: false, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt), ne(refreshTokens.familyId, input.familyId)));
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'change-password',
      entity: 'users',
      entityId: user.id,
      before: { mustChangePassword: user.mustChangePassword },
      after: { mustChangePassword: false, otherSessionsRevoked: true },
      requestId: input.requestId,
      ipAddress: input.ipAddress,
    });
  });
  forgetSessions(db, user.id);
}
