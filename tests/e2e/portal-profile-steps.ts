import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { saveScreenshot } from './support/harness';
import { hasHorizontalScroll, settleAnimations } from './portal-steps';

// Steps of the candidate's profile (spec §2 /user/profile tabs, §3 fields, §5 files), shared by
// the portal end-to-end tests that fill it (portal-profile, portal-new-candidate).

export const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/uploads/${name}`, import.meta.url));

/**
 * A temporary folder for the uploads of a product started by a test (config dataDir; the
 * database stays in memory), so that no test writes into the working tree's ./data.
 */
export function temporaryDataDir(): { dataDir: string; remove: () => void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'psc-e2e-files-'));
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** The form item whose label reads exactly `label` (inside `scope`). */
export function item(scope: Page | Locator, label: string): Locator {
  // The inner locator is matched inside each form item, so it starts from the page.
  const page = 'page' in scope && typeof scope.page === 'function' ? (scope as Locator).page() : (scope as Page);
  return scope.locator('.ant-form-item').filter({ has: page.locator('.profile-label').getByText(label, { exact: true }) });
}

/**
 * Types romanised letters into a Nepali field, key by key, as a phone keyboard does. A field that
 * takes English as well starts with romanised typing off: the candidate turns its switch on first.
 */
export async function typeRomanised(scope: Page | Locator, label: string, roman: string): Promise<string> {
  const field = item(scope, label);
  const toggle = field.getByRole('switch');
  if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
  const input = field.locator('input.ant-input');
  await input.click();
  await input.pressSequentially(roman);
  return input.inputValue();
}

/** Opens a select of the form item and picks the option, searching by part of its text. */
export async function choose(page: Page, scope: Page | Locator, label: string, option: string, search = option): Promise<void> {
  const field = item(scope, label);
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  // A list that reloads (local levels after a district change) can swallow a click made while
  // it was being replaced; try again rather than fail on a race the user would simply repeat.
  for (let attempt = 1; ; attempt += 1) {
    await field.locator('.ant-select').click();
    // Long lists are searchable; a short one is a plain list.
    const input = field.locator('.ant-select input');
    if (await input.isEditable()) await input.fill(search);
    await dropdown.locator('.ant-select-item-option', { hasText: option }).first().click();
    const isChosen = await expect
      .poll(() => field.locator('.ant-select').innerText(), { timeout: 3_000 })
      .toContain(option)
      .then(
        () => true,
        () => false,
      );
    if (isChosen) break;
    if (attempt === 3) throw new Error(`could not choose "${option}" in "${label}"`);
    if (await dropdown.isVisible()) await page.keyboard.press('Escape');
  }
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

export async function pickRadio(scope: Page | Locator, label: string, option: string): Promise<void> {
  await item(scope, label).locator('.ant-radio-wrapper', { hasText: option }).first().click();
}

/** A B.S. date typed as eight digits on a number pad; the A.D. date appears beneath. */
export async function typeDate(scope: Page | Locator, label: string, bs: string): Promise<string> {
  const field = item(scope, label);
  // The grid opens over the form; a pointer resting on one of its days would preview that day
  // in the input while typing.
  await field.page().mouse.move(0, 0);
  await field.locator('.ant-picker input').pressSequentially(bs.replaceAll('-', ''));
  // Leaving the field closes the B.S. grid, which would cover the fields below it.
  await field.locator('.ant-picker input').press('Tab');
  return field.locator('.dual-date__note').innerText();
}

function isCall(method: string, path: string | RegExp) {
  return (response: Response) => {
    const pathname = new URL(response.url()).pathname;
    return response.request().method() === method && (typeof path === 'string' ? pathname === path : path.test(pathname));
  };
}

/** Clicks a save button and waits for the server's answer to that call (and the reload of the profile). */
export async function saveAndWait(page: Page, button: Locator, method: string, path: string | RegExp): Promise<void> {
  const reloaded = page.waitForResponse(isCall('GET', '/api/psc/profile'));
  const [answer] = await Promise.all([page.waitForResponse(isCall(method, path)), button.click()]);
  expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBe(200);
  await reloaded;
}

export async function completeness(page: Page): Promise<string> {
  return page.getByTestId('profile-completeness').locator('strong').innerText();
}

/** Waits for the "saved" toasts to close by themselves (spec §9: 4000 ms), so that they do not cover a screenshot. */
export async function waitForToastsToClose(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-notification-notice').count(), { timeout: 10_000 }).toBe(0);
}

/**
 * A whole-page screenshot taken from the top: taken further down, the sticky header would be
 * drawn in the middle of the picture.
 */
async function screenshotFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

export async function openTab(page: Page, tab: string): Promise<void> {
  await page.getByTestId(`profile-tab-${tab}`).click();
  await page.waitForURL(`**/user/profile/${tab}`);
}

/** The tab shows the "complete" mark once its section counts towards the x of 8. */
async function waitForTabComplete(page: Page, tab: string): Promise<void> {
  await page.getByTestId(`profile-tab-${tab}`).getByRole('img', { name: 'पूरा' }).waitFor();
}

/** The "I have no ... to declare" box of an empty list section: its label (to click) and its state. */
function declaration(page: Page, label: string) {
  const wrapper = page.locator('.profile-declaration .ant-checkbox-wrapper', { hasText: label });
  return { wrapper, box: wrapper.getByRole('checkbox') };
}

/** Asks before deleting a row (spec: delete with confirmation): "no" keeps it, "yes" deletes it. */
async function deleteRowAskedFirst(page: Page, row: Locator, screenshotName: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  // The "saved" toasts of the rows just added would cover the question in the screenshot.
  await waitForToastsToClose(page);
  await row.getByRole('button', { name: /हटाउनुहोस्/ }).click();
  await dialog.locator('.ant-modal-confirm-title', { hasText: 'हटाउने हो?' }).waitFor();
  await settleAnimations(page);
  await screenshotFromTop(page, screenshotName);
  await dialog.getByRole('button', { name: 'रद्द गर्नुहोस्' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  expect(await row.count()).toBe(1);
  await row.getByRole('button', { name: /हटाउनुहोस्/ }).click();
  const [deleted] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === 'DELETE'),
    dialog.getByRole('button', { name: 'हटाउनुहोस्' }).click(),
  ]);
  expect(deleted.status()).toBe(200);
  await row.waitFor({ state: 'detached' });
}

export type FillOptions = {
  /**
   * Also takes the list sections' other paths, as a fresh graduate would: declares having no
   * training and sees a training added withdraw it, edits the training, deletes a council
   * registration after the confirmation (no, then yes) and declares having none.
   */
  exerciseLists?: boolean;
};

/**
 * Fills every section of the signed-in candidate's profile in Nepali on a phone: romanised typing
 * that becomes Devanagari, B.S. dates, the four documents and a transcript; checks 8 of 8 and
 * reads the preview in both languages. The screenshots are named `${screenshotPrefix}...`.
 */
export async function fillEveryProfileSection(page: Page, baseUrl: string, screenshotPrefix: string, options: FillOptions = {}): Promise<void> {
  // spec §2: /user/profile opens on the personal tab.
  await page.goto(`${baseUrl}/user/profile`);
  await page.getByRole('heading', { name: 'मेरो विवरण' }).waitFor();
  await page.getByTestId('profile-completeness').waitFor();
  expect(await completeness(page)).toMatch(/^प्रोफाइल: ८ मध्ये [०-७] खण्ड पूरा$/);
  await screenshotFromTop(page, `${screenshotPrefix}personal-empty`);

  // ---- Personal: Nepali names and family names, typed in romanised letters.
  const personal = page.locator('form#personal');
  for (const label of ['पहिलो नाम (नेपालीमा)', 'थर (नेपालीमा)']) await item(personal, label).locator('input.ant-input').fill('');
  expect(await typeRomanised(personal, 'पहिलो नाम (नेपालीमा)', 'seetaa')).toBe('सीता');
  expect(await typeRomanised(personal, 'थर (नेपालीमा)', 'sharma')).toBe('शर्मा');
  expect(await typeRomanised(personal, 'बुबाको नाम', 'raam bahaadur sharma')).toBe('राम बहादुर शर्मा');
  expect(await typeRomanised(personal, 'आमाको नाम', 'gita sharma')).toBe('गिता शर्मा');
  expect(await typeRomanised(personal, 'हजुरबुबाको नाम', 'hari prasaad sharma')).toBe('हरि प्रसाद शर्मा');
  await screenshotFromTop(page, `${screenshotPrefix}personal-filled`);
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
  await screenshotFromTop(page, `${screenshotPrefix}contact-filled`);
  await saveAndWait(page, permanent.getByRole('button', { name: 'स्थायी ठेगाना सुरक्षित गर्नुहोस्' }), 'PUT', '/api/psc/profile/address/permanent');
  // A mailing address abroad (the country searched in Nepali), which the one in Nepal saved below replaces.
  const abroad = page.locator('form#abroad');
  await choose(page, abroad, 'देश', 'कतार');
  await abroad.locator('textarea').fill('Building 12, Al Sadd, Doha');
  await saveAndWait(page, abroad.getByRole('button', { name: 'विदेशको ठेगाना सुरक्षित गर्नुहोस्' }), 'PUT', '/api/psc/profile/address/abroad');
  await abroad.scrollIntoViewIfNeeded();
  await saveScreenshot(page, `${screenshotPrefix}contact-abroad`);
  const mailing = page.locator('form#mailing');
  await mailing.getByText('स्थायी ठेगाना नै पत्राचार ठेगाना हो', { exact: true }).click();
  expect(await item(mailing, 'जिल्ला').locator('.ant-select').innerText()).toContain('काठमाडौँ');
  await saveAndWait(page, mailing.getByRole('button', { name: 'पत्राचार ठेगाना सुरक्षित गर्नुहोस्' }), 'PUT', '/api/psc/profile/address/mailing');
  await expect.poll(() => abroad.locator('textarea').inputValue()).toBe('');

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
  await screenshotFromTop(page, `${screenshotPrefix}extra-filled`);
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
  await waitForToastsToClose(page);
  await screenshotFromTop(page, `${screenshotPrefix}education-form`);
  await saveAndWait(page, education.getByRole('button', { name: 'सुरक्षित गर्नुहोस्' }), 'POST', '/api/psc/profile/educations');
  await page.locator('.profile-row', { hasText: 'स्नातक' }).waitFor();

  // ---- Training.
  await openTab(page, 'training');
  const noTraining = declaration(page, 'मसँग उल्लेख गर्नुपर्ने कुनै तालिम छैन।');
  if (options.exerciseLists) {
    // An empty section may be declared empty, and then counts as complete.
    expect(await noTraining.box.isChecked()).toBe(false);
    await saveAndWait(page, noTraining.wrapper, 'PUT', '/api/psc/profile/declarations');
    await waitForTabComplete(page, 'training');
    await expect.poll(() => noTraining.box.isChecked()).toBe(true);
    await waitForToastsToClose(page);
    await screenshotFromTop(page, `${screenshotPrefix}training-declared-none`);
  }
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
  // A row withdraws any declaration of having none; the box is offered only while the list is empty.
  const trainingRow = page.locator('.profile-row', { hasText: 'कम्प्युटर' });
  await trainingRow.waitFor();
  await noTraining.wrapper.waitFor({ state: 'detached' });
  if (options.exerciseLists) {
    // Edit: the row's form opens with its values; the change is saved in place.
    await trainingRow.getByRole('button', { name: /सम्पादन/ }).click();
    const editing = page.locator('form[id^=training-]');
    expect(await item(editing, 'संस्थाको नाम').locator('input.ant-input').inputValue()).toBe('लोक सेवा तालिम केन्द्र');
    await item(editing, 'प्रतिशत').locator('input').fill('८५');
    await saveAndWait(page, editing.getByRole('button', { name: 'सुरक्षित गर्नुहोस्' }), 'PUT', /^\/api\/psc\/profile\/trainings\/\d+$/);
    await trainingRow.getByText('८५', { exact: true }).waitFor();
    await waitForTabComplete(page, 'training');
  }

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
  const councilRow = page.locator('.profile-row', { hasText: 'नेपाल लेखा परिषद्' });
  await councilRow.waitFor();
  if (options.exerciseLists) {
    // Registered by mistake: deleted after the confirmation; the empty section is then declared empty.
    await deleteRowAskedFirst(page, councilRow, `${screenshotPrefix}professional-delete-asked`);
    const noCouncil = declaration(page, 'मसँग उल्लेख गर्नुपर्ने कुनै व्यावसायिक परिषद् दर्ता छैन।');
    expect(await noCouncil.box.isChecked()).toBe(false);
    expect(await page.getByTestId('profile-tab-professional').getByRole('img', { name: 'पूरा' }).count()).toBe(0);
    await saveAndWait(page, noCouncil.wrapper, 'PUT', '/api/psc/profile/declarations');
    await waitForTabComplete(page, 'professional');
    await expect.poll(() => noCouncil.box.isChecked()).toBe(true);
    await waitForToastsToClose(page);
    await screenshotFromTop(page, `${screenshotPrefix}professional-declared-none`);
  }

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
  await waitForToastsToClose(page);
  await screenshotFromTop(page, `${screenshotPrefix}documents-too-large`);
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
  await screenshotFromTop(page, `${screenshotPrefix}documents-done`);
  expect(await hasHorizontalScroll(page)).toBe(false);

  // ---- Preview in both languages.
  await openTab(page, 'preview');
  const sheet = page.getByTestId('profile-preview');
  await sheet.locator('.preview-sheet__name', { hasText: 'सीता शर्मा' }).waitFor();
  await sheet.getByRole('cell', { name: 'राम बहादुर शर्मा' }).waitFor();
  await sheet.getByText('काठमाण्डौं (महानगरपालिका)').first().waitFor();
  await sheet.getByText('२०७५ साउन १५', { exact: false }).first().waitFor();
  if (options.exerciseLists) {
    await sheet.getByRole('cell', { name: 'केही छैन भनी घोषणा गरिएको।' }).waitFor();
    // The edited percentage (at 360 px each cell also shows its heading, so its text is matched, not its name).
    await sheet.locator('td', { hasText: /^८५$/ }).waitFor();
  } else {
    await sheet.getByRole('cell', { name: 'नेपाल लेखा परिषद्' }).waitFor();
  }
  await expect.poll(() => sheet.locator('img[data-testid=file-preview]').count()).toBe(4);
  await waitForToastsToClose(page);
  await screenshotFromTop(page, `${screenshotPrefix}preview-ne`);
  await page.getByRole('radiogroup', { name: 'विवरणको भाषा' }).getByText('English', { exact: true }).click();
  await sheet.getByText('Candidate profile').waitFor();
  await sheet.getByText('Kathmandu (Metropolitan City)').first().waitFor();
  await sheet.getByRole('cell', { name: 'Tribhuvan University' }).waitFor();
  await sheet.getByText('15 Shrawan 2075', { exact: false }).first().waitFor();
  if (options.exerciseLists) await sheet.getByRole('cell', { name: 'None declared.' }).waitFor();
  expect(await sheet.getAttribute('lang')).toBe('en');
  // The rest of the portal stays in Nepali.
  await page.getByRole('heading', { name: 'मेरो विवरण' }).waitFor();
  await screenshotFromTop(page, `${screenshotPrefix}preview-en`);
  // On a wide screen, and as printed: only the sheet, without the portal around it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshotFromTop(page, `${screenshotPrefix}preview-en-wide`);
  await page.emulateMedia({ media: 'print' });
  expect(await page.locator('.app-header').isVisible()).toBe(false);
  expect(await page.getByRole('button', { name: 'प्रिन्ट गर्नुहोस्' }).isVisible()).toBe(false);
  await screenshotFromTop(page, `${screenshotPrefix}preview-print`);
  await page.emulateMedia({ media: 'screen' });

  // /home counts the sections too.
  await page.goto(`${baseUrl}/home`);
  expect(await page.getByTestId('counter-profileSectionsCompleted').locator('.counter-card__value').innerText()).toBe('८ मध्ये ८');
}
