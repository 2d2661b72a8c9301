import type { AdvertisementFees, EligibilityCandidate, MinimumQualification, QuotaClaimant } from '@psc/core';
import { answerEach, arrayLiteral, BUSY_STATEMENT_BATCHES, createStatementBatcher, type Database, oncePerDatabase, schema } from '@psc/db';
import { eq, sql } from 'drizzle-orm';
import { cachedAdvertisementRead } from '../advertisements/advertisement-cache';
import { advertisementNameColumns, advertisementTermColumns, joinAdvertisementNames } from '../advertisements/read-advertisements';
import type { Receipt } from './read-receipt';
import { completenessColumns, summariseCompleteness } from '../profile/compute-completeness';
import { isLockActive, type ProfileLock } from '../profile/assert-profile-unlocked';

// What the apply path reads before it writes: the advertisement with its options (one query,
// kept a few seconds, see advertisement-cache) and the candidate's facts (one prepared query).
// Kept to these few round trips because the submit path is the busiest of the product (the apply
// benchmark, scripts/benchmarks/apply.ts).

const { advertisements, advertisementQuotas, advertisementExamCentres, advertisementOptionalSubjects, examCentres, quotas, postQualifications, postQualificationFaculties, educationLevels } =
  schema;

/** The post, class, service, group and organisation names, as receipts show them. */
export type AdvertisementNames = Pick<Receipt, keyof typeof advertisementNameColumns>;

export type ApplyAdvertisement = AdvertisementFees & AdvertisementNames & {
  id: number;
  code: string;
  fiscalYear: string;
  status: string;
  postId: number | null;
  publishDate: string | null;
  paymentLastDate: string | null;
  lastDateForSubmission: string | null;
  doubleFeeLastDate: string | null;
  ageCutOffDate: string | null;
  reapplyFrom: string | null;
  reapplyTo: string | null;
  minAgeYears: number;
  maxAgeYears: number;
  maxAgeYearsRelaxed: number;
  /** advertisement_quotas rows: the id a candidate chooses, and the quota's code and names. */
  quotas: { id: number; quotaId: number; code: string; nameEn: string; nameNp: string }[];
  examCentres: { id: number; nameEn: string; nameNp: string }[];
  optionalSubjectIds: number[];
  qualification: MinimumQualification;
};

const json = <T>(query: ReturnType<typeof sql>) => sql<T>`coalesce((${query}), '[]'::json)`;

function buildAdvertisementQuery(db: Database) {
  const id = sql.placeholder('advertisementId');
  const query = db
    .select({
      id: advertisements.id,
      code: advertisements.code,
      fiscalYear: advertisements.fiscalYear,
      status: advertisements.status,
      postId: advertisements.postId,
      ...advertisementTermColumns,
      ...advertisementNameColumns,
      quotas: json<{ id: number; quotaId: number; code: string; nameEn: string; nameNp: string }[]>(
        sql`select json_agg(json_build_object('id', aq.id, 'quotaId', q.id, 'code', q.code, 'nameEn', q.name_en, 'nameNp', q.name_np) order by aq.id) from ${advertisementQuotas} aq join ${quotas} q on q.id = aq.quota_id where aq.advertisement_id = ${advertisements.id}`,
      ),
      examCentres: json<{ id: number; nameEn: string; nameNp: string }[]>(
        sql`select json_agg(json_build_object('id', c.id, 'nameEn', c.name_en, 'nameNp', c.name_np) order by c.id) from ${advertisementExamCentres} x join ${examCentres} c on c.id = x.exam_centre_id where x.advertisement_id = ${advertisements.id}`,
      ),
      optionalSubjectIds: json<number[]>(sql`select json_agg(subject_id order by subject_id) from ${advertisementOptionalSubjects} where advertisement_id = ${advertisements.id}`),
      qualificationRank: sql<number | null>`(select l.rank from ${postQualifications} pq join ${educationLevels} l on l.id = pq.education_level_id where pq.post_id = ${advertisements.postId})`,
      qualificationFacultyIds: json<number[]>(
        sql`select json_agg(f.faculty_id order by f.faculty_id) from ${postQualificationFaculties} f join ${postQualifications} pq on pq.id = f.qualification_id where pq.post_id = ${advertisements.postId}`,
      ),
    })
    .from(advertisements)
    .$dynamic();
  return joinAdvertisementNames(query).where(eq(advertisements.id, id)).limit(1).prepare('load_apply_advertisement');
}

function buildApplicantQuery(db: Database) {
  const { candidateProfiles, candidateExtraDetails, candidateDocuments, candidateEducations, candidateInclusiveGroups, users } = schema;
  return db
    .select({
      userId: users.id,
      dateOfBirth: candidateProfiles.dateOfBirth,
      gender: candidateProfiles.gender,
      physicallyDisabled: sql<boolean>`coalesce(${candidateExtraDetails.physicallyDisabled}, false)`,
      documentKinds: json<string[]>(sql`select json_agg(kind) from ${candidateDocuments} where user_id = ${users.id}`),
      inclusiveGroupCodes: json<string[]>(sql`select json_agg(group_code) from ${candidateInclusiveGroups} where user_id = ${users.id}`),
      educations: json<{ levelRank: number; facultyId: number }[]>(
        sql`select json_agg(json_build_object('levelRank', l.rank, 'facultyId', e.faculty_id)) from ${candidateEducations} e join ${educationLevels} l on l.id = e.level_id where e.user_id = ${users.id}`,
      ),
      nameEn: sql<string>`${users.firstNameEn} || ' ' || ${users.lastNameEn}`,
      lockedFrom: candidateProfiles.lockedFrom,
      lockedUntil: candidateProfiles.lockedUntil,
      lockReason: candidateProfiles.lockReason,
      ...completenessColumns(),
    })
    .from(users)
    .leftJoin(candidateProfiles, eq(candidateProfiles.userId, users.id))
    .leftJoin(candidateExtraDetails, eq(candidateExtraDetails.userId, users.id))
    .where(sql`${users.id} = any(${sql.placeholder('userIds')}::int[])`)
    .prepare('load_applicants_facts');
}

type ApplicantRow = Awaited<ReturnType<ReturnType<typeof buildApplicantQuery>['execute']>>[number];

/** The facts of every candidate whose submit arrived together: one statement per batch. */
function batchApplicantQuery(db: Database) {
  const query = buildApplicantQuery(db);
  return createStatementBatcher<number, ApplicantRow | undefined>(async (userIds) => {
    const rows = await query.execute({ userIds: arrayLiteral(userIds) });
    return answerEach(userIds, rows, (userId) => userId, (row) => row.userId);
  }, BUSY_STATEMENT_BATCHES);
}

// Built and prepared once per database, like the profile's own queries.
const queriesOf = oncePerDatabase((db) => ({ advertisement: buildAdvertisementQuery(db), applicant: batchApplicantQuery(db) }));

/**
 * The advertisement as the apply path needs it; null when there is no such advertisement. Kept
 * a few seconds (advertisement-cache): every candidate applying reads the same few.
 */
export function loadApplyAdvertisement(db: Database, advertisementId: number): Promise<ApplyAdvertisement | null> {
  return cachedAdvertisementRead(db, `apply:${advertisementId}`, async () => {
    const [row] = await queriesOf(db).advertisement.execute({ advertisementId });
    if (!row) return null;
    const { qualificationRank, qualificationFacultyIds, ...rest } = row;
    return { ...rest, qualification: qualificationRank === null ? null : { levelRank: qualificationRank, facultyIds: qualificationFacultyIds } };
  });
}

export type ApplicantFacts = EligibilityCandidate & QuotaClaimant & { lock: ProfileLock | null; nameEn: string };

/** The candidate's facts eligibility is judged from, and any profile lock staff hold. */
export async function loadApplicantFacts(db: Database, userId: number): Promise<ApplicantFacts> {
  const row = await queriesOf(db).applicant(userId);
  if (!row) throw new Error(`No user ${userId}`);
  // The modal's sections are judged exactly as the profile's "x of 8" judges them.
  const { sections } = summariseCompleteness(row);
  return {
    dateOfBirth: row.dateOfBirth,
    gender: row.gender,
    physicallyDisabled: row.physicallyDisabled,
    hasPersonal: sections.personal,
    hasExtra: sections.extra,
    hasContact: sections.contact,
    documentKinds: row.documentKinds,
    inclusiveGroupCodes: row.inclusiveGroupCodes,
    isGovernmentEmployee: row.isGovernmentEmployee,
    educations: row.educations,
    lock: row.lockedFrom && row.lockedUntil ? { lockedFrom: row.lockedFrom, lockedUntil: row.lockedUntil, reason: row.lockReason } : null,
    nameEn: row.nameEn,
  };
}

/** Whether the advertisement offers this exam centre. */
export function offersExamCentre(advertisement: ApplyAdvertisement, examCentreId: number): boolean {
  return advertisement.examCentres.some((centre) => centre.id === examCentreId);
}

export function isProfileLocked(facts: ApplicantFacts, now: Date = new Date()): boolean {
  return isLockActive(facts.lock, now);
}
