import { LIMITS, PROFILE_DOCUMENT_KINDS, PROFILE_SECTIONS, type ProfileSection } from '@psc/core';
import { oncePerDatabase, schema, type Database } from '@psc/db';
import { sql } from 'drizzle-orm';

/** What the completeness of the profile is judged from (one query, see loadCompletenessFacts). */
export type CompletenessFacts = {
  hasIdentity: boolean;
  hasNepaliNames: boolean;
  hasFamilyNames: boolean;
  hasPermanentAddress: boolean;
  hasExtraDetails: boolean;
  isGovernmentEmployee: boolean;
  educationCount: number;
  trainingCount: number;
  professionalCouncilCount: number;
  governmentExperienceCount: number;
  workingGovernmentExperienceCount: number;
  nonGovernmentExperienceCount: number;
  documentCount: number;
  /** The candidate declared having nothing to list in the section (a fresh graduate). */
  declaresNoTraining: boolean;
  declaresNoProfessionalCouncil: boolean;
  declaresNoExperience: boolean;
};

export type Completeness = {
  completed: number;
  total: number;
  sections: Record<ProfileSection, boolean>;
  /**
   * Spec §5 "Government employees must declare all experience" and §4 guidance (the current job
   * is "Working"): true when extra details say government service but no government post is
   * marked Working, which keeps the experience section incomplete.
   */
  governmentExperienceRequired: boolean;
};

/** Spec §9 "Profile has 8 sections": when each of them counts as complete. */
export function summariseCompleteness(facts: CompletenessFacts): Completeness {
  const governmentExperienceRequired = facts.isGovernmentEmployee && facts.workingGovernmentExperienceCount === 0;
  const sections: Record<ProfileSection, boolean> = {
    personal: facts.hasIdentity && facts.hasNepaliNames && facts.hasFamilyNames,
    contact: facts.hasPermanentAddress,
    extra: facts.hasExtraDetails,
    education: facts.educationCount > 0,
    // A list section is complete with a row, or with the candidate's declaration of having none;
    // a government employee cannot declare none (spec §5), and must list the current post.
    training: facts.trainingCount > 0 || facts.declaresNoTraining,
    professional: facts.professionalCouncilCount > 0 || facts.declaresNoProfessionalCouncil,
    experience: (facts.governmentExperienceCount + facts.nonGovernmentExperienceCount > 0 || facts.declaresNoExperience) && !governmentExperienceRequired,
    documents: facts.documentCount === PROFILE_DOCUMENT_KINDS.length,
  };
  return {
    completed: PROFILE_SECTIONS.filter((section) => sections[section]).length,
    total: LIMITS.profileSections,
    sections,
    governmentExperienceRequired,
  };
}

const countOf = (table: { userId: unknown }, extra = sql``) =>
  sql<number>`(select count(*)::int from ${table} where ${table.userId} = ${schema.users.id} ${extra})`;

/**
 * The completeness facts as columns of a select from users left-joined with the candidate's
 * profile and extra details (as below), so that other reads of the candidate, such as the apply
 * path's, can take them in the same query.
 */
export function completenessColumns() {
  const { users, candidateProfiles: profiles, candidateAddresses: addresses, candidateExtraDetails: extra } = schema;
  return {
    hasIdentity: sql<boolean>`${profiles.userId} is not null`,
    hasNepaliNames: sql<boolean>`${users.firstNameNp} is not null and ${users.lastNameNp} is not null`,
    hasFamilyNames: sql<boolean>`coalesce(${profiles.fathersName} is not null and ${profiles.mothersName} is not null and ${profiles.grandFathersName} is not null, false)`,
    hasPermanentAddress: sql<boolean>`exists (select 1 from ${addresses} where ${addresses.userId} = ${users.id} and ${addresses.kind} = 'permanent')`,
    hasExtraDetails: sql<boolean>`${extra.userId} is not null`,
    isGovernmentEmployee: sql<boolean>`coalesce(${extra.employmentStatus} = 'government-service', false)`,
    educationCount: countOf(schema.candidateEducations),
    trainingCount: countOf(schema.candidateTrainings),
    professionalCouncilCount: countOf(schema.candidateProfessionalCouncils),
    governmentExperienceCount: countOf(schema.candidateGovernmentExperiences),
    workingGovernmentExperienceCount: countOf(
      schema.candidateGovernmentExperiences,
      sql`and ${schema.candidateGovernmentExperiences.employmentStatus} = 'working'`,
    ),
    nonGovernmentExperienceCount: countOf(schema.candidateNonGovernmentExperiences),
    documentCount: countOf(schema.candidateDocuments),
    declaresNoTraining: sql<boolean>`coalesce(${profiles.declaresNoTraining}, false)`,
    declaresNoProfessionalCouncil: sql<boolean>`coalesce(${profiles.declaresNoProfessionalCouncil}, false)`,
    declaresNoExperience: sql<boolean>`coalesce(${profiles.declaresNoExperience}, false)`,
  } satisfies { [fact in keyof CompletenessFacts]: unknown };
}

function buildCompletenessQuery(db: Database) {
  const { users, candidateProfiles: profiles, candidateExtraDetails: extra } = schema;
  return db
    .select(completenessColumns())
    .from(users)
    .leftJoin(profiles, sql`${profiles.userId} = ${users.id}`)
    .leftJoin(extra, sql`${extra.userId} = ${users.id}`)
    .where(sql`${users.id} = ${sql.placeholder('userId')}`)
    .prepare('load_completeness_facts');
}

// Built and prepared once per database: every save answers with the completeness, and the
// dashboard shows it, so the query text is not rebuilt on each call.
const completenessQueryOf = oncePerDatabase(buildCompletenessQuery);

export async function loadCompletenessFacts(db: Database, userId: number): Promise<CompletenessFacts> {
  const [row] = await completenessQueryOf(db).execute({ userId });
  if (!row) throw new Error(`No user ${userId}`);
  return row;
}

/** The candidate's "x of 8" (spec §9), for the profile page and the dashboard counter. */
export async function computeCompleteness(db: Database, userId: number): Promise<Completeness> {
  return summariseCompleteness(await loadCompletenessFacts(db, userId));
}
