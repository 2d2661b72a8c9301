import { createSeedFileStore, dataDirFileStorage, hashPassword, type RunningServer } from '@psc/api';
import { addDaysAd, todayAd } from '@psc/core';
import { schema, seedAdvertisement, seedCandidateProfile, seedUser } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// Steps shared by the scrutiny end-to-end tests (staff-scrutiny-officer, scrutiny-journey): what
// the demo does not hold (an advertisement that has just closed, with candidates who paid and can
// sign in), and the waits of the pre-review view.

export type ScrutinyCandidate = { username: string; en: [string, string]; np: [string, string]; citizenship: string };

export const SCRUTINY_ADMIN = { username: 'admin', password: 'Admin@1234' };
export const SCRUTINY_OFFICER = { username: 'scrutiny.officer', password: 'Officer@1234' };
/** Candidates who sign in on the portal with CANDIDATE_PASSWORD. */
export const CANDIDATE_PASSWORD = 'Candidate@123';

export const SCRUTINY_CANDIDATES: readonly ScrutinyCandidate[] = [
  { username: 'scr_e2e_anita', en: ['Anita', 'Shrestha'], np: ['अनिता', 'श्रेष्ठ'], citizenship: '27-01-70001' },
  { username: 'scr_e2e_binod', en: ['Binod', 'Yadav'], np: ['बिनोद', 'यादव'], citizenship: '27-01-70002' },
  { username: 'scr_e2e_chandra', en: ['Chandra', 'Rai'], np: ['चन्द्र', 'राई'], citizenship: '27-01-70003' },
];

type Envelope<T> = { status: 0 | 1; message: string; data: T };

export async function tokenOf(url: string, account: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Basic ${btoa('staff-desktop:staff-desktop-secret')}` },
    body: JSON.stringify({ grant_type: 'password', ...account }),
  });
  return ((await response.json()) as Envelope<{ accessToken: string }>).data.accessToken;
}

/**
 * What the demo does not hold: an advertisement of the demo office whose applications closed three
 * days ago, with a minimum qualification its candidates meet, and three candidates (the demo's
 * complete profile: citizenship pictures, photograph, a Bachelor's) who paid, each claiming the
 * open and Madhesi quotas. The first paid by bank voucher (one of her stored pictures stands in
 * for the voucher's). Not yet allocated; `applicationIds` are in the candidates' order.
 */
export async function seedClosedAdvertisement(server: RunningServer, requisitionNo: string, candidates: readonly ScrutinyCandidate[] = SCRUTINY_CANDIDATES) {
  const db = server.connection.db;
  const storeFile = createSeedFileStore(db, dataDirFileStorage(server.config.dataDir));
  const [admin] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, SCRUTINY_ADMIN.username));
  const [officer] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, SCRUTINY_OFFICER.username));
  const [office] = await db.select({ id: schema.organizations.id }).from(schema.organizations).where(eq(schema.organizations.isCommissionOffice, true)).limit(1);
  const [centre] = await db.select({ id: schema.examCentres.id }).from(schema.examCentres).where(eq(schema.examCentres.organizationId, office!.id)).limit(1);
  const today = todayAd();
  const advertisement = await seedAdvertisement(db, {
    actorUserId: admin!.id,
    organizationId: office!.id,
    status: 'published',
    examCentreIds: [centre!.id],
    quotas: [
      { code: 'open', vacancies: 3 },
      { code: 'women', vacancies: 2 },
      { code: 'madhesi', vacancies: 1 },
    ],
    dates: {
      publishDate: addDaysAd(today, -40),
      paymentLastDate: addDaysAd(today, -10),
      lastDateForSubmission: addDaysAd(today, -10),
      doubleFeeLastDate: addDaysAd(today, -3),
      ageCutOffDate: addDaysAd(today, -10),
    },
    requisitionNo,
  });
  // Stable ids of the classification data: Tribhuvan University, Bachelor, Management (as the demo's candidate).
  const [ad] = await db.select({ postId: schema.advertisements.postId }).from(schema.advertisements).where(eq(schema.advertisements.id, advertisement.advertisementId));
  await db.insert(schema.postQualifications).values({ postId: ad!.postId!, educationLevelId: 7 }).onConflictDoUpdate({ target: schema.postQualifications.postId, set: { educationLevelId: 7 } });
  const quotaRows = await db
    .select({ id: schema.advertisementQuotas.id, code: schema.quotas.code })
    .from(schema.advertisementQuotas)
    .innerJoin(schema.quotas, eq(schema.quotas.id, schema.advertisementQuotas.quotaId))
    .where(eq(schema.advertisementQuotas.advertisementId, advertisement.advertisementId));
  const quotaId = (code: string) => quotaRows.find((row) => row.code === code)!.id;

  const applicationIds: number[] = [];
  for (const [index, candidate] of candidates.entries()) {
    const userId = await seedUser(db, hashPassword, {
      kind: 'candidate',
      username: candidate.username,
      email: `${candidate.username}@example.com`,
      password: CANDIDATE_PASSWORD,
      firstNameEn: candidate.en[0]!,
      lastNameEn: candidate.en[1]!,
      firstNameNp: candidate.np[0]!,
      lastNameNp: candidate.np[1]!,
    });
    await db.insert(schema.candidateProfiles).values({
      userId,
      citizenshipNumber: candidate.citizenship,
      citizenshipIssueDistrictId: 27,
      citizenshipIssueDate: '2016-06-01',
      dateOfBirth: '1998-05-20',
      gender: 'female',
    });
    await seedCandidateProfile(db, {
      userId,
      storeFile,
      familyNames: { fathersName: `Hari ${candidate.en[1]}`, mothersName: `Sita ${candidate.en[1]}`, grandFathersName: `Ram ${candidate.en[1]}` },
      permanentAddress: { provinceId: 3, districtId: 27, localLevelId: 307, wardNo: 10 },
      extraDetails: { maritalStatus: 'unmarried', employmentStatus: 'unemployed', physicallyDisabled: false },
      inclusiveGroups: ['madhesi'],
      educations: [{ universityId: 1, levelId: 7, facultyId: 2, score: '74.20', passedDate: '2021-09-15', division: 'First' }],
      declaresNothingElse: true,
    });
    const [application] = await db
      .insert(schema.applications)
      .values({
        userId,
        advertisementId: advertisement.advertisementId,
        attempt: 1,
        status: 'pending',
        paymentState: 'paid',
        examCentreId: centre!.id,
        ageYears: 27,
        ageMonths: 4,
        ageDays: 12,
        termsAcceptedAt: new Date(),
        receiptCode: `${requisitionNo.replace(/[^A-Z0-9]/g, '')}${index + 1}`,
      })
      .returning({ id: schema.applications.id });
    applicationIds.push(application!.id);
    await db.insert(schema.applicationQuotas).values([
      { applicationId: application!.id, advertisementQuotaId: quotaId('open') },
      { applicationId: application!.id, advertisementQuotaId: quotaId('madhesi') },
    ]);
    const [charge] = await db
      .insert(schema.charges)
      .values({ applicationId: application!.id, purpose: 'application', amount: 1000, status: 'paid', paidAt: new Date() })
      .returning({ id: schema.charges.id });
    const [front] = await db
      .select({ fileId: schema.candidateDocuments.fileId })
      .from(schema.candidateDocuments)
      .where(and(eq(schema.candidateDocuments.userId, userId), eq(schema.candidateDocuments.kind, 'citizenship-front')));
    await db.insert(schema.payments).values({
      chargeId: charge!.id,
      userId,
      method: index === 0 ? 'voucher' : 'online',
      transactionUuid: `${requisitionNo}-${index}`,
      amount: 1000,
      status: index === 0 ? 'verified' : 'completed',
      ...(index === 0 ? { voucherNumber: 'VCH-7001', voucherFileId: front!.fileId, paidOn: new Date(`${addDaysAd(today, -12)}T10:00:00+05:45`) } : {}),
    });
  }

  return { advertisement, adminId: admin!.id, officerId: officer!.id, applicationIds };
}

/** Allocates the advertisement's applications evenly among the officers through the API, as the administrator; answers the administrator's token. */
export async function allocateThroughApi(url: string, advertisementId: number, officerIds: number[]): Promise<string> {
  const token = await tokenOf(url, SCRUTINY_ADMIN);
  const allocated = await fetch(`${url}/api/admin/scrutiny/advertisements/${advertisementId}/allocations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ mode: 'even', officers: officerIds.map((officerId) => ({ officerId })) }),
  });
  expect(allocated.status, await allocated.clone().text()).toBe(200);
  return token;
}

/** Waits for the pre-review view of another application than `previous`, with its pictures loaded. */
export async function waitForView(page: Page, previous: string | null): Promise<string> {
  const view = page.getByTestId('pre-review');
  await page.waitForFunction(
    (before) => {
      const element = document.querySelector('[data-testid="pre-review"][data-application-id]');
      return element !== null && element.getAttribute('data-application-id') !== before;
    },
    previous,
  );
  await page.locator('[data-testid="document-citizenship-front"][data-loaded="yes"] img').waitFor();
  return (await view.getAttribute('data-application-id'))!;
}

/** Waits until the view shows the version after a decision. */
export async function waitForVersion(page: Page, version: number) {
  await page.locator(`[data-testid="pre-review"][data-version="${version}"]`).waitFor();
}

