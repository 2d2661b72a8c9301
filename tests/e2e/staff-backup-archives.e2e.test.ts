import { toDevanagariDigits } from '@psc/core';
import { schema } from '@psc/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { settleAnimations } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// backup-scrutiny and backup-rmis [BUK] (spec §2) on the workstation: the administrator chooses
// the demo's advertisement in scrutiny, reads what its archive holds, and downloads it; the
// workbook holds a row for each of its decisions (and undecided application) or payments.

const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-archives-e2e-' });

/** The demo's advertisement in scrutiny: the one with an application on hold. */
async function demoScrutinyAdvertisement() {
  const db = running.product.db;
  const [row] = await db
    .select({ id: schema.advertisements.id, code: schema.advertisements.code })
    .from(schema.advertisements)
    .innerJoin(schema.scrutinyAllocations, eq(schema.scrutinyAllocations.advertisementId, schema.advertisements.id))
    .where(eq(schema.scrutinyAllocations.status, 'hold'))
    .limit(1);
  const applications = await db
    .select({ id: schema.applications.id })
    .from(schema.applications)
    .where(and(eq(schema.applications.advertisementId, row!.id), eq(schema.applications.paymentState, 'paid')));
  const ids = applications.map((application) => application.id);
  const [decisions] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.scrutinyDecisions).where(inArray(schema.scrutinyDecisions.applicationId, ids));
  const [undecided] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.applications)
    .where(and(inArray(schema.applications.id, ids), sql`not exists (select 1 from scrutiny_decisions d where d.application_id = ${schema.applications.id})`));
  const [payments] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.payments)
    .innerJoin(schema.charges, eq(schema.charges.id, schema.payments.chargeId))
    .where(inArray(schema.charges.applicationId, ids));
  return { ...row!, applications: ids.length, scrutinyRows: Number(decisions!.count) + Number(undecided!.count), payments: Number(payments!.count) };
}

async function readSheet(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook.worksheets[0]!;
}

describe('the archive screens', () => {
  it('the administrator downloads the scrutiny and the payment archive of the demo advertisement in scrutiny', async () => {
    const { url } = running.product;
    const advertisement = await demoScrutinyAdvertisement();
    expect(advertisement.applications).toBe(5);
    const page = await openPage(running.browser, `${url}/staff/login`, { width: 1400, height: 900 });
    await signInToWorkstation(page, STAFF_ADMIN);

    for (const kind of ['scrutiny', 'rmis'] as const) {
      await page.goto(`${url}/staff/admin/backup-${kind}`);
      const screen = page.getByTestId(`archive-${kind}`);
      await screen.waitFor();
      await page.getByTestId('archive-advertisement').click();
      await page.locator('.ant-select-item-option').filter({ hasText: toDevanagariDigits(advertisement.code) }).filter({ visible: true }).first().click();
      const counts = page.getByTestId('archive-counts');
      await counts.waitFor();
      const [countKey, expected] = kind === 'scrutiny' ? ['applications', advertisement.applications] : ['payments', advertisement.payments];
      await page.getByTestId(`archive-${countKey}`).filter({ hasText: toDevanagariDigits(String(expected)) }).waitFor();
      await settleAnimations(page);
      await saveScreenshot(page, `staff-backup-${kind}`);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('archive-download').click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^${kind}-archive-.+\\.xlsx$`));
      const sheet = await readSheet((await download.path())!);
      expect(sheet.getRow(1).getCell(1).value).toContain(advertisement.code);
      expect(sheet.getRow(2).getCell(1).value).toBe('क्र.सं.');
      // The title row, the header, then one row for each decision or payment.
      expect(sheet.actualRowCount - 2).toBe(kind === 'scrutiny' ? advertisement.scrutinyRows : advertisement.payments);
      if (kind === 'scrutiny') {
        expect(sheet.name).toBe('रुजु निर्णयहरू');
        const decisions = Array.from({ length: advertisement.scrutinyRows }, (_, index) => sheet.getRow(index + 3).getCell(7).value);
        expect(decisions).toContain('रोक्का');
      } else {
        expect(sheet.name).toBe('भुक्तानीहरू');
        expect(sheet.getRow(3).getCell(7).value).toBe('अनलाइन');
      }
      await page.locator('.ant-message').getByText('नाममा सुरक्षित भयो').waitFor();
    }
    await page.context().close();
  }, 180_000);

  it('the report screens download the rows they show as Excel', async () => {
    const { url } = running.product;
    const advertisement = await demoScrutinyAdvertisement();
    const page = await openPage(running.browser, `${url}/staff/login`, { width: 1400, height: 900 });
    await signInToWorkstation(page, STAFF_ADMIN);
    await page.goto(`${url}/staff/admin/application-count-report`);
    const report = page.getByTestId('application-count-report');
    await report.locator('tr.ant-table-row').first().waitFor();
    const shown = await report.locator('tr.ant-table-row').count();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-application-count-report');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('application-count-excel').click()]);
    expect(download.suggestedFilename()).toBe('application-count.xlsx');
    const sheet = await readSheet((await download.path())!);
    expect(sheet.name).toBe('दरखास्त सङ्ख्या');
    expect(sheet.actualRowCount - 2).toBe(shown);
    const codes = Array.from({ length: shown }, (_, index) => sheet.getRow(index + 3).getCell(1).value);
    expect(codes).toContain(advertisement.code);

    await page.goto(`${url}/staff/admin/advertisement-report`);
    const advertisements = page.getByTestId('advertisement-report');
    await advertisements.locator('tr.ant-table-row').first().waitFor();
    const listed = await advertisements.locator('tr.ant-table-row').count();
    const [advertisementFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('advertisement-report-excel').click()]);
    expect(advertisementFile.suggestedFilename()).toBe('advertisement-report.xlsx');
    const advertisementSheet = await readSheet((await advertisementFile.path())!);
    expect(advertisementSheet.name).toBe('विज्ञापनहरू');
    expect(advertisementSheet.actualRowCount - 2).toBe(listed);
    await page.context().close();
  }, 120_000);
});
