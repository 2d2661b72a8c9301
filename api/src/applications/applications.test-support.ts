// Test support for the apply API tests: candidates whose profile is complete (or deliberately
// not), written straight into the tables as the profile API would leave them (db seedCandidateProfile).
import { PROFILE_DOCUMENT_KINDS } from '@psc/core';
import { schema, seedCandidateProfile, seedUser, type Database } from '@psc/db';
import { asc, eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { getFileStorage } from '../files/file-storage';
import { createSeedFileStore } from '../files/store-seed-file';
import { ensureMasterRows, findPlace } from '../profile/profile.test-support';
import type { TestApp } from '../test-support/test-app';

export type Applicant = { userId: number; username: string; token: string };

export type ApplicantOptions = {
  dateOfBirth?: string;
  gender?: 'male' | 'female' | 'other';
  physicallyDisabled?: boolean;
  /** Education rows by level id and faculty id; one Bachelor-level row by default. */
  educations?: { levelId: number; facultyId: number }[];
  /** Which of the four documents are uploaded; all by default. */
  documents?: readonly (typeof PROFILE_DOCUMENT_KINDS)[number][];
  withExtraDetails?: boolean;
  withAddress?: boolean;
  /** Inclusive groups claimed (candidate_inclusive_groups); Madhesi by default. */
  inclusiveGroups?: readonly ('women' | 'adivasi-janajati' | 'madhesi' | 'dalit' | 'disabled' | 'backward-area')[];
  employmentStatus?: 'unemployed' | 'government-service';
};

let applicantCounter = 0;

export async function seedApplicant(t: TestApp, options: ApplicantOptions = {}): Promise<Applicant> {
  applicantCounter += 1;
  const suffix = `${process.pid}${applicantCounter}`;
  const username = `applicant_${suffix}`;
  const password = 'Applicant@123';
  const db = t.db;
  const userId = await seedUser(db, hashPassword, {
    kind: 'candidate',
    username,
    email: `${username}@example.com`,
    password,
    firstNameEn: 'Gita',
    lastNameEn: 'Adhikari',
    firstNameNp: 'गीता',
    lastNameNp: 'अधिकारी',
  });
  const place = await findPlace(db);
  await db.insert(schema.candidateProfiles).values({
    userId,
    citizenshipNumber: `31-02-${suffix}`,
    citizenshipIssueDistrictId: place.districtId,
    citizenshipIssueDate: '2016-06-01',
    dateOfBirth: options.dateOfBirth ?? '1998-05-20',
    // A woman by default, who has claimed the Madhesi group: she may compete in the open, women
    // and Madhesi quotas the fixtures advertise (reserved quotas are checked, core quotaRefusalFor).
    gender: options.gender ?? 'female',
  });
  const master = await ensureMasterRows(db);
  // The same seed as the demo's complete candidate (db seedCandidateProfile), pictures included.
  await seedCandidateProfile(db, {
    userId,
    storeFile: createSeedFileStore(db, getFileStorage(t.deps)),
    familyNames: { fathersName: 'Hari Adhikari', mothersName: 'Sita Adhikari', grandFathersName: 'Ram Adhikari' },
    permanentAddress: options.withAddress === false ? null : { provinceId: place.provinceId, districtId: place.districtId, localLevelId: place.localLevelId, wardNo: 1 },
    ...(options.withExtraDetails === false
      ? {}
      : { extraDetails: { maritalStatus: 'single', employmentStatus: options.employmentStatus ?? 'unemployed', physicallyDisabled: options.physicallyDisabled ?? false } }),
    inclusiveGroups: options.inclusiveGroups ?? ['madhesi'],
    educations: (options.educations ?? [{ levelId: master.levelIds[0], facultyId: master.facultyId }]).map((education) => ({ ...education, universityId: master.universityId })),
    documents: options.documents ?? PROFILE_DOCUMENT_KINDS,
  });
  const { accessToken } = await t.signIn(username, password);
  return { userId, username, token: accessToken };
}

/** The advertisement quota rows (advertisement_quotas.id) of an advertisement, by quota code. */
export async function findAdvertisementQuotaIds(db: Database, advertisementId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ id: schema.advertisementQuotas.id, code: schema.quotas.code })
    .from(schema.advertisementQuotas)
    .innerJoin(schema.quotas, eq(schema.quotas.id, schema.advertisementQuotas.quotaId))
    .where(eq(schema.advertisementQuotas.advertisementId, advertisementId))
    .orderBy(asc(schema.advertisementQuotas.id));
  return Object.fromEntries(rows.map((row) => [row.code, row.id]));
}
