import { todayAd } from '@psc/core';
import { oncePerDatabase, schema, type Database } from '@psc/db';
import { eq, sql } from 'drizzle-orm';
import { ProfileLockedError } from './profile-errors';

export type ProfileLock = { lockedFrom: Date; lockedUntil: Date; reason: string | null };

function buildLockQuery(db: Database) {
  const { candidateProfiles } = schema;
  return db
    .select({ lockedFrom: candidateProfiles.lockedFrom, lockedUntil: candidateProfiles.lockedUntil, reason: candidateProfiles.lockReason })
    .from(candidateProfiles)
    .where(eq(candidateProfiles.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('find_profile_lock');
}

// Every write of the profile asks first; the query is built once per database.
const lockQueryOf = oncePerDatabase(buildLockQuery);

export async function findProfileLock(db: Database, userId: number): Promise<ProfileLock | null> {
  const [row] = await lockQueryOf(db).execute({ userId });
  return row?.lockedFrom && row.lockedUntil ? { lockedFrom: row.lockedFrom, lockedUntil: row.lockedUntil, reason: row.reason } : null;
}

export function isLockActive(lock: ProfileLock | null, now: Date): lock is ProfileLock {
  return lock !== null && lock.lockedFrom <= now && now < lock.lockedUntil;
}

/**
 * Spec §4 "Profile ... locked or unlocked, with start and expiry dates": while staff hold a lock
 * (lockedFrom <= now < lockedUntil), no section of the profile may change.
 */
export async function assertProfileUnlocked(db: Database, userId: number, now: Date): Promise<void> {
  const lock = await findProfileLock(db, userId);
  if (isLockActive(lock, now)) throw new ProfileLockedError(todayAd(lock.lockedUntil));
}
