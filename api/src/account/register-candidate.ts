import { translate, type Language, type MessageKey, type Registration } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { hashPassword } from '../auth/passwords';
import { AppError } from '../http/errors';
import { OUTBOX_SCREEN_PATH } from '../messaging/outbox-sender';
import { queueMail } from '../messaging/queue-mail';
import { renderTemporaryPasswordMail } from '../messaging/templates/temporary-password';
import { generateTemporaryPassword } from './secrets';

const { users, candidateProfiles } = schema;

type ConflictField = 'username' | 'email' | 'mobile' | 'nationalId' | 'citizenshipNumber';

const CONFLICT_MESSAGES: Record<ConflictField, MessageKey> = {
  username: 'account.usernameTaken',
  email: 'account.emailTaken',
  mobile: 'account.mobileTaken',
  nationalId: 'account.nationalIdTaken',
  citizenshipNumber: 'account.citizenshipTaken',
};

// The unique indexes that also enforce the rule, for a registration that races another.
const CONSTRAINT_FIELDS: Record<string, ConflictField> = {
  users_username_lower_idx: 'username',
  users_email_lower_idx: 'email',
  candidate_profiles_national_id_idx: 'nationalId',
  candidate_profiles_citizenship_idx: 'citizenshipNumber',
};

export function conflictError(fields: readonly ConflictField[], lang: Language): AppError {
  return new AppError('CONFLICT', { errors: Object.fromEntries(fields.map((field) => [field, [translate(lang, CONFLICT_MESSAGES[field])]])) });
}

/** spec §1 "deactivate duplicate accounts" implies the rule: one person, one account. */
async function findConflicts(db: Database, input: Registration): Promise<ConflictField[]> {
  const exists = async (query: Promise<unknown[]>) => (await query).length > 0;
  const checks: [ConflictField, Promise<boolean>][] = [
    ['username', exists(db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.username})`, input.username.toLowerCase())).limit(1))],
    ['email', exists(db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, input.email.toLowerCase())).limit(1))],
    ['mobile', exists(db.select({ id: users.id }).from(users).where(and(eq(users.kind, 'candidate'), eq(users.mobile, input.mobile))).limit(1))],
    [
      'citizenshipNumber',
      exists(
        db
          .select({ id: candidateProfiles.userId })
          .from(candidateProfiles)
          .where(and(eq(candidateProfiles.citizenshipNumber, input.citizenshipNumber), eq(candidateProfiles.citizenshipIssueDistrictId, input.citizenshipIssueDistrictId)))
          .limit(1),
      ),
    ],
  ];
  if (input.nationalId) {
    checks.push(['nationalId', exists(db.select({ id: candidateProfiles.userId }).from(candidateProfiles).where(eq(candidateProfiles.nationalId, input.nationalId)).limit(1))]);
  }
  const found: ConflictField[] = [];
  for (const [field, check] of checks) if (await check) found.push(field);
  return found;
}

/** The field a unique violation is about, reading through the drivers' and drizzle's wrapping. */
export function readUniqueViolation(error: unknown): ConflictField | undefined {
  for (let current = error as { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') {
      const constraint = String(current.constraint_name ?? current.constraint ?? '');
      return CONSTRAINT_FIELDS[constraint] ?? 'username';
    }
  }
  return undefined;
}

export type RegisteredCandidate = {
  masterId: number;
  username: string;
  email: string;
  /** Where the mail can be read instead, in development without SMTP_URL; null otherwise. */
  mailOutboxUrl: string | null;
};

/**
 * Outside production, with no SMTP server set, the temporary password's mail is never sent: it
 * waits in the outbox, and whoever is trying the product must be told where to read it.
 */
export function undeliveredMailOutboxUrl(config: Pick<AppDeps['config'], 'env' | 'smtpUrl' | 'publicUrl'>): string | null {
  return config.env !== 'production' && !config.smtpUrl ? `${config.publicUrl}${OUTBOX_SCREEN_PATH}` : null;
}

/**
 * spec §4 candidate flow: registration creates the account with a random temporary password,
 * e-mailed to the candidate, who must change it at the first sign-in. Refuses (409 CONFLICT,
 * naming each field) a user name, e-mail, mobile, national id or citizenship certificate that
 * another account already has.
 */
export async function registerCandidate(deps: Pick<AppDeps, 'db' | 'config'>, input: Registration, lang: Language): Promise<RegisteredCandidate> {
  const { db, config } = deps;
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  try {
    return await db.transaction(async (tx) => {
      // The mobile number has no unique index (staff may share an office phone), so two
      // registrations with one mobile are serialised here and the second sees the first.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`register:mobile:${input.mobile}`}))`);
      const conflicts = await findConflicts(tx, input);
      if (conflicts.length > 0) throw conflictError(conflicts, lang);

      const [user] = await tx
        .insert(users)
        .values({
          kind: 'candidate',
          username: input.username,
          email: input.email,
          mobile: input.mobile,
          firstNameEn: input.firstNameEn,
          middleNameEn: input.middleNameEn,
          lastNameEn: input.lastNameEn,
          firstNameNp: input.firstNameNp,
          middleNameNp: input.middleNameNp,
          lastNameNp: input.lastNameNp,
          passwordHash,
          mustChangePassword: true,
        })
        .returning({ id: users.id, masterId: users.masterId });
      await tx.insert(candidateProfiles).values({
        userId: user!.id,
        nationalId: input.nationalId,
        citizenshipNumber: input.citizenshipNumber,
        citizenshipIssueDistrictId: input.citizenshipIssueDistrictId,
        citizenshipIssueDate: input.citizenshipIssueDate,
        dateOfBirth: input.dateOfBirth,
        gender: input.gender,
      });
      const names = {
        nameEn: [input.firstNameEn, input.middleNameEn, input.lastNameEn].filter(Boolean).join(' '),
        nameNp: [input.firstNameNp, input.middleNameNp, input.lastNameNp].filter(Boolean).join(' ') || null,
      };
      const mail = renderTemporaryPasswordMail({
        ...names,
        username: input.username,
        password: temporaryPassword,
        loginUrl: `${config.publicUrl}/login`,
        reason: 'registered',
      });
      await queueMail(tx, { to: input.email, ...mail, kind: 'temporary-password', userId: user!.id });
      return { masterId: user!.masterId, username: input.username, email: input.email, mailOutboxUrl: undeliveredMailOutboxUrl(config) };
    });
  } catch (error) {
    const field = readUniqueViolation(error);
    if (field) throw conflictError([field], lang);
    throw error;
  }
}
