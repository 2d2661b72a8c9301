import { schema, userFullNameEn, userFullNameNp, type Database } from '@psc/db';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { forgetSessions } from '../auth/session-checks';
import { AppError } from '../http/errors';
import { likePattern, type Actor } from '../master/master-rows';

const { users, candidateProfiles } = schema;

// Dates without a time are Nepal's calendar days (UTC+05:45): a lock "until 2026-12-01" holds
// through the end of that day there.
const NEPAL_OFFSET = '+05:45';

export function startOf(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00${NEPAL_OFFSET}` : value);
}

export function endOf(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999${NEPAL_OFFSET}` : value);
}

type LockKind = 'profile' | 'voucher';

const lockColumns = {
  profile: { from: 'lockedFrom', until: 'lockedUntil', reason: 'lockReason' },
  voucher: { from: 'voucherLockedFrom', until: 'voucherLockedUntil', reason: 'voucherLockReason' },
} as const;

async function readLock(tx: Pick<Database, 'select'>, userId: number, kind: LockKind) {
  const [user] = await tx.select({ kind: users.kind }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('NOT_FOUND');
  if (user.kind !== 'candidate') throw new AppError('UNPROCESSABLE', { messageKey: 'admin.notCandidate' });
  const columns = lockColumns[kind];
  const [row] = await tx
    .select({ from: candidateProfiles[columns.from], until: candidateProfiles[columns.until], reason: candidateProfiles[columns.reason] })
    .from(candidateProfiles)
    .where(eq(candidateProfiles.userId, userId))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('UNPROCESSABLE', { messageKey: 'admin.candidateHasNoProfile' });
  return { from: row.from?.toISOString() ?? null, until: row.until?.toISOString() ?? null, reason: row.reason };
}

/** spec §4: staff lock a candidate's profile, or the voucher, from a start to an expiry. */
export async function setLock(db: Database, userId: number, kind: LockKind, input: { from?: string | undefined; until: string; reason: string }, actor: Actor) {
  return db.transaction(async (tx) => {
    const before = await readLock(tx, userId, kind);
    const columns = lockColumns[kind];
    const from = input.from ? startOf(input.from) : new Date();
    const until = endOf(input.until);
    if (until <= from) throw new AppError('VALIDATION_FAILED');
    await tx
      .update(candidateProfiles)
      .set({ [columns.from]: from, [columns.until]: until, [columns.reason]: input.reason, updatedAt: new Date() })
      .where(eq(candidateProfiles.userId, userId));
    const after = await readLock(tx, userId, kind);
    await recordAudit(tx, { ...actor, action: 'lock', entity: `${kind}-lock`, entityId: userId, before, after });
    return after;
  });
}

export async function clearLock(db: Database, userId: number, kind: LockKind, actor: Actor) {
  return db.transaction(async (tx) => {
    const before = await readLock(tx, userId, kind);
    const columns = lockColumns[kind];
    await tx
      .update(candidateProfiles)
      .set({ [columns.from]: null, [columns.until]: null, [columns.reason]: null, updatedAt: new Date() })
      .where(eq(candidateProfiles.userId, userId));
    const after = await readLock(tx, userId, kind);
    await recordAudit(tx, { ...actor, action: 'unlock', entity: `${kind}-lock`, entityId: userId, before, after });
    return after;
  });
}

async function readBan(tx: Pick<Database, 'select'>, userId: number) {
  const [row] = await tx
    .select({ isBlocked: users.isBlocked, reason: users.blockReason, from: users.blockedFrom, until: users.blockedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return { isBlocked: row.isBlocked, reason: row.reason, from: row.from?.toISOString() ?? null, until: row.until?.toISOString() ?? null };
}

/** spec §4 "User ... blocked": a blocked user's next request answers USER_BLOCKED. */
export async function banUser(db: Database, userId: number, input: { from?: string | undefined; until?: string | undefined; reason: string }, actor: Actor) {
  if (userId === actor.actorUserId) throw new AppError('UNPROCESSABLE');
  const ban = await db.transaction(async (tx) => {
    const before = await readBan(tx, userId);
    await tx
      .update(users)
      .set({
        isBlocked: true,
        blockReason: input.reason,
        blockedFrom: input.from ? startOf(input.from) : new Date(),
        blockedUntil: input.until ? endOf(input.until) : null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    const after = await readBan(tx, userId);
    await recordAudit(tx, { ...actor, action: 'ban', entity: 'users', entityId: userId, before, after });
    return after;
  });
  // Committed: the user's next request in this process is judged by the block (spec §4).
  forgetSessions(db, userId);
  return ban;
}

export async function unbanUser(db: Database, userId: number, actor: Actor) {
  const lifted = await db.transaction(async (tx) => {
    const before = await readBan(tx, userId);
    await tx.update(users).set({ isBlocked: false, blockReason: null, blockedFrom: null, blockedUntil: null, updatedAt: new Date() }).where(eq(users.id, userId));
    const after = await readBan(tx, userId);
    await recordAudit(tx, { ...actor, action: 'unban', entity: 'users', entityId: userId, before, after });
    return after;
  });
  forgetSessions(db, userId);
  return lifted;
}

/** spec §2 usermanagement search: name, user name, e-mail, mobile, citizenship number or masterId. */
export async function searchCandidates(db: Database, input: { q: string; page: number; pageSize: number }) {
  const pattern = likePattern(input.q);
  const terms: SQL[] = [
    ilike(users.username, pattern),
    ilike(users.email, pattern),
    ilike(users.mobile, pattern),
    ilike(userFullNameEn, pattern),
    ilike(userFullNameNp, pattern),
    ilike(candidateProfiles.citizenshipNumber, pattern),
  ];
  if (/^\d{1,15}$/.test(input.q)) terms.push(eq(users.masterId, Number(input.q)));
  const where = and(eq(users.kind, 'candidate'), or(...terms));
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        masterId: users.masterId,
        username: users.username,
        email: users.email,
        mobile: users.mobile,
        fullNameEn: userFullNameEn,
        fullNameNp: userFullNameNp,
        citizenshipNumber: candidateProfiles.citizenshipNumber,
        isBlocked: users.isBlocked,
        lockedFrom: candidateProfiles.lockedFrom,
        lockedUntil: candidateProfiles.lockedUntil,
        voucherLockedFrom: candidateProfiles.voucherLockedFrom,
        voucherLockedUntil: candidateProfiles.voucherLockedUntil,
      })
      .from(users)
      .leftJoin(candidateProfiles, eq(candidateProfiles.userId, users.id))
      .where(where)
      .orderBy(desc(users.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ value: sql<number>`count(*)` }).from(users).leftJoin(candidateProfiles, eq(candidateProfiles.userId, users.id)).where(where),
  ]);
  return { items: JSON.parse(JSON.stringify(items)) as typeof items, total: Number(total?.value ?? 0) };
}
