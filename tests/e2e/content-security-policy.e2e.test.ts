import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, adminPathOf } from '../../desktop/renderer/src/routes/admin-routes';
import { fixture } from './portal-profile-steps';
import { DEMO_CANDIDATE, signInAs, screenshotFromTop } from './portal-steps';
import { expectStrictPolicy, watchContentSecurityPolicy, type CspViolation } from './support/content-security-policy';
import { PERSON_CONTEXT, startsProductAndBrowser } from './support/harness';
import { trackRequestsOf, waitUntilSettled } from './support/settled';
import { apiCallTo, completeProfile } from './portal-apply-steps';

// The portal and the browser build of the workstation run under the API's Content-Security-Policy
// (script-src 'self', frame-ancestors 'none', object-src 'none', base-uri 'self'); any violation
// the browser reports, as a `securitypolicyviolation` event or a console message, fails the test.
// The accessibility walk draws every page it reaches under this file's watch, in both languages:
// the portal's pages linked from the sign-in page and from the candidate menu (the profile's tabs
// among them) and every built workstation screen (drawing each twice cost the end-to-end tier two
// minutes). This file opens the rest in Chromium: the public pages the walk does not reach, the
// stored pictures, the apply form, the voucher upload with a picture chosen, the eSewa form post
// to the sandbox gateway and both payment return pages; and checks that every workstation route
// is served under the policy.

const PORTAL_CLIENT = `Basic ${btoa('candidate-portal:candidate-portal-secret')}`;
const violations: CspViolation[] = [];

const running = startsProductAndBrowser();

const call = apiCallTo(() => running.product.url);

/** A browser context whose pages report every CSP violation into `violations`. */
async function watchedContext(options: { width?: number; height?: number } = {}): Promise<BrowserContext> {
  const context = await running.browser.newContext({
    ...PERSON_CONTEXT,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  await trackRequestsOf(context);
  await watchContentSecurityPolicy(context, violations);
  return context;
}

/** Opens a path of the product, checks its header and lets its lazy chunks and calls settle. */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${running.product.url}${path}`);
  expectStrictPolicy(response?.headers(), path);
  await waitUntilSettled(page);
}

function expectNoViolations() {
  expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
}

describe('Content-Security-Policy', () => {
  it('the public pages of the portal run under the policy', async () => {
    const context = await watchedContext({ width: 360, height: 780 });
    const page = await context.newPage();
    // The pages linked from the sign-in page run under the same watch in the accessibility walk,
    // in both languages: here those it does not reach, then two of its pages for the screenshots.
    for (const path of ['/change/password/not-a-real-token', '/no-such-page']) {
      await visit(page, path);
      expect(await page.locator('#root').innerText(), path).not.toBe('');
    }
    await visit(page, '/register');
    await screenshotFromTop(page, 'csp-portal-register-360');
    await visit(page, '/login');
    await screenshotFromTop(page, 'csp-portal-login-360');
    expectNoViolations();
    await context.close();
  }, 120_000);

  it('every signed-in page of the portal, the stored pictures and the eSewa form post run under it', async () => {
    const token = (await call<{ accessToken: string }>('POST', '/api/oauth/token', { auth: PORTAL_CLIENT, json: { grant_type: 'password', ...DEMO_CANDIDATE } })).accessToken;
    await completeProfile(call, token, { firstNameNp: 'सीता', lastNameNp: 'शर्मा' });

    const context = await watchedContext({ width: 360, height: 780 });
    const page = await context.newPage();
    await visit(page, '/login');
    await signInAs(page, DEMO_CANDIDATE);
    await page.waitForURL('**/home');

    // The profile's tabs and the candidate menu's pages, and the pages they link to, run under the
    // same watch in the accessibility walk, in both languages: here the pages it does not reach.
    // The documents tab shows the stored pictures from blob: URLs (img-src blob:).
    await visit(page, '/user/profile/documents');
    await page.waitForFunction(() => [...document.querySelectorAll('img')].some((image) => image.complete && image.naturalWidth > 0 && image.src.startsWith('blob:')));
    await screenshotFromTop(page, 'csp-portal-profile-documents-360');

    const pages = ['/promotion/vacancy/apply/1', '/promotion-voucher-upload/1', '/rmis/payment/success', '/rmis/payment/failure'];
    for (const path of pages) await visit(page, path);
    await visit(page, '/home');
    await screenshotFromTop(page, 'csp-portal-home-360');

    // Apply: the form, the receipt.
    await visit(page, '/vacancy');
    const card = page.getByTestId('vacancy-card').filter({ has: page.getByTestId('vacancy-apply') }).first();
    await card.getByTestId('vacancy-apply').click();
    await page.waitForURL(/\/vacancy\/\d+\/\d+\/\d+\/.+/);
    await page.getByTestId('apply-quotas').waitFor();
    for (const question of ['qualification', 'truth']) await page.getByTestId(`question-${question}`).getByText('हो', { exact: true }).click();
    await page.getByTestId('apply-quotas').locator('input[type="checkbox"]').first().check();
    await page.getByTestId('apply-terms').check();
    await screenshotFromTop(page, 'csp-portal-apply-form-360');
    await page.getByTestId('apply-submit').click();
    await page.getByTestId('receipt').waitFor();
    const receiptCode = (await page.getByTestId('receipt-code').innerText()).trim();
    await screenshotFromTop(page, 'csp-portal-receipt-360');

    // The bank voucher page with a picture chosen.
    await visit(page, '/vacancy-applied');
    const application = page.getByTestId('application-card').filter({ hasText: receiptCode });
    await application.getByTestId('application-toggle').click();
    await application.getByTestId('pay-voucher').click();
    await page.waitForURL(/\/voucher-upload\//);
    await page.getByTestId('voucher-file').setInputFiles(fixture('photo.jpg'));
    await screenshotFromTop(page, 'csp-portal-voucher-upload-360');

    // Online payment: the signed form is posted to the gateway (form-action), cancelled once, then paid.
    await visit(page, '/vacancy-applied');
    await application.getByTestId('application-toggle').click();
    await application.getByTestId('pay-online').click();
    await page.getByTestId('sandbox-cancel').waitFor();
    await page.getByTestId('sandbox-cancel').click();
    await page.waitForURL(/\/rmis\/payment\/failure\?transaction_uuid=/);
    await page.getByTestId('payment-outcome-title').waitFor();
    await visit(page, '/vacancy-applied');
    await application.getByTestId('application-toggle').click();
    await application.getByTestId('pay-online').click();
    await page.getByTestId('sandbox-pay').click();
    await page.waitForURL(/\/rmis\/payment\/success\?data=/);
    await page.getByTestId('payment-outcome-title').filter({ hasText: 'भुक्तानी सफल भयो' }).waitFor();
    await screenshotFromTop(page, 'csp-portal-payment-success-360');

    expectNoViolations();
    await context.close();
  }, 300_000);

  it('every workstation route is served under it', async () => {
    // The screens themselves run under it in the accessibility walk, which draws every built one in
    // both languages with this file's watch on its browser (accessibility.e2e.test.ts): here only
    // the page each route's address serves, its parameters filled with a number.
    expect(ADMIN_ROUTES.length).toBeGreaterThan(100);
    for (const route of ADMIN_ROUTES) {
      const path = `/staff${adminPathOf(route).replace(/:[^/]+/g, '1')}`;
      const response = await fetch(`${running.product.url}${path}`);
      expect(response.status, path).toBe(200);
      expectStrictPolicy(Object.fromEntries(response.headers), path);
      await response.body?.cancel();
    }
  });
});
