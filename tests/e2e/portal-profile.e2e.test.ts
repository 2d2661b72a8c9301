import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, saveScreenshot, startProduct, type Product } from './support/harness';
import { DEMO_CANDIDATE, settleAnimations, signInAs } from './portal-steps';
import { choose, fillEveryProfileSection, fixture, item, pickRadio, saveAndWait, temporaryDataDir, typeDate, typeRomanised } from './portal-profile-steps';

// Spec §2 /user/profile tabs, §3 fields, §5 files, §8: the demo candidate fills every
// section of the profile in Nepali on a 360 px phone, typing romanised letters that become
// Devanagari and dates in B.S., uploads the four documents and a transcript, reaches 8 of 8, and
// reads the preview in both languages.

let product: Product;
let browser: Browser;
const files = temporaryDataDir();

beforeAll(async () => {
  product = await startProduct({ config: { dataDir: files.dataDir } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  files.remove();
});

describe('candidate portal: profile', () => {
  it('opens a tab from ?tab=, says a Nepali field wants Nepali, warns before unsaved input is left, asks before a level change and a delete, and shows a lock', async () => {
    const page = await openPage(browser, `${product.url}/login`, { width: 360, height: 780 });
    try {
      await guardTheForms(page);
    } catch (error) {
      await saveScreenshot(page, 'portal-profile-guards-failure');
      throw error;
    } finally {
      await page.context().close();
    }
  });

  it('fills every section in Nepali with romanised typing and B.S. dates, uploads the documents, reaches 8 of 8 and previews in both languages', async () => {
    const page = await openPage(browser, `${product.url}/login`, { width: 360, height: 780 });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    try {
      await fillTheProfile(page);
      expect(pageErrors).toEqual([]);
    } catch (error) {
      // What the screen showed when a step failed, to look at, and what the page threw.
      await saveScreenshot(page, 'portal-profile-failure');
      if (pageErrors.length > 0) console.error(pageErrors.join('\n\n'));
      throw error;
    } finally {
      await page.context().close();
    }
  });
});

const CANDIDATE_PASSWORD = 'Candidate@456';

function basicAuth(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
}

async function callApi<T>(path: string, init: { method?: string; body?: unknown; authorization?: string } = {}): Promise<T> {
  const response = await fetch(`${product.url}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'accept-language': 'en',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.authorization ? { authorization: init.authorization } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

function signInAdmin(): Promise<{ accessToken: string }> {
  return callApi<{ accessToken: string }>('/oauth/token', {
    body: { grant_type: 'password', username: 'admin', password: 'Admin@1234' },
    authorization: basicAuth('staff-desktop', 'staff-desktop-secret'),
  });
}

/**
 * A candidate as spec §4 makes one, for the checks that would spoil the demo candidate's profile
 * (a staff lock): registered (citizenship and birth details), the temporary password read from
 * the mail staff see in the outbox, changed on first sign-in.
 */
async function registerCandidate(): Promise<{ username: string; password: string; userId: number }> {
  const suffix = String(Date.now()).slice(-6);
  const registration = {
    firstNameEn: 'Sita',
    lastNameEn: 'Sharma',
    username: `sita_${suffix}`,
    email: `sita.${suffix}@example.com`,
    mobile: `9841${suffix}`,
    citizenshipNumber: `27-01-${suffix}`,
    citizenshipIssueDistrictId: 27,
    citizenshipIssueDateBs: '2071-02-18',
    dateOfBirthBs: '2055-02-06',
    gender: 'female',
  };
  await callApi('/psc/register', { body: registration });
  const admin = await signInAdmin();
  type Mail = { to: string; bodyText: string };
  const outbox = await callApi<Mail[] | { items: Mail[] }>('/admin/outbox/mail', { authorization: `Bearer ${admin.accessToken}` });
  const mail = (Array.isArray(outbox) ? outbox : outbox.items).find((row) => row.to === registration.email);
  const temporary = /Temporary password: (\S+)/.exec(mail?.bodyText ?? '')?.[1];
  if (!temporary) throw new Error('no temporary password mail for the new candidate');
  const session = await callApi<{ accessToken: string }>('/oauth/token', {
    body: { grant_type: 'password', username: registration.username, password: temporary },
    authorization: basicAuth('candidate-portal', 'candidate-portal-secret'),
  });
  const init = await callApi<{ user: { id: number } }>('/oauth/privileges/get/init', { authorization: `Bearer ${session.accessToken}` });
  await callApi('/psc/account/change-password', {
    body: { oldPassword: temporary, newPassword: CANDIDATE_PASSWORD, confirmPassword: CANDIDATE_PASSWORD },
    authorization: `Bearer ${session.accessToken}`,
  });
  return { username: registration.username, password: CANDIDATE_PASSWORD, userId: init.user.id };
}

async function fillTheProfile(page: Page): Promise<void> {
  await signInAs(page, DEMO_CANDIDATE);
  await page.waitForURL('**/home');
  await fillEveryProfileSection(page, product.url, 'portal-profile-');
}

async function guardTheForms(page: Page): Promise<void> {
  const candidate = await registerCandidate();
  await signInAs(page, candidate);
  await page.waitForURL('**/home');

  // Every label in English too (spec §1): the extra details with their enumerations.
  await page.goto(`${product.url}/user/profile/extra`);
  await page.getByText('English', { exact: true }).click();
  const extra = page.locator('form#extra');
  await item(extra, 'Marital status').waitFor();
  await choose(page, extra, 'Employment status', 'Non-government service', 'Non-government');
  await pickRadio(extra, 'Physically disabled?', 'Yes');
  await choose(page, extra, 'Disability class', 'Ga (yellow card): moderate disability', 'Ga (yellow');
  await item(extra, 'Type of disability').waitFor();
  await choose(page, extra, 'Geographic area', 'Other');
  await item(extra, 'Other area').waitFor();
  await page.keyboard.press('Escape');
  await settleAnimations(page);
  await saveScreenshot(page, 'portal-profile-extra-en');
  // Leaving asks first (the input is not saved).
  await page.getByText('नेपाली', { exact: true }).click();
  await page.getByTestId('profile-tab-personal').click();
  await page.getByRole('dialog').getByRole('button', { name: 'छोड्नुहोस्' }).click();

  // The tab may be named in the query (?tab=), and lands on its own path.
  await page.goto(`${product.url}/user/profile?tab=personal`);
  await page.waitForURL('**/user/profile/personal');
  const personal = page.locator('form#personal');

  // spec §5: Nepali name fields must be typed in Nepali. With romanised typing switched off, the
  // Latin letters stay, and the schema says so under the field.
  const firstName = item(personal, 'पहिलो नाम (नेपालीमा)');
  await firstName.getByRole('switch').click();
  await firstName.locator('input.ant-input').fill('Sita');
  await personal.getByRole('button', { name: 'सुरक्षित गर्नुहोस्' }).click();
  await firstName.getByText('कृपया यो विवरण नेपालीमा (देवनागरी लिपिमा) लेख्नुहोस्।').waitFor();
  // Switched back on, what is typed next becomes Devanagari again.
  await firstName.getByRole('switch').click();
  await firstName.locator('input.ant-input').fill('');
  expect(await typeRomanised(personal, 'पहिलो नाम (नेपालीमा)', 'seetaa')).toBe('सीता');

  // spec §8: leaving unsaved input asks first; staying keeps it.
  await page.getByTestId('profile-tab-contact').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('.ant-modal-confirm-title', { hasText: 'यो पृष्ठ छोड्ने?' }).waitFor();
  await settleAnimations(page);
  await saveScreenshot(page, 'portal-profile-leave-warning');
  await dialog.getByRole('button', { name: 'यहीँ बस्नुहोस्' }).click();
  expect(new URL(page.url()).pathname).toBe('/user/profile/personal');
  expect(await firstName.locator('input.ant-input').inputValue()).toBe('सीता');
  await page.getByTestId('profile-tab-education').click();
  await dialog.getByRole('button', { name: 'छोड्नुहोस्' }).click();
  await page.waitForURL('**/user/profile/education');

  // An education row, then a level change asks first (its files would go) and a delete asks too.
  await page.getByRole('button', { name: 'शैक्षिक योग्यता थप्नुहोस्' }).click();
  const education = page.locator('form#education-new');
  await choose(page, education, 'विश्वविद्यालय वा बोर्ड', 'त्रिभुवन विश्वविद्यालय', 'त्रिभुवन');
  await choose(page, education, 'तह', 'स्नातक', 'स्नातक');
  await choose(page, education, 'सङ्काय', 'शिक्षाशास्त्र');
  await item(education, 'प्रतिशत').locator('input').fill('65');
  await typeDate(education, 'उत्तीर्ण मिति', '2078-09-01');
  expect(await typeRomanised(education, 'मुख्य विषय', 'nepaalee')).toBe('नेपाली');
  await item(education, 'ट्रान्सक्रिप्ट (अगाडि), पीडीएफ').locator('input[type=file]').setInputFiles(fixture('photo.png'));
  // A picture where a PDF is wanted is refused before it is sent.
  await item(education, 'ट्रान्सक्रिप्ट (अगाडि), पीडीएफ').getByRole('alert').waitFor();
  await item(education, 'ट्रान्सक्रिप्ट (अगाडि), पीडीएफ').locator('input[type=file]').setInputFiles(fixture('document.pdf'));
  await saveAndWait(page, education.getByRole('button', { name: 'सुरक्षित गर्नुहोस्' }), 'POST', '/api/psc/profile/educations');
  const row = page.locator('.profile-row', { hasText: 'स्नातक' });
  await row.getByRole('button', { name: /सम्पादन/ }).click();
  const editing = page.locator('form[id^=education-]').first();
  await choose(page, editing, 'तह', 'स्नातकोत्तर', 'स्नातकोत्तर');
  await dialog.getByText('समूह वा तह परिवर्तन गर्दा अपलोड गरिएको फाइल पनि मेटिनेछ। अगाडि बढ्ने?').waitFor();
  await settleAnimations(page);
  await saveScreenshot(page, 'portal-profile-level-change');
  await dialog.getByRole('button', { name: 'रद्द गर्नुहोस्' }).click();
  await expect.poll(() => item(editing, 'तह').locator('.ant-select').innerText()).toBe('स्नातक');
  await editing.getByRole('button', { name: 'रद्द गर्नुहोस्' }).click();
  await row.getByRole('button', { name: /हटाउनुहोस्/ }).click();
  await dialog.locator('.ant-modal-confirm-title', { hasText: 'हटाउने हो?' }).waitFor();
  const [deleted] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === 'DELETE'),
    dialog.getByRole('button', { name: 'हटाउनुहोस्' }).click(),
  ]);
  expect(deleted.status()).toBe(200);
  await row.waitFor({ state: 'detached' });

  // spec §4: staff lock the profile; the candidate sees why and until when, and cannot save.
  const admin = await signInAdmin();
  const until = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
  await callApi(`/admin/candidates/${candidate.userId}/profile-lock`, {
    body: { lockedUntilAd: until, reason: 'पुनरावलोकन भइरहेको' },
    authorization: `Bearer ${admin.accessToken}`,
  });
  await page.goto(`${product.url}/user/profile/personal`);
  const banner = page.getByTestId('profile-lock');
  await banner.waitFor();
  expect(await banner.innerText()).toContain('पुनरावलोकन भइरहेको');
  expect(await page.locator('form#personal').getByRole('button', { name: 'सुरक्षित गर्नुहोस्' }).isDisabled()).toBe(true);
  await page.getByTestId('profile-tab-education').click();
  expect(await page.getByRole('button', { name: 'शैक्षिक योग्यता थप्नुहोस्' }).isDisabled()).toBe(true);
  await settleAnimations(page);
  await saveScreenshot(page, 'portal-profile-locked');
}
