import { describe, expect, it } from 'vitest';
import { applyToFirstOpenVacancy, DEMO_APPLICANT, hasHorizontalScroll, payOnline, signInAs, screenshotFromTop } from './portal-steps';
import { openPage, startsProductAndBrowser } from './support/harness';

// The newcomer's first minute (README "Run it"): the demo candidate whose profile is complete
// signs in on a phone (360 px, Nepali), applies to the open demo advertisement and pays through
// the sandbox gateway, with nothing typed but her user name and password, and ends at her
// receipt, paid.

const running = startsProductAndBrowser();

describe('the complete demo candidate', () => {
  it('signs in, applies to the open demo advertisement and pays, ending at her paid receipt', async () => {
    const page = await openPage(running.browser, `${running.product.url}/login`, { width: 360, height: 780 });
    await signInAs(page, DEMO_APPLICANT);
    await page.waitForURL('**/home');
    await page.getByText('अञ्जली', { exact: false }).first().waitFor();
    await screenshotFromTop(page, 'portal-demo-applicant-home-360');

    // No missing-documents modal: the profile is complete, so the form opens at once.
    const receiptCode = await applyToFirstOpenVacancy(page, running.product.url, {
      quotaCount: 3,
      beforeSubmit: async () => {
        expect(await page.getByTestId('missing-documents').count()).toBe(0);
        expect(await hasHorizontalScroll(page)).toBe(false);
        await screenshotFromTop(page, 'portal-demo-applicant-form-360');
      },
    });
    expect(receiptCode).toMatch(/^[A-Z0-9-]{6,}$/);
    expect(await page.getByTestId('payment-state').innerText()).toBe('भुक्तानी बाँकी');
    await screenshotFromTop(page, 'portal-demo-applicant-receipt-unpaid-360');

    await payOnline(page, page.getByTestId('receipt'));
    await screenshotFromTop(page, 'portal-demo-applicant-paid-360');

    await page.getByTestId('return-my-applications').click();
    await page.waitForURL('**/vacancy-applied');
    const card = page.getByTestId('application-card').filter({ hasText: receiptCode });
    await card.getByTestId('payment-state').filter({ hasText: 'भुक्तानी भएको' }).waitFor();
    await card.getByTestId('application-toggle').click();
    await card.getByTestId('application-timeline').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshotFromTop(page, 'portal-demo-applicant-receipt-paid-360');
    await page.context().close();
  }, 240_000);
});
