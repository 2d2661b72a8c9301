import type { BrowserContext, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '../../desktop/renderer/src/routes/admin-routes';
import { fixture } from './portal-profile-steps';
import { DEMO_CANDIDATE, signInAs, screenshotFromTop } from './portal-steps';
import { startsProductAndBrowser } from './support/harness';
import { apiCallTo, completeProfile } from './portal-apply-steps';

// The portal and the browser build of the workstation run under the API's Content-Security-Policy
// (script-src 'self', frame-ancestors 'none', object-src 'none', base-uri 'self'). Every portal
// route is opened in Chromium (public, signed-out, every signed-in page with each profile tab,
// the apply form, the voucher upload with a picture chosen, the eSewa form post to the sandbox
// gateway and both payment return pages) and every workstation menu screen; any violation the
// browser reports, as a `securitypolicyviolation` event or a console message, fails the test.

const ADMIN = { username: 'admin', password: 'Admin@1234' };
const PORTAL_CLIENT = `Basic ${btoa('candidate-portal:candidate-portal-secret')}`;
const REQUIRED_DIRECTIVES = ["script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "default-src 'self'"];

type Violation = { url: string; what: string };

const violations: Violation[] = [];

const running = startsProductAndBrowser();

const call = apiCallTo(() => running.product.url);

/**
 * A browser context whose pages report every CSP violation into `violations`: a listener added
 * before any script of the page runs, and the console, where Chromium writes "Refused to ...
 * because it violates the following Content Security Policy directive".
 */
async function watchedContext(options: { width?: number; height?: number } = {}): Promise<BrowserContext> {
  const context = await running.browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: 'ne-NP',
    timezoneId: 'Asia/Kathmandu',
  });
  await context.exposeBinding('reportCspViolation', ({ page }, what: string) => {
    violations.push({ url: page.url(), what });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (what: string) => void }).reportCspViolation;
      void report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} ${event.sample}`.trim());
    });
  });
  context.on('console', (message) => {
    if (/content.security.policy/i.test(message.text())) violations.push({ url: message.page()?.url() ?? '', what: message.text() });
  });
  return context;
}

function expectStrictPolicy(response: Response | null, url: string) {
  expect(response, url).not.toBeNull();
  const policy = response!.headers()['content-security-policy'] ?? '';
  for (const directive of REQUIRED_DIRECTIVES) expect(policy, `${url}: ${directive}`).toContain(directive);
  expect(policy, url).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
}

/** Opens a path of the product, checks its header and lets its lazy chunks and calls settle. */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${running.product.url}${path}`);
  expectStrictPolicy(response, path);
  await page.waitForLoadState('networkidle');
}

function expectNoViolations() {
  expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
}

describe('Content-Security-Policy', () => {
  it('the public pages of the portal run under the policy', async () => {
    const context = await watchedContext({ width: 360, height: 780 });
    const page = await context.newPage();
    for (const path of ['/login', '/faq', '/register', '/exisiting-user', '/change/password/not-a-real-token', '/no-such-page']) {
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

    const tabs = ['personal', 'contact', 'education', 'training', 'professional', 'extra', 'experience', 'documents', 'preview'];
    for (const tab of tabs) await visit(page, `/user/profile/${tab}`);
    // The documents tab shows the stored pictures from blob: URLs (img-src blob:).
    await visit(page, '/user/profile/documents');
    await page.waitForFunction(() => [...document.querySelectorAll('img')].some((image) => image.complete && image.naturalWidth > 0 && image.src.startsWith('blob:')));
    await screenshotFromTop(page, 'csp-portal-profile-documents-360');

    const pages = [
      '/home',
      '/vacancy',
      '/organization/vacancy',
      '/vacancy-applied',
      '/vacancy-applied/promotion',
      '/vacancy-applied/approved',
      '/vacancy-applied/download/certificate',
      '/vacancy-applied/results',
      '/vacancy-applied/download/old-admit-card',
      '/ebp-code-verification',
      '/ebp-code-local-verification',
      '/promotion/vacancy',
      '/promotion/vacancy/apply/1',
      '/promotion-voucher-upload/1',
      '/rmis/payment/success',
      '/rmis/payment/failure',
      '/deactivate-account',
      '/change/password',
    ];
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

  it('every workstation screen of the menu runs under it in the browser', async () => {
    const context = await watchedContext();
    const page = await context.newPage();
    await visit(page, '/staff/login');
    await page.getByLabel('प्रयोगकर्ता नाम वा इमेल').fill(ADMIN.username);
    await page.getByLabel('पासवर्ड').fill(ADMIN.password);
    await page.getByRole('button', { name: 'लगइन' }).click();
    await page.getByTestId('dashboard').waitFor();
    await screenshotFromTop(page, 'csp-staff-dashboard');
    const menu = ADMIN_ROUTES.filter((route) => route.inMenu && route.path !== '');
    expect(menu.length).toBeGreaterThan(50);
    for (const route of menu) await visit(page, `/staff/admin/${route.path}`);
    await visit(page, '/staff/admin/userlist');
    await screenshotFromTop(page, 'csp-staff-user-list');
    expectNoViolations();
    await context.close();
  }, 400_000);
});
