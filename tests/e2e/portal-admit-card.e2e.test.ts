import { toDevanagariDigits } from '@psc/core';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../api/src/applications/rows-of';
import { DEMO_APPLICANT, DEMO_CANDIDATE, hasHorizontalScroll, screenshotFromTop, settleAnimations, signInAs } from './portal-steps';
import { holdTheSeatingExamInThePast, seatEveryPaperLikeTheFirst } from './portal-admit-card-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';

// The admit card on a candidate's phone (spec §7 "Admit card: generate, confirm, download, old
// admit card"; spec §2 /vacancy-applied/download/old-admit-card): 360 px wide, in Nepali. The
// demo applicant, whose exam is seated (the demo seats its first paper, the test the others the
// same way), confirms that she will sit it, opens her card and
// downloads it as a PDF; once that exam is held, its card is among her old admit cards. Another candidate
// given her card's address is told it is not found. Anyone, signed out, checks the card's QR at
// /verify: the genuine statement is valid, one changed character makes it not genuine.

const running = startsProductAndBrowser();
const PHONE = { width: 360, height: 780 };

async function openSignedIn(url: string, account: { username: string; password: string }): Promise<Page> {
  const page = await openPage(running.browser, `${url}/login`, PHONE);
  await signInAs(page, account);
  await page.waitForURL('**/home');
  return page;
}

/** The statement with one character of its signed body changed to another of its alphabet. */
function tamper(statement: string): string {
  const index = 'v1.'.length + 4;
  const replacement = statement[index] === 'A' ? 'B' : 'A';
  return `${statement.slice(0, index)}${replacement}${statement.slice(index + 1)}`;
}

describe('the admit card on a phone', () => {
  it('is confirmed, viewed and downloaded by its owner, not found by another candidate, and checked by its QR', async () => {
    const { url } = running.product;
    await seatEveryPaperLikeTheFirst(running.product.db);
    const page = await openSignedIn(url, DEMO_APPLICANT);

    // My applications: the seated application offers its admit card, to confirm first.
    await page.goto(`${url}/vacancy-applied`);
    const section = page.getByTestId('admit-card-section').filter({ has: page.getByTestId('admit-card-confirm') }).first();
    await section.waitFor();
    expect(await section.innerText()).toContain('म परीक्षामा सहभागी हुन्छु: पुष्टि गर्नुहोस्');
    // An approved application whose schedule is approved but not yet seated says when its card comes.
    await page.getByTestId('admit-card-pending').first().filter({ hasText: 'अन्तिम भएपछि प्रवेशपत्र यहाँ देखिनेछ' }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-admit-card-confirm-360');

    // Her card's address before she confirms: the page asks for the confirmation first.
    const [unconfirmed] = rowsOf<{ id: string }>(
      await running.product.db.execute(sql`
        select c.id from admit_cards c join applications a on a.id = c.application_id join users u on u.id = a.user_id
        where u.username = ${DEMO_APPLICANT.username} and c.confirmed_at is null`),
    );
    await page.goto(`${url}/vacancy-applied/admit-card/${unconfirmed!.id}`);
    await page.getByTestId('admit-card-unconfirmed').filter({ hasText: 'प्रवेशपत्र हेर्नुअघि परीक्षामा सहभागी हुने पुष्टि गर्नुहोस्।' }).waitFor();
    expect(await page.getByTestId('admit-card').count()).toBe(0);
    await page.goto(`${url}/vacancy-applied`);
    await section.waitFor();
    await section.getByTestId('admit-card-confirm').click();
    await page.getByRole('dialog').getByText('परीक्षामा सहभागी हुने पुष्टि गर्ने हो?').waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-admit-card-confirm-dialog-360');
    await page.getByTestId('admit-card-confirm-ok').click();
    const confirmed = page.getByTestId('admit-card-section').filter({ has: page.getByTestId('admit-card-confirmed') }).first();
    await confirmed.getByTestId('admit-card-view').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);

    // The card: roll number, both names, each paper's centre, room and seat, the rules.
    const cardAnswer = page.waitForResponse((response) => /\/api\/psc\/admit-cards\/[^/]+$/.test(new URL(response.url()).pathname) && response.request().method() === 'GET');
    await confirmed.getByTestId('admit-card-view').click();
    await page.waitForURL('**/vacancy-applied/admit-card/*');
    const cardPath = new URL(page.url()).pathname;
    const body = (await (await cardAnswer).json()) as { data: { card: { rollNumber: string; verificationUrl: string; papers: unknown[] } } };
    const { rollNumber, verificationUrl, papers } = body.data.card;
    await page.getByTestId('admit-card').waitFor();
    // The confirmation's toast gone, so the screenshot shows the card itself.
    await expect.poll(() => page.locator('.ant-notification-notice').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByTestId('admit-card-roll').innerText()).toBe(toDevanagariDigits(rollNumber));
    expect(await page.getByTestId('admit-card-name').innerText()).toContain('अञ्जली');
    expect(await page.getByTestId('admit-card-name').innerText()).toContain('Anjali');
    await expect.poll(() => page.getByTestId('admit-card-paper').count()).toBe(papers.length);
    expect(await page.getByTestId('admit-card-seat').first().innerText()).toMatch(/कोठा\s+\S+\s+सिट\s+[०-९]+/);
    expect(await page.getByTestId('admit-card-rules').innerText()).toContain('३० मिनेट अगाडि');
    await page.waitForFunction(() => {
      const photo = document.querySelector<HTMLImageElement>('[data-testid="admit-card-photo"]');
      return !!photo && photo.complete && photo.naturalWidth > 0;
    });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshotFromTop(page, 'portal-admit-card-360');

    // The PDF: one request however often the busy button is tapped, and the file is a PDF.
    const pdfRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/pdf')) pdfRequests.push(request.url());
    });
    const downloading = page.waitForEvent('download');
    const button = page.getByTestId('admit-card-download');
    await button.click();
    await button.click({ force: true, noWaitAfter: true }).catch(() => undefined);
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^admit-card-.+-ne\.pdf$/);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfRequests).toHaveLength(1);
    expect(pdfRequests[0]).toContain('lang=ne');

    await page.context().close();

    // Another candidate given her card's address: not found, in Nepali.
    const other = await openSignedIn(url, DEMO_CANDIDATE);
    await other.goto(`${url}${cardPath}`);
    await other.getByTestId('admit-card-not-found').filter({ hasText: 'प्रवेशपत्र भेटिएन' }).waitFor();
    expect(await other.getByTestId('admit-card').count()).toBe(0);
    await screenshotFromTop(other, 'portal-admit-card-not-found-360');
    // She has no old admit cards, and is told so.
    await other.goto(`${url}/vacancy-applied/download/old-admit-card`);
    await other.getByTestId('old-admit-cards-empty').filter({ hasText: 'विगतका परीक्षाका कुनै प्रवेशपत्र छैनन्।' }).waitFor();
    await other.context().close();

    // The QR, scanned by a phone that is not signed in: the genuine card, then a changed one.
    expect(verificationUrl.startsWith(`${url}/verify#v1.`)).toBe(true);
    const statement = verificationUrl.slice(verificationUrl.indexOf('#') + 1);
    const verifier = await openPage(running.browser, verificationUrl, PHONE);
    const valid = verifier.getByTestId('verify-valid');
    await valid.waitFor();
    expect(await valid.innerText()).toContain('प्रवेशपत्र सक्कली हो');
    expect(await valid.innerText()).toContain(toDevanagariDigits(rollNumber));
    expect(await valid.innerText()).toContain('Anjali');
    expect(await hasHorizontalScroll(verifier)).toBe(false);
    await screenshotFromTop(verifier, 'portal-admit-card-verify-valid-360');

    await verifier.goto(`${url}/verify#${tamper(statement)}`);
    const invalid = verifier.getByTestId('verify-invalid');
    await invalid.waitFor();
    expect(await invalid.innerText()).toContain('यो प्रवेशपत्र सक्कली होइन');
    expect(await verifier.getByTestId('verify-valid').count()).toBe(0);
    expect(await invalid.locator('.verify-card__invalid-title').evaluate((element) => getComputedStyle(element).color)).toBe('rgb(168, 7, 26)');
    await screenshotFromTop(verifier, 'portal-admit-card-verify-invalid-360');
    // The same answer in English, the alternative language.
    await verifier.getByText('English', { exact: true }).click();
    await invalid.filter({ hasText: 'This card is NOT genuine' }).waitFor();
    await screenshotFromTop(verifier, 'portal-admit-card-verify-invalid-en-360');

    // Pasted by hand (the whole address), it is valid again.
    await verifier.getByTestId('verify-statement').fill(verificationUrl);
    await verifier.getByTestId('verify-submit').click();
    await valid.waitFor();
    await verifier.context().close();
  }, 300_000);

  it('lists her card among the old admit cards once the exam is held, to view again', async () => {
    const { url } = running.product;
    await holdTheSeatingExamInThePast(running.product.db);
    const page = await openSignedIn(url, DEMO_APPLICANT);
    await page.goto(`${url}/vacancy-applied/download/old-admit-card`);
    const old = page.getByTestId('old-admit-card').first();
    await old.waitFor();
    expect(await old.getByTestId('old-admit-card-roll').innerText()).toMatch(/^[०-९]+$/);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshotFromTop(page, 'portal-admit-card-old-360');
    await old.getByTestId('admit-card-view').click();
    await page.getByTestId('admit-card').waitFor();
    await page.context().close();
  }, 120_000);
});
