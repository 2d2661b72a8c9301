import { toDevanagariDigits } from '@psc/core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createInvigilators, createNumberedSitting, createVenue, finalCentreAllocation } from '../../api/src/room-allocation/room-allocation.test-support';
import { settleAnimations } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// Batch printing in the browser build of the workstation (spec §2 download/admitCard [DA]): the
// night before the exam the administrator chooses a sitting and prints one room's attendance
// sheet, downloaded as the API prints it; then the centre's room lists, one of which fails on the
// way, is listed as failed and is printed alone by "Retry failed"; last the main-process print
// service prints the attendance sheets from the API's batch data into a folder.

const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-print-e2e-' });
const ROLL = 770001;
const downloads = mkdtempSync(join(tmpdir(), 'psc-print-downloads-'));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

async function callAsStaff(page: Page, url: string, method: string, body?: unknown) {
  const session = JSON.parse((await page.evaluate(() => localStorage.getItem('psc.staff.session'))) ?? 'null') as { accessToken: string };
  const response = await fetch(url, {
    method,
    headers: { Authorization: `Bearer ${session.accessToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { status: number; message: string };
  expect(answer, `${method} ${url}: ${answer.message}`).toMatchObject({ status: 1 });
}

async function choose(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-item-option').filter({ hasText: text, visible: true }).first().click();
  await page.locator('.ant-select-dropdown').filter({ visible: true }).waitFor({ state: 'hidden' });
}

describe('batch printing', () => {
  it('prints one room’s attendance sheet, retries a failed room list alone, and prints through the workstation’s print service', async () => {
    const { url, db } = running.product;
    const t = { db };
    // Six candidates of one city at one school of two rooms, seated for good with invigilators.
    const sitting = await createNumberedSitting(t, { cities: [6], rollFrom: ROLL, examDate: '2031-04-02', startTime: '11:00', durationMinutes: 120 });
    const venue = await createVenue(t, sitting.cityIds[0]!, 'Bhanu Print School', [
      { roomNumber: '1', seats: 3 },
      { roomNumber: '2', seats: 3 },
    ]);
    const { allocationId, rangeIds } = await finalCentreAllocation(t, sitting, [{ venueId: venue.venueId, cityId: sitting.cityIds[0]! }]);
    const rangeId = rangeIds[0]!;
    const people = await createInvigilators(t, ['Print Chief'], ['Print Invigilator One', 'Print Invigilator Two']);

    const page = await openPage(running.browser, `${url}/staff/login`, { width: 1400, height: 1000 });
    await signInToWorkstation(page, STAFF_ADMIN);
    await callAsStaff(page, `${url}/api/admin/room-allocation/ranges/${rangeId}`, 'PUT', {});
    await callAsStaff(page, `${url}/api/admin/room-allocation/ranges/${rangeId}/final`, 'POST');
    await callAsStaff(page, `${url}/api/admin/invigilator-allocation/ranges/${rangeId}`, 'PUT', {
      entries: [
        { invigilatorId: people.chiefs[0]!, roomId: null },
        { invigilatorId: people.assistants[0]!, roomId: venue.roomIds[0]! },
        { invigilatorId: people.assistants[1]!, roomId: venue.roomIds[1]! },
      ],
    });
    await callAsStaff(page, `${url}/api/admin/invigilator-allocation/ranges/${rangeId}/final`, 'POST');

    await page.goto(`${url}/staff/admin/download/admitCard`);
    await page.getByTestId('batch-print').waitFor();
    await choose(page, 'print-sitting', toDevanagariDigits(sitting.advertisement.code));
    await page.getByTestId('print-kind').getByText('हाजिरी पाना').click();
    await page.getByTestId('print-scope').getByText('एउटा कोठा').click();
    await choose(page, 'print-centre', 'Bhanu Print School');
    await choose(page, 'print-room', 'कोठा १');
    // English documents, so the roll number reads back from the PDF in ASCII digits.
    await page.getByTestId('print-language').getByText('English').click();
    const batchRows = page.getByTestId('print-batches').locator('tbody tr.ant-table-row');
    await batchRows.first().waitFor();
    expect(await batchRows.count()).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('print-start').click()]);
    const sheetPath = join(downloads, download.suggestedFilename());
    await download.saveAs(sheetPath);
    expect(readFileSync(sheetPath).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', sheetPath, '-'], { encoding: 'utf8' });
    expect(text).toContain(String(ROLL));
    await page.getByTestId('print-finished').waitFor();
    // One sheet for the room, listing its three candidates.
    expect(await page.getByTestId('print-progress-text').textContent()).toBe('१ मध्ये १ फाइल, १ कागजात');
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-print-attendance');

    // The centre's room lists: room 2's file fails on the way, is listed, and is printed alone again.
    await page.getByTestId('print-kind').getByText('कोठा सूची').click();
    await page.getByTestId('print-scope').getByText('एउटा परीक्षा केन्द्र').click();
    await expect.poll(() => batchRows.count()).toBe(2);
    const failOnce = async (route: Route) => {
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 0, code: 'INTERNAL_ERROR', message: 'Printing failed on the server' }) });
    };
    await page.route(`**/api/admin/print/batch-pdf?*roomId=${venue.roomIds[1]!}*`, failOnce);
    const firstFile = page.waitForEvent('download');
    await page.getByTestId('print-start').click();
    await firstFile;
    await page.getByTestId('print-failures').waitFor();
    expect(await page.getByTestId('print-failures').locator('.ant-list-item').count()).toBe(1);
    expect(await page.getByTestId('print-progress-text').textContent()).toBe('२ मध्ये १ फाइल, १ कागजात');
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-print-failed');

    await page.unroute(`**/api/admin/print/batch-pdf?*roomId=${venue.roomIds[1]!}*`, failOnce);
    const [retried] = await Promise.all([page.waitForEvent('download'), page.getByTestId('print-retry').click()]);
    const listPath = join(downloads, retried.suggestedFilename());
    await retried.saveAs(listPath);
    expect(readFileSync(listPath).subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByTestId('print-finished').waitFor();
    expect(await page.getByTestId('print-progress-text').textContent()).toBe('२ मध्ये २ फाइल, २ कागजात');

    // The installed workstation's path: the main-process print service (here over the loopback
    // bridge) fetches the same batches' data and prints them with the templates into a folder.
    const token = (JSON.parse((await page.evaluate(() => localStorage.getItem('psc.staff.session'))) ?? 'null') as { accessToken: string }).accessToken;
    const listed = (await (await fetch(`${url}/api/admin/print/batches?allocationId=${allocationId}&kind=attendance`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { items: { key: string }[] } };
    const bridge = async <T>(name: string, args: unknown) =>
      ((await (await fetch(`${url}/staff/bridge/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(args) })).json()) as { status: number; data: T }).data;
    const outputDir = join(running.dataDir, 'prints', 'sitting');
    const { jobId } = await bridge<{ jobId: string }>('print.start', { apiBaseUrl: url, accessToken: token, outputDir, lang: 'en', batches: listed.data.items.map(({ key, kind, allocationId, venueId, roomId, part, fileName }: Record<string, unknown>) => ({ key, kind, allocationId, venueId, roomId, part, fileName })) });
    let status: { isRunning: boolean; done: number; documents: number; failed: unknown[]; files: { path: string }[] };
    do status = await bridge('print.status', { jobId });
    while (status.isRunning && (await new Promise((resolve) => setTimeout(resolve, 200, true))));
    expect(status).toMatchObject({ done: 2, documents: 2, failed: [] });
    const printedText = status.files.map((file) => execFileSync('pdftotext', ['-layout', file.path, '-'], { encoding: 'utf8' })).join('\n');
    expect(printedText).toContain(String(ROLL + 5));
    await page.context().close();
  });
});
