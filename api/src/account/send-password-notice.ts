import { schema, userFullNameEn, userFullNameNp } from '@psc/db';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { queueMail } from '../messaging/queue-mail';
import { renderPasswordNoticeMail } from '../messaging/templates/password-notice';

const { users } = schema;

/** At most one notice per user in this many minutes. */
export const PASSWORD_NOTICE_INTERVAL_MINUTES = 15;

/**
 * spec §4 "Active candidates get a password-change mail on each login attempt": called on every
 * password sign-in attempt, right or wrong, of an existing active candidate. The window is
 * claimed by one conditional UPDATE, so concurrent attempts write one mail, not several.
 */
export async function sendPasswordNoticeIfDue(deps: Pick<AppDeps, 'db' | 'config'>, userId: number, attemptedAt = new Date()): Promise<boolean> {
  const { db, config } = deps;
  const [user] = await db
    .update(users)
    .set({ lastPasswordNoticeAt: attemptedAt })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.lastPasswordNoticeAt), lte(users.lastPasswordNoticeAt, sql`now() - make_interval(mins => ${PASSWORD_NOTICE_INTERVAL_MINUTES})`)),
      ),
    )
    .returning({ email: users.email, username: users.username, nameEn: userFullNameEn, nameNp: userFullNameNp });
  if (!user) return false;
  const mail = renderPasswordNoticeMail({ ...user, attemptedAt, loginUrl: `${config.publicUrl}/login` });
  await queueMail(db, { to: user.email, ...mail, kind: 'password-notice', userId });
  return true;
}
