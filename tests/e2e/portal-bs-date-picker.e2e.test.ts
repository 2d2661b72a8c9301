import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGISTER_LABEL, chooseDistrict, fillRegistration, hasHorizontalScroll, settleAnimations } from './portal-steps';
import { openPage, saveScreenshot, screenshotsDir, startsProductAndBrowser } from './support/harness';

// spec §1 (dates in B.S. and A.D., B.S. first): on a phone, the candidate picks the date of birth
// on a B.S. month grid (Nepali month names, Devanagari digits, the A.D. day under each B.S. day),
// sees the A.D. date beneath, and registers with it; the other date is still typed.

const running = startsProductAndBrowser();

describe('portal B.S. date picker', () => {
  it('picks a date of birth on the B.S. grid at 360 px and registers with it', async () => {
    const page = await openPage(running.browser, `${running.product.url}/register`, { width: 360, height: 780 });
    await page.getByRole('heading', { name: 'नयाँ दर्ता' }).waitFor();
    await fillRegistration(page, {
      firstNameEn: 'Gita',
      lastNameEn: 'Thapa',
      username: 'gita_grid',
      email: 'gita.grid@example.com',
      mobile: '9841234567',
      citizenshipNumber: '27-01-75-11111',
    });
    await chooseDistrict(page, REGISTER_LABEL.issueDistrict, 'Kathmandu', 'काठमाडौँ');
    await page.getByLabel('पहिलो नाम (नेपालीमा)').pressSequentially('geetaa');
    await page.getByLabel('थर (नेपालीमा)').pressSequentially('thaapaa');

    // The grid comes after the form is usable (its chunk is fetched once the form is touched):
    // the typed date's input becomes the grid's.
    await page.locator('.plain-field:has(#dateOfBirth) .ant-picker').waitFor();
    // Year, then month, then day, all in B.S.: 15 Shrawan 2055.
    await page.getByLabel(REGISTER_LABEL.dateOfBirth, { exact: true }).click();
    const popup = page.locator('.ant-picker-dropdown').filter({ visible: true });
    await popup.locator('.ant-picker-year-btn').click();
    for (let decade = 0; decade < 3; decade += 1) await popup.locator('.ant-picker-header-super-prev-btn').click();
    await popup.locator('td[title="२०५५"]').click();
    await popup.locator('.ant-picker-cell', { hasText: 'साउन' }).click();
    await popup.locator('.ant-picker-month-btn', { hasText: 'साउन' }).waitFor();
    await popup.locator('.ant-picker-year-btn', { hasText: '२०५५' }).waitFor();
    const day = popup.locator('td[title="२०५५-०४-१५"]');
    await day.hover();
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-bs-date-picker-grid-360');
    await popup.screenshot({ path: join(screenshotsDir, 'portal-bs-date-picker-grid-popup.png') });
    // The popup fits the phone's screen.
    const box = await popup.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await day.click();

    expect(await page.getByLabel(REGISTER_LABEL.dateOfBirth, { exact: true }).inputValue()).toBe('२०५५-०४-१५');
    await expect.poll(() => page.getByTestId('dateOfBirth-counterpart').innerText()).toBe('= ई.सं. १९९८ जुलाई ३१');
    // Typing still works, in Latin digits on a number pad.
    await page.getByLabel(REGISTER_LABEL.issueDate, { exact: true }).pressSequentially('20720110');
    await page.getByLabel(REGISTER_LABEL.issueDate, { exact: true }).press('Tab');
    await expect.poll(() => page.getByTestId('citizenshipIssueDate-counterpart').innerText()).toBe('= ई.सं. २०१५ अप्रिल २३');
    await page.getByRole('radio', { name: 'महिला' }).check({ force: true });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-bs-date-picker-picked-360');

    const registered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/psc/register');
    await page.getByRole('button', { name: REGISTER_LABEL.register }).click();
    const answer = await registered;
    expect(answer.status(), await answer.text()).toBe(200);
    expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({ dateOfBirthBs: '2055-04-15', citizenshipIssueDateBs: '2072-01-10' });
    await page.context().close();
  });
});
