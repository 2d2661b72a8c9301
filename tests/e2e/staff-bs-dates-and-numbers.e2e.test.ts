import { adToBs, bsToAd, formatAdDate, formatBsIso, toDevanagariDigits, todayAd } from '@psc/core';
import { describe, expect, it } from 'vitest';
import { settleAnimations } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { openDemoCandidateInUserManagement, signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// The workstation's number and date fields follow the portal's rules (spec §1): any digits are
// accepted and Devanagari ones shown in Nepali; dates are picked on a B.S. month grid with the
// A.D. day beside, and what is saved is that A.D. day.

/** The 15th of the B.S. month after this one. */
function fifteenthOfNextBsMonth(): { year: number; month: number; day: number } {
  const today = adToBs(todayAd());
  return today.month === 12 ? { year: today.year + 1, month: 1, day: 15 } : { year: today.year, month: today.month + 1, day: 15 };
}

describe('workstation number and date fields in Nepali', () => {
  const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-fields-e2e-' });

  it('reads a share typed in Devanagari digits, shows it in them and saves it', async () => {
    const page = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(page, STAFF_ADMIN);
    await page.goto(`${running.product.url}/staff/admin/percentage-distribution`);
    await page.getByTestId('open-quota-shares').click();
    const total = page.getByTestId('quota-shares-total');
    await total.filter({ hasText: '१००.००%' }).waitFor();
    const women = page.getByLabel('महिला', { exact: true });
    // The stored share shows in Devanagari digits in Nepali.
    expect(await women.inputValue()).toBe('१४.८५');
    await women.fill('२०');
    await women.blur();
    // 20 read from २०: the total moves by 5.15 points, and the field writes it in Devanagari.
    await total.filter({ hasText: '१०५.१५%' }).waitFor();
    await women.fill('१४.८५');
    await women.blur();
    await total.filter({ hasText: '१००.००%' }).waitFor();
    await saveScreenshot(page, 'staff-fields-1-share-in-devanagari');
    const [saved] = await Promise.all([
      page.waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/admin/quota-shares'),
      page.getByTestId('quota-shares-save').click(),
    ]);
    const shares = (JSON.parse(saved.postData() ?? '{}') as { shares: { basisPoints: number }[] }).shares;
    expect(shares.some((share) => share.basisPoints === 1485)).toBe(true);
    await page.locator('.ant-message-success').waitFor();
    await page.context().close();
  });

  it('picks a B.S. date on the grid in Nepali and saves its A.D. day', async () => {
    const page = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(page, STAFF_ADMIN);
    const candidateRow = await openDemoCandidateInUserManagement(page, running.product.url);
    const card = page.getByTestId('manage-profile');
    await card.waitFor();

    // Typed text that is no B.S. date keeps the day as it was and says so.
    const from = page.getByTestId('manage-ban-from');
    await from.locator('.ant-picker input').fill('२०९०-१३-०१');
    await from.locator('.ant-picker input').blur();
    await from.getByText('पात्रोमा नभएको वि.सं. मिति', { exact: false }).waitFor();
    // Its grid closes before the next field's opens.
    await from.locator('.ant-picker input').press('Escape');
    await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);

    const target = fifteenthOfNextBsMonth();
    const targetAd = bsToAd(target);
    await page.getByTestId('manage-profile-until').locator('.ant-picker input').click();
    const popup = page.locator('.ant-picker-dropdown').filter({ visible: true });
    // The grid opens on this B.S. month, named in Nepali, with Nepali week days.
    await popup.locator('.ant-picker-month-btn').waitFor();
    await popup.getByText('आइत').waitFor();
    await popup.locator('.ant-picker-header-next-btn').click();
    await popup.locator('.ant-picker-month-btn').filter({ hasText: ['बैशाख', 'जेठ', 'असार', 'साउन', 'भदौ', 'असोज', 'कात्तिक', 'मंसिर', 'पुस', 'माघ', 'फागुन', 'चैत'][target.month - 1]! }).waitFor();
    const cell = popup.locator(`td[title="${toDevanagariDigits(formatBsIso(target))}"]`);
    await cell.hover();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-fields-2-bs-grid-nepali');
    await cell.click();

    // The B.S. day in Devanagari in the field, its A.D. day beside it.
    expect(await page.getByTestId('manage-profile-until').locator('.ant-picker input').inputValue()).toBe(toDevanagariDigits(formatBsIso(target)));
    await page.getByTestId('manage-profile-until-ad').filter({ hasText: formatAdDate(targetAd, 'ne', 'long') }).waitFor();
    await card.locator('textarea').fill('Documents under review.');
    await saveScreenshot(page, 'staff-fields-3-bs-date-picked');
    const [saved] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/profile-lock')),
      card.getByRole('button', { name: 'लक गर्नुहोस्', exact: true }).click(),
    ]);
    expect(saved.status(), await saved.text()).toBe(200);
    expect(JSON.parse(saved.request().postData() ?? '{}')).toMatchObject({ lockedUntilAd: targetAd });
    // The candidate's row reads the lock back from the API: that B.S. day and its A.D. day.
    await candidateRow.filter({ hasText: toDevanagariDigits(targetAd) }).filter({ hasText: toDevanagariDigits(formatBsIso(target)) }).waitFor();
    await saveScreenshot(page, 'staff-fields-4-lock-saved');

    await page.context().close();
  });
});
