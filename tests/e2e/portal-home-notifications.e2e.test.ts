import { toDevanagariDigits } from '@psc/core';
import { describe, expect, it } from 'vitest';
import { DEMO_APPLICANT, hasHorizontalScroll, screenshotFromTop, signInAs } from './portal-steps';
import { openPage, startsProductAndBrowser } from './support/harness';

// The candidate's home on a phone (spec §2 "dashboard counters, notifications"): the demo
// applicant's counters (applications, payments due, admit cards, results) in Devanagari digits,
// and the three SMS the demo stages sent her, unread until she opens one or marks them all read.

const running = startsProductAndBrowser();

describe("the candidate's home", () => {
  it('shows her counters and her notifications with unread marks, and keeps them read', async () => {
    const page = await openPage(running.browser, `${running.product.url}/login`, { width: 360, height: 780 });
    await signInAs(page, DEMO_APPLICANT);
    await page.waitForURL('**/home');
    for (const key of ['applications', 'paymentsDue', 'admitCards', 'results']) {
      const counter = page.getByTestId(`counter-${key}`);
      await counter.waitFor();
      expect(await counter.innerText(), key).toMatch(/[०-९]/);
    }
    expect(await page.getByTestId('counter-paymentsDue').innerText()).toContain('तिर्न बाँकी भुक्तानी');

    const notifications = page.getByTestId('notifications');
    await notifications.getByText('अन्तिम नतिजा प्रकाशित भयो', { exact: false }).waitFor();
    // Signing in queued a password notice too (spec §4), shown by its summary alone.
    const unread = notifications.locator('.notification--unread');
    const unreadAtFirst = await unread.count();
    expect(unreadAtFirst).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('notifications-unread').innerText()).toBe(toDevanagariDigits(unreadAtFirst));
    // Newest first: the final result, the exam schedule, the scrutiny decision.
    const summaries = (await notifications.locator('.ant-list-item-meta-title').allInnerTexts()).join('|');
    const places = ['नतिजा प्रकाशित भयो', 'परीक्षा तालिका प्रकाशित भयो', 'दरखास्त रुजु भयो'].map((text) => summaries.indexOf(text));
    expect(places.every((place) => place >= 0)).toBe(true);
    expect([...places].sort((a, b) => a - b)).toEqual(places);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshotFromTop(page, 'portal-home-notifications-1-unread-360');

    // Opening one marks it read; marking all clears the rest; both stay after a reload.
    await unread.filter({ hasText: 'नतिजा प्रकाशित भयो' }).click();
    await expect.poll(() => unread.count()).toBe(unreadAtFirst - 1);
    await page.getByTestId('notifications-read-all').click();
    await expect.poll(() => unread.count()).toBe(0);
    await page.reload();
    await notifications.getByText('अन्तिम नतिजा प्रकाशित भयो', { exact: false }).waitFor();
    expect(await page.getByTestId('notifications-unread').count()).toBe(0);
    expect(await notifications.locator('.notification--read').count()).toBeGreaterThanOrEqual(3);
    await page.getByTestId('notifications').scrollIntoViewIfNeeded();
    await screenshotFromTop(page, 'portal-home-notifications-2-read-360');
    await page.context().close();
  }, 240_000);
});
