import { toDevanagariDigits } from '@psc/core';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../api/src/applications/rows-of';
import { DEMO_APPLICANT, hasHorizontalScroll, screenshotFromTop, settleAnimations, waitForToast } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';

// The published result lists on a visitor's phone (spec §1 "view selection results", §2: the
// written result with the interview's date, time and place, and the final list), 360 px wide,
// signed out. The demo stage "written and final selection published" publishes both lists of the
// old admit-card advertisement, where the demo applicant (roll 10031) is shortlisted, then
// selected first in open. From the sign-in page's links the visitor finds the advertisement,
// sees her roll number on the final and the written list, switches to English, finds her roll
// number typed in Devanagari digits, and downloads the list as a PDF.

const running = startsProductAndBrowser();
const PHONE = { width: 360, height: 780 };
const ROLL = 10031;

async function theDemoAdvertisement() {
  const [row] = rowsOf<{ code: string; lastNameNp: string; lastNameEn: string }>(
    await running.product.db.execute(sql`
      select ad.code, u.last_name_np as "lastNameNp", u.last_name_en as "lastNameEn"
      from roll_numbers rn join applications a on a.id = rn.application_id join advertisements ad on ad.id = a.advertisement_id
      join users u on u.id = a.user_id where u.username = ${DEMO_APPLICANT.username} and rn.roll_number = ${ROLL}`),
  );
  return row!;
}

describe('published results on a phone', () => {
  it('lets a signed-out visitor find the demo advertisement, see roll 10031 on both lists in both languages, and download the PDF', async () => {
    const { url } = running.product;
    const demo = await theDemoAdvertisement();

    const page = await openPage(running.browser, `${url}/login`, PHONE);
    await page.getByRole('link', { name: 'प्रकाशित नतिजा' }).click();
    await page.waitForURL('**/results/published');
    const card = page.locator(`[data-testid="published-advertisement"][data-code="${demo.code}"]`);
    await card.waitFor();
    expect(await card.innerText()).toContain('लिखित परीक्षाको नतिजा');
    expect(await card.innerText()).toContain('अन्तिम नतिजा');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshotFromTop(page, 'portal-published-results-360');

    // The final list first: her row in open, place 1, selected, her name in Nepali.
    await card.getByTestId('published-open').click();
    await page.waitForURL(/\/results\/published\?advertisement=/);
    const row = page.locator(`[data-testid="published-row"][data-roll="${ROLL}"]`);
    await row.waitFor();
    expect(await row.getByTestId('published-roll').innerText()).toBe(toDevanagariDigits(ROLL));
    expect(await row.innerText()).toContain('सिफारिस');
    expect(await row.innerText()).toContain(demo.lastNameNp);
    expect((await row.locator('td').first().innerText()).trim()).toBe('१');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshotFromTop(page, 'portal-published-final-360');

    // The written result: shortlisted, with the interview's date, time and place.
    await page.getByTestId('published-kind').getByText('लिखित परीक्षाको नतिजा').click();
    await page.getByTestId('published-interview').waitFor();
    expect(await page.getByTestId('published-interview-time').innerText()).toBe('१०:००');
    expect(await page.getByTestId('published-interview').innerText()).toContain('अनामनगर');
    expect(await page.locator(`[data-testid="published-row"][data-roll="${ROLL}"]`).innerText()).toContain('छनोट');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshotFromTop(page, 'portal-published-written-360');

    // English: the same lists, names in English; a roll number typed in Devanagari digits finds hers.
    await page.getByText('English', { exact: true }).click();
    await page.getByText('Roll number').first().waitFor();
    await page.getByTestId('published-kind').getByText('Final result').click();
    await page.getByTestId('published-find').fill(toDevanagariDigits(ROLL));
    const rows = page.getByTestId('published-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getByTestId('published-roll').innerText()).toBe(String(ROLL));
    expect(await rows.first().innerText()).toContain(demo.lastNameEn);
    expect(await rows.first().innerText()).toContain('Selected');
    expect(await hasHorizontalScroll(page)).toBe(false);

    const downloading = page.waitForEvent('download');
    await page.getByTestId('published-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^result-final-.+-en\.pdf$/);
    expect(readFileSync(await download.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await waitForToast(page, 'Result list downloaded.');
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-published-final-en-360');

    // The lookup is one tap away, and back.
    await page.getByTestId('published-back').click();
    await page.getByTestId('published-lookup-link').click();
    await page.waitForURL('**/results');
    await page.getByTestId('lookup-published-link').waitFor();
    await page.context().close();
  }, 240_000);
});
