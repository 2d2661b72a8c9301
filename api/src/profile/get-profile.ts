import { todayAd, type ProfileDocumentKind } from '@psc/core';
import { answerEach, arrayLiteral, BUSY_STATEMENT_BATCHES, createStatementBatcher, type Database, oncePerDatabase, schema, userNameColumns } from '@psc/db';
import { eq, sql, type SQL } from 'drizzle-orm';
import { isLockActive } from './assert-profile-unlocked';
import { toBs } from './calendar-fields';
import { summariseCompleteness } from './compute-completeness';
import { presentDeclarations } from './declarations';
import { presentEducation } from './education-row';
import { fileUrl, refOf, type FileRef, type FileRefs } from './file-refs';
import { presentGovernmentExperience } from './government-experience-row';
import { presentInclusiveGroup } from './inclusive-group-row';
import { jsonRowsOf, qualified, readJson } from './json-rows';
import { presentNonGovernmentExperience } from './non-government-experience-row';
import { presentProfessionalCouncil } from './professional-council-row';
import type { ProfileDeps } from './profile-deps';
import { presentAddressAbroad } from './save-address-abroad';
import { presentTraining } from './training-row';

type AddressRow = typeof schema.candidateAddresses.$inferSelect;
type ExtraRow = typeof schema.candidateExtraDetails.$inferSelect;

export function presentAddress(row: AddressRow | undefined) {
  if (!row) return null;
  const { userId: _userId, kind: _kind, createdAt: _createdAt, updatedAt, ...address } = row;
  return { ...address, updatedAt: new Date(updatedAt).toISOString() };
}

export function presentExtra(row: ExtraRow | undefined) {
  if (!row) return null;
  const { userId: _userId, createdAt: _createdAt, updatedAt, ...extra } = row;
  return { ...extra, updatedAt: new Date(updatedAt).toISOString() };
}

function selectIdentity(db: Database, which: SQL) {
  const { users, candidateProfiles: profiles } = schema;
  return db
    .select({
      userId: users.id,
      masterId: users.masterId,
      username: users.username,
      email: users.email,
      mobile: users.mobile,
      ...userNameColumns,
      nationalId: profiles.nationalId,
      citizenshipNumber: profiles.citizenshipNumber,
      citizenshipIssueDistrictId: profiles.citizenshipIssueDistrictId,
      citizenshipIssueDate: profiles.citizenshipIssueDate,
      dateOfBirth: profiles.dateOfBirth,
      gender: profiles.gender,
      fathersName: profiles.fathersName,
      mothersName: profiles.mothersName,
      grandFathersName: profiles.grandFathersName,
      husbandWifeName: profiles.husbandWifeName,
      declaresNoTraining: profiles.declaresNoTraining,
      declaresNoProfessionalCouncil: profiles.declaresNoProfessionalCouncil,
      declaresNoExperience: profiles.declaresNoExperience,
      lockedFrom: profiles.lockedFrom,
      lockedUntil: profiles.lockedUntil,
      lockReason: profiles.lockReason,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(which);
}

type IdentityRow = Awaited<ReturnType<typeof selectIdentity>>[number];

function presentPersonal(identity: IdentityRow) {
  const {
    userId: _userId,
    citizenshipIssueDate,
    dateOfBirth,
    lockedFrom: _lockedFrom,
    lockedUntil: _lockedUntil,
    lockReason: _lockReason,
    declaresNoTraining: _declaresNoTraining,
    declaresNoProfessionalCouncil: _declaresNoProfessionalCouncil,
    declaresNoExperience: _declaresNoExperience,
    ...person
  } = identity;
  return {
    ...person,
    citizenshipIssueDateAd: citizenshipIssueDate,
    citizenshipIssueDateBs: toBs(citizenshipIssueDate),
    dateOfBirthAd: dateOfBirth,
    dateOfBirthBs: toBs(dateOfBirth),
  };
}

/** The personal section as getProfile shows it, for the answer to a save. */
export async function readPersonal(db: Database, userId: number) {
  const [identity] = await selectIdentity(db, eq(schema.users.id, userId));
  if (!identity) throw new Error(`No user ${userId}`);
  return presentPersonal(identity);
}

/**
 * The two queries of getProfile, built and prepared once per database: the identity (with the
 * lock), and every list of the candidate as JSON arrays built by PostgreSQL. Two round trips
 * whatever the size of the profile, and no query text to build or parse on each read (the page
 * is read far more often than it is written; see scripts/benchmarks/profile.ts). Each takes
 * the user ids of every request that arrived together (createStatementBatcher): under load one
 * statement answers many candidates, each finding its own row by its user id.
 */
function buildProfileQueries(db: Database) {
  const { users, storedFiles: files } = schema;
  const userIdColumn = qualified(users, users.id);
  const batch = sql`${users.id} = any(${sql.placeholder('userIds')}::int[])`;
  const lists = db
    .select({
      userId: users.id,
      addresses: jsonRowsOf(schema.candidateAddresses, userIdColumn),
      // The mailing address abroad with its country's code and names (at most one row).
      abroad: sql`(select coalesce(json_agg(json_build_object('countryId', a.country_id, 'address', a.address, 'updatedAt', a.updated_at,
          'country', json_build_object('code', c.code, 'nameEn', c.name_en, 'nameNp', c.name_np))), '[]'::json)
        from candidate_addresses_abroad a join countries c on c.id = a.country_id where a.user_id = ${userIdColumn})`,
      extra: jsonRowsOf(schema.candidateExtraDetails, userIdColumn),
      groups: jsonRowsOf(schema.candidateInclusiveGroups, userIdColumn, sql`${schema.candidateInclusiveGroups.id}`),
      educations: jsonRowsOf(schema.candidateEducations, userIdColumn, sql`${schema.candidateEducations.passedDate}, ${schema.candidateEducations.id}`),
      trainings: jsonRowsOf(schema.candidateTrainings, userIdColumn, sql`${schema.candidateTrainings.trainingFrom}, ${schema.candidateTrainings.id}`),
      councils: jsonRowsOf(schema.candidateProfessionalCouncils, userIdColumn, sql`${schema.candidateProfessionalCouncils.issuedDate}, ${schema.candidateProfessionalCouncils.id}`),
      governmentJobs: jsonRowsOf(
        schema.candidateGovernmentExperiences,
        userIdColumn,
        sql`${schema.candidateGovernmentExperiences.employmentFrom}, ${schema.candidateGovernmentExperiences.id}`,
      ),
      otherJobs: jsonRowsOf(
        schema.candidateNonGovernmentExperiences,
        userIdColumn,
        sql`${schema.candidateNonGovernmentExperiences.employmentFrom}, ${schema.candidateNonGovernmentExperiences.id}`,
      ),
      documents: jsonRowsOf(schema.candidateDocuments, userIdColumn),
      files: sql`(select coalesce(json_agg(json_build_object('id', ${qualified(files, files.id)}, 'contentType', ${qualified(files, files.contentType)}, 'byteSize', ${qualified(files, files.byteSize)})), '[]'::json)
        from ${files} where ${qualified(files, files.ownerUserId)} = ${userIdColumn})`,
    })
    .from(users)
    .where(batch)
    .prepare('get_profile_lists');
  const identity = selectIdentity(db, batch).prepare('get_profile_identity');
  return {
    identity: batchByUserId((userIds) => identity.execute({ userIds })),
    lists: batchByUserId((userIds) => lists.execute({ userIds })),
  };
}

/** One request's row by its user id, from a statement run for every request of the batch. */
function batchByUserId<Row extends { userId: number }>(run: (userIds: string) => Promise<Row[]>) {
  return createStatementBatcher<number, Row | undefined>(async (userIds) => answerEach(userIds, await run(arrayLiteral(userIds)), (userId) => userId, (row) => row.userId), BUSY_STATEMENT_BATCHES);
}

const prepareProfileQueries = oncePerDatabase(buildProfileQueries);

/**
 * The candidate's whole profile (GET /api/psc/profile): every section, each
 * file as a link the candidate may open, the "x of 8" completeness and the staff lock.
 */
export async function getProfile(deps: ProfileDeps, input: { userId: number }) {
  const { db } = deps;
  const { userId } = input;
  const queries = prepareProfileQueries(db);
  const [identity, lists] = await Promise.all([queries.identity(userId), queries.lists(userId)]);
  if (!identity || !lists) throw new Error(`No user ${userId}`);
  const addresses = readJson<AddressRow[]>(lists.addresses);
  const [extra] = readJson<ExtraRow[]>(lists.extra);
  const groups = readJson<(typeof schema.candidateInclusiveGroups.$inferSelect)[]>(lists.groups);
  const educations = readJson<(typeof schema.candidateEducations.$inferSelect)[]>(lists.educations);
  const trainings = readJson<(typeof schema.candidateTrainings.$inferSelect)[]>(lists.trainings);
  const councils = readJson<(typeof schema.candidateProfessionalCouncils.$inferSelect)[]>(lists.councils);
  const governmentJobs = readJson<(typeof schema.candidateGovernmentExperiences.$inferSelect)[]>(lists.governmentJobs);
  const otherJobs = readJson<(typeof schema.candidateNonGovernmentExperiences.$inferSelect)[]>(lists.otherJobs);
  const documents = readJson<(typeof schema.candidateDocuments.$inferSelect)[]>(lists.documents);
  const fileRefs: FileRefs = new Map();
  for (const file of readJson<{ id: string; contentType: string; byteSize: number }[]>(lists.files)) {
    fileRefs.set(file.id, { fileId: file.id, contentType: file.contentType, byteSize: file.byteSize, url: fileUrl(file.id) });
  }
  const completeness = summariseCompleteness({
    hasIdentity: identity.citizenshipNumber !== null,
    hasNepaliNames: identity.firstNameNp !== null && identity.lastNameNp !== null,
    hasFamilyNames: identity.fathersName !== null && identity.mothersName !== null && identity.grandFathersName !== null,
    hasPermanentAddress: addresses.some((address) => address.kind === 'permanent'),
    hasExtraDetails: extra !== undefined,
    isGovernmentEmployee: extra?.employmentStatus === 'government-service',
    educationCount: educations.length,
    trainingCount: trainings.length,
    professionalCouncilCount: councils.length,
    governmentExperienceCount: governmentJobs.length,
    workingGovernmentExperienceCount: governmentJobs.filter((job) => job.employmentStatus === 'working').length,
    nonGovernmentExperienceCount: otherJobs.length,
    documentCount: documents.length,
    declaresNoTraining: identity.declaresNoTraining ?? false,
    declaresNoProfessionalCouncil: identity.declaresNoProfessionalCouncil ?? false,
    declaresNoExperience: identity.declaresNoExperience ?? false,
  });
  const { lockedFrom, lockedUntil, lockReason } = identity;
  const lock = lockedFrom && lockedUntil ? { lockedFrom, lockedUntil, reason: lockReason } : null;

  const documentRefs: Partial<Record<ProfileDocumentKind, FileRef>> = {};
  for (const document of documents) {
    const ref = refOf(fileRefs, document.fileId);
    if (ref) documentRefs[document.kind] = ref;
  }
  const now = deps.now();
  return {
    personal: presentPersonal(identity),
    addresses: {
      permanent: presentAddress(addresses.find((address) => address.kind === 'permanent')),
      mailing: presentAddress(addresses.find((address) => address.kind === 'mailing')),
      abroad: presentAddressAbroad(readJson<Parameters<typeof presentAddressAbroad>[0][]>(lists.abroad)[0]),
    },
    extra: presentExtra(extra),
    inclusiveGroups: groups.map((row) => presentInclusiveGroup(row, fileRefs)),
    educations: educations.map((row) => presentEducation(row, fileRefs)),
    trainings: trainings.map((row) => presentTraining(row, fileRefs)),
    professionalCouncils: councils.map((row) => presentProfessionalCouncil(row, fileRefs)),
    governmentExperiences: governmentJobs.map((row) => presentGovernmentExperience(row, fileRefs)),
    nonGovernmentExperiences: otherJobs.map((row) => presentNonGovernmentExperience(row, fileRefs)),
    documents: documentRefs,
    /** The sections declared empty ("None declared" in the preview). */
    declarations: presentDeclarations(identity),
    completeness,
    // A lock is shown from when it is set until it ends, so a candidate sees one coming.
    lock:
      lock && now < lock.lockedUntil
        ? {
            lockedFrom: lock.lockedFrom.toISOString(),
            lockedUntil: lock.lockedUntil.toISOString(),
            lockedUntilAd: todayAd(lock.lockedUntil),
            lockedUntilBs: toBs(todayAd(lock.lockedUntil)),
            reason: lock.reason,
            isActive: isLockActive(lock, now),
          }
        : null,
  };
}

export type Profile = Awaited<ReturnType<typeof getProfile>>;
