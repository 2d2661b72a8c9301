import { toDevanagariDigits } from '@psc/core';
import { schema } from '@psc/db';
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedVerifiedResults } from '../../api/src/selection/selection.test-support';
import { settleAnimations } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// Written selection [WS] and final selection [FS] (spec §2 written-selection add/view,
// finalSelection add-new-selection/view-new-selection): staff compute an advertisement's written
// result from verified marks, save it with the interview's date, time and place, publish it (one
// SMS each is queued), then the final merit list with its alternates, and publish that too.

const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-selection-e2e-' });
const nepali = (value: number | string) => toDevanagariDigits(String(value));

describe('written and final selection', () => {
  it('computes, saves and publishes the written result and then the final merit list', async () => {
    const url = running.product.url;
    const { advertisement, candidates } = await seedVerifiedResults(running.product.db, {
      quotas: [
        { code: 'open', vacancies: 2 },
        { code: 'women', vacancies: 1 },
      ],
      candidates: [
        { nameEn: 'Asha Karki', nameNp: 'आशा', quotas: ['open', 'women'], written: [80, 70], interview: 30 },
        { nameEn: 'Bikash Rai', nameNp: 'विकास', quotas: ['open'], written: [75, 70], interview: 20 },
        { nameEn: 'Chandra Yadav', nameNp: 'चन्द्र', quotas: ['open', 'women'], written: [60, 60], interview: 35 },
        { nameEn: 'Devi Thapa', nameNp: 'देवी', quotas: ['women'], written: [50, 50], interview: 25 },
        { nameEn: 'Eka Gurung', nameNp: 'एक', quotas: ['open'], written: [90, 30] },
      ],
    });
    const code = nepali(advertisement.code);
    const page = await openPage(running.browser, `${url}/staff/login`, { width: 1400, height: 1100 });
    await signInToWorkstation(page, STAFF_ADMIN);

    const chooseAdvertisement = async () => {
      await page.getByTestId('selection-advertisement').click();
      await page.keyboard.type(code);
      await page.locator('.ant-select-item-option').filter({ hasText: code, visible: true }).first().click();
    };

    // Written: preview per quota, then save with the interview.
    await page.goto(`${url}/staff/admin/written-selection/add`);
    await chooseAdvertisement();
    await page.getByTestId('interview-at').fill('2026-12-20T10:00');
    await page.getByTestId('interview-place-np').fill('आयोग सभाकक्ष, अनामनगर');
    await page.getByTestId('interview-place-en').fill('Commission hall, Anamnagar');
    await page.getByTestId('selection-preview').click();
    const previewRows = page.getByTestId('selection-preview-entries').locator('tbody tr');
    await expect.poll(() => previewRows.count()).toBe(4);
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-selection-1-written-preview');
    await page.getByTestId('selection-save').click();
    await page.getByTestId('selection-detail').waitFor();
    expect(await page.getByTestId('selection-entries').locator('tbody tr').count()).toBe(4);
    expect(await page.getByTestId('selection-detail').innerText()).toContain('आयोग सभाकक्ष, अनामनगर');
    await page.getByTestId('selection-publish').click();
    await page.locator('#publish-confirm').click();
    await page.getByTestId('selection-status').filter({ hasText: 'प्रकाशित' }).waitFor();
    await page.locator('.ant-message').getByText(`${nepali(4)} SMS`, { exact: false }).waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-selection-2-written-published');
    const sms = await running.product.db.select().from(schema.smsOutbox).where(like(schema.smsOutbox.dedupeKey, `selection-result:${advertisement.advertisementId}:written:%`));
    expect(sms).toHaveLength(4);

    // Final: merit per quota with one alternate each, then publish; filter by outcome.
    await page.goto(`${url}/staff/admin/finalSelection/add-new-selection`);
    await chooseAdvertisement();
    await page.getByTestId('alternates').fill('१');
    await page.getByTestId('selection-save').click();
    await page.getByTestId('selection-detail').waitFor();
    const entries = page.getByTestId('selection-entries').locator('tbody tr');
    await expect.poll(() => entries.count()).toBe(4);
    // Open: Asha and Bikash; women: Chandra (not reached in open); Devi the women's alternate.
    expect(await entries.nth(0).innerText()).toContain(nepali(candidates[0]!.rollNumber));
    await page.getByTestId('selection-publish').click();
    await page.locator('#publish-confirm').click();
    await page.getByTestId('selection-status').filter({ hasText: 'प्रकाशित' }).waitFor();
    // The printed list, one table per quota.
    const download = page.waitForEvent('download');
    await page.getByTestId('selection-pdf').click();
    expect((await download).suggestedFilename()).toMatch(/^final-selection-.*\.pdf$/);
    await page.getByTestId('filter-outcome').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'वैकल्पिक', visible: true }).click();
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.first().innerText()).toContain(nepali(candidates[3]!.rollNumber));
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-selection-3-final-published-alternates');
  });
});
