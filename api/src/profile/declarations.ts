import { DECLARABLE_SECTIONS, type DeclarableSection, type ProfileDeclarations, type ProfileDeclarationsChange } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { eq, sql } from 'drizzle-orm';
import { assertProfileUnlocked } from './assert-profile-unlocked';
import type { ProfileDeps } from './profile-deps';
import { ProfileConflictError } from './profile-errors';

// A candidate with nothing to list in a section declares "none" (a fresh graduate has no
// training, council registration or job yet), so the section counts as complete (spec §9
// "Profile has 8 sections"). A declaration and rows never stand together: declaring is refused
// while rows exist, and adding a row withdraws the declaration in the same transaction.

const { candidateProfiles } = schema;

/** The column of candidate_profiles holding each section's declaration. */
export const DECLARATION_COLUMNS = {
  training: 'declaresNoTraining',
  professional: 'declaresNoProfessionalCouncil',
  experience: 'declaresNoExperience',
} as const satisfies Record<DeclarableSection, keyof typeof candidateProfiles.$inferSelect>;

export type DeclarationColumn = (typeof DECLARATION_COLUMNS)[DeclarableSection];

/** The tables whose rows make up each section (experience has two). */
const SECTION_TABLES = {
  training: [schema.candidateTrainings],
  professional: [schema.candidateProfessionalCouncils],
  experience: [schema.candidateGovernmentExperiences, schema.candidateNonGovernmentExperiences],
} satisfies Record<DeclarableSection, { userId: unknown }[]>;

/** The declarations as GET /profile shows them, from the profile row's columns. */
export function presentDeclarations(row: Partial<Record<DeclarationColumn, boolean | null>> | undefined): ProfileDeclarations {
  return {
    training: row?.declaresNoTraining ?? false,
    professional: row?.declaresNoProfessionalCouncil ?? false,
    experience: row?.declaresNoExperience ?? false,
  };
}

/**
 * Withdraws a declaration because a row of its section is being added; called inside the
 * adding transaction, so the row and the declaration never stand together.
 */
export async function withdrawDeclaration(db: Database, userId: number, column: DeclarationColumn): Promise<void> {
  await db
    .update(candidateProfiles)
    .set({ [column]: false })
    .where(sql`${candidateProfiles.userId} = ${userId} and ${candidateProfiles[column]}`);
}

async function countRows(db: Database, userId: number, section: DeclarableSection): Promise<number> {
  let total = 0;
  for (const table of SECTION_TABLES[section]) {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table).where(eq(table.userId, userId));
    total += row?.count ?? 0;
  }
  return total;
}

/**
 * Sets or withdraws the "none" declarations named in the change; answers all three as saved.
 * Refused (409) when the section already has rows, or, for experience, when extra details say
 * government service: spec §5 "Government employees must declare all experience".
 */
export async function saveDeclarations(deps: ProfileDeps, input: { userId: number; change: ProfileDeclarationsChange }): Promise<ProfileDeclarations> {
  const { userId, change } = input;
  await assertProfileUnlocked(deps.db, userId, deps.now());
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    // The profile row is locked first: a row being added in the meantime withdraws the
    // declaration after this commits, or is counted below once its transaction has committed.
    const [profile] = await db.select().from(candidateProfiles).where(eq(candidateProfiles.userId, userId)).for('update');
    if (!profile) throw new ProfileConflictError('profile.identityRequired');
    const values: Partial<Record<DeclarationColumn, boolean>> = {};
    for (const section of DECLARABLE_SECTIONS) {
      const declares = change[section];
      if (declares === undefined) continue;
      if (declares) {
        if (section === 'experience' && (await isGovernmentEmployee(db, userId))) throw new ProfileConflictError('profile.governmentEmployeeMustListExperience');
        if ((await countRows(db, userId, section)) > 0) throw new ProfileConflictError('profile.declarationHasRows');
      }
      values[DECLARATION_COLUMNS[section]] = declares;
    }
    const [saved] = await db
      .update(candidateProfiles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(candidateProfiles.userId, userId))
      .returning();
    return presentDeclarations(saved);
  });
}

async function isGovernmentEmployee(db: Database, userId: number): Promise<boolean> {
  const [extra] = await db
    .select({ employmentStatus: schema.candidateExtraDetails.employmentStatus })
    .from(schema.candidateExtraDetails)
    .where(eq(schema.candidateExtraDetails.userId, userId));
  return extra?.employmentStatus === 'government-service';
}
