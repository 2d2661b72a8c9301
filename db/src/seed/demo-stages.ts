import { addDaysAd, fiscalYearOf, todayAd, type ScrutinyReasonCode } from '@psc/core';
import { and, desc, eq, notExists } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database } from '../connect';
import {
  advertisementQuotas,
  advertisements,
  candidateDocuments,
  candidateProfiles,
  educationLevels,
  examCentres,
  organizations,
  postQualifications,
  posts,
  quotas,
  requisitions,
  scrutinyAllocationEvents,
  scrutinyAllocations,
  users,
} from '../schema/index';
import { seedCandidateProfile, type StoreSeedFile } from './candidate-profile';
import { seedPaidApplication } from './demo-applications';
import { seedDemoAccounts, type DemoAccountIds, type HashPassword } from './demo';
import { seedDemoExamCentres } from './demo-exam-centres';
import { seedExamPapersDemo } from './demo-exam-papers';
import { seedExamScheduleDemo } from './demo-exam-schedule';
import { seedSeatingDemo } from './demo-seating';
import { seedAdmitCardsDemo } from './demo-admit-cards';
import { seedResultsDemo } from './demo-results';
import { seedSelectionDemo } from './demo-selection';
import { seedApplicantMessagesDemo } from './demo-notifications';
import { seedAdvertisement, type SeedAdvertisementOptions, type SeededAdvertisement } from './demo-recruitment';
import { seedRollNumbersDemo } from './demo-roll-numbers';
import { seedScrutinyDecision } from './demo-scrutiny';

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

type ScrutinyDemoDecision = { decision: 'approve' | 'reject' | 'hold'; quotaCode?: string; reasonCode?: ScrutinyReasonCode };

type ScrutinyDemoCandidate = {
  username: string;
  person: { firstNameEn: string; lastNameEn: string; firstNameNp: string; lastNameNp: string; mobile: string };
  identity: { citizenshipNumber: string; dateOfBirth: string; gender: 'male' | 'female' };
  inclusiveGroups: ('madhesi' | 'adivasi-janajati')[];
  /** Works abroad: the dashboard's chart by country shows them (spec §2). */
  addressAbroad?: { countryCode: string; address: string };
};

/**
 * The candidates of the advertisement in scrutiny besides the demo applicant, each with a complete
 * profile (the workstation's scrutiny screens show it). They never sign in: no password matches
 * their stored hash.
 */
const SCRUTINY_DEMO_CANDIDATES: readonly ScrutinyDemoCandidate[] = [
  {
    username: 'demo.scrutiny.bikash',
    person: { firstNameEn: 'Bikash', lastNameEn: 'Shrestha', firstNameNp: 'विकास', lastNameNp: 'श्रेष्ठ', mobile: '9841000011' },
    identity: { citizenshipNumber: '27-01-74-02201', dateOfBirth: '1994-03-02', gender: 'male' },
    inclusiveGroups: [],
    addressAbroad: { countryCode: 'QA', address: 'Building 12, Street 850, Al Sadd, Doha' },
  },
  {
    username: 'demo.scrutiny.sunita',
    person: { firstNameEn: 'Sunita', lastNameEn: 'Tamang', firstNameNp: 'सुनिता', lastNameNp: 'तामाङ', mobile: '9841000012' },
    identity: { citizenshipNumber: '27-01-75-03312', dateOfBirth: '1996-07-19', gender: 'female' },
    inclusiveGroups: ['adivasi-janajati'],
  },
  {
    username: 'demo.scrutiny.ramesh',
    person: { firstNameEn: 'Ramesh', lastNameEn: 'Chaudhary', firstNameNp: 'रमेश', lastNameNp: 'चौधरी', mobile: '9841000013' },
    identity: { citizenshipNumber: '27-01-73-04423', dateOfBirth: '1993-11-05', gender: 'male' },
    inclusiveGroups: ['madhesi'],
    addressAbroad: { countryCode: 'MY', address: 'No. 8, Jalan Ipoh, 51200 Kuala Lumpur' },
  },
  {
    username: 'demo.scrutiny.pooja',
    person: { firstNameEn: 'Pooja', lastNameEn: 'Rai', firstNameNp: 'पूजा', lastNameNp: 'राई', mobile: '9841000014' },
    identity: { citizenshipNumber: '27-01-77-05534', dateOfBirth: '1997-01-28', gender: 'female' },
    inclusiveGroups: [],
  },
];

/** A demo candidate who never signs in, found again by user name, her profile written once. */
async function seedScrutinyDemoCandidate(context: DemoContext, candidate: ScrutinyDemoCandidate): Promise<number> {
  const { db } = context;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, candidate.username)).limit(1);
  if (existing) return existing.id;
  const [user] = await db
    .insert(users)
    .values({ kind: 'candidate', username: candidate.username, email: `${candidate.username}@example.com`, ...candidate.person, passwordHash: 'never-signs-in' })
    .returning({ id: users.id });
  const userId = user!.id;
  await db.insert(candidateProfiles).values({ userId, ...candidate.identity, citizenshipIssueDistrictId: 27, citizenshipIssueDate: '2014-01-15' });
  await seedCandidateProfile(db, {
    userId,
    storeFile: context.storeFile,
    familyNames: { fathersName: `Hari ${candidate.person.lastNameEn}`, mothersName: `Maya ${candidate.person.lastNameEn}`, grandFathersName: `Krishna ${candidate.person.lastNameEn}` },
    permanentAddress: { provinceId: 3, districtId: 27, localLevelId: 307, wardNo: 4 },
    ...(candidate.addressAbroad ? { addressAbroad: candidate.addressAbroad } : {}),
    extraDetails: { maritalStatus: 'unmarried', employmentStatus: 'unemployed', physicallyDisabled: false },
    inclusiveGroups: candidate.inclusiveGroups,
    educations: [{ universityId: 1, levelId: 7, facultyId: 2, scoreType: 'percentage', score: '68.40', majorSubject: 'Management', passedDate: '2019-09-10', division: 'First' }],
    declaresNothingElse: true,
  });
  return userId;
}

/**
 * Scrutiny (spec §4 "Scrutiny allocation", "Scrutiny and pre-review status"): one advertisement
 * whose applications closed three days ago, five paid applications (the demo applicant's and
 * four more candidates'), all allocated to the demo scrutiny officer, who has decided three: the
 * demo applicant's is partially approved (her Madhesi quota rejected, with its reason), one is
 * approved, one on hold; two wait for her. Written as the apply, pay, allocate and decide steps
 * leave the tables; no notice is queued (the demo's outbox holds only what someone did).
 */
async function seedScrutinyDemo(context: DemoContext): Promise<void> {
  const today = todayAd();
  const dates = {
    publishDate: addDaysAd(today, -40),
    paymentLastDate: addDaysAd(today, -10),
    lastDateForSubmission: addDaysAd(today, -10),
    doubleFeeLastDate: addDaysAd(today, -3),
    ageCutOffDate: addDaysAd(today, -10),
  };
  const applicationFee = 1000;
  const advertisement = await seedDemoAdvertisement(context, 'scrutiny', {
    status: 'published',
    dates,
    quotas: [
      { code: 'open', vacancies: 5 },
      { code: 'women', vacancies: 2 },
      { code: 'madhesi', vacancies: 1 },
      { code: 'adivasi-janajati', vacancies: 1 },
    ],
    applicationFee,
  });
  if (!advertisement) return;
  const { db, accounts } = context;
  const others = [];
  for (const candidate of SCRUTINY_DEMO_CANDIDATES) others.push(await seedScrutinyDemoCandidate(context, candidate));
  const [bikash, sunita, ramesh, pooja] = others as [number, number, number, number];
  const plan: { userId: number; dateOfBirth: string; quotas: string[]; decisions: ScrutinyDemoDecision[] }[] = [
    {
      userId: accounts.applicant,
      dateOfBirth: '1998-04-14',
      quotas: ['open', 'women', 'madhesi'],
      decisions: [
        { decision: 'approve', quotaCode: 'open' },
        { decision: 'approve', quotaCode: 'women' },
        { decision: 'reject', quotaCode: 'madhesi', reasonCode: 'quota-proof' },
      ],
    },
    { userId: bikash, dateOfBirth: SCRUTINY_DEMO_CANDIDATES[0]!.identity.dateOfBirth, quotas: ['open'], decisions: [{ decision: 'approve' }] },
    {
      userId: sunita,
      dateOfBirth: SCRUTINY_DEMO_CANDIDATES[1]!.identity.dateOfBirth,
      quotas: ['open', 'women', 'adivasi-janajati'],
      decisions: [{ decision: 'hold', reasonCode: 'document-unclear' }],
    },
    { userId: ramesh, dateOfBirth: SCRUTINY_DEMO_CANDIDATES[2]!.identity.dateOfBirth, quotas: ['open', 'madhesi'], decisions: [] },
    { userId: pooja, dateOfBirth: SCRUTINY_DEMO_CANDIDATES[3]!.identity.dateOfBirth, quotas: ['open', 'women'], decisions: [] },
  ];
  const quotaRows = await db
    .select({ id: advertisementQuotas.id, code: quotas.code })
    .from(advertisementQuotas)
    .innerJoin(quotas, eq(quotas.id, advertisementQuotas.quotaId))
    .where(eq(advertisementQuotas.advertisementId, advertisement.advertisementId));
  const advertisementQuotaIdOf = (code: string) => quotaRows.find((row) => row.code === code)!.id;

  const officer = accounts.scrutinyOfficer;
  const allocatedAt = new Date(`${addDaysAd(today, -2)}T04:30:00Z`);
  const applicationIds: number[] = [];
  for (const [index, entry] of plan.entries()) {
    // Submitted on successive days a fortnight ago, and paid online within the hour.
    const applicationId = await seedPaidApplication(db, {
      userId: entry.userId,
      advertisementId: advertisement.advertisementId,
      examCentreId: advertisement.examCentreIds[0]!,
      quotas: entry.quotas.map((code) => ({ advertisementQuotaId: advertisementQuotaIdOf(code), code })),
      dateOfBirth: entry.dateOfBirth,
      dates,
      applicationFee,
      receiptCode: demoReceiptCode(),
      submittedAt: new Date(`${addDaysAd(today, -20 + index)}T05:15:00Z`),
      paidAfterMinutes: 40,
    });
    applicationIds.push(applicationId);
  }

  // The administrator allocated them all to the demo scrutiny officer two days ago.
  await db.insert(scrutinyAllocations).values(
    applicationIds.map((applicationId) => ({ applicationId, advertisementId: advertisement.advertisementId, officerUserId: officer, allocatedBy: accounts.administrator, allocatedAt })),
  );
  await db.insert(scrutinyAllocationEvents).values({
    advertisementId: advertisement.advertisementId,
    action: 'allocate',
    toOfficerUserId: officer,
    applicationCount: applicationIds.length,
    actorUserId: accounts.administrator,
    at: allocatedAt,
  });
  for (const [index, entry] of plan.entries()) {
    for (const [step, decision] of entry.decisions.entries()) {
      const at = new Date(allocatedAt.getTime() + (index * 60 + step * 5 + 30) * 60_000);
      await seedScrutinyDecision(db, { applicationId: applicationIds[index]!, officerUserId: officer, ...decision, at });
    }
  }
}

/** A receipt code of the form the API prints (XXXX-XXXX-XXXX, Crockford's base32). */
export function demoReceiptCode(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const code = [...randomBytes(12)].map((byte) => alphabet[byte & 31]).join('');
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;
}

/** The stages built so far, in pipeline order; each later stage adds its own here. */
export const DEMO_STAGES: readonly DemoStage[] = [
  { name: 'open for applying', seed: seedOpenAdvertisementDemo },
  { name: 'in scrutiny', seed: seedScrutinyDemo },
  { name: 'roll numbers generated', seed: seedRollNumbersDemo },
  // Last: it gives the exam papers to the posts of the advertisements the stages above made.
  { name: 'exam papers', seed: seedExamPapersDemo },
  { name: 'exam scheduling', seed: seedExamScheduleDemo },
  // Master data of the seating stages: centres in the cities the stages above offer (Pokhara is
  // made by the roll-number stage), with rooms, and invigilators.
  {
    name: 'exam centres and invigilators',
    seed: async (context) => {
      await seedDemoExamCentres(context);
    },
  },
  { name: 'seating', seed: seedSeatingDemo },
  { name: 'admit cards', seed: seedAdmitCardsDemo },
  { name: 'results uploaded and verified', seed: seedResultsDemo },
  { name: 'written and final selection published', seed: seedSelectionDemo },
  // The SMS the stages above would have sent the demo applicant, for her notifications.
  { name: "the applicant's messages", seed: seedApplicantMessagesDemo },
  { name: 'a post qualification', seed: seedPostQualificationDemo },
];

/**
 * One post's minimum academic qualification (spec §2 academic-qualification), so the list, the
 * view and the form show a real one: the lowest education level, for the last post no demo
 * requisition or advertisement offers, which leaves the demo's applying as it is (the first post
 * is the one the e2e test gives a qualification through the form).
 */
async function seedPostQualificationDemo({ db }: DemoContext): Promise<void> {
  const [seeded] = await db.select({ id: postQualifications.id }).from(postQualifications).limit(1);
  if (seeded) return;
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.isActive, true),
        notExists(db.select({ id: advertisements.id }).from(advertisements).where(eq(advertisements.postId, posts.id))),
        notExists(db.select({ id: requisitions.id }).from(requisitions).where(eq(requisitions.postId, posts.id))),
      ),
    )
    .orderBy(desc(posts.id))
    .limit(1);
  const [level] = await db.select({ id: educationLevels.id }).from(educationLevels).orderBy(educationLevels.rank).limit(1);
  if (!post || !level) return;
  await db.insert(postQualifications).values({ postId: post.id, educationLevelId: level.id });
}

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
