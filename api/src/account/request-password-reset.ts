import { schema, type Database } from '@psc/db';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { queueMail } from '../messaging/queue-mail';
import { renderPasswordResetMail } from '../messaging/templates/password-reset-link';
import { findActiveCandidateByLogin, type CandidateAccount } from './find-candidate';
import { generateLinkToken, hashLinkToken, MESSAGES_PER_ACCOUNT_PER_HOUR, PASSWORD_LINK_VALID_MINUTES } from './secrets';

const { accountTokens } = schema;

export async function countRecentTokens(db: Database, userId: number, purpose: 'password-reset' | 'account-recovery'): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), gt(accountTokens.createdAt, sql`now() - interval '1 hour'`)));
  return row?.n ?? 0;
}

/** Writes the mail with a single-use link to spec §2 /change/password/{tokenid}, unless throttled. */
export async function sendPasswordResetLink(deps: Pick<AppDeps, 'db' | 'config'>, user: CandidateAccount): Promise<boolean> {
  const { db, config } = deps;
  if ((await countRecentTokens(db, user.id, 'password-reset')) >= MESSAGES_PER_ACCOUNT_PER_HOUR) return false;
  const token = generateLinkToken();
  await db.insert(accountTokens).values({
    userId: user.id,
    purpose: 'password-reset',
    tokenHash: hashLinkToken(token),
    expiresAt: sql`now() + make_interval(mins => ${PASSWORD_LINK_VALID_MINUTES})`,
  });
  const mail = renderPasswordResetMail({ ...user, link: `${config.publicUrl}/change/password/${token}`, validMinutes: PASSWORD_LINK_VALID_MINUTES });
  await queueMail(db, { to: user.email, ...mail, kind: 'password-reset', userId: user.id });
  return true;
}

/**
 * Forgot password. The caller answers the same whatever happens here, so the answer never
 * tells whether an account exists.
 */
export async function requestPasswordReset(deps: Pick<AppDeps, 'db' | 'config'>, login: string): Promise<void> {
  const user = await findActiveCandidateByLogin(deps.db, login);
  if (user) await sendPasswordResetLink(deps, user);
}
