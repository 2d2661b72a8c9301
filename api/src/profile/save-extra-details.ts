import type { ExtraDetails } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { assertProfileUnlocked } from './assert-profile-unlocked';
import { checkReferences } from './check-references';
import { withdrawDeclaration } from './declarations';
import type { ProfileDeps } from './profile-deps';

/** Spec §3 extra details: one row per candidate, replaced whole on each save; answers the saved row. */
export async function saveExtraDetails(deps: ProfileDeps, input: { userId: number; extra: ExtraDetails }) {
  const { db } = deps;
  const { extra } = input;
  await assertProfileUnlocked(db, input.userId, deps.now());
  await checkReferences(db, [
    { field: 'casteId', table: schema.castes, id: extra.casteId },
    { field: 'religionId', table: schema.religions, id: extra.religionId },
    { field: 'motherTongueId', table: schema.motherTongues, id: extra.motherTongueId },
    { field: 'disabilityClassId', table: schema.disabilityClasses, id: extra.disabilityClassId },
    { field: 'disabilityTypeId', table: schema.disabilityTypes, id: extra.disabilityTypeId },
  ]);
  const values = {
    casteId: extra.casteId ?? null,
    casteOther: extra.casteOther ?? null,
    religionId: extra.religionId ?? null,
    religionOther: extra.religionOther ?? null,
    maritalStatus: extra.maritalStatus,
    employmentStatus: extra.employmentStatus,
    employmentOther: extra.employmentOther ?? null,
    motherTongueId: extra.motherTongueId ?? null,
    motherTongueOther: extra.motherTongueOther ?? null,
    physicallyDisabled: extra.physicallyDisabled,
    disabilityClassId: extra.disabilityClassId ?? null,
    disabilityTypeId: extra.disabilityTypeId ?? null,
    fathersEducation: extra.fathersEducation,
    mothersEducation: extra.mothersEducation,
    fatherEducationLevel: extra.fatherEducationLevel ?? null,
    motherEducationLevel: extra.motherEducationLevel ?? null,
    parentsMainOccupation: extra.parentsMainOccupation,
    fatherOccupation: extra.fatherOccupation,
    fatherOccupationOther: extra.fatherOccupationOther ?? null,
    motherOccupation: extra.motherOccupation,
    motherOccupationOther: extra.motherOccupationOther ?? null,
    area: extra.area,
    areaOther: extra.areaOther ?? null,
  };
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const [saved] = await txDb
      .insert(schema.candidateExtraDetails)
      .values({ userId: input.userId, ...values })
      .onConflictDoUpdate({ target: schema.candidateExtraDetails.userId, set: { ...values, updatedAt: new Date() } })
      .returning();
    // spec §5 "Government employees must declare all experience": a declaration of having
    // none made before does not stand for a government employee.
    if (extra.employmentStatus === 'government-service') await withdrawDeclaration(txDb, input.userId, 'declaresNoExperience');
    return saved!;
  });
}
