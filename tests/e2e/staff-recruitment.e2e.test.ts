import { adToBs, fiscalYearOf, formatAdDate, formatBsDate, formatBsIso, todayAd } from '@psc/core';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CANDIDATE, hasHorizontalScroll, settleAnimations, signInAs } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation, chooseOption as choose, waitForCachedRow } from './staff-steps';

// Requisition to advertisement end to end, in the browser build of the workstation: the requisition officer (RQ only)
// enters a requisition with a real document; the demo's approver (RQ, PD, PA, AD, AQTEA)
// approves it, distributes its 10 vacancies across quotas with the automatic proposal, generates
// an advertisement number per quota; the administrator approves the distribution (the one who
// entered it may not: four eyes); the approver configures the dates and an exam centre, sends it
// pre-live and publishes it; the candidate portal then lists it with its dates in B.S. and A.D.

const OFFICER = { username: 'requisition.officer', password: 'Officer@1234' };
const ADMIN = { username: 'admin', password: 'Admin@1234' };
// The demo's second officer (RQ, PD, PA, AD, AQTEA), seeded with the other demo accounts.
const APPROVER = { username: 'approver', password: 'Approver@1234' };
const REQUISITION_NO = 'E2E-0082-17';
const NAMES = {
  service: { nameEn: 'Recruitment Test Service', nameNp: 'भर्ना परीक्षण सेवा' },
  group: { nameEn: 'Recruitment Test Group', nameNp: 'भर्ना परीक्षण समूह' },
  class: { nameEn: 'Recruitment Test Officer Class', nameNp: 'भर्ना परीक्षण अधिकृत श्रेणी' },
  post: { nameEn: 'Recruitment Test Officer', nameNp: 'भर्ना परीक्षण अधिकृत' },
  demandOffice: { nameEn: 'Test Ministry Office', nameNp: 'परीक्षण मन्त्रालय कार्यालय' },
  commissionOffice: { nameEn: 'Commission Test Office', nameNp: 'आयोग परीक्षण कार्यालय' },
  examCentre: { nameEn: 'Test Exam Hall', nameNp: 'परीक्षण परीक्षा भवन' },
  promotionType: { nameEn: 'Seniority promotion', nameNp: 'ज्येष्ठताबाट बढुवा' },
  faculty: { nameEn: 'Recruitment Test Faculty', nameNp: 'भर्ना परीक्षण सङ्काय' },
};

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/uploads/${name}`, import.meta.url));

type Envelope<T> = { status: 0 | 1; message: string; data: T };

async function tokenOf(url: string, account: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Basic ${btoa('staff-desktop:staff-desktop-secret')}` },
    body: JSON.stringify({ grant_type: 'password', ...account }),
  });
  return ((await response.json()) as Envelope<{ accessToken: string }>).data.accessToken;
}

async function send<T>(url: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const parsed = (await response.json()) as Envelope<T>;
  expect(response.status, `${method} ${path}: ${JSON.stringify(parsed)}`).toBe(200);
  return parsed.data;
}

/** The master data the flow needs, created through the master-data API as an administrator would. */
async function createMasterData(url: string, token: string) {
  const add = (type: string, row: object) => send<{ id: number }>(url, token, 'POST', `/api/admin/master/${type}`, row);
  const service = await add('services', NAMES.service);
  await add('service-groups', { ...NAMES.group, serviceId: service.id });
  const serviceClass = await add('service-classes', { ...NAMES.class, rank: 77 });
  await add('posts', { ...NAMES.post, classId: serviceClass.id });
  await add('organizations', NAMES.demandOffice);
  const office = await add('organizations', { ...NAMES.commissionOffice, isCommissionOffice: true });
  // Numbers far from the demo office's range: numbers are unique within a fiscal year.
  await add('advertisement-ranges', { organizationId: office.id, fiscalYear: fiscalYearOf(todayAd()), numberFrom: 7001, numberTo: 7999 });
  await add('exam-centres', { ...NAMES.examCentre, organizationId: office.id, centerCapacity: 600 });
  await add('promotion-types', NAMES.promotionType);
  await add('faculties', NAMES.faculty);
}

/** Types the B.S. day of an A.D. date into a B.S. date picker and closes its calendar. */
async function typeDate(page: Page, testId: string, date: string) {
  const input = page.getByTestId(testId).locator('.ant-picker input');
  await input.click();
  await input.fill(formatBsIso(adToBs(date)));
  await page.keyboard.press('Enter');
}

function addDays(ad: string, days: number): string {
  const date = new Date(`${ad}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe('requisition to published advertisement on the workstation, then on the portal', () => {
  const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-recruitment-e2e-' });

  beforeAll(async () => {
    const token = await tokenOf(running.product.url, ADMIN);
    await createMasterData(running.product.url, token);
  });

  it('takes a requisition through approval, distribution and publication, and candidates see it in both calendars', async () => {
    const today = todayAd();
    const dates = {
      publishDate: today,
      paymentLastDate: addDays(today, 14),
      lastDateForSubmission: addDays(today, 21),
      doubleFeeLastDate: addDays(today, 28),
      ageCutOffDate: addDays(today, 21),
    };

    // The administrator's sign-in fills the workstation's master-data copy (the officer, with RQ
    // only, may not read the change feed; the copy is the machine's, shared by whoever signs in).
    const adminPage = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(adminPage, ADMIN);
    await waitForCachedRow(running.product.url, 'exam-centres', NAMES.examCentre.nameEn);

    // 1. The officer enters the requisition by post.
    const officerPage = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(officerPage, OFFICER);
    await officerPage.goto(`${running.product.url}/staff/admin/requisition`);
    await officerPage.getByTestId('add-post-requisition').click();
    await officerPage.getByTestId('requisition-form').waitFor();
    await officerPage.getByTestId('req-requisitionNo').fill(REQUISITION_NO);
    await choose(officerPage, 'req-serviceId', NAMES.service.nameNp);
    await choose(officerPage, 'req-groupId', NAMES.group.nameNp);
    await choose(officerPage, 'req-classId', NAMES.class.nameNp);
    await choose(officerPage, 'req-postId', NAMES.post.nameNp);
    await choose(officerPage, 'req-demandOrganizationId', NAMES.demandOffice.nameNp);
    await choose(officerPage, 'req-requestOrganizationId', NAMES.commissionOffice.nameNp);
    await officerPage.getByTestId('req-workSummary').fill('Planning and supervision of recruitment tests.');
    await saveScreenshot(officerPage, 'staff-recruitment-1-requisition-details');
    await officerPage.getByRole('tab', { name: 'कोटा' }).click();
    for (const [field, value] of Object.entries({ totalVacancy: '10', proposedOpen: '5', proposedFemale: '3', proposedInternal: '1', proposedMadhesi: '1' })) {
      await officerPage.getByTestId(`req-${field}`).fill(value);
    }
    await officerPage.getByTestId('req-quota-sum').filter({ hasText: '१० मध्ये १०' }).waitFor();
    await saveScreenshot(officerPage, 'staff-recruitment-2-requisition-quotas');
    await officerPage.getByRole('tab', { name: 'दस्तुर' }).click();
    for (const [field, value] of Object.entries({ applicationFee: '1000', internalCompetitionFee: '500', extraQuotaFee: '200', extraServiceFee: '300', extraClusterFee: '100' })) {
      await officerPage.getByTestId(`req-${field}`).fill(value);
    }
    await saveScreenshot(officerPage, 'staff-recruitment-3-requisition-fees');

    // spec §5: saving without the document is refused with a message, and nothing is sent.
    await officerPage.getByTestId('req-save').click();
    await officerPage.getByTestId('req-document-error').filter({ hasText: 'कृपया माग कागजात छान्नुहोस्।' }).waitFor();
    await saveScreenshot(officerPage, 'staff-recruitment-4-document-required');
    await officerPage.locator('input[type=file]').setInputFiles(fixture('document.pdf'));
    await officerPage.getByTestId('req-document-name').filter({ hasText: 'document.pdf' }).waitFor();
    await officerPage.getByTestId('req-save').click();
    await officerPage.waitForURL(/\/staff\/admin\/requisition$/);
    const officerRow = officerPage.getByRole('row').filter({ hasText: NAMES.post.nameNp });
    await officerRow.getByText('पेश गरिएको').waitFor();
    await saveScreenshot(officerPage, 'staff-recruitment-5-requisition-list');
    await officerPage.context().close();

    // 2. The approver approves it with a remark.
    const approverPage = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(approverPage, APPROVER);
    await approverPage.goto(`${running.product.url}/staff/admin/approval/requisition`);
    const pendingRow = approverPage.getByRole('row').filter({ hasText: NAMES.post.nameNp });
    await pendingRow.getByRole('button', { name: 'स्वीकृत गर्नुहोस्', exact: true }).click();
    await approverPage.getByTestId('remark-input').fill('Budget and positions confirmed.');
    await settleAnimations(approverPage);
    await saveScreenshot(approverPage, 'staff-recruitment-6-approve-requisition');
    await approverPage.getByTestId('remark-confirm').click();
    await approverPage.getByTestId('remark-input').waitFor({ state: 'detached' });
    await pendingRow.waitFor({ state: 'detached' });

    // 3. The approver distributes the 10 vacancies: automatic proposal, then a number per quota.
    await approverPage.goto(`${running.product.url}/staff/admin/percentage-distribution`);
    await approverPage.getByRole('row').filter({ hasText: NAMES.post.nameNp }).getByRole('link', { name: 'वर्गीकरण गर्नुहोस्' }).click();
    await approverPage.getByTestId('distribution-form').waitFor();
    await approverPage.getByTestId('distribution-total').filter({ hasText: '१०' }).waitFor();
    await approverPage.getByTestId('distribution-save').click();
    // spec §5: nothing distributed yet, so the form says what is missing instead of sending.
    await approverPage.getByTestId('distribution-issues').waitFor();
    await approverPage.getByTestId('distribution-propose').click();
    await approverPage.getByTestId('distribution-sum').filter({ hasText: '१० मध्ये १०' }).waitFor();
    const lineCount = await approverPage.locator('[data-testid^="line-generate-"]').count();
    expect(lineCount).toBeGreaterThan(1);
    for (let index = 0; index < lineCount; index += 1) {
      await approverPage.getByTestId(`line-generate-${index}`).click();
      await approverPage.getByTestId(`line-number-${index}`).waitFor();
    }
    const numberLabels = await approverPage.locator('[data-testid^="line-number-"]').allInnerTexts();
    expect(new Set(numberLabels).size).toBe(lineCount);
    await saveScreenshot(approverPage, 'staff-recruitment-7-distribution');
    await approverPage.getByTestId('distribution-save').click();
    await approverPage.waitForURL(/\/staff\/admin\/percentage-distribution$/);

    // 4. The administrator approves the distribution (its author may not): the advertisement is made.
    await adminPage.goto(`${running.product.url}/staff/admin/approval/percentage-distribution`);
    const distributionRow = adminPage.getByRole('row').filter({ hasText: NAMES.post.nameNp });
    await distributionRow.getByRole('button', { name: 'स्वीकृत गर्नुहोस्', exact: true }).click();
    await adminPage.getByTestId('remark-input').fill('Shares as the Civil Service Act sets them.');
    await settleAnimations(adminPage);
    await saveScreenshot(adminPage, 'staff-recruitment-8-approve-distribution');
    await adminPage.getByTestId('remark-confirm').click();
    await adminPage.getByTestId('remark-input').waitFor({ state: 'detached' });
    await distributionRow.waitFor({ state: 'detached' });

    // 5. The approver configures the advertisement: dates (B.S. beside A.D.) and an exam centre.
    await approverPage.goto(`${running.product.url}/staff/admin/publish-advertisement`);
    await approverPage.getByRole('row').filter({ hasText: NAMES.post.nameNp }).getByRole('link', { name: 'खोल्नुहोस्' }).click();
    await approverPage.getByTestId('configure-form').waitFor();
    for (const [key, value] of Object.entries(dates)) await typeDate(approverPage, `date-${key}`, value);
    await approverPage.getByTestId('date-publishDate-ad').filter({ hasText: formatAdDate(today, 'ne', 'long') }).waitFor();
    await choose(approverPage, 'config-exam-centres', NAMES.examCentre.nameNp);
    await approverPage.getByTestId('publish-advertisement').locator('.ant-card-head-title').click();
    await approverPage.getByTestId('configure-save').click();
    await approverPage.getByTestId('action-pre-live').waitFor();
    await settleAnimations(approverPage);
    await saveScreenshot(approverPage, 'staff-recruitment-9-configured');

    // 6. Pre-live, then publish; the details show the history and the numbers.
    await approverPage.getByTestId('action-pre-live').click();
    await approverPage.getByTestId('transition-confirm').click();
    await approverPage.getByTestId('action-publish').click();
    await approverPage.getByTestId('transition-confirm').click();
    await approverPage.getByTestId('action-close').waitFor();
    await approverPage.getByRole('link', { name: 'विवरण' }).click();
    await approverPage.getByTestId('advertisement-details').waitFor();
    await approverPage.getByTestId('advertisement-history').getByText('प्रकाशित').first().waitFor();
    const code = (await approverPage.getByTestId('advertisement-facts').locator('td').first().innerText()).trim();
    await saveScreenshot(approverPage, 'staff-recruitment-10-published-details');
    await approverPage.context().close();

    // The status counts and the report know it too.
    await adminPage.goto(`${running.product.url}/staff/admin/bigyapan/status`);
    await adminPage.getByTestId('advertisement-status-list').getByText(code).waitFor();
    await saveScreenshot(adminPage, 'staff-recruitment-11-status');
    await adminPage.goto(`${running.product.url}/staff/admin/advertisement-report`);
    await adminPage.getByTestId('advertisement-report').getByRole('row').filter({ hasText: code }).waitFor();
    await saveScreenshot(adminPage, 'staff-recruitment-12-report');
    await adminPage.context().close();

    // 7. The candidate portal lists it, at 360 px, in Nepali, with both calendars.
    const candidatePage = await openPage(running.browser, `${running.product.url}/login`, { width: 360, height: 780 });
    await signInAs(candidatePage, DEMO_CANDIDATE);
    await candidatePage.waitForURL(/\/home$/);
    await candidatePage.goto(`${running.product.url}/vacancy`);
    await candidatePage.getByTestId('vacancy-search').locator('input').fill(NAMES.post.nameEn);
    await candidatePage.keyboard.press('Enter');
    const card = candidatePage.getByTestId('vacancy-card').filter({ hasText: NAMES.post.nameNp });
    // The search answers one advertisement (the unfiltered list shown first has the demo one too).
    await candidatePage.getByTestId('vacancy-count').filter({ hasText: 'जम्मा १ विज्ञापन' }).waitFor();
    await card.waitFor();
    expect(await candidatePage.getByTestId('vacancy-card').count()).toBe(1);
    expect(await card.textContent()).toContain(code);
    const publishText = await card.getByTestId('vacancy-publishDate').innerText();
    expect(publishText).toContain(formatBsDate(adToBs(today), 'ne', 'long'));
    expect(publishText).toContain(formatAdDate(today, 'ne', 'long'));
    for (const label of numberLabels) expect(await card.getByTestId('vacancy-quotas').innerText()).toContain(label);
    // Applying starts from the card.
    expect(await card.getByTestId('vacancy-apply').isVisible()).toBe(true);
    expect(await hasHorizontalScroll(candidatePage)).toBe(false);
    await saveScreenshot(candidatePage, 'portal-vacancy-list-360');
    await card.getByTestId('vacancy-toggle').click();
    await card.getByTestId('vacancy-fees').waitFor();
    // The sticky header would be drawn over the middle of a full-page picture taken scrolled down.
    await candidatePage.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(candidatePage, 'portal-vacancy-details-360');
    await candidatePage.context().close();
  });
  it('updates a number (old and new shown), adds a quota, changes a date, and sets up a promotion and a relevance', async () => {
    const token = await tokenOf(running.product.url, ADMIN);
    const found = await send<{ items: { id: number; code: string; totalVacancy: number }[] }>(running.product.url, token, 'GET', `/api/admin/advertisements?search=${encodeURIComponent(NAMES.post.nameEn)}`);
    const advertisement = found.items[0]!;
    const page = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(page, ADMIN);

    // spec §5: a new number replaces the old one, and both stay in view.
    await page.goto(`${running.product.url}/staff/admin/advertisementlistDetails?id=${advertisement.id}`);
    const quotaTable = page.getByTestId('advertisement-quotas');
    // Rows follow the numbers, so the row is found again by its quota's name after the change.
    const quotaName = (await quotaTable.locator('tbody tr.ant-table-row').first().locator('td').first().innerText()).trim();
    const firstRow = quotaTable.locator('tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name: quotaName, exact: true }) });
    const oldNumber = (await firstRow.locator('td').nth(2).innerText()).trim();
    await firstRow.getByRole('button', { name: 'नम्बर बदल्नुहोस्' }).click();
    await page.getByTestId('update-number-save').click();
    await page.getByText('पहिले नयाँ नम्बर निकाल्नुहोस्।').waitFor();
    await page.getByTestId('update-number-generate').click();
    const newNumber = (await page.getByTestId('update-number-new').innerText()).trim();
    expect(newNumber).not.toBe(oldNumber);
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-recruitment-13-update-number');
    await page.getByTestId('update-number-save').click();
    await firstRow.locator('td').nth(3).filter({ hasText: oldNumber }).waitFor();
    expect((await firstRow.locator('td').nth(2).innerText()).trim()).toBe(newNumber);

    // [AQTEA] one more quota with a number of its own: the total grows by one.
    await page.getByTestId('action-add-quota').click();
    await page.getByTestId('add-quota').waitFor();
    await choose(page, 'add-quota-quota', 'दलित');
    await page.getByTestId('add-quota-vacancies').fill('1');
    await page.getByTestId('add-quota-generate').click();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-recruitment-14-add-quota');
    await page.getByTestId('add-quota-save').click();
    await page.getByTestId('advertisement-details').waitFor();
    await quotaTable.getByRole('row').filter({ hasText: 'दलित' }).waitFor();
    await page.getByTestId('advertisement-facts').getByText('११', { exact: true }).waitFor();
    await saveScreenshot(page, 'staff-recruitment-15-details-after-edits');

    // change-advertisement-date: a later double-fee date, B.S. beside it.
    await page.getByTestId('action-change-dates').click();
    await page.getByTestId('change-advertisement-date').waitFor();
    const later = addDays(todayAd(), 35);
    await typeDate(page, 'date-doubleFeeLastDate', later);
    await page.getByTestId('date-doubleFeeLastDate-ad').filter({ hasText: formatAdDate(later, 'ne', 'long') }).waitFor();
    expect(await page.getByTestId('date-doubleFeeLastDate').locator('.ant-picker input').inputValue()).toBe(formatBsDate(adToBs(later), 'ne'));
    await page.getByTestId('dates-save').click();
    await page.getByText('सफलतापूर्वक सुरक्षित गरियो।').first().waitFor();
    await saveScreenshot(page, 'staff-recruitment-16-change-dates');

    // Optional subjects and exam centres are fixed once published (the screen says so).
    await page.goto(`${running.product.url}/staff/admin/configure-optional-subject/${advertisement.id}`);
    await page.getByText('विज्ञापन प्रकाशित भएपछि ऐच्छिक विषय र परीक्षा केन्द्र बदलिँदैनन्।').waitFor();
    await saveScreenshot(page, 'staff-recruitment-17-options-fixed');

    // Promotion: set up as a draft, then approved (live).
    await page.goto(`${running.product.url}/staff/admin/configuratuin/add-promotion`);
    await choose(page, 'promotion-type', NAMES.promotionType.nameNp);
    await choose(page, 'promotion-service', NAMES.service.nameNp);
    await choose(page, 'promotion-class', NAMES.class.nameNp);
    await page.getByTestId('promotion-vacancies').fill('2');
    await page.getByTestId('promotion-fee').fill('800');
    await page.getByTestId('promotion-area').fill('Kathmandu valley');
    await page.getByTestId('promotion-save').click();
    await page.getByRole('row').filter({ hasText: NAMES.promotionType.nameNp }).getByText('मस्यौदा').waitFor();
    await saveScreenshot(page, 'staff-recruitment-18-add-promotion');
    await page.goto(`${running.product.url}/staff/admin/configuration/approve-promotion`);
    await page.getByRole('row').filter({ hasText: NAMES.promotionType.nameNp }).getByRole('button', { name: 'स्वीकृत गर्नुहोस्', exact: true }).click();
    await page.getByTestId('remark-input').fill('Decision of the commission meeting.');
    await page.getByTestId('remark-confirm').click();
    await page.getByTestId('remark-input').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'लागू' }).click();
    await page.getByRole('row').filter({ hasText: NAMES.promotionType.nameNp }).waitFor();
    await saveScreenshot(page, 'staff-recruitment-19-promotion-live');

    // Relevance: created, then shown in the view.
    await page.goto(`${running.product.url}/staff/admin/configuration/relevance/create`);
    await choose(page, 'relevance-service', NAMES.service.nameNp);
    await choose(page, 'relevance-faculty', NAMES.faculty.nameNp);
    await page.getByTestId('relevance-descriptionEn').fill('Counts for the recruitment test service.');
    await page.getByTestId('relevance-save').click();
    await page.waitForURL(/\/configuration\/relevance\/view$/);
    await page.getByRole('row').filter({ hasText: NAMES.faculty.nameNp }).waitFor();
    await saveScreenshot(page, 'staff-recruitment-20-relevance');

    // service-requisition/design: the requisitions by service (none yet), with the way to add one.
    await page.goto(`${running.product.url}/staff/admin/requisition/service-requisition/design`);
    await page.getByTestId('add-service-requisition').waitFor();
    await saveScreenshot(page, 'staff-recruitment-21-service-design');
    await page.context().close();
  });

  it('shows the quota shares of the automatic proposal and keeps them at 100%', async () => {
    const page = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(page, ADMIN);
    await page.goto(`${running.product.url}/staff/admin/percentage-distribution`);
    await page.getByTestId('open-quota-shares').click();
    const total = page.getByTestId('quota-shares-total');
    await total.filter({ hasText: '१००.००%' }).waitFor();
    // A share that breaks the 100% total cannot be saved; putting it back can.
    const women = page.getByLabel('महिला', { exact: true });
    await women.fill('20');
    await women.blur();
    await total.filter({ hasText: '१०५.१५%' }).waitFor();
    expect(await page.getByTestId('quota-shares-save').isDisabled()).toBe(true);
    await saveScreenshot(page, 'staff-recruitment-22-quota-shares-over');
    await women.fill('14.85');
    await women.blur();
    await total.filter({ hasText: '१००.००%' }).waitFor();
    await page.getByTestId('quota-shares-save').click();
    await page.locator('.ant-message-success').waitFor();
    await saveScreenshot(page, 'staff-recruitment-23-quota-shares');
    await page.context().close();
  });
});
