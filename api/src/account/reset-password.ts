import { translate, type Language } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { forgetSessions } from '../auth/session-checks';
import { revokeUserSessions } from '../auth/sessions';
import { AppError } from '../http/errors';
import { queueMail } from '../messaging/queue-mail';
import { renderPasswordChangedMail } from '../messaging/templates/password-changed';
import { candidateColumns, type CandidateAccount } from './find-candidate';
import { hashLinkToken } from './secrets';

const { accountTokens, users } = schema;

const invalidLink = () => new AppError('INVALID_GRANT', { messageKey: 'account.resetLinkInvalid' });

/** The account an unused, unexpired reset link belongs to; undefined for any other token. */
export async function findResetTokenAccount(db: Database, token: string): Promise<(CandidateAccount & { tokenId: string }) | undefined> {
  const [row] = await db
    .select({ tokenId: accountTokens.id, ...candidateColumns })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(
      and(
        eq(accountTokens.tokenHash, hashLinkToken(token)),
        eq(accountTokens.purpose, 'password-reset'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
        eq(users.kind, 'candidate'),
        isNull(users.deactivatedAt),
      ),
    )
    .limit(1);
  return row;
}

/** GET /account/reset-token/:token: whether the page at /change/password/{tokenid} may ask for a password. */
export async function checkResetToken(db: Database, token: string): Promise<{ valid: true; username: string }> {
  const account = await findResetTokenAccount(db, token);
  if (!account) throw invalidLink();
  return { valid: true, username: account.username };
}

/**
 * spec §2 /change/password/{tokenid}, signed in or out: the link is used up, the password set,
 * every other link of the account voided and every session of the user ended.
 */
export async function resetPassword(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: { token: string; newPassword: string; lang: Language },
): Promise<void> {
  const { db, config } = deps;
  const account = await findResetTokenAccount(db, input.token);
  if (!account) throw invalidLink();
  // spec §5: the new password must differ from the old one. Checked before the link is used up,
  // so the candidate can try again with the same link.
  if (await verifyPassword(account.passwordHash, input.newPassword)) {
    throw new AppError('VALIDATION_FAILED', { errors: { newPassword: [translate(input.lang, 'validation.passwordSameAsOld')] } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const changedAt = new Date();
  await db.transaction(async (tx) => {
    // Claiming the link in the same statement that checks it makes it single-use under races.
    const claimed = await tx
      .update(accountTokens)
      .set({ usedAt: changedAt })
      .where(and(eq(accountTokens.id, account.tokenId), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)))
      .returning({ id: accountTokens.id });
    if (claimed.length === 0) throw invalidLink();
    await tx
      .update(accountTokens)
      .set({ usedAt: changedAt })
      .where(and(eq(accountTokens.userId, account.id), eq(accountTokens.purpose, 'password-reset'), isNull(accountTokens.usedAt), ne(accountTokens.id, account.tokenId)));
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, passwordChangedAt: changedAt, updatedAt: changedAt })
      .where(eq(users.id, account.id));
  });
  await revokeUserSessions(db, account.id);
  forgetSessions(db, account.id);
  const mail = renderPasswordChangedMail({ ...account, changedAt, loginUrl: `${config.publicUrl}/login` });
  await queueMail(db, { to: account.email, ...mail, kind: 'password-changed', userId: account.id });
}
