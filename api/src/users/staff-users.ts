import { schema, userFullNameEn, userFullNameNp, userNameColumns, type Database } from '@psc/db';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { hashPassword } from '../auth/passwords';
import { loadRoles } from '../auth/privileges';
import { forgetSessions } from '../auth/session-checks';
import { AppError } from '../http/errors';
import type { Actor } from '../master/master-rows';

const { users, userRoles, roles, refreshTokens, candidateProfiles } = schema;

type Reader = Pick<Database, 'select'>;

export type StaffUserNames = {
  firstNameEn: string;
  middleNameEn: string | null;
  lastNameEn: string;
  firstNameNp: string;
  middleNameNp: string | null;
  lastNameNp: string;
};
export type StaffUserCreate = StaffUserNames & { username: string; email: string; mobile: string; password: string; roleIds: number[] };
export type StaffUserUpdate = StaffUserNames & { email: string; mobile: string; roleIds: number[] };

/** spec §2 userDetails / fullDetails: the user (never the password hash), roles, and a candidate's locks. */
export async function getUserDetails(db: Reader, id: number) {
  const [user] = await db
    .select({
      id: users.id,
      masterId: users.masterId,
      kind: users.kind,
      username: users.username,
      email: users.email,
      mobile: users.mobile,
      ...userNameColumns,
      fullNameEn: userFullNameEn,
      fullNameNp: userFullNameNp,
      mustChangePassword: users.mustChangePassword,
      isBlocked: users.isBlocked,
      blockReason: users.blockReason,
      blockedFrom: users.blockedFrom,
      blockedUntil: users.blockedUntil,
      lastSignInAt: users.lastSignInAt,
      deactivatedAt: users.deactivatedAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!user) throw new AppError('NOT_FOUND');
  const [profile] = await db
    .select({
      citizenshipNumber: candidateProfiles.citizenshipNumber,
      dateOfBirth: candidateProfiles.dateOfBirth,
      lockedFrom: candidateProfiles.lockedFrom,
      lockedUntil: candidateProfiles.lockedUntil,
      lockReason: candidateProfiles.lockReason,
      voucherLockedFrom: candidateProfiles.voucherLockedFrom,
      voucherLockedUntil: candidateProfiles.voucherLockedUntil,
      voucherLockReason: candidateProfiles.voucherLockReason,
    })
    .from(candidateProfiles)
    .where(eq(candidateProfiles.userId, id))
    .limit(1);
  return toJsonDates({ ...user, roles: await loadRoles(db as Database, id), profile: profile ?? null });
}

/** spec §7 "user details and full details by {masterId}": the number staff read off a printout. */
export async function getUserDetailsByMasterId(db: Reader, masterId: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.masterId, masterId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return getUserDetails(db, row.id);
}

/** Dates as ISO strings, so the answer and the audit row read the same. */
function toJsonDates<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

async function assertUnique(tx: Reader, input: { username?: string; email: string }, exceptId?: number) {
  const notSelf = exceptId ? ne(users.id, exceptId) : undefined;
  if (input.username) {
    const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(sql`lower(${users.username})`, input.username.toLowerCase()), notSelf)).limit(1);
    if (taken) throw new AppError('CONFLICT', { messageKey: 'admin.usernameTaken' });
  }
  const [emailTaken] = await tx.select({ id: users.id }).from(users).where(and(eq(sql`lower(${users.email})`, input.email.toLowerCase()), notSelf)).limit(1);
  if (emailTaken) throw new AppError('CONFLICT', { messageKey: 'admin.emailTaken' });
}

async function writeRoles(tx: Database, userId: number, roleIds: number[]) {
  if (roleIds.length > 0) {
    const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds));
    if (found.length !== new Set(roleIds).size) throw new AppError('UNPROCESSABLE', { messageKey: 'admin.unknownRole' });
  }
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length > 0) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

async function loadStaffUser(tx: Reader, id: number) {
  const details = await getUserDetails(tx, id);
  if (details.kind !== 'staff') throw new AppError('UNPROCESSABLE', { messageKey: 'admin.notStaffUser' });
  return details;
}

/** spec §2 usercreation: staff users are of kind 'staff'; their password follows spec §5. */
export async function createStaffUser(db: Database, input: StaffUserCreate, actor: Actor) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await assertUnique(tx, input);
    const { password: _password, roleIds, ...fields } = input;
    const [created] = await tx
      .insert(users)
      .values({ ...fields, kind: 'staff', passwordHash, passwordChangedAt: new Date() })
      .returning({ id: users.id });
    await writeRoles(tx as unknown as Database, created!.id, roleIds);
    const after = await getUserDetails(tx, created!.id);
    await recordAudit(tx, { ...actor, action: 'create', entity: 'users', entityId: created!.id, before: null, after });
    return after;
  });
}

/** Names, contact and roles; a change of roles applies at the user's next request (spec §6). */
export async function updateStaffUser(db: Database, id: number, input: StaffUserUpdate, actor: Actor) {
  return db.transaction(async (tx) => {
    const before = await loadStaffUser(tx, id);
    await assertUnique(tx, { email: input.email }, id);
    const { roleIds, ...fields } = input;
    await tx.update(users).set({ ...fields, updatedAt: new Date() }).where(eq(users.id, id));
    await writeRoles(tx as unknown as Database, id, roleIds);
    const after = await getUserDetails(tx, id);
    await recordAudit(tx, { ...actor, action: 'update', entity: 'users', entityId: id, before, after });
    return after;
  });
}

/**
 * spec §2 internal/passwordreset [PUM]: a staff user's password set by an administrator; the user
 * must change it at the next sign-in, and every session it had ends.
 */
export async function resetStaffPassword(db: Database, id: number, newPassword: string, actor: Actor) {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const before = await loadStaffUser(tx, id);
    const now = new Date();
    await tx.update(users).set({ passwordHash, mustChangePassword: true, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, id));
    await tx.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.userId, id), isNull(refreshTokens.revokedAt)));
    await recordAudit(tx, {
      ...actor,
      action: 'reset-password',
      entity: 'users',
      entityId: id,
      before: { mustChangePassword: before.mustChangePassword },
      after: { mustChangePassword: true, sessionsRevoked: true },
    });
  });
  forgetSessions(db, id);
}
