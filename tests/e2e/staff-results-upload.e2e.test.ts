import { toDevanagariDigits } from '@psc/core';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../api/src/applications/rows-of';
import { settleAnimations } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation } from './staff-steps';

// Attendance and marks on the workstation, in Nepali (spec §2 upload-attendance, candidate-result
// "excel", attendance-verification, result-verification [POEC]; §4 "Attendance and result:
// pending or verified lists; verify, revert, verify all, revert all"). The demo's current
// admit-card advertisement is seated: results.clerk downloads its first paper's template, fills
// it with a wrong row and is shown the row and the reason, corrects it and uploads it; uploads
// the marks the same way; is refused verifying her own rows; results.verifier verifies all.

const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-results-e2e-' });
const nepali = (value: number | string) => toDevanagariDigits(String(value));
const CLERK = { username: 'results.clerk', password: 'Officer@1234' };
const VERIFIER = { username: 'results.verifier', password: 'Officer@1234' };
const downloads = mkdtempSync(join(tmpdir(), 'psc-results-e2e-'));

afterAll(() => rmSync(downloads, { recursive: true, force: true }));

async function chooseSitting(page: Page, code: string) {
  await page.getByTestId('results-sitting').click();
  await page.keyboard.type(nepali(code));
  await page.locator('.ant-select-item-option').filter({ hasText: nepali(code), visible: true }).first().click();
  await page.locator('.ant-select-dropdown').filter({ visible: true }).waitFor({ state: 'hidden' });
}

/** Downloads the template shown, lets `fill` change its rows (row 2 onward), and answers the path of the filled file. */
async function downloadAndFill(page: Page, name: string, fill: (sheet: ExcelJS.Worksheet) => void): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('results-template').click()]);
  const path = join(downloads, `${name}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  fill(book.worksheets[0]!);
  await book.xlsx.writeFile(path);
  return path;
}

async function upload(page: Page, path: string) {
  await page.getByTestId('results-file').setInputFiles(path);
  await page.getByTestId('results-upload-button').click();
}

describe('attendance and marks upload and verification', () => {
  it('staff upload the demo exam\'s attendance and marks from its template; a second user verifies them', async () => {
    const { url, db } = running.product;
    const [demo] = rowsOf<{ code: string; seated: number }>(
      await db.execute(sql`
        select a.code, (select count(*)::int from seat_assignments sa where sa.allocation_id = ca.id) as seated
        from advertisements a join requisitions r on r.id = a.requisition_id
        join centre_allocations ca on ca.advertisement_id = a.id join exam_papers ep on ep.id = ca.exam_paper_id
        where r.requisition_no like 'DEMO-admit-cards-%' order by ep.paper_order limit 1`),
    );
    expect(demo).toMatchObject({ seated: 5 });

    const page = await openPage(running.browser, `${url}/staff/login`, { width: 1400, height: 1000 });
    await signInToWorkstation(page, CLERK);
    await page.goto(`${url}/staff/admin/upload-attendance`);
    await chooseSitting(page, demo!.code);
    // The template lists the five seated candidates; the clerk marks the last absent and types a
    // wrong word in the second row.
    const attendance = await downloadAndFill(page, 'attendance', (sheet) => {
      expect(sheet.rowCount).toBe(6);
      for (let row = 2; row <= 6; row += 1) sheet.getRow(row).getCell(4).value = row === 6 ? 'होइन' : 'हो';
      sheet.getRow(3).getCell(4).value = 'शायद';
    });
    await upload(page, attendance);
    await page.getByTestId('results-problems').getByText('हो वा होइन (yes वा no) लेख्नुहोस्।').waitFor();
    expect(await page.getByTestId('results-problems').locator('tbody tr td').first().textContent()).toBe(nepali(3));
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-results-1-attendance-problems');

    const corrected = await downloadAndFill(page, 'attendance-corrected', (sheet) => {
      for (let row = 2; row <= 6; row += 1) sheet.getRow(row).getCell(4).value = row === 6 ? 'no' : 'yes';
    });
    await upload(page, corrected);
    await page.getByTestId('results-upload-answer').getByText(`${nepali(5)} पङ्क्ति राखिए; अर्को प्रयोगकर्ताले प्रमाणित गर्न बाँकी छ।`).waitFor();
    await page.getByTestId('results-uploads').locator('tbody tr.ant-table-row').first().waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-results-2-attendance-stored');

    // Marks in Devanagari digits; the absent candidate's are left blank. The paper's full marks
    // are 20: 25 is refused, with the reason, before anything is stored.
    await page.goto(`${url}/staff/admin/candidate-result`);
    await chooseSitting(page, demo!.code);
    const over = await downloadAndFill(page, 'marks-over', (sheet) => {
      for (let row = 2; row <= 5; row += 1) sheet.getRow(row).getCell(4).value = nepali(row === 2 ? 25 : 10 + row);
    });
    await upload(page, over);
    await page.getByTestId('results-problems').getByText(`प्राप्ताङ्क ० देखि पत्रको पूर्णाङ्क ${nepali(20)} सम्म हुनुपर्छ।`).waitFor();
    const marks = await downloadAndFill(page, 'marks', (sheet) => {
      for (let row = 2; row <= 5; row += 1) sheet.getRow(row).getCell(4).value = nepali(`${10 + row}.५`);
    });
    await upload(page, marks);
    await page.getByTestId('results-upload-answer').getByText(`${nepali(5)} पङ्क्ति राखिए; अर्को प्रयोगकर्ताले प्रमाणित गर्न बाँकी छ।`).waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-results-3-marks-stored');

    // The clerk may not verify her own upload: the API says so.
    await page.goto(`${url}/staff/admin/attendance-verification/pending`);
    await chooseSitting(page, demo!.code);
    await page.getByTestId('verification-rows').locator('tbody tr.ant-table-row').nth(4).waitFor();
    await page.getByTestId('verify-all').click();
    await page.locator('#verify-all-confirm').click();
    await page.getByText('यी पङ्क्ति तपाईंले अपलोड गर्नुभएको हो: अर्को प्रयोगकर्ताले प्रमाणित गर्नुपर्छ।').waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-results-4-own-upload-refused');
    await page.context().close();

    const second = await openPage(running.browser, `${url}/staff/login`, { width: 1400, height: 1000 });
    await signInToWorkstation(second, VERIFIER);
    for (const [path, shot] of [
      ['attendance-verification', 'staff-results-5-attendance-verified'],
      ['result-verification', 'staff-results-6-marks-verified'],
    ] as const) {
      await second.goto(`${url}/staff/admin/${path}/pending`);
      await chooseSitting(second, demo!.code);
      await second.getByTestId('verification-rows').locator('tbody tr.ant-table-row').nth(4).waitFor();
      await second.getByTestId('verify-all').click();
      await second.locator('#verify-all-confirm').click();
      await second.locator('.ant-message').getByText(`प्रमाणित पङ्क्ति: ${nepali(5)}।`).waitFor();
      await second.goto(`${url}/staff/admin/${path}/verified`);
      await chooseSitting(second, demo!.code);
      await second.getByTestId('verification-rows').locator('tbody tr.ant-table-row').nth(4).waitFor();
      await settleAnimations(second);
      await saveScreenshot(second, shot);
    }
    const stored = rowsOf<{ present: number; verified: number; marks: number }>(
      await db.execute(sql`
        select count(*) filter (where pr.is_present)::int as present, count(*) filter (where pr.marks_status = 'verified' and pr.attendance_status = 'verified')::int as verified, count(pr.marks)::int as marks
        from paper_results pr join advertisements a on a.id = pr.advertisement_id where a.code = ${demo!.code}`),
    );
    expect(stored[0]).toEqual({ present: 4, verified: 5, marks: 4 });

    await second.goto(`${url}/staff/admin/report-by-quota`);
    await chooseSitting(second, demo!.code);
    await second.getByTestId('report-by-quota-rows').locator('tbody tr.ant-table-row').first().waitFor();
    await settleAnimations(second);
    await saveScreenshot(second, 'staff-results-7-report-by-quota');
    await second.context().close();
  });
});
