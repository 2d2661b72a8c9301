import { join } from 'node:path';
import { formatNumber } from '@psc/core';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// The renderer in a plain browser reaches the workstation's real main-process services through
// the loopback bridge at /staff/bridge: the sign-in syncs a real SQLite file from the API, and the
// cache card reads and clears it, which this test inspects on its own with better-sqlite3.

describe('staff workstation bridge', () => {
  const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-e2e-' });

  it('shows, from the page, the state of the real cache file (filled by the sign-in sync) and clears it', async () => {
    const cacheFile = join(running.dataDir, 'master-data-cache.sqlite');
    const page = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(page, STAFF_ADMIN);

    const card = page.getByTestId('cache-card');
    await card.getByText(cacheFile).waitFor();
    expect(await page.getByTestId('workstation-card').textContent()).toContain('ब्राउजर, स्थानीय ब्रिजमार्फत');
    // Signing in syncs the cache from the API: 753 local levels among the rest.
    await page.getByTestId('cache-rows-local-levels').filter({ hasText: formatNumber(753, 'ne') }).waitFor();
    const database = new Database(cacheFile);
    const countRows = () => database.prepare<[], { rows: number }>('SELECT count(*) AS rows FROM master_rows').get()!.rows;
    const synced = countRows();
    expect(await page.getByTestId('cache-total-rows').textContent()).toBe(formatNumber(synced, 'ne'));
    expect(await page.getByTestId('cache-last-synced').textContent()).toContain('वि.सं.');

    // A row written to the file behind the service's back shows up in the page.
    database
      .prepare("INSERT INTO master_rows (type, id, name_en, name_np, row) VALUES ('religions', '999', 'Test', 'परीक्षण', '{\"id\":999}')")
      .run();
    await card.getByRole('button', { name: 'फेरि हेर्नुहोस्' }).click();
    await page.getByTestId('cache-total-rows').filter({ hasText: formatNumber(synced + 1, 'ne') }).waitFor();
    await saveScreenshot(page, 'staff-bridge-cache-filled');

    await card.getByRole('button', { name: 'प्रति खाली गर्नुहोस्' }).click();
    await page.getByRole('button', { name: 'हो', exact: true }).click();
    await page.getByTestId('cache-total-rows').filter({ hasText: formatNumber(0, 'ne') }).waitFor();
    expect(countRows()).toBe(0);
    expect(database.prepare<[], { rows: number }>('SELECT count(*) AS rows FROM sync_state').get()!.rows).toBe(0);
    database.close();
    expect(await page.getByTestId('cache-last-synced').textContent()).toBe('कहिल्यै भएको छैन');
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'staff-bridge-cache-cleared');
    await page.context().close();
  });

  it('answers a call made from the page itself, and refuses what is not a handler', async () => {
    const page = await openPage(running.browser, `${running.product.url}/staff/login`);
    const answers = await page.evaluate(async () => {
      const call = async (name: string, body: string) => {
        const response = await fetch(`/staff/bridge/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
        return { status: response.status, body: (await response.json()) as { status: number; code?: string; data?: { runtime?: string } } };
      };
      return {
        info: await call('app.info', '{}'),
        unknown: await call('cache.drop', '{}'),
        badArgs: await call('cache.clear', '{"everything":true}'),
      };
    });
    expect(answers.info).toMatchObject({ status: 200, body: { status: 1, data: { runtime: 'node' } } });
    expect(answers.unknown).toMatchObject({ status: 404, body: { status: 0, code: 'NOT_FOUND' } });
    expect(answers.badArgs).toMatchObject({ status: 400, body: { status: 0, code: 'VALIDATION_FAILED' } });
    await page.context().close();
  });
});
