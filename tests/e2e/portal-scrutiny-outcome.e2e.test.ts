import { describe, expect, it } from 'vitest';
import { DEMO_APPLICANT, hasHorizontalScroll, screenshotFromTop, signInAs } from './portal-steps';
import { openPage, startsProductAndBrowser } from './support/harness';

// The candidate's side of scrutiny (spec §2 /vacancy-applied and /vacancy-applied/approved, §4
// "Application status"), on a phone (360 px, Nepali): the demo applicant's application to the
// demo advertisement in scrutiny was approved in the open and women quotas and rejected in the
// Madhesi quota. She sees it partially approved with each quota's outcome, the rejection's
// reason on the timeline, whom to contact, and the application among her approved ones.

const running = startsProductAndBrowser();

const PARTIALLY_APPROVED = 'आंशिक स्वीकृत';
const REJECTED_REASON = 'आयोगले रुजुमा मधेसी समूहमा दरखास्त अस्वीकृत गर्‍यो। कारण: दाबी गरिएको समूहको प्रमाणपत्र छैन';
const DEMO_OFFICE = 'लोक सेवा आयोग, केन्द्रीय कार्यालय';

describe("the candidate's application after scrutiny", () => {
  it('shows partially approved, each quota, the rejected quota\'s reason and whom to contact, and lists it among the approved', async () => {
    const page = await openPage(running.browser, `${running.product.url}/login`, { width: 360, height: 780 });
    await signInAs(page, DEMO_APPLICANT);
    await page.waitForURL('**/home');

    await page.goto(`${running.product.url}/vacancy-applied`);
    const card = page.getByTestId('application-card').filter({ has: page.getByTestId('application-status').filter({ hasText: PARTIALLY_APPROVED }) });
    await card.waitFor();
    const outcomes = card.getByTestId('quota-outcome');
    expect(await outcomes.evaluateAll((items) => items.map((item) => `${item.getAttribute('data-quota')}:${item.getAttribute('data-status')}`))).toEqual([
      'open:approved',
      'women:approved',
      'madhesi:rejected',
    ]);
    expect(await card.getByTestId('quota-outcome').filter({ hasText: 'मधेसी' }).innerText()).toContain('अस्वीकृत');
    const help = card.getByTestId('scrutiny-help');
    const receiptCode = await card.getAttribute('data-receipt');
    expect(await help.innerText()).toContain(DEMO_OFFICE);
    expect(await help.innerText()).toContain(receiptCode!);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshotFromTop(page, 'portal-scrutiny-outcome-card-360');

    await card.getByTestId('application-toggle').click();
    const timeline = card.getByTestId('application-timeline');
    await timeline.getByText(REJECTED_REASON).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshotFromTop(page, 'portal-scrutiny-outcome-timeline-360');

    // The menu, as on a phone: its approved applications.
    await page.getByRole('button', { name: 'मेनु' }).click();
    await page.getByRole('menuitem', { name: 'स्वीकृत दरखास्तहरू' }).click();
    await page.waitForURL('**/vacancy-applied/approved');
    const approved = page.getByTestId('approved-applications');
    await approved.getByTestId('application-card').first().waitFor();
    const receipts = await approved.getByTestId('application-card').evaluateAll((cards) => cards.map((item) => item.getAttribute('data-receipt')));
    // Hers in scrutiny, beside hers to the demo advertisements whose roll numbers are generated,
    // whose exam schedule is approved, whose candidates are seated, and the two with admit cards.
    expect(receipts).toHaveLength(6);
    expect(receipts).toContain(receiptCode);
    expect(await approved.locator(`[data-receipt="${receiptCode}"]`).getByTestId('application-status').innerText()).toBe(PARTIALLY_APPROVED);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshotFromTop(page, 'portal-scrutiny-outcome-approved-360');
    await page.context().close();
  }, 240_000);
});
