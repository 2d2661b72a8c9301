import { addDaysAd, toDevanagariDigits, todayAd } from '@psc/core';
import { DEMO_ACCOUNTS, schema, seedAdvertisement, type SeededAdvertisement } from '@psc/db';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, startsProductAndBrowser, type Running } from './support/harness';
import { signInToWorkstation, STAFF_ADMIN, chooseOption as choose, waitForCachedRow } from './staff-steps';

// Finalised scrutiny, the scrutiny report and the caste classification on the workstation (spec
// §2 finalized-scrutiny [SM], scrutiny/report [SD], scrutiny/caste-classification; §4 finalise;
// §5 "Scrutiny report: office, advertisement code, fiscal year and exam centre required"), then
// academic-qualification and configuration/decision. The advertisement whose applications have
// closed is written straight into the product's database (no screen closes one yet); allocation
// and decisions go through the API as the allocator and the demo's scrutiny officer would.

const NAMES = {
  office: { nameEn: 'Scrutiny Report Office', nameNp: 'रुजु प्रतिवेदन कार्यालय' },
  centre: { nameEn: 'Scrutiny Report Hall', nameNp: 'रुजु प्रतिवेदन भवन' },
};
const OFFICER = { username: DEMO_ACCOUNTS.scrutinyOfficer.username, password: DEMO_ACCOUNTS.scrutinyOfficer.password };

type Envelope<T> = { status: 0 | 1; message: string; data: T };

async function tokenOf(url: string, account: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Basic ${btoa('staff-desktop:staff-desktop-secret')}` },
    body: JSON.stringify({ grant_type: 'password', ...account }),
  });
  return ((await response.json()) as Envelope<{ accessToken: string }>).data.accessToken;
}

async function send<T>(url: string, token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const parsed = (await response.json()) as Envelope<T>;
  expect(response.status, `POST ${path}: ${JSON.stringify(parsed)}`).toBe(200);
  return parsed.data;
}

type Setup = { advertisement: SeededAdvertisement; applicationIds: number[] };

/** An advertisement past its double-fee date, at one new office and exam centre, with three paid applications claiming the open quota. */
async function seedClosedAdvertisement(running: Running): Promise<Setup> {
  const db = running.product.db;
  const [office] = await db.insert(schema.organizations).values({ ...NAMES.office, isCommissionOffice: true }).returning({ id: schema.organizations.id });
  const [centre] = await db.insert(schema.examCentres).values({ ...NAMES.centre, organizationId: office!.id, centerCapacity: 300 }).returning({ id: schema.examCentres.id });
  const [admin] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, STAFF_ADMIN.username));
  const today = todayAd();
  const advertisement = await seedAdvertisement(db, {
    actorUserId: admin!.id,
    organizationId: office!.id,
    examCentreIds: [centre!.id],
    status: 'published',
    quotas: [
      { code: 'open', vacancies: 3 },
      { code: 'women', vacancies: 1 },
    ],
    dates: {
      publishDate: addDaysAd(today, -40),
      paymentLastDate: addDaysAd(today, -10),
      lastDateForSubmission: addDaysAd(today, -10),
      doubleFeeLastDate: addDaysAd(today, -3),
      ageCutOffDate: addDaysAd(today, -10),
    },
  });
  // The demo's two candidates with whole profiles, and one more who never completed hers.
  const demo = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(inArray(schema.users.username, [DEMO_ACCOUNTS.candidate.username, DEMO_ACCOUNTS.applicant.username]));
  const [bare] = await db
    .insert(schema.users)
    .values({ kind: 'candidate', username: 'scrutiny_report_e2e', email: 'scrutiny.report.e2e@example.com', firstNameEn: 'Sita', lastNameEn: 'Karki', firstNameNp: 'सीता', lastNameNp: 'कार्की', passwordHash: 'not-a-password' })
    .returning({ id: schema.users.id });
  const applications = await db
    .insert(schema.applications)
    .values(
      [...demo.map((user) => user.id), bare!.id].map((userId) => ({
        userId,
        advertisementId: advertisement.advertisementId,
        status: 'pending' as const,
        paymentState: 'paid' as const,
        examCentreId: centre!.id,
        ageYears: 27,
        ageMonths: 0,
        ageDays: 0,
        termsAcceptedAt: new Date(),
        receiptCode: `E${randomBytes(7).toString('hex').toUpperCase()}`,
      })),
    )
    .returning({ id: schema.applications.id });
  const [openQuota] = await db
    .select({ id: schema.advertisementQuotas.id })
    .from(schema.advertisementQuotas)
    .innerJoin(schema.quotas, eq(schema.quotas.id, schema.advertisementQuotas.quotaId))
    .where(eq(schema.advertisementQuotas.advertisementId, advertisement.advertisementId))
    .orderBy(schema.advertisementQuotas.id)
    .limit(1);
  await db.insert(schema.applicationQuotas).values(applications.map((row) => ({ applicationId: row.id, advertisementQuotaId: openQuota!.id })));
  return { advertisement, applicationIds: applications.map((row) => row.id).sort((a, b) => a - b) };
}

describe('finalised scrutiny and the scrutiny reports on the workstation', () => {
  const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-scrutiny-reports-e2e-' });
  let setup: Setup;

  beforeAll(async () => {
    setup = await seedClosedAdvertisement(running);
    const url = running.product.url;
    const adminToken = await tokenOf(url, STAFF_ADMIN);
    const [officer] = await running.product.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, OFFICER.username));
    await send(url, adminToken, `/api/admin/scrutiny/advertisements/${setup.advertisement.advertisementId}/allocations`, { mode: 'even', officers: [{ officerId: officer!.id }] });
    const officerToken = await tokenOf(url, OFFICER);
    // Two approved; the third is decided later, so finalising is refused first.
    for (const id of setup.applicationIds.slice(0, 2)) await send(url, officerToken, `/api/admin/scrutiny/applications/${id}/decisions`, { decision: 'approve', version: 0 });
  });

  it('refuses to finalise with an application pending, finalises once all are decided, then shows the report, its Excel and the caste classification', async () => {
    const url = running.product.url;
    const { advertisement, applicationIds } = setup;
    const page = await openPage(running.browser, `${url}/staff/login`);
    await signInToWorkstation(page, STAFF_ADMIN);

    // 1. finalized-scrutiny: refused with the counts while one is pending.
    await page.goto(`${url}/staff/admin/finalized-scrutiny`);
    const id = advertisement.advertisementId;
    await page.getByTestId(`finalise-${id}`).click();
    await page.getByTestId('finalise-confirm').click();
    await page.locator('.ant-message').getByText('यो विज्ञापनको रुजु अझै सम्पन्न गर्न मिल्दैन', { exact: false }).waitFor();
    await saveScreenshot(page, 'staff-scrutiny-reports-1-finalise-refused');

    const officerToken = await tokenOf(url, OFFICER);
    await send(url, officerToken, `/api/admin/scrutiny/applications/${applicationIds[2]}/decisions`, { decision: 'reject', remark: 'Citizenship copy unreadable', version: 0 });
    await page.reload();
    await page.getByTestId(`finalise-${id}`).click();
    await page.getByTestId('finalise-confirm').click();
    await page.getByTestId(`final-state-${id}`).filter({ hasText: 'सम्पन्न' }).waitFor();
    await page.getByTestId(`reopen-${id}`).waitFor();
    await saveScreenshot(page, 'staff-scrutiny-reports-2-finalised');

    // A decision after it is refused with the clear message.
    const refused = await fetch(`${url}/api/admin/scrutiny/applications/${applicationIds[2]}/decisions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${officerToken}`, 'Accept-Language': 'en' },
      body: JSON.stringify({ decision: 'revert', remark: 'second look', version: 1 }),
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as Envelope<null>).message).toBe('Scrutiny of this advertisement has been finalised: nothing can be changed until it is reopened.');

    // 2. scrutiny/report: the four filters are required, then the report and its Excel.
    await waitForCachedRow(url, 'exam-centres', NAMES.centre.nameEn);
    await page.goto(`${url}/staff/admin/scrutiny/report`);
    await page.getByTestId('report-show').click();
    await page.getByText('कार्यालय अनिवार्य छ।').waitFor();
    await page.getByText('परीक्षा केन्द्र अनिवार्य छ।').waitFor();
    await saveScreenshot(page, 'staff-scrutiny-reports-3-report-required');
    await choose(page, 'report-office', NAMES.office.nameNp);
    await page.getByTestId('report-code').fill(toDevanagariDigits(advertisement.code));
    await page.getByTestId('report-fiscal-year').fill(advertisement.fiscalYear);
    await choose(page, 'report-exam-centre', NAMES.centre.nameNp);
    await page.getByTestId('report-show').click();
    await page.getByTestId('report-table').getByRole('row').filter({ hasText: 'सीता कार्की' }).waitFor();
    await page.getByTestId('report-counts').getByText(`स्वीकृत: ${toDevanagariDigits('2')}`).waitFor();
    expect(await page.getByTestId('report-excel').isEnabled()).toBe(true);
    await saveScreenshot(page, 'staff-scrutiny-reports-4-report');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-excel').click()]);
    expect(download.suggestedFilename()).toMatch(/^scrutiny-report-.+\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('रुजु प्रतिवेदन');
    expect(sheet.getRow(2).getCell(1).value).toBe('क्र.सं.');
    const rows = [3, 4, 5].map((row) => sheet.getRow(row).values as unknown[]);
    expect(rows.map((row) => row[1])).toEqual([1, 2, 3]);
    expect(rows.map((row) => row[5])).toEqual(['स्वीकृत', 'स्वीकृत', 'अस्वीकृत']);
    expect(rows[2]![4]).toBe('सीता कार्की');
    expect(String(rows[0]![7])).toContain('खुला: स्वीकृत');
    expect(sheet.getRow(1).getCell(1).value).toContain(NAMES.centre.nameNp);

    // 3. scrutiny/caste-classification of the approved applicants.
    await page.goto(`${url}/staff/admin/scrutiny/caste-classification`);
    await page.getByTestId('caste-code').fill(advertisement.code);
    await page.getByTestId('caste-show').click();
    await page.getByTestId('caste-total').filter({ hasText: `स्वीकृत उम्मेदवार: ${toDevanagariDigits('2')}` }).waitFor();
    await page.getByTestId('caste-byQuota').getByText('खुला').waitFor();
    await saveScreenshot(page, 'staff-scrutiny-reports-5-caste-classification');
    const [casteFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('caste-excel').click()]);
    const casteBook = new ExcelJS.Workbook();
    await casteBook.xlsx.readFile((await casteFile.path())!);
    expect(casteBook.worksheets.map((sheetOf) => sheetOf.name)).toEqual(['जात-जाति', 'समावेशी समूह (कोटा)', 'लिङ्ग', 'जिल्ला']);

    // 4. academic-qualification: a post's minimum qualification added through its form, viewed, listed.
    const db = running.product.db;
    const [post] = await db.select({ id: schema.posts.id, nameNp: schema.posts.nameNp }).from(schema.posts).where(eq(schema.posts.isActive, true)).orderBy(schema.posts.id).limit(1);
    const [level] = await db.select({ nameNp: schema.educationLevels.nameNp }).from(schema.educationLevels).orderBy(schema.educationLevels.rank).limit(1);
    await waitForCachedRow(url, 'posts', (await db.select({ nameEn: schema.posts.nameEn }).from(schema.posts).where(eq(schema.posts.id, post!.id)))[0]!.nameEn);
    await page.goto(`${url}/staff/admin/academic-qualification`);
    await page.getByTestId('qualification-add').click();
    await page.getByTestId('qualification-form').waitFor();
    await choose(page, 'qualification-post', post!.nameNp);
    await choose(page, 'qualification-level', level!.nameNp);
    await page.getByTestId('qualification-save').click();
    await page.getByTestId('qualification-view').getByText(level!.nameNp).waitFor();
    await saveScreenshot(page, 'staff-scrutiny-reports-6-qualification-view');
    await page.goto(`${url}/staff/admin/academic-qualification`);
    await page.getByTestId('qualification-table').getByRole('row').filter({ hasText: post!.nameNp }).waitFor();
    await saveScreenshot(page, 'staff-scrutiny-reports-7-academic-qualification');

    // 5. configuration/decision: the commission's decisions, the master-data screen fixed to them.
    const adminToken = await tokenOf(url, STAFF_ADMIN);
    await send(url, adminToken, '/api/admin/master/decisions', { decisionNo: '17', decisionDate: todayAd(), descriptionEn: 'Scrutiny finalised', descriptionNp: 'रुजु सम्पन्न' });
    await page.goto(`${url}/staff/admin/configuration/decision`);
    // The workstation's copy takes the new row at its next sync: asked for here.
    await page.getByTestId('master-sync').click();
    await page.getByTestId('master-data-screen').getByText('रुजु सम्पन्न').waitFor();
    await expect(page.getByTestId('master-type').count()).resolves.toBe(0);
    await saveScreenshot(page, 'staff-scrutiny-reports-8-decisions');

    // 6. The approval parent links the approvals the user may open; get-count counts one advertisement.
    await page.goto(`${url}/staff/admin/approval`);
    await page.getByTestId('approval-link-approval/requisition').waitFor();
    await page.getByTestId('approval-link-approval/percentage-distribution').waitFor();
    await saveScreenshot(page, 'staff-scrutiny-reports-9-approval');
    await page.goto(`${url}/staff/admin/advertisement/get-count/${advertisement.advertisementId}`);
    await page.getByTestId('advertisement-count').getByText(`दरखास्त (नहटाइएका): ${toDevanagariDigits('3')}`).waitFor();
    await saveScreenshot(page, 'staff-scrutiny-reports-10-advertisement-count');
    await page.context().close();
  });
});
