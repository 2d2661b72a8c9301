import { translate, type Language } from '@psc/core';
import { schema, userFullNameEn, userFullNameNp, type Database } from '@psc/db';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { forgetSessions } from '../auth/session-checks';
import type { AppDeps } from '../context';
import { AppError } from '../http/errors';
import { queueMail } from '../messaging/queue-mail';
import { queueSms } from '../messaging/queue-sms';
import { renderEmailChangedMail } from '../messaging/templates/email-changed';
import { renderRecoveryCodeSms } from '../messaging/templates/recovery-code-sms';
import { readUniqueViolation } from './register-candidate';
import { issueTemporaryPassword } from './request-new-password';
import { countRecentTokens } from './request-password-reset';
import {
  generateRecoveryCode,
  hashRecoveryCode,
  isSameHash,
  maskEmail,
  MESSAGES_PER_ACCOUNT_PER_HOUR,
  RECOVERY_CODE_MAX_FAILURES,
  RECOVERY_CODE_VALID_MINUTES,
} from './secrets';

const { accountTokens, candidateProfiles, users } = schema;

type Certificate = { citizenshipNumber: string; citizenshipIssueDistrictId: number };

/** The active candidate holding a citizenship certificate (unique per number and district). */
async function findByCertificate(db: Database, certificate: Certificate) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      mobile: users.mobile,
      nameEn: userFullNameEn,
      nameNp: userFullNameNp,
      dateOfBirth: candidateProfiles.dateOfBirth,
    })
    .from(candidateProfiles)
    .innerJoin(users, eq(users.id, candidateProfiles.userId))
    .where(
      and(
        eq(candidateProfiles.citizenshipNumber, certificate.citizenshipNumber),
        eq(candidateProfiles.citizenshipIssueDistrictId, certificate.citizenshipIssueDistrictId),
        eq(users.kind, 'candidate'),
        isNull(users.deactivatedAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * /exisiting-user, step one: a candidate who lost the e-mail account proves who they are with
 * the citizenship certificate and date of birth; a 6-digit code goes by SMS to the mobile on
 * file. The answer is the same whether or not anything matched (the account rule: never reveal
 * whether an account exists), so it carries no masked mobile number either.
 */
export async function startRecovery(deps: Pick<AppDeps, 'db'>, input: Certificate & { dateOfBirth: string }): Promise<void> {
  const { db } = deps;
  const user = await findByCertificate(db, input);
  if (!user || !user.mobile || user.dateOfBirth !== input.dateOfBirth) return;
  if ((await countRecentTokens(db, user.id, 'account-recovery')) >= MESSAGES_PER_ACCOUNT_PER_HOUR) return;
  const id = randomUUID();
  const code = generateRecoveryCode();
  await db.transaction(async (tx) => {
    // Only the newest code counts.
    await tx
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, 'account-recovery'), isNull(accountTokens.usedAt)));
    await tx.insert(accountTokens).values({
      id,
      userId: user.id,
      purpose: 'account-recovery',
      tokenHash: hashRecoveryCode(id, code),
      expiresAt: sql`now() + make_interval(mins => ${RECOVERY_CODE_VALID_MINUTES})`,
    });
    await queueSms(tx, { to: user.mobile!, body: renderRecoveryCodeSms({ code, validMinutes: RECOVERY_CODE_VALID_MINUTES }), kind: 'account-recovery', userId: user.id });
  });
}

/**
 * /exisiting-user, step two: with the right code the account moves to the new e-mail address,
 * gets a temporary password there (changed at the next sign-in) and every session ends; the
 * old address is told. A wrong code counts against the code, which dies after five.
 */
export async function verifyRecovery(
  deps: Pick<AppDeps, 'db' | 'config'>,
  input: Certificate & { code: string; newEmail: string; lang: Language },
): Promise<void> {
  const { db } = deps;
  const wrongCode = () => new AppError('VALIDATION_FAILED', { errors: { code: [translate(input.lang, 'account.recoveryCodeInvalid')] } });
  const user = await findByCertificate(db, input);
  if (!user) throw wrongCode();
  const [token] = await db
    .select({ id: accountTokens.id, tokenHash: accountTokens.tokenHash })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, user.id),
        eq(accountTokens.purpose, 'account-recovery'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
        lt(accountTokens.failedAttempts, RECOVERY_CODE_MAX_FAILURES),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  if (!token) throw wrongCode();
  // The attempt is counted before the code is compared, in one statement that refuses it once
  // the code has had its tries: codes sent together cannot all slip under the limit.
  const reserved = await db
    .update(accountTokens)
    .set({ failedAttempts: sql`${accountTokens.failedAttempts} + 1` })
    .where(and(eq(accountTokens.id, token.id), lt(accountTokens.failedAttempts, RECOVERY_CODE_MAX_FAILURES)))
    .returning({ id: accountTokens.id });
  if (reserved.length === 0) throw wrongCode();
  if (!isSameHash(token.tokenHash, hashRecoveryCode(token.id, input.code))) throw wrongCode();
  // The right code was not a failure (it may be needed again if the new address is taken).
  await db
    .update(accountTokens)
    .set({ failedAttempts: sql`${accountTokens.failedAttempts} - 1` })
    .where(eq(accountTokens.id, token.id));
  // Checked before the code is used up, so a taken address can be corrected with the same code.
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, input.newEmail.toLowerCase()), ne(users.id, user.id)))
    .limit(1);
  const emailTaken = () => new AppError('CONFLICT', { errors: { newEmail: [translate(input.lang, 'account.emailTaken')] } });
  if (taken) throw emailTaken();

  const changedAt = new Date();
  await db
    .transaction(async (tx) => {
    const claimed = await tx
      .update(accountTokens)
      .set({ usedAt: changedAt })
      .where(and(eq(accountTokens.id, token.id), isNull(accountTokens.usedAt)))
      .returning({ id: accountTokens.id });
    if (claimed.length === 0) throw wrongCode();
    await tx.update(users).set({ email: input.newEmail, updatedAt: changedAt }).where(eq(users.id, user.id));
    await issueTemporaryPassword(deps, user, { to: input.newEmail, reason: 'recovered', db: tx });
    if (user.email.toLowerCase() !== input.newEmail.toLowerCase()) {
      const mail = renderEmailChangedMail({ ...user, maskedNewEmail: maskEmail(input.newEmail), changedAt });
      await queueMail(tx, { to: user.email, ...mail, kind: 'email-changed', userId: user.id });
    }
  })
    .catch((error: unknown) => {
      // Another account took the address between the check and the update.
      throw readUniqueViolation(error) ? emailTaken() : error;
    });
  forgetSessions(db, user.id);
}
