import type { PersonalDetails } from '@psc/core';
import { schema } from '@psc/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../http/errors';
import { assertProfileUnlocked } from './assert-profile-unlocked';
import type { ProfileDeps } from './profile-deps';

/**
 * Spec §3 personal section: the Nepali names (kept on the user, beside the English ones) and the
 * family names. The identity given at registration is not changed here.
 */
export async function savePersonalDetails(deps: ProfileDeps, input: { userId: number; personal: PersonalDetails }): Promise<void> {
  const { db } = deps;
  await assertProfileUnlocked(db, input.userId, deps.now());
  const { personal } = input;
  const updatedAt = new Date();
  await db.transaction(async (tx) => {
    const profiles = await tx
      .update(schema.candidateProfiles)
      .set({
        fathersName: personal.fathersName,
        mothersName: personal.mothersName,
        grandFathersName: personal.grandFathersName,
        husbandWifeName: personal.husbandWifeName ?? null,
        updatedAt,
      })
      .where(eq(schema.candidateProfiles.userId, input.userId))
      .returning({ userId: schema.candidateProfiles.userId });
    // Every registered candidate has a profile row; an account made otherwise (a seeded demo
    // user) has no citizenship details yet, which registration must supply first.
    if (profiles.length === 0) throw new AppError('UNPROCESSABLE');
    await tx
      .update(schema.users)
      .set({ firstNameNp: personal.firstNameNp, middleNameNp: personal.middleNameNp ?? null, lastNameNp: personal.lastNameNp, updatedAt })
      .where(eq(schema.users.id, input.userId));
  });
}
