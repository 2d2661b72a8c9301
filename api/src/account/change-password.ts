import { translate, type Language } from '@psc/core';
import { schema } from '@psc/db';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { checkPasswordWithinLimits, signInLimitsOf } from '../auth/rate-limit';
import { forgetSessions } from '../auth/session-checks';
import { revokeUserSessions } from '../auth/sessions';
import { AppError } from '../http/errors';
import { queueMail } from '../messaging/queue-mail';
import { renderPasswordChangedMail } from '../messaging/templates/password-changed';
import { findCandidateById } from './find-candidate';

const { users } = schema;

/**
 * spec §5 passwords: the old password is checked, the new one (already checked against the
 * rule and against the old one by changePasswordSchema) replaces it. Clears the must-change
 * flag of a temporary password and ends the user's other sessions, keeping this one.
 */
export async function changePassword(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { userId: number; familyId: string; oldPassword: string; newPassword: string; lang: Language; address: string },
): Promise<void> {
  const { db, config } = deps;
  const user = await findCandidateById(db, input.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  // Counted like sign-in, so a stolen session cannot guess the password here instead. 400, not
  // 401: a 401 would make the client end the session (spec §8).
  const attempt = { claimant: { userId: user.id }, address: input.address };
  if (!(await checkPasswordWithinLimits(db, signInLimitsOf(config), attempt, () => verifyPassword(user.passwordHash, input.oldPassword)))) {
    throw new AppError('VALIDATION_FAILED', { errors: { oldPassword: [translate(input.lang, 'account.passwordIncorrect')] } });
  }
  const changedAt = new Date();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), mustChangePassword: false, passwordChangedAt: changedAt, updatedAt: changedAt })
    .where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id, { exceptFamilyId: input.familyId });
  forgetSessions(db, user.id);
  const mail = renderPasswordChangedMail({ ...user, changedAt, loginUrl: `${config.publicUrl}/login` });
  await queueMail(db, { to: user.email, ...mail, kind: 'password-changed', userId: user.id });
}
