import type { Locator, Page, Request } from 'playwright-core';
import { saveScreenshot } from './support/harness';

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

/** A screenshot of the page scrolled to the top, once animations have settled. */
export async function screenshotFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settleAnimations(page);
  await saveScreenshot(page, name);
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

// ---- Registration (spec §5), shared by portal-account and portal-new-candidate.

/** Nepali labels of the account screens (the default language). */
export const REGISTER_LABEL = {
  firstName: 'पहिलो नाम',
  lastName: 'थर',
  username: 'प्रयोगकर्ता नाम',
  email: 'इमेल',
  mobile: 'मोबाइल नम्बर',
  citizenshipNumber: 'नागरिकता प्रमाणपत्र नम्बर',
  issueDistrict: 'नागरिकता जारी जिल्ला',
  issueDate: 'नागरिकता जारी मिति',
  dateOfBirth: 'जन्म मिति',
  register: 'दर्ता गर्नुहोस्',
  newPassword: 'नयाँ पासवर्ड',
  confirmPassword: 'नयाँ पासवर्ड फेरि लेख्नुहोस्',
} as const;

/**
 * Picks a district shown in Nepali: on the registration (a first screen) from the browser's own
 * select, on antd's forms by searching the list (English or Nepali names) first.
 */
export async function chooseDistrict(page: Page, label: string, search: string, option: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  if ((await field.evaluate((element) => element.tagName)) === 'SELECT') {
    // The list arrives once the select has the focus (or the page has idled).
    await field.focus();
    await field.locator('option', { hasText: option }).first().waitFor({ state: 'attached' });
    await field.selectOption({ label: option });
    return;
  }
  await field.click();
  await field.fill(search);
  await page.locator('.ant-select-item-option', { hasText: option }).first().click();
}

/** The registration form's text fields (the names in English letters, contacts, citizenship number). */
export type RegistrationText = {
  firstNameEn: string;
  lastNameEn: string;
  username: string;
  email: string;
  mobile: string;
  citizenshipNumber: string;
};

export async function fillRegistration(page: Page, person: RegistrationText): Promise<void> {
  await page.getByLabel(REGISTER_LABEL.firstName, { exact: true }).fill(person.firstNameEn);
  await page.getByLabel(REGISTER_LABEL.lastName, { exact: true }).fill(person.lastNameEn);
  await page.getByLabel(REGISTER_LABEL.username, { exact: true }).fill(person.username);
  await page.getByLabel(REGISTER_LABEL.email, { exact: true }).fill(person.email);
  await page.getByLabel(REGISTER_LABEL.mobile, { exact: true }).fill(person.mobile);
  await page.getByLabel(REGISTER_LABEL.citizenshipNumber, { exact: true }).fill(person.citizenshipNumber);
}

/** The message under a form field: antd's, or a first screen's plain field's (components/plain-field.tsx). */
export function messageUnder(page: Page, fieldId: string) {
  return page.locator(`.ant-form-item:has(#${fieldId}) .ant-form-item-explain, .plain-field:has(#${fieldId}) .plain-field__error`);
}

// ---- Applying and paying (spec §5 apply, §8 payment), shared by the apply e2e tests.

/** The demo candidate whose profile is complete (db DEMO_ACCOUNTS.applicant): she can apply at once. */
export const DEMO_APPLICANT = { username: 'applicant', password: 'Applicant@123' } as const;

/**
 * From the vacancy list, applies to the first advertisement open for applying: both questions
 * answered yes, the first `quotaCount` quotas, the exam centre offered, the terms accepted.
 * Ends on the receipt; answers its code.
 */
export async function applyToFirstOpenVacancy(page: Page, portalUrl: string, options: { quotaCount?: number; beforeSubmit?: () => Promise<void> } = {}): Promise<string> {
  await page.goto(`${portalUrl}/vacancy`);
  const card = page.getByTestId('vacancy-card').filter({ has: page.getByTestId('vacancy-apply') }).first();
  await card.getByTestId('vacancy-apply').click();
  await page.getByTestId('apply-quotas').waitFor();
  for (const question of ['qualification', 'truth']) await page.getByTestId(`question-${question}`).getByText('हो', { exact: true }).click();
  const quotaBoxes = page.getByTestId('apply-quotas').locator('input[type="checkbox"]');
  for (let index = 0; index < (options.quotaCount ?? 1); index += 1) await quotaBoxes.nth(index).check();
  const centre = page.getByTestId('apply-exam-centre').locator('input[type="radio"]').first();
  if (!(await centre.isChecked())) await centre.check();
  await page.getByTestId('apply-terms').check();
  await options.beforeSubmit?.();
  await page.getByTestId('apply-submit').click();
  await page.getByTestId('receipt').waitFor();
  return (await page.getByTestId('receipt-code').innerText()).trim();
}

/**
 * Pays online from the application on screen (its receipt, or its card in My applications):
 * the Pay button, then Pay at the gateway's page (the eSewa sandbox in tests and the demo),
 * back on the portal's success page.
 */
export async function payOnline(page: Page, from: Locator = page.locator('body')): Promise<void> {
  await from.getByTestId('pay-online').click();
  await page.getByTestId('sandbox-pay').click();
  await page.getByTestId('payment-outcome-title').filter({ hasText: 'भुक्तानी सफल भयो' }).waitFor();
}
