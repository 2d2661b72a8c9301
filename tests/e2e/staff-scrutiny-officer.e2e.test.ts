import { createSeedFileStore, dataDirFileStorage, hashPassword, type RunningServer } from '@psc/api';
import { addDaysAd, todayAd } from '@psc/core';
import { schema, seedAdvertisement, seedCandidateProfile, seedUser } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation } from './staff-steps';

// The scrutiny officer screens a queue from the keyboard alone (spec §2 scrutiny,
// candidate-details [SC]; §3 "Pre-review view"; §4 "Scrutiny and pre-review status"): the demo's
// officer opens her advertisement's queue, opens the first application with N, approves it with
// A and Enter, moves on with N, approves one claimed quota and rejects the other with a standard
// reason picked by its digit (the application becomes partially approved), moves on and puts the
// third on hold with a typed remark. The advertisement has closed, its three paid applications
// were allocated to her through the allocation API; the candidates' profiles carry real pictures.

const ADMIN = { username: 'admin', password: 'Admin@1234' };
const OFFICER = { username: 'scrutiny.officer', password: 'Officer@1234' };
const CANDIDATES = [
  { username: 'scr_e2e_anita', en: ['Anita', 'Shrestha'], np: ['अनिता', 'श्रेष्ठ'], citizenship: '27-01-70001' },
  { username: 'scr_e2e_binod', en: ['Binod', 'Yadav'], np: ['बिनोद', 'यादव'], citizenship: '27-01-70002' },
  { username: 'scr_e2e_chandra', en: ['Chandra', 'Rai'], np: ['चन्द्र', 'राई'], citizenship: '27-01-70003' },
];

type Envelope<T> = { status: 0 | 1; message: string; data: T };

async function tokenOf(url: string, account: { username: string; password: string }): Promise<string> {
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
 * for the voucher's). Allocated to the demo's scrutiny officer through the allocation API.
 */
async function seedQueue(server: RunningServer) {
  const db = server.connection.db;
  const storeFile = createSeedFileStore(db, dataDirFileStorage(server.config.dataDir));
  const [admin] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, ADMIN.username));
  const [officer] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, OFFICER.username));
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
    requisitionNo: 'E2E-SCRUTINY-1',
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

  for (const [index, candidate] of CANDIDATES.entries()) {
    const userId = await seedUser(db, hashPassword, {
      kind: 'candidate',
      username: candidate.username,
      email: `${candidate.username}@example.com`,
      password: 'Candidate@123',
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
        receiptCode: `SCRE2E${index + 1}`,
      })
      .returning({ id: schema.applications.id });
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
      transactionUuid: `scr-e2e-${index}`,
      amount: 1000,
      status: index === 0 ? 'verified' : 'completed',
      ...(index === 0 ? { voucherNumber: 'VCH-7001', voucherFileId: front!.fileId, paidOn: new Date(`${addDaysAd(today, -12)}T10:00:00+05:45`) } : {}),
    });
  }

  const token = await tokenOf(server.url, ADMIN);
  const allocated = await fetch(`${server.url}/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/allocations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ mode: 'even', officers: [{ officerId: officer!.id }] }),
  });
  expect(allocated.status, await allocated.clone().text()).toBe(200);
  return { advertisement, adminToken: token, adminId: admin!.id, officerId: officer!.id };
}

/** Waits for the pre-review view of another application than `previous`, with its pictures loaded. */
async function waitForView(page: Page, previous: string | null): Promise<string> {
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
async function waitForVersion(page: Page, version: number) {
  await page.locator(`[data-testid="pre-review"][data-version="${version}"]`).waitFor();
}

describe('the scrutiny officer', () => {
  const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-scrutiny-e2e-' });

  it('screens her queue with the keyboard alone: approves, approves one quota and rejects the other, holds with a typed remark', async () => {
    const { advertisement, adminToken, adminId, officerId } = await seedQueue(running.product.server);
    const page = await openPage(running.browser, `${running.product.url}/staff/login`, { width: 1600, height: 1000 });
    await signInToWorkstation(page, OFFICER);

    // Her advertisements, with the counts by status; the advertisement's queue.
    await page.goto(`${running.product.url}/staff/admin/scrutiny`);
    const row = page.getByTestId('scrutiny-advertisements').getByRole('row').filter({ hasText: advertisement.code.replace(/\d/g, (digit) => '०१२३४५६७८९'[Number(digit)]!) });
    await row.waitFor();
    expect(await row.getByTestId('advertisement-pending').textContent()).toBe('३');
    await saveScreenshot(page, 'staff-scrutiny-advertisements');
    await row.getByTestId('advertisement-open').click();
    await page.getByTestId('scrutiny-queue').waitFor();
    await page.getByTestId('queue-open').first().waitFor();
    expect(await page.getByTestId('queue-open').count()).toBe(3);
    // A citizenship number typed in Devanagari digits finds its candidate.
    await page.getByTestId('queue-search').locator('input').fill('२७-०१-७०००२');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\?q=27-01-70002$/);
    await page.getByTestId('scrutiny-queue').getByRole('row').filter({ hasText: 'बिनोद यादव' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="queue-open"]').length === 1);
    await page.getByTestId('queue-search').locator('input').fill('');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="queue-open"]').length === 3);
    await saveScreenshot(page, 'staff-scrutiny-queue');

    // N opens the first pending application: the documents beside the fields, the age, the qualification.
    // Out of the search box, where N is a letter.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('n');
    const first = await waitForView(page, null);
    await page.locator('[data-testid="document-citizenship-back"][data-loaded="yes"] img').waitFor();
    await page.locator('[data-testid="document-voucher"][data-loaded="yes"] img').waitFor();
    expect(await page.getByTestId('pre-review-name').textContent()).toBe('अनिता श्रेष्ठ');
    expect(await page.getByTestId('age-text').textContent()).toBe('२७ वर्ष, ४ महिना, १२ दिन');
    expect(await page.locator('[data-meets="yes"]').count()).toBe(1);
    expect(await page.getByTestId('qualification-met').textContent()).toBe('पुगेको');
    expect(await page.getByTestId('screening-shortcuts').textContent()).toContain('अर्को बाँकी दरखास्त');
    await saveScreenshot(page, 'staff-scrutiny-pre-review');

    // A, then Enter: the whole application is approved.
    await page.keyboard.press('a');
    await page.getByTestId('decision-dialog-body').waitFor();
    expect(await page.getByTestId('decision-dialog-body').getAttribute('data-decision')).toBe('approve');
    await page.keyboard.press('Enter');
    await page.getByTestId('decision-dialog-body').waitFor({ state: 'detached' });
    await waitForVersion(page, 1);
    expect(await page.getByTestId('scrutiny-status').first().textContent()).toBe('स्वीकृत');
    expect(await page.getByTestId('application-status').textContent()).toBe('स्वीकृत');

    // N: the second. Q targets the open quota, A approves it; Q again targets Madhesi, R rejects it
    // with the fifth standard reason picked by its digit.
    await page.keyboard.press('n');
    const second = await waitForView(page, first);
    await page.keyboard.press('q');
    await page.keyboard.press('a');
    await page.getByTestId('decision-dialog-body').waitFor();
    await page.keyboard.press('Enter');
    await waitForVersion(page, 1);
    // The target stays on the open quota after its decision; Q moves it on to Madhesi.
    await page.keyboard.press('q');
    await page.keyboard.press('r');
    await page.getByTestId('decision-dialog-body').waitFor();
    // Enter without a reason or a remark is refused in the dialog, which stays open.
    await page.keyboard.press('Enter');
    await page.getByTestId('decision-error').waitFor();
    await page.keyboard.press('5');
    expect(await page.getByTestId('decision-reasons').locator('.ant-radio-wrapper-checked').textContent()).toContain('दाबी गरिएको समूहको प्रमाणपत्र छैन');
    await saveScreenshot(page, 'staff-scrutiny-decision-dialog');
    await page.keyboard.press('Enter');
    await waitForVersion(page, 2);
    expect(await page.getByTestId('application-status').textContent()).toBe('आंशिक स्वीकृत');
    expect(await page.getByTestId('quota-row-madhesi').getByTestId('quota-status').textContent()).toBe('अस्वीकृत');
    expect(await page.getByTestId('quota-row-open').getByTestId('quota-status').textContent()).toBe('स्वीकृत');
    expect(await page.getByTestId('pre-review-history').textContent()).toContain('दाबी गरिएको समूहको प्रमाणपत्र छैन');

    // N: the third. H, M to the remark, a typed remark, Enter: on hold.
    await page.keyboard.press('n');
    const third = await waitForView(page, second);
    await page.keyboard.press('h');
    await page.getByTestId('decision-dialog-body').waitFor();
    await page.keyboard.press('m');
    await page.keyboard.type('Waiting for the council letter');
    expect(await page.getByTestId('decision-remark').inputValue()).toBe('Waiting for the council letter');
    await page.keyboard.press('Enter');
    await waitForVersion(page, 1);
    expect(await page.getByTestId('scrutiny-status').first().textContent()).toBe('रोक्का');
    expect(await page.getByTestId('pre-review-history').textContent()).toContain('Waiting for the council letter');
    await saveScreenshot(page, 'staff-scrutiny-after-hold');

    // Nothing is pending any more: N says so and stays.
    await page.keyboard.press('n');
    await page.getByText('तपाईंको सूचीमा रुजु बाँकी दरखास्त छैन।').waitFor();
    expect(await page.getByTestId('pre-review').getAttribute('data-application-id')).toBe(third);

    // The allocator hands the unfinished one (on hold) to another officer while it is open here:
    // a decision on it is refused, naming who holds it now, and the decisions go.
    const moved = await fetch(`${running.product.url}/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/reallocations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ fromOfficerId: officerId, toOfficerId: adminId }),
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    await page.keyboard.press('a');
    await page.getByTestId('decision-dialog-body').waitFor();
    await page.keyboard.press('Enter');
    const refusal = page.getByTestId('pre-review-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^यो दरखास्त .+ \(admin\) लाई बाँडफाँड गरिएको छ, तपाईंलाई होइन/);
    await page.getByTestId('decision-bar').waitFor({ state: 'detached' });
    await saveScreenshot(page, 'staff-scrutiny-reallocated');

    // Her queue's counts follow: two approved, none on hold (the held one moved).
    await page.goto(`${running.product.url}/staff/admin/scrutiny/${advertisement.advertisementId}/${advertisement.organizationId}`);
    await page.getByTestId('queue-statuses').getByText('स्वीकृत (२)').waitFor();
    await page.getByTestId('queue-statuses').getByText('रोक्का (०)').waitFor();
    // Her own report across advertisements.
    await page.goto(`${running.product.url}/staff/admin/candidate/report`);
    await page.getByTestId('candidate-report').getByRole('row').filter({ hasText: 'अनिता श्रेष्ठ' }).waitFor();
    await saveScreenshot(page, 'staff-scrutiny-candidate-report');
    await page.context().close();

    // A supervisor (the administrator: SA) reads an application of hers, without the decisions.
    const supervisor = await openPage(running.browser, `${running.product.url}/staff/login`, { width: 1600, height: 1000 });
    await signInToWorkstation(supervisor, ADMIN);
    await supervisor.goto(`${running.product.url}/staff/admin/candidate-details/${encodeURIComponent(advertisement.code)}/${first}/approved/1/${advertisement.organizationId}`);
    await supervisor.getByTestId('pre-review-read-only').waitFor();
    expect(await supervisor.getByTestId('pre-review-read-only').textContent()).toContain('(scrutiny.officer)');
    expect(await supervisor.getByTestId('decision-bar').count()).toBe(0);
    await supervisor.locator('[data-testid="document-citizenship-front"][data-loaded="yes"] img').waitFor();
    await saveScreenshot(supervisor, 'staff-scrutiny-supervisor-read-only');
    await supervisor.context().close();
  });
});
