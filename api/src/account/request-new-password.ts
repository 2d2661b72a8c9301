import { schema, type Database } from '@psc/db';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { hashPassword } from '../auth/passwords';
import { forgetSessions } from '../auth/session-checks';
import { revokeUserSessions } from '../auth/sessions';
import { queueMail } from '../messaging/queue-mail';
import { renderTemporaryPasswordMail, type TemporaryPasswordReason } from '../messaging/templates/temporary-password';
import { findActiveCandidateByLogin, type CandidateAccount } from './find-candidate';
import { sendPasswordResetLink } from './request-password-reset';
import { generateTemporaryPassword, MESSAGES_PER_ACCOUNT_PER_HOUR } from './secrets';

const { mailOutbox, users } = schema;

async function countRecentTemporaryPasswords(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'temporary-password'), gt(mailOutbox.createdAt, sql`now() - interval '1 hour'`)));
  return row?.n ?? 0;
}

/**
 * Replaces the password with a new temporary one, e-mailed to `to`, which must be changed at
 * the next sign-in; ends every session of the user. A caller that passes its transaction as
 * `db` calls forgetSessions once it has committed.
 */
export async function issueTemporaryPassword(
  deps: Pick<AppDeps, 'db' | 'config'>,
  user: Pick<CandidateAccount, 'id' | 'username' | 'nameEn' | 'nameNp'>,
  options: { to: string; reason: TemporaryPasswordReason; db?: Database },
): Promise<void> {
  const db = options.db ?? deps.db;
  const password = generateTemporaryPassword();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: true, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id);
  if (!options.db) forgetSessions(deps.db, user.id);
  const mail = renderTemporaryPasswordMail({ ...user, password, loginUrl: `${deps.config.publicUrl}/login`, reason: options.reason });
  await queueMail(db, { to: options.to, ...mail, kind: 'temporary-password', userId: user.id });
}

/**
 * spec §7 "request new password". An account still on its temporary password (the mail went
 * astray) gets a new one. An account whose owner has set a password gets the reset link
 * instead: replacing a working password on anyone's say-so would let a stranger lock a
 * candidate out by typing a user name. Either way the answer is the same as for no account.
 */
export async function requestNewPassword(deps: Pick<AppDeps, 'db' | 'config'>, login: string): Promise<void> {
  const user = await findActiveCandidateByLogin(deps.db, login);
  if (!user) return;
  if (!user.mustChangePassword) {
    await sendPasswordResetLink(deps, user);
    return;
  }
  if ((await countRecentTemporaryPasswords(deps.db, user.id)) >= MESSAGES_PER_ACCOUNT_PER_HOUR) return;
  await issueTemporaryPassword(deps, user, { to: user.email, reason: 'requested' });
}
