import { todayAd, type AddressKind, type ProfileDocumentKind } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { findProfileLock, isLockActive } from './assert-profile-unlocked';
import { toBs } from './calendar-fields';
import { computeCompleteness } from './compute-completeness';
import { educationFileIds, presentEducation } from './education-row';
import { loadFileRefs, refOf, type FileRef } from './file-refs';
import { governmentExperienceFileIds, presentGovernmentExperience } from './government-experience-row';
import { inclusiveGroupFileIds, presentInclusiveGroup } from './inclusive-group-row';
import { nonGovernmentExperienceFileIds, presentNonGovernmentExperience } from './non-government-experience-row';
import { presentProfessionalCouncil, professionalCouncilFileIds } from './professional-council-row';
import type { ProfileDeps } from './profile-deps';
import { presentTraining, trainingFileIds } from './training-row';

type AddressRow = typeof schema.candidateAddresses.$inferSelect;
type ExtraRow = typeof schema.candidateExtraDetails.$inferSelect;

export function presentAddress(row: AddressRow | undefined) {
  if (!row) return null;
  const { userId: _userId, kind: _kind, createdAt: _createdAt, updatedAt, ...address } = row;
  return { ...address, updatedAt: updatedAt.toISOString() };
}

export function presentExtra(row: ExtraRow | undefined) {
  if (!row) return null;
  const { userId: _userId, createdAt: _createdAt, updatedAt, ...extra } = row;
  return { ...extra, updatedAt: updatedAt.toISOString() };
}

function selectIdentity(db: Database, userId: number) {
  const { users, candidateProfiles: profiles } = schema;
  return db
    .select({
      masterId: users.masterId,
      username: users.username,
      email: users.email,
      mobile: users.mobile,
      firstNameEn: users.firstNameEn,
      middleNameEn: users.middleNameEn,
      lastNameEn: users.lastNameEn,
      firstNameNp: users.firstNameNp,
      middleNameNp: users.middleNameNp,
      lastNameNp: users.lastNameNp,
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
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
}

type IdentityRow = Awaited<ReturnType<typeof selectIdentity>>[number];

function presentPersonal(identity: IdentityRow) {
  const { citizenshipIssueDate, dateOfBirth, ...person } = identity;
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
  const [identity] = await selectIdentity(db, userId);
  if (!identity) throw new Error(`No user ${userId}`);
  return presentPersonal(identity);
}

export async function readAddress(db: Database, userId: number, kind: AddressKind) {
  const { candidateAddresses: addresses } = schema;
  const [row] = await db.select().from(addresses).where(and(eq(addresses.userId, userId), eq(addresses.kind, kind)));
  return presentAddress(row);
}

export async function readExtra(db: Database, userId: number) {
  const [row] = await db.select().from(schema.candidateExtraDetails).where(eq(schema.candidateExtraDetails.userId, userId));
  return presentExtra(row);
}

/**
 * The candidate's whole profile (issue-4 contract GET /api/psc/profile): every section, each
 * file as a link the candidate may open, the "x of 8" completeness and the staff lock.
 */
export async function getProfile(deps: ProfileDeps, input: { userId: number }) {
  const { db } = deps;
  const { userId } = input;
  const byUser = (table: { userId: PgColumn }) => eq(table.userId, userId);
  const [[identity], addresses, [extra], groups, educations, trainings, councils, governmentJobs, otherJobs, documents, completeness, lock] =
    await Promise.all([
      selectIdentity(db, userId),
      db.select().from(schema.candidateAddresses).where(byUser(schema.candidateAddresses)),
      db.select().from(schema.candidateExtraDetails).where(byUser(schema.candidateExtraDetails)),
      db.select().from(schema.candidateInclusiveGroups).where(byUser(schema.candidateInclusiveGroups)).orderBy(asc(schema.candidateInclusiveGroups.id)),
      db.select().from(schema.candidateEducations).where(byUser(schema.candidateEducations)).orderBy(asc(schema.candidateEducations.passedDate), asc(schema.candidateEducations.id)),
      db.select().from(schema.candidateTrainings).where(byUser(schema.candidateTrainings)).orderBy(asc(schema.candidateTrainings.trainingFrom), asc(schema.candidateTrainings.id)),
      db
        .select()
        .from(schema.candidateProfessionalCouncils)
        .where(byUser(schema.candidateProfessionalCouncils))
        .orderBy(asc(schema.candidateProfessionalCouncils.issuedDate), asc(schema.candidateProfessionalCouncils.id)),
      db
        .select()
        .from(schema.candidateGovernmentExperiences)
        .where(byUser(schema.candidateGovernmentExperiences))
        .orderBy(asc(schema.candidateGovernmentExperiences.employmentFrom), asc(schema.candidateGovernmentExperiences.id)),
      db
        .select()
        .from(schema.candidateNonGovernmentExperiences)
        .where(byUser(schema.candidateNonGovernmentExperiences))
        .orderBy(asc(schema.candidateNonGovernmentExperiences.employmentFrom), asc(schema.candidateNonGovernmentExperiences.id)),
      db.select({ kind: schema.candidateDocuments.kind, fileId: schema.candidateDocuments.fileId }).from(schema.candidateDocuments).where(byUser(schema.candidateDocuments)),
      computeCompleteness(db, userId),
      findProfileLock(db, userId),
    ]);
  if (!identity) throw new Error(`No user ${userId}`);

  const files = await loadFileRefs(db, [
    ...groups.flatMap(inclusiveGroupFileIds),
    ...educations.flatMap(educationFileIds),
    ...trainings.flatMap(trainingFileIds),
    ...councils.flatMap(professionalCouncilFileIds),
    ...governmentJobs.flatMap(governmentExperienceFileIds),
    ...otherJobs.flatMap(nonGovernmentExperienceFileIds),
    ...documents.map((document) => document.fileId),
  ]);
  const documentRefs: Partial<Record<ProfileDocumentKind, FileRef>> = {};
  for (const document of documents) {
    const ref = refOf(files, document.fileId);
    if (ref) documentRefs[document.kind] = ref;
  }
  const now = deps.now();
  return {
    personal: presentPersonal(identity),
    addresses: {
      permanent: presentAddress(addresses.find((address) => address.kind === 'permanent')),
      mailing: presentAddress(addresses.find((address) => address.kind === 'mailing')),
    },
    extra: presentExtra(extra),
    inclusiveGroups: groups.map((row) => presentInclusiveGroup(row, files)),
    educations: educations.map((row) => presentEducation(row, files)),
    trainings: trainings.map((row) => presentTraining(row, files)),
    professionalCouncils: councils.map((row) => presentProfessionalCouncil(row, files)),
    governmentExperiences: governmentJobs.map((row) => presentGovernmentExperience(row, files)),
    nonGovernmentExperiences: otherJobs.map((row) => presentNonGovernmentExperience(row, files)),
    documents: documentRefs,
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
