import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openPage, saveScreenshot, screenshotsDir, startsProductAndBrowser } from './support/harness';
import { NE, REGISTER_LABEL as LABEL, chooseDistrict, fillRegistration, hasHorizontalScroll, messageUnder, settleAnimations, signInAs, waitForToast } from './portal-steps';

// The candidate's account in the portal: registration with B.S. dates (spec §5), the
// temporary password that must be changed at the first sign-in (spec §4), the one-person-one-
// account rule on the field it concerns, forgot password with its single-use link (spec §2
// /change/password/{tokenid}), recovery by SMS (/exisiting-user) and deactivation. The harness
// has no SMTP: mail and SMS stay in their outboxes, which the demo administrator reads through
// the API (GET /api/admin/outbox/mail [UM read]).

const running = startsProductAndBrowser();

const STAFF_CLIENT = `Basic ${Buffer.from('staff-desktop:staff-desktop-secret').toString('base64')}`;
const CANDIDATE_CLIENT = `Basic ${Buffer.from('candidate-portal:candidate-portal-secret').toString('base64')}`;

type Envelope<T> = { status: 0 | 1; message: string; data: T; code?: string };
type OutboxMail = { to: string; subject: string; bodyText: string; kind: string };
type OutboxSms = { to: string; body: string; kind: string };

async function callApi<T>(path: string, init: { method?: string; token?: string; basic?: string; body?: unknown } = {}): Promise<{ status: number; body: Envelope<T> }> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'en' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.basic) headers.Authorization = init.basic;
  const response = await fetch(`${running.product.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

let staffToken: string | undefined;

/** The demo administrator's token from the workstation's client (the outbox needs UM read). */
async function readStaffToken(): Promise<string> {
  if (staffToken) return staffToken;
  const answer = await callApi<{ accessToken: string }>('/api/oauth/token', {
    method: 'POST',
    basic: STAFF_CLIENT,
    body: { grant_type: 'password', username: 'admin', password: 'Admin@1234' },
  });
  expect(answer.status).toBe(200);
  staffToken = answer.body.data.accessToken;
  return staffToken;
}

/** The newest mail of a kind to an address, as the administrator sees it in the outbox. */
async function readNewestMail(to: string, kind: string): Promise<OutboxMail> {
  const token = await readStaffToken();
  const answer = await callApi<{ items: OutboxMail[] }>(`/api/admin/outbox/mail?kind=${encodeURIComponent(kind)}&pageSize=200`, { token });
  expect(answer.status).toBe(200);
  const mail = answer.body.data.items.find((item) => item.to.toLowerCase() === to.toLowerCase());
  if (!mail) throw new Error(`no ${kind} mail to ${to} in the outbox`);
  return mail;
}

async function readNewestSms(to: string, kind: string): Promise<OutboxSms> {
  const token = await readStaffToken();
  const answer = await callApi<{ items: OutboxSms[] }>(`/api/admin/outbox/sms?kind=${encodeURIComponent(kind)}&pageSize=200`, { token });
  expect(answer.status).toBe(200);
  const sms = answer.body.data.items.find((item) => item.to === to);
  if (!sms) throw new Error(`no ${kind} SMS to ${to} in the outbox`);
  return sms;
}

function readTemporaryPassword(mail: OutboxMail): string {
  const match = /Temporary password: (\S+)/.exec(mail.bodyText);
  if (!match) throw new Error(`no temporary password in: ${mail.bodyText}`);
  return match[1]!;
}

/** The token of the /change/password/{token} link in a mail (the link's host is PUBLIC_URL, not this server). */
function readLinkToken(mail: OutboxMail): string {
  const match = /\/change\/password\/([A-Za-z0-9_-]+)/.exec(mail.bodyText);
  if (!match) throw new Error(`no password link in: ${mail.bodyText}`);
  return match[1]!;
}

type Person = {
  firstNameEn: string;
  lastNameEn: string;
  username: string;
  email: string;
  mobile: string;
  citizenshipNumber: string;
  /** Kathmandu in the seeded reference list. */
  citizenshipIssueDistrictId: number;
  dateOfBirthBs: string;
  citizenshipIssueDateBs: string;
  gender: 'male' | 'female' | 'other';
};

/** Registers through the API (for the flows that start from an existing account). */
async function registerThroughApi(person: Person): Promise<void> {
  const answer = await callApi('/api/psc/register', { method: 'POST', body: person });
  expect(answer.status, answer.body.message).toBe(200);
}

/** Signs in through the API and replaces the temporary password, as the first sign-in would. */
async function activateThroughApi(person: Person, newPassword: string): Promise<void> {
  const temporary = readTemporaryPassword(await readNewestMail(person.email, 'temporary-password'));
  const grant = await callApi<{ accessToken: string }>('/api/oauth/token', {
    method: 'POST',
    basic: CANDIDATE_CLIENT,
    body: { grant_type: 'password', username: person.username, password: temporary },
  });
  expect(grant.status).toBe(200);
  const changed = await callApi('/api/psc/account/change-password', {
    method: 'POST',
    token: grant.body.data.accessToken,
    body: { oldPassword: temporary, newPassword, confirmPassword: newPassword },
  });
  expect(changed.status).toBe(200);
}

const KATHMANDU = 27;

/**
 * What is on screen now (not the whole page): a dialog, or a field the form scrolled to, as the
 * person sees it. (A whole-page picture draws the sticky header at the scroll position.)
 */
async function saveViewportScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`) });
}

describe('candidate portal: account', () => {
  it('registers a new candidate with B.S. dates, then makes the first sign-in change the temporary password', async () => {
    const page = await openPage(running.browser, `${running.product.url}/register`, { width: 360, height: 740 });
    await page.getByRole('heading', { name: 'नयाँ दर्ता' }).waitFor();

    // Nothing typed yet: the shared schema names every required field, in Nepali.
    await page.getByRole('button', { name: LABEL.register }).click();
    await messageUnder(page, 'firstNameEn').getByText('यो विवरण अनिवार्य छ।').waitFor();
    await messageUnder(page, 'citizenshipIssueDistrictId').getByText('कृपया नागरिकता जारी गर्ने जिल्ला छान्नुहोस्।').waitFor();
    await messageUnder(page, 'gender').getByText('कृपया लिङ्ग छान्नुहोस्।').waitFor();
    await messageUnder(page, 'dateOfBirth').waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-register-required-360');

    await fillRegistration(page, {
      firstNameEn: 'Sita',
      lastNameEn: 'Sharma',
      username: 'sita_sharma',
      email: 'sita.sharma@example.com',
      mobile: '९८४१२३४५६७',
      citizenshipNumber: '27-01-75-12345',
    });
    // spec §5: English letters only.
    await page.getByLabel(LABEL.lastName, { exact: true }).fill('Sharma2');
    await chooseDistrict(page, LABEL.issueDistrict, 'Kathmandu', 'काठमाडौँ');

    // spec §5: Nepali names in Devanagari; typed in Roman letters, they turn into Devanagari.
    await page.getByLabel('पहिलो नाम (नेपालीमा)').pressSequentially('seetaa');
    await page.getByLabel('थर (नेपालीमा)').pressSequentially('sharma');
    expect(await page.getByLabel('पहिलो नाम (नेपालीमा)').inputValue()).toBe('सीता');
    expect(await page.getByLabel('थर (नेपालीमा)').inputValue()).toBe('शर्मा');

    // B.S. is the default; typed in Devanagari, with the A.D. date shown beside it as it is typed.
    await page.getByLabel(LABEL.dateOfBirth, { exact: true }).fill('२०५५-०४-१५');
    await page.getByLabel(LABEL.dateOfBirth, { exact: true }).press('Tab');
    await expect.poll(() => page.getByTestId('dateOfBirth-counterpart').innerText()).toBe('= ई.सं. १९९८ जुलाई ३१');
    // Eight digits from a number pad get their hyphens.
    await page.getByLabel(LABEL.issueDate, { exact: true }).fill('20720110');
    await page.getByLabel(LABEL.issueDate, { exact: true }).press('Tab');
    // Shown in the reader's digits once whole (spec §1).
    expect(await page.getByLabel(LABEL.issueDate, { exact: true }).inputValue()).toBe('२०७२-०१-१०');
    await expect.poll(() => page.getByTestId('citizenshipIssueDate-counterpart').innerText()).toBe('= ई.सं. २०१५ अप्रिल २३');
    // Switching the calendar keeps the day.
    await page.getByRole('radiogroup', { name: `${LABEL.issueDate}: पात्रो` }).getByText('ई.सं.').click();
    expect(await page.getByLabel(LABEL.issueDate, { exact: true }).inputValue()).toBe('2015-04-23');
    await expect.poll(() => page.getByTestId('citizenshipIssueDate-counterpart').innerText()).toBe('= वि.सं. २०७२ बैशाख १०');

    // Choosing "Other" asks first; cancelling leaves the choice as it was.
    // (click, not check: the radio stays unchecked until the question is answered)
    await page.getByRole('radio', { name: 'अन्य' }).click({ force: true });
    const question = page.getByRole('dialog').filter({ hasText: '"अन्य" लिङ्ग छान्ने?' });
    await question.waitFor();
    await settleAnimations(page);
    await saveViewportScreenshot(page, 'portal-register-gender-other-360');
    await question.getByRole('button', { name: 'रद्द गर्नुहोस्' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await page.getByRole('radio', { name: 'अन्य' }).isChecked()).toBe(false);
    await page.getByRole('radio', { name: 'महिला' }).check({ force: true });

    // spec §8: leaving with unsaved input asks first.
    await page.getByRole('link', { name: 'पहिले नै दर्ता हुनुहुन्छ? लग इन गर्नुहोस्' }).click();
    const leave = page.getByRole('dialog').filter({ hasText: 'यो पृष्ठ छोड्ने?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'यहीँ बस्नुहोस्' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/register');

    await page.getByRole('button', { name: LABEL.register }).click();
    await messageUnder(page, 'lastNameEn').getByText('अङ्ग्रेजी अक्षर मात्र लेख्न मिल्छ।').waitFor();
    await page.getByLabel(LABEL.lastName, { exact: true }).fill('Sharma');
    await page.evaluate(() => document.fonts.ready);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'portal-register-filled-360');

    const registered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/psc/register');
    await page.getByRole('button', { name: LABEL.register }).click();
    const answer = await registered;
    expect(answer.status()).toBe(200);
    // The dates went as typed, each under its own calendar.
    expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({ dateOfBirthBs: '२०५५-०४-१५', citizenshipIssueDateAd: '2015-04-23' });
    await page.getByTestId('registered-message').getByText('sita.sharma@example.com', { exact: false }).waitFor();
    // No SMTP here, as in development: the page says where the mail waits (the workstation's outbox).
    const outboxLink = page.getByTestId('registered-mail-outbox').getByRole('link');
    const outbox = new URL((await outboxLink.getAttribute('href')) ?? '');
    expect([outbox.port, outbox.pathname]).toEqual([new URL(running.product.url).port, '/staff/admin/outbox']);
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-register-done-360');

    // The temporary password, from the outbox (no SMTP here).
    const temporaryPassword = readTemporaryPassword(await readNewestMail('sita.sharma@example.com', 'temporary-password'));

    await page.getByRole('link', { name: 'लग इन पृष्ठमा जानुहोस्' }).click();
    await page.waitForURL('**/login');
    await signInAs(page, { username: 'sita_sharma', password: temporaryPassword });
    // spec §4: the change comes before anything else.
    await page.waitForURL('**/change/password');
    await page.getByTestId('password-change-required').waitFor();
    await page.goto(`${running.product.url}/home`);
    await page.waitForURL('**/change/password');
    await page.getByTestId('password-change-required').waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'portal-first-sign-in-change-password-360');

    await page.getByLabel('अस्थायी पासवर्ड (इमेलमा आएको)').fill(temporaryPassword);
    await page.getByLabel(LABEL.newPassword, { exact: true }).fill('Sita@2081');
    await page.getByLabel(LABEL.confirmPassword, { exact: true }).fill('Sita@2081');
    await page.getByRole('button', { name: 'पासवर्ड परिवर्तन गर्नुहोस्' }).click();
    await page.waitForURL('**/home');
    await waitForToast(page, 'तपाईंको पासवर्ड परिवर्तन भयो।');
    await page.getByTestId('welcome').waitFor();
    // Greeted by the Nepali name given at registration, with the English one beneath.
    expect(await page.getByTestId('welcome').innerText()).toContain('सीता शर्मा');
    expect(await page.getByTestId('other-name').innerText()).toBe('Sita Sharma');
    await saveScreenshot(page, 'portal-first-sign-in-home-360');

    // The new password is the one that works from now on.
    const grant = await callApi('/api/oauth/token', {
      method: 'POST',
      basic: CANDIDATE_CLIENT,
      body: { grant_type: 'password', username: 'sita_sharma', password: 'Sita@2081' },
    });
    expect(grant.status).toBe(200);
    await page.context().close();
  });

  it('refuses a second account for the same citizenship certificate, on the citizenship number field', async () => {
    await registerThroughApi({
      firstNameEn: 'Ram',
      lastNameEn: 'Thapa',
      username: 'ram_thapa',
      email: 'ram.thapa@example.com',
      mobile: '9851000001',
      citizenshipNumber: '27-02-70-00042',
      citizenshipIssueDistrictId: KATHMANDU,
      dateOfBirthBs: '2050-01-01',
      citizenshipIssueDateBs: '2068-05-05',
      gender: 'male',
    });
    const page = await openPage(running.browser, `${running.product.url}/register`);
    await fillRegistration(page, {
      firstNameEn: 'Ram',
      lastNameEn: 'Thapa',
      username: 'ram_thapa_2',
      email: 'ram.thapa.2@example.com',
      mobile: '9851000002',
      // The same certificate, typed in Devanagari digits.
      citizenshipNumber: '२७-०२-७०-०००४२',
    });
    await chooseDistrict(page, LABEL.issueDistrict, 'Kathmandu', 'काठमाडौँ');
    await page.getByLabel(LABEL.dateOfBirth, { exact: true }).fill('2050-01-01');
    await page.getByLabel(LABEL.dateOfBirth, { exact: true }).press('Tab');
    await page.getByLabel(LABEL.issueDate, { exact: true }).fill('2068-05-05');
    await page.getByLabel(LABEL.issueDate, { exact: true }).press('Tab');
    await page.getByRole('radio', { name: 'पुरुष' }).check({ force: true });
    await page.getByRole('button', { name: LABEL.register }).click();
    await messageUnder(page, 'citizenshipNumber').getByText('यही नागरिकता नम्बर र जारी गर्ने जिल्लाको खाता पहिले नै छ।').waitFor();
    // Only that field is named; the form stays as typed.
    expect(await page.locator('.plain-field--error').count()).toBe(1);
    expect(await page.getByLabel(LABEL.username, { exact: true }).inputValue()).toBe('ram_thapa_2');
    await settleAnimations(page);
    await saveViewportScreenshot(page, 'portal-register-conflict');
    await page.context().close();
  });

  it('sends a single-use password link, sets the new password with it, and then says the link no longer works', async () => {
    const person: Person = {
      firstNameEn: 'Hari',
      lastNameEn: 'Karki',
      username: 'hari_karki',
      email: 'hari.karki@example.com',
      mobile: '9861000001',
      citizenshipNumber: '27-03-71-00077',
      citizenshipIssueDistrictId: KATHMANDU,
      dateOfBirthBs: '2052-03-03',
      citizenshipIssueDateBs: '2070-06-06',
      gender: 'male',
    };
    await registerThroughApi(person);
    await activateThroughApi(person, 'Hari@2081');

    const page = await openPage(running.browser, `${running.product.url}/login`, { width: 360, height: 740 });
    // The same neutral message for an account that does not exist...
    await page.getByRole('button', { name: 'पासवर्ड बिर्सनुभयो?' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel(NE.username).fill('no_such_person');
    await dialog.getByRole('button', { name: 'लिङ्क पठाउनुहोस्' }).click();
    const neutral = await dialog.getByTestId('password-help-sent').innerText();
    await dialog.getByRole('button', { name: /close|बन्द/i }).click();
    await dialog.waitFor({ state: 'hidden' });
    // ...as for one that does.
    await page.getByRole('button', { name: 'पासवर्ड बिर्सनुभयो?' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel(NE.username).fill(person.email);
    await dialog.getByRole('button', { name: 'लिङ्क पठाउनुहोस्' }).click();
    expect(await dialog.getByTestId('password-help-sent').innerText()).toBe(neutral);
    await settleAnimations(page);
    await saveViewportScreenshot(page, 'portal-forgot-password-sent-360');
    await dialog.getByRole('button', { name: /close|बन्द/i }).click();

    const token = readLinkToken(await readNewestMail(person.email, 'password-reset'));
    await page.goto(`${running.product.url}/change/password/${token}`);
    await page.getByTestId('reset-username').getByText(person.username, { exact: false }).waitFor();
    await page.getByLabel(LABEL.newPassword, { exact: true }).fill('Naya@2082');
    await page.getByLabel(LABEL.confirmPassword, { exact: true }).fill('Naya@2083');
    await page.getByRole('button', { name: 'नयाँ पासवर्ड राख्नुहोस्' }).click();
    await messageUnder(page, 'confirmPassword').getByText('पुष्टि गरिएको पासवर्ड मिलेन।').waitFor();
    await page.getByLabel(LABEL.confirmPassword, { exact: true }).fill('Naya@2082');
    await page.getByRole('button', { name: 'नयाँ पासवर्ड राख्नुहोस्' }).click();
    await page.getByTestId('reset-done').waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-reset-password-done-360');

    await page.getByRole('link', { name: 'लग इन पृष्ठमा जानुहोस्' }).click();
    await page.waitForURL('**/login');
    await signInAs(page, { username: person.username, password: 'Naya@2082' });
    await page.waitForURL('**/home');
    await page.getByTestId('welcome').waitFor();

    // Signed in or out, the used link says plainly that it no longer works and offers a new one.
    await page.goto(`${running.product.url}/change/password/${token}`);
    await page.getByTestId('reset-link-invalid').waitFor();
    await page.getByRole('button', { name: 'लिङ्क पठाउनुहोस्' }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'portal-reset-link-used-360');
    await page.context().close();
  });

  it('requests a new temporary password from the sign-in page with the same neutral message', async () => {
    const page = await openPage(running.browser, `${running.product.url}/login`);
    await page.getByRole('button', { name: 'नयाँ अस्थायी पासवर्ड माग्नुहोस्' }).click();
    const dialog = page.getByRole('dialog');
    // The dialog is loaded lazily and opens with an animation: the name is checked to be in the
    // field, and the request to have been answered, before the message is looked for, so that a
    // slow machine says which of the three did not happen.
    const login = dialog.getByLabel(NE.username);
    await login.fill('sita_sharma');
    await expect.poll(() => login.inputValue()).toBe('sita_sharma');
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/psc/account/request-new-password');
    await dialog.getByRole('button', { name: 'नयाँ पासवर्ड पठाउनुहोस्' }).click();
    expect((await asked).status()).toBe(200);
    await dialog.getByTestId('password-help-sent').waitFor();
    await settleAnimations(page);
    await saveViewportScreenshot(page, 'portal-request-new-password');
    // Sita has chosen her own password, so the mail carries a link or a temporary password.
    const token = await readStaffToken();
    const mails = await callApi<{ items: OutboxMail[] }>('/api/admin/outbox/mail?pageSize=200', { token });
    const toSita = mails.body.data.items.filter((mail) => mail.to === 'sita.sharma@example.com').map((mail) => mail.kind);
    expect(toSita.some((kind) => kind === 'temporary-password' || kind === 'password-reset')).toBe(true);
    await page.context().close();
  });

  it('moves an account to a new e-mail with the SMS code (/exisiting-user)', async () => {
    const person: Person = {
      firstNameEn: 'Gita',
      lastNameEn: 'Rai',
      username: 'gita_rai',
      email: 'gita.rai@example.com',
      mobile: '9801000009',
      citizenshipNumber: '27-04-72-00099',
      citizenshipIssueDistrictId: KATHMANDU,
      dateOfBirthBs: '2053-04-04',
      citizenshipIssueDateBs: '2071-07-07',
      gender: 'female',
    };
    await registerThroughApi(person);
    const page = await openPage(running.browser, `${running.product.url}/exisiting-user`, { width: 360, height: 740 });
    await page.getByLabel(LABEL.citizenshipNumber, { exact: true }).fill(person.citizenshipNumber);
    await chooseDistrict(page, LABEL.issueDistrict, 'काठमा', 'काठमाडौँ');
    await page.getByLabel(LABEL.dateOfBirth, { exact: true }).fill('२०५३-०४-०४');
    await page.getByLabel(LABEL.dateOfBirth, { exact: true }).press('Tab');
    await page.getByRole('button', { name: 'कोड पठाउनुहोस्' }).click();
    await page.getByTestId('recovery-code-sent').waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-recovery-code-sent-360');

    const sms = await readNewestSms(person.mobile, 'account-recovery');
    const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
    expect(code).toBeDefined();
    await page.getByLabel('SMS मा आएको ६ अङ्कको कोड').fill(code!);
    await page.getByLabel('नयाँ इमेल').fill('gita.new@example.com');
    await page.getByRole('button', { name: 'इमेल परिवर्तन गर्नुहोस्' }).click();
    await page.getByTestId('recovery-done').waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-recovery-done-360');
    // The temporary password went to the new address.
    readTemporaryPassword(await readNewestMail('gita.new@example.com', 'temporary-password'));
    await page.context().close();
  });

  it('deactivates a duplicate account after the password and a confirmation, and signs out for good', async () => {
    const person: Person = {
      firstNameEn: 'Bina',
      lastNameEn: 'Gurung',
      username: 'bina_gurung',
      email: 'bina.gurung@example.com',
      mobile: '9811000003',
      citizenshipNumber: '27-05-73-00033',
      citizenshipIssueDistrictId: KATHMANDU,
      dateOfBirthBs: '2054-05-05',
      citizenshipIssueDateBs: '2072-08-08',
      gender: 'female',
    };
    await registerThroughApi(person);
    await activateThroughApi(person, 'Bina@2081');
    const page = await openPage(running.browser, `${running.product.url}/login`);
    await signInAs(page, { username: person.username, password: 'Bina@2081' });
    await page.waitForURL('**/home');
    await page.getByRole('link', { name: 'दोहोरो खाता निष्क्रिय गर्नुहोस्' }).click();
    await page.waitForURL('**/deactivate-account');

    // A wrong password is named on its field and nothing happens.
    await page.getByLabel('यो खाताको पासवर्ड').fill('Wrong@2081');
    await page.getByRole('button', { name: 'यो खाता निष्क्रिय गर्नुहोस्' }).click();
    let question = page.getByRole('dialog').filter({ hasText: 'यो खाता निष्क्रिय गर्ने?' });
    await question.getByRole('button', { name: 'हो, निष्क्रिय गर्नुहोस्' }).click();
    await messageUnder(page, 'password').getByText('पासवर्ड मिलेन।').waitFor();
    expect(new URL(page.url()).pathname).toBe('/deactivate-account');

    await page.getByLabel('यो खाताको पासवर्ड').fill('Bina@2081');
    await page.getByLabel('कारण').fill('Registered twice by mistake');
    await page.getByRole('button', { name: 'यो खाता निष्क्रिय गर्नुहोस्' }).click();
    question = page.getByRole('dialog').filter({ hasText: 'यो खाता निष्क्रिय गर्ने?' });
    await question.waitFor();
    await settleAnimations(page);
    await saveViewportScreenshot(page, 'portal-deactivate-confirm');
    await question.getByRole('button', { name: 'हो, निष्क्रिय गर्नुहोस्' }).click();
    await page.waitForURL('**/login');
    await waitForToast(page, 'तपाईंको खाता निष्क्रिय गरियो।');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('session')))).toEqual([]);

    // The account cannot sign in again.
    await signInAs(page, { username: person.username, password: 'Bina@2081' });
    await waitForToast(page, 'यो खाता निष्क्रिय गरिएको छ।');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('reads in English too, at 360 px', async () => {
    const page = await openPage(running.browser, `${running.product.url}/register`, { width: 360, height: 740 });
    await page.getByText('English', { exact: true }).click();
    await page.getByRole('heading', { name: 'Register' }).waitFor();
    await page.getByRole('radiogroup', { name: 'Date of birth: calendar' }).getByText('A.D.').click();
    await page.getByLabel('Date of birth', { exact: true }).fill('2001-01-14');
    await expect.poll(() => page.getByTestId('dateOfBirth-counterpart').innerText()).toBe('= B.S. 1 Magh 2057');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await messageUnder(page, 'firstNameEn').getByText('This field is required.').waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-register-required-en-360');
    await page.context().close();
  });

  it('opens the change-password screen from the signed-in menu', async () => {
    const page = await openPage(running.browser, `${running.product.url}/login`);
    await signInAs(page, { username: 'sita_sharma', password: 'Sita@2081' });
    await page.waitForURL('**/home');
    await page.getByRole('link', { name: 'पासवर्ड परिवर्तन' }).click();
    await page.waitForURL('**/change/password');
    // Exactly the page's title: until the page's chunks arrive the home page stays on screen, and
    // its notifications' headings hold the same words.
    await page.getByRole('heading', { name: 'पासवर्ड परिवर्तन', exact: true }).waitFor();
    await page.getByLabel('हालको पासवर्ड').fill('Sita@2081');
    await page.getByLabel(LABEL.newPassword, { exact: true }).fill('Sita@2081');
    await page.getByLabel(LABEL.confirmPassword, { exact: true }).fill('Sita@2081');
    await page.getByRole('button', { name: 'पासवर्ड परिवर्तन गर्नुहोस्' }).click();
    // spec §5: the new password must differ from the old one (core's schema, before sending).
    await messageUnder(page, 'newPassword').getByText('पुरानो', { exact: false }).waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-change-password');
    await page.context().close();
  });
});
