import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, saveScreenshot, startProduct, type Product } from './support/harness';
import { DEMO_CANDIDATE, hasHorizontalScroll, settleAnimations, signInAs } from './portal-steps';

// Issue 4, spec §2 /user/profile tabs, §3 fields, §5 files, §8: the demo candidate fills every
// section of the profile in Nepali on a 360 px phone, typing romanised letters that become
// Devanagari and dates in B.S., uploads the four documents and a transcript, reaches 8 of 8, and
// reads the preview in both languages.

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/uploads/${name}`, import.meta.url));

let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** The form item whose label reads exactly `label` (inside `scope`). */
function item(scope: Page | Locator, label: string): Locator {
  // The inner locator is matched inside each form item, so it starts from the page.
  const page = 'page' in scope && typeof scope.page === 'function' ? (scope as Locator).page() : (scope as Page);
  return scope.locator('.ant-form-item').filter({ has: page.locator('.profile-label').getByText(label, { exact: true }) });
}

/** Types romanised letters into a Nepali field, key by key, as a phone keyboard does. */
async function typeRomanised(scope: Page | Locator, label: string, roman: string): Promise<string> {
  const input = item(scope, label).locator('input.ant-input');
  await input.click();
  await input.pressSequentially(roman);
  return input.inputValue();
}

/** Opens a select of the form item and picks the option, searching by part of its text. */
async function choose(page: Page, scope: Page | Locator, label: string, option: string, search = option): Promise<void> {
  const field = item(scope, label);
  await field.locator('.ant-select').click();
  // Long lists are searchable; a short one is a plain list.
  const input = field.locator('.ant-select input');
  if (await input.isEditable()) await input.fill(search);
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click();
  await expect.poll(() => field.locator('.ant-select').innerText()).toContain(option);
  // A searchable list sometimes stays open after the choice; Escape closes it (only then: a
  // confirmation the choice opened would take the Escape as "no").
  const isClosed = await dropdown.waitFor({ state: 'hidden', timeout: 3_000 }).then(
    () => true,
    () => false,
  );
  if (!isClosed) {
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
  }
}

async function pickRadio(scope: Page | Locator, label: string, option: string): Promise<void> {
  await item(scope, label).locator('.ant-radio-wrapper', { hasText: option }).first().click();
}

/** A B.S. date typed as eight digits on a number pad; the A.D. date appears beneath. */
async function typeDate(scope: Page | Locator, label: string, bs: string): Promise<string> {
  const field = item(scope, label);
  await field.locator('input.ant-input').pressSequentially(bs.replaceAll('-', ''));
  return field.locator('.dual-date__note').innerText();
}

function isCall(method: string, path: string) {
  return (response: Response) => response.request().method() === method && new URL(response.url()).pathname === path;
}

/** Clicks a save button and waits for the server's answer to that call (and the reload of the profile). */
async function saveAndWait(page: Page, button: Locator, method: string, path: string): Promise<void> {
  const reloaded = page.waitForResponse(isCall('GET', '/api/psc/profile'));
  const [answer] = await Promise.all([page.waitForResponse(isCall(method, path)), button.click()]);
  expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBe(200);
  await reloaded;
}

async function completeness(page: Page): Promise<string> {
  return page.getByTestId('profile-completeness').locator('strong').innerText();
}

/** Waits for the "saved" toasts to close by themselves (spec §9: 4000 ms), so that they do not cover a screenshot. */
async function waitForToastsToClose(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-notification-notice').count(), { timeout: 10_000 }).toBe(0);
}

async function openTab(page: Page, tab: string): Promise<void> {
  await page.getByTestId(`profile-tab-${tab}`).click();
  await page.waitForURL(`**/user/profile/${tab}`);
}

describe('candidate portal: profile (issue 4)', () => {
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

  // spec §2: /user/profile opens on the personal tab.
  await page.goto(`${product.url}/user/profile`);
  await page.getByRole('heading', { name: 'मेरो विवरण' }).waitFor();
  await page.getByTestId('profile-completeness').waitFor();
  expect(await completeness(page)).toMatch(/^प्रोफाइल: ८ मध्ये [०-७] खण्ड पूरा$/);
  await saveScreenshot(page, 'portal-profile-personal-empty');

  // ---- Personal: Nepali names and family names, typed in romanised letters.
  const personal = page.locator('form#personal');
  for (const label of ['पहिलो नाम (नेपालीमा)', 'थर (नेपालीमा)']) await item(personal, label).locator('input.ant-input').fill('');
  expect(await typeRomanised(personal, 'पहिलो नाम (नेपालीमा)', 'seetaa')).toBe('सीता');
  expect(await typeRomanised(personal, 'थर (नेपालीमा)', 'sharma')).toBe('शर्मा');
  expect(await typeRomanised(personal, 'बुबाको नाम', 'raam bahaadur sharma')).toBe('राम बहादुर शर्मा');
  expect(await typeRomanised(personal, 'आमाको नाम', 'gita sharma')).toBe('गिता शर्मा');
  expect(await typeRomanised(personal, 'हजुरबुबाको नाम', 'hari prasaad sharma')).toBe('हरि प्रसाद शर्मा');
  await saveScreenshot(page, 'portal-profile-personal-filled');
  await saveAndWait(page, personal.getByRole('button', { name: 'सुरक्षित गर्नुहोस्' }), 'PUT', '/api/psc/profile/personal');
  await page.getByTestId('profile-tab-personal').getByRole('img', { name: 'पूरा' }).waitFor();

  // ---- Contact: province -> district -> local level (with its type) -> ward; mailing = permanent.
  await openTab(page, 'contact');
  const permanent = page.locator('form#permanent');
  await choose(page, permanent, 'प्रदेश', 'बागमती प्रदेश', 'बागमती');
  await choose(page, permanent, 'जिल्ला', 'काठमाडौँ', 'काठमा');
  await choose(page, permanent, 'स्थानीय तह', 'काठमाण्डौं (महानगरपालिका)', 'काठमाण्डौं');
  // Wards are limited to the local level's 32.
  await item(permanent, 'वडा नम्बर').locator('.ant-select').click();
  const wardOptions = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await item(permanent, 'वडा नम्बर').locator('.ant-select input').fill('32');
  await wardOptions.filter({ hasText: /^३२$/ }).waitFor();
  await item(permanent, 'वडा नम्बर').locator('.ant-select input').fill('33');
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-empty').waitFor();
  await item(permanent, 'वडा नम्बर').locator('.ant-select input').fill('१६');
  await wardOptions.filter({ hasText: /^१६$/ }).click();
  expect(await typeRomanised(permanent, 'टोल', 'naxaal')).toBe('नक्षाल');
  expect(await typeRomanised(permanent, 'मार्ग', 'bhagavati maarg')).toBe('भगवति मार्ग');
  await item(permanent, 'घर नम्बर').locator('input').fill('१२');
  await item(permanent, 'मोबाइल नम्बर').locator('input').fill('९८४१०००००१');
  await saveScreenshot(page, 'portal-profile-contact-filled');
  await saveAndWait(page, permanent.getByRole('button', { name: 'स्थायी ठेगाना सुरक्षित गर्नुहोस्' }), 'PUT', '/api/psc/profile/address/permanent');
  const mailing = page.locator('form#mailing');
  await mailing.getByText('स्थायी ठेगाना नै पत्राचार ठेगाना हो', { exact: true }).click();
  expect(await item(mailing, 'जिल्ला').locator('.ant-select').innerText()).toContain('काठमाडौँ');
  await saveAndWait(page, mailing.getByRole('button', { name: 'पत्राचार ठेगाना सुरक्षित गर्नुहोस्' }), 'PUT', '/api/psc/profile/address/mailing');

  // ---- Extra details: lists with "other", disability only when disabled, parents' details.
  await openTab(page, 'extra');
  const extra = page.locator('form#extra');
  await choose(page, extra, 'जात/जाति', 'ब्राह्मण - पहाड', 'ब्राह्मण');
  await choose(page, extra, 'धर्म', 'हिन्दु');
  await choose(page, extra, 'मातृभाषा', 'अन्य (लेख्नुहोस्)', 'अन्य');
  expect(await typeRomanised(extra, 'अन्य मातृभाषा', 'newaaree')).toBe('नेवारी');
  await choose(page, extra, 'वैवाहिक स्थिति', 'अविवाहित');
  await choose(page, extra, 'रोजगारीको स्थिति', 'बेरोजगार');
  expect(await item(extra, 'अपाङ्गताको वर्ग').isVisible()).toBe(false);
  await pickRadio(extra, 'शारीरिक रूपमा अपाङ्गता भएको?', 'हो');
  await item(extra, 'अपाङ्गताको वर्ग').waitFor();
  await pickRadio(extra, 'शारीरिक रूपमा अपाङ्गता भएको?', 'होइन');
  await item(extra, 'अपाङ्गताको वर्ग').waitFor({ state: 'hidden' });
  await choose(page, extra, 'बुबाको शिक्षा', 'उच्च शिक्षा');
  expect(await typeRomanised(extra, 'बुबाको उच्च शिक्षाको तह', 'snaatak')).toBe('स्नातक');
  await choose(page, extra, 'आमाको शिक्षा', 'एस.एल.सी.');
  await choose(page, extra, 'बुबाआमाको मुख्य पेसा', 'कृषि');
  await choose(page, extra, 'बुबाको पेसा', 'जागिरे');
  await choose(page, extra, 'आमाको पेसा', 'गृहिणी');
  await choose(page, extra, 'भौगोलिक क्षेत्र', 'पहाड');
  await saveScreenshot(page, 'portal-profile-extra-filled');
  await saveAndWait(page, extra.getByRole('button', { name: 'सुरक्षित गर्नुहोस्' }), 'PUT', '/api/psc/profile/extra');

  // Inclusive group with its document.
  await page.getByRole('button', { name: 'समावेशी समूह थप्नुहोस्' }).click();
  const group = page.locator('form#inclusive-group-new');
  await choose(page, group, 'समावेशी समूह', 'महिला');
  await item(group, 'समूह प्रमाणित गर्ने कागजात').locator('input[type=file]').setInputFiles(fixture('photo.png'));
  await item(group, 'समूह प्रमाणित गर्ने कागजात').getByTestId('file-preview').waitFor();
  await saveAndWait(page, group.getByRole('button', { name: 'सुरक्षित गर्नुहोस्' }), 'POST', '/api/psc/profile/inclusive-groups');
  await page.locator('.profile-row', { hasText: 'महिला' }).waitFor();

  // ---- Education with a B.S. passed date and the transcript (PDF).
  await openTab(page, 'education');
  await page.getByRole('button', { name: 'शैक्षिक योग्यता थप्नुहोस्' }).click();
  const education = page.locator('form#education-new');
  await choose(page, education, 'विश्वविद्यालय वा बोर्ड', 'त्रिभुवन विश्वविद्यालय', 'त्रिभुवन');
  await choose(page, education, 'तह', 'स्नातक', 'स्नातक');
  await choose(page, education, 'सङ्काय', 'व्यवस्थापन');
  await item(education, 'प्रतिशत').locator('input').fill('७२.५');
  await choose(page, education, 'श्रेणी', 'प्रथम श्रेणी', 'प्रथम');
  expect(await typeDate(education, 'उत्तीर्ण मिति', '2075-04-15')).toContain('ई.सं.');
  expect(await typeRomanised(education, 'मुख्य विषय', 'lekhaa')).toBe('लेखा');
  await item(education, 'ट्रान्सक्रिप्ट (अगाडि), पीडीएफ').locator('input[type=file]').setInputFiles(fixture('document.pdf'));
  await item(education, 'ट्रान्सक्रिप्ट (अगाडि), पीडीएफ').getByText(/छानिएको फाइल: document\.pdf/).waitFor();
  await saveScreenshot(page, 'portal-profile-education-form');
  await saveAndWait(page, education.getByRole('button', { name: 'सुरक्षित गर्नुहोस्' }), 'POST', '/api/psc/profile/educations');
  await page.locator('.profile-row', { hasText: 'स्नातक' }).waitFor();

  // ---- Training.
  await openTab(page, 'training');
  await page.getByRole('button', { name: 'तालिम थप्नुहोस्' }).click();
  const training = page.locator('form#training-new');
  expect(await typeRomanised(training, 'संस्थाको नाम', 'lok sewaa taalim kendra')).toBe('लोक सेवा तालिम केन्द्र');
  expect(await typeRomanised(training, 'तालिमको नाम', 'kampyuTar')).toBe('कम्प्युटर');
  await item(training, 'प्रतिशत').locator('input').fill('८०');
  await choose(page, training, 'श्रेणी', 'प्रथम श्रेणी', 'प्रथम');
  await typeDate(training, 'तालिम सुरु मिति', '2076-01-01');
  await typeDate(training, 'तालिम अन्त्य मिति', '2076-03-30');
  await item(training, 'तालिमको प्रमाणपत्र').locator('input[type=file]').setInputFiles(fixture('photo.jpg'));
  await saveAndWait(page, training.getByRole('button', { name: 'सुरक्षित गर्नुहोस्' }), 'POST', '/api/psc/profile/trainings');

  // ---- Professional council.
  await openTab(page, 'professional');
  await page.getByRole('button', { name: 'व्यावसायिक परिषद् दर्ता थप्नुहोस्' }).click();
  const council = page.locator('form#council-new');
  expect(await typeRomanised(council, 'परिषद्को नाम', 'nepaal lekhaa pariShad~')).toBe('नेपाल लेखा परिषद्');
  await pickRadio(council, 'परिषद्को किसिम', 'बोर्ड');
  await pickRadio(council, 'दर्ताको किसिम', 'स्थायी');
  await item(council, 'दर्ता नम्बर').locator('input').fill('१२३४५');
  await typeDate(council, 'जारी मिति', '2077-05-10');
  await item(council, 'प्रमाणपत्र (अगाडि)').locator('input[type=file]').setInputFiles(fixture('document.pdf'));
  await saveAndWait(page, council.getByRole('button', { name: 'सुरक्षित गर्नुहोस्' }), 'POST', '/api/psc/profile/professional-councils');

  // ---- Non-government experience.
  await openTab(page, 'experience');
  await page.getByRole('button', { name: 'गैरसरकारी अनुभव थप्नुहोस्' }).click();
  const job = page.locator('form#non-government-new');
  expect(await typeRomanised(job, 'कार्यालय वा संस्थाको नाम', 'himaalayan baiMk')).toBe('हिमालयन बैंक');
  expect(await typeRomanised(job, 'पद', 'sahaayak')).toBe('सहायक');
  await pickRadio(job, 'नियुक्तिको किसिम', 'करार');
  await typeDate(job, 'देखि', '2078-01-01');
  await typeDate(job, 'सम्म', '2080-12-30');
  await item(job, 'अनुभव प्रमाणपत्र').locator('input[type=file]').setInputFiles(fixture('document.pdf'));
  await saveAndWait(page, job.getByRole('button', { name: 'सुरक्षित गर्नुहोस्' }), 'POST', '/api/psc/profile/non-government-experiences');
  await expect.poll(() => completeness(page)).toBe('प्रोफाइल: ८ मध्ये ७ खण्ड पूरा');

  // ---- Documents: refused in the browser first, a large photograph offered a resize.
  await openTab(page, 'documents');
  const photograph = page.getByTestId('document-photograph');
  await photograph.locator('input[type=file]').setInputFiles(fixture('pdf-renamed.png'));
  await photograph.getByRole('alert').filter({ hasText: 'जेपीजी' }).or(photograph.getByRole('alert')).first().waitFor();
  await photograph.locator('input[type=file]').setInputFiles(fixture('large.jpg'));
  await photograph.getByRole('button', { name: 'सानो बनाउनुहोस्' }).waitFor();
  await saveScreenshot(page, 'portal-profile-documents-too-large');
  await photograph.getByRole('button', { name: 'सानो बनाउनुहोस्' }).click();
  await photograph.getByText(/बाट .* बनाइयो/).waitFor();
  await saveAndWait(page, photograph.getByRole('button', { name: 'फोटो अपलोड गर्नुहोस्' }), 'PUT', '/api/psc/profile/documents/photograph');
  for (const [kind, name] of [
    ['signature', 'हस्ताक्षर'],
    ['citizenship-front', 'नागरिकताको अगाडिको भाग'],
    ['citizenship-back', 'नागरिकताको पछाडिको भाग'],
  ] as const) {
    const card = page.getByTestId(`document-${kind}`);
    await card.locator('input[type=file]').setInputFiles(fixture(kind === 'signature' ? 'photo.png' : 'photo.jpg'));
    await saveAndWait(page, card.getByRole('button', { name: `${name} अपलोड गर्नुहोस्` }), 'PUT', `/api/psc/profile/documents/${kind}`);
  }
  await expect.poll(() => completeness(page)).toBe('प्रोफाइल: ८ मध्ये ८ खण्ड पूरा');
  // The stored files come back with the bearer token, as previews.
  await expect.poll(() => page.locator('.document-card img[data-testid=file-preview]').count()).toBe(4);
  await waitForToastsToClose(page);
  await settleAnimations(page);
  await saveScreenshot(page, 'portal-profile-documents-done');
  expect(await hasHorizontalScroll(page)).toBe(false);

  // ---- Preview in both languages.
  await openTab(page, 'preview');
  const sheet = page.getByTestId('profile-preview');
  await sheet.locator('.preview-sheet__name', { hasText: 'सीता शर्मा' }).waitFor();
  await sheet.getByRole('cell', { name: 'राम बहादुर शर्मा' }).waitFor();
  await sheet.getByText('काठमाण्डौं (महानगरपालिका)').first().waitFor();
  await sheet.getByText('२०७५ साउन १५', { exact: false }).first().waitFor();
  await expect.poll(() => sheet.locator('img[data-testid=file-preview]').count()).toBe(4);
  await waitForToastsToClose(page);
  await saveScreenshot(page, 'portal-profile-preview-ne');
  await page.getByRole('radiogroup', { name: 'विवरणको भाषा' }).getByText('English', { exact: true }).click();
  await sheet.getByText('Candidate profile').waitFor();
  await sheet.getByText('Kathmandu (Metropolitan City)').first().waitFor();
  await sheet.getByRole('cell', { name: 'Tribhuvan University' }).waitFor();
  await sheet.getByText('15 Shrawan 2075', { exact: false }).first().waitFor();
  expect(await sheet.getAttribute('lang')).toBe('en');
  // The rest of the portal stays in Nepali.
  await page.getByRole('heading', { name: 'मेरो विवरण' }).waitFor();
  await saveScreenshot(page, 'portal-profile-preview-en');
  // On a wide screen, and as printed: only the sheet, without the portal around it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await saveScreenshot(page, 'portal-profile-preview-en-wide');
  await page.emulateMedia({ media: 'print' });
  expect(await page.locator('.app-header').isVisible()).toBe(false);
  expect(await page.getByRole('button', { name: 'प्रिन्ट गर्नुहोस्' }).isVisible()).toBe(false);
  await saveScreenshot(page, 'portal-profile-preview-print');
  await page.emulateMedia({ media: 'screen' });

  // /home counts the sections too.
  await page.goto(`${product.url}/home`);
  expect(await page.getByTestId('counter-profileSectionsCompleted').locator('.counter-card__value').innerText()).toBe('८ मध्ये ८');
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
