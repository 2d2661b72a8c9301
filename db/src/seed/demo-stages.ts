import { fiscalYearOf, todayAd } from '@psc/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../connect';
import { advertisements, candidateDocuments, examCentres, organizations, requisitions } from '../schema/index';
import { seedCandidateProfile, type StoreSeedFile } from './candidate-profile';
import { seedDemoAccounts, type DemoAccountIds, type HashPassword } from './demo';
import { seedAdvertisement, type SeedAdvertisementOptions, type SeededAdvertisement } from './demo-recruitment';

// DESIGN "Demo data": each stage of the pipeline that is built seeds one advertisement that has
// reached it, so `npm start` shows the whole pipeline. A stage adds one entry to DEMO_STAGES: a
// function that calls seedDemoAdvertisement (and then writes what its stage made: scrutiny
// decisions, roll numbers, marks) with the small seeds the API and e2e tests use too (STYLE §7).

/** What every stage's demo is built on: the demo accounts, the demo office and the file store. */
export type DemoContext = {
  db: Database;
  accounts: DemoAccountIds;
  office: DemoOffice;
  storeFile: StoreSeedFile;
};

export type DemoStage = {
  /** The stage the stage's advertisement has reached, for reading. */
  name: string;
  seed: (context: DemoContext) => Promise<void>;
};

export type DemoOffice = { organizationId: number; examCentreId: number; fiscalYear: string };

const DEMO_OFFICE = { nameEn: 'Public Service Commission, Central Office', nameNp: 'लोक सेवा आयोग, केन्द्रीय कार्यालय' };
const DEMO_EXAM_CENTRE = {
  districtId: 27,
  nameEn: 'Central Office Exam Hall, Anamnagar',
  nameNp: 'केन्द्रीय कार्यालय परीक्षा भवन, अनामनगर',
  centerCapacity: 800,
  address: 'Anamnagar, Kathmandu',
};
/**
 * The demo office's numbers for the current fiscal year. High, so that tests creating their own
 * ranges from 1 upward in the same fiscal year never meet them (numbers are unique per year).
 */
const DEMO_RANGE = { numberFrom: 9001, numberTo: 9999 };

/** The commission's central office with its exam hall. Idempotent. */
export async function seedDemoOffice(db: Database): Promise<DemoOffice> {
  let [office] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.nameEn, DEMO_OFFICE.nameEn)).limit(1);
  office ??= (await db.insert(organizations).values({ ...DEMO_OFFICE, isCommissionOffice: true }).returning({ id: organizations.id }))[0]!;
  let [centre] = await db.select({ id: examCentres.id }).from(examCentres).where(eq(examCentres.organizationId, office.id)).limit(1);
  centre ??= (await db.insert(examCentres).values({ organizationId: office.id, ...DEMO_EXAM_CENTRE }).returning({ id: examCentres.id }))[0]!;
  return { organizationId: office.id, examCentreId: centre.id, fiscalYear: fiscalYearOf(todayAd()) };
}

/**
 * One advertisement of the demo office for a stage, once per fiscal year: found again by its
 * requisition number (DEMO-<key>-<fiscal year>). Answers null when it was already there, so a
 * stage writes the rows of its own stage only with the advertisement it has just made.
 */
export async function seedDemoAdvertisement(
  context: DemoContext,
  key: string,
  options: Omit<SeedAdvertisementOptions, 'actorUserId' | 'organizationId' | 'fiscalYear' | 'range' | 'requisitionNo'>,
): Promise<SeededAdvertisement | null> {
  const { db, office } = context;
  const requisitionNo = `DEMO-${key}-${office.fiscalYear}`;
  const [existing] = await db
    .select({ id: advertisements.id })
    .from(advertisements)
    .innerJoin(requisitions, eq(requisitions.id, advertisements.requisitionId))
    .where(and(eq(requisitions.requisitionNo, requisitionNo), eq(advertisements.organizationId, office.organizationId)))
    .limit(1);
  if (existing) return null;
  return seedAdvertisement(db, {
    examCentreIds: [office.examCentreId],
    ...options,
    actorUserId: context.accounts.administrator,
    organizationId: office.organizationId,
    fiscalYear: office.fiscalYear,
    range: DEMO_RANGE,
    requisitionNo,
  });
}

/** Applying: one published advertisement, open today, with three quotas. */
async function seedOpenAdvertisementDemo(context: DemoContext): Promise<void> {
  await seedDemoAdvertisement(context, 'open', {
    status: 'published',
    quotas: [
      { code: 'open', vacancies: 6 },
      { code: 'women', vacancies: 2 },
      { code: 'madhesi', vacancies: 2 },
    ],
    applicationFee: 1000,
  });
}

/** The stages built so far, in pipeline order; each later stage adds its own here. */
export const DEMO_STAGES: readonly DemoStage[] = [{ name: 'open for applying', seed: seedOpenAdvertisementDemo }];

/**
 * The demo's complete candidate (DEMO_ACCOUNTS.applicant): every section of the profile filled
 * in (8 of 8), with a photograph, a signature and both sides of the citizenship certificate as
 * real pictures, so she can apply at once. Done once: skipped when she has documents.
 */
export async function seedDemoApplicantProfile(context: DemoContext): Promise<void> {
  const userId = context.accounts.applicant;
  const [done] = await context.db.select({ userId: candidateDocuments.userId }).from(candidateDocuments).where(eq(candidateDocuments.userId, userId)).limit(1);
  if (done) return;
  // Stable ids of the reference and classification data files: Kathmandu (province 3, district
  // 27, Kathmandu Metropolitan City 307); caste Yadav, Hindu, Maithili; Tribhuvan University,
  // Bachelor, Management.
  await seedCandidateProfile(context.db, {
    userId,
    storeFile: context.storeFile,
    familyNames: { fathersName: 'Ramesh Yadav', mothersName: 'Sunita Yadav', grandFathersName: 'Shyam Yadav' },
    permanentAddress: { provinceId: 3, districtId: 27, localLevelId: 307, wardNo: 10, tole: 'Baneshwor' },
    extraDetails: { maritalStatus: 'unmarried', employmentStatus: 'unemployed', physicallyDisabled: false, casteId: 9, religionId: 1, motherTongueId: 2, area: 'terai' },
    // A Madhesi woman: she may compete in the open, women and Madhesi quotas of the open advertisement.
    inclusiveGroups: ['madhesi'],
    educations: [{ universityId: 1, levelId: 7, facultyId: 2, scoreType: 'percentage', score: '74.20', majorSubject: 'Public administration', passedDate: '2021-09-15', division: 'First' }],
    declaresNothingElse: true,
  });
}

/**
 * The whole demo, idempotent: the demo accounts, the complete candidate's profile, the demo
 * office and one advertisement per stage built. Runs on every start with demo accounts and in
 * every API test app, so each step checks before it writes.
 */
export async function seedDemo(db: Database, deps: { hashPassword: HashPassword; storeFile: StoreSeedFile }): Promise<DemoContext> {
  const accounts = await seedDemoAccounts(db, deps.hashPassword);
  const context: DemoContext = { db, accounts, office: await seedDemoOffice(db), storeFile: deps.storeFile };
  await seedDemoApplicantProfile(context);
  for (const stage of DEMO_STAGES) await stage.seed(context);
  return context;
}
