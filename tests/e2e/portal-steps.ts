import type { Page, Request } from 'playwright-core';

// Steps shared by the portal end-to-end tests (portal-*.e2e.test.ts). They act as a person
// would: by labels and visible text.

export const DEMO_CANDIDATE = { username: 'candidate', password: 'Candidate@123' } as const;

/** Nepali is the default language (spec §9), so the steps use the Nepali labels. */
export const NE = {
  username: 'प्रयोगकर्ता नाम वा इमेल',
  password: 'पासवर्ड',
  submit: 'लग इन गर्नुहोस्',
  signOut: 'लग आउट',
  sessionExpired: 'तपाईंको सत्र समाप्त भएको छ।',
} as const;

export async function signInAs(page: Page, account: { username: string; password: string }): Promise<void> {
  await page.getByLabel(NE.username).fill(account.username);
  await page.getByLabel(NE.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: NE.submit }).click();
}

/** The texts of the toasts on screen now. */
export function readToasts(page: Page): Promise<string[]> {
  return page.locator('.ant-notification-notice').allInnerTexts();
}

/** Waits until running (finite) animations end, so a screenshot shows the settled screen. */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Waits for a toast with the text to be on screen and done sliding in (for the screenshots). */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-notification-notice', { hasText: text }).first().waitFor({ state: 'visible' });
  await settleAnimations(page);
}

/** True when the page is wider than the viewport (a horizontal scroll bar). */
export function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** Records every API request the page sends, for counting. */
export function recordApiRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(request);
  });
  return requests;
}

export function pathOf(request: Request): string {
  return new URL(request.url()).pathname;
}

/** A password-grant or refresh-grant call to the token endpoint. */
export function isGrant(request: Request, grant: 'password' | 'refresh_token'): boolean {
  return pathOf(request) === '/api/oauth/token' && (request.postData() ?? '').includes(`"grant_type":"${grant}"`);
}
