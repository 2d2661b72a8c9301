import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCallTo, completeProfile } from './portal-apply-steps';
import { choose, fixture, item, openTab, saveAndWait, typeDate, waitForToastsToClose } from './portal-profile-steps';
import { DEMO_CANDIDATE, hasHorizontalScroll, settleAnimations, signInAs, screenshotFromTop } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';

// What a new candidate on a 360 px phone, reading Nepali, met in the details: the additional-quota
// application offers only the quotas she may claim and says why the others are not open to her
// (the demo advertisement's Madhesi quota, with no Madhesi group claimed); an institute named in
// English keeps its Latin letters; a phone number typed in Devanagari digits comes back written
// as people write it, in Devanagari digits.

const PORTAL_CLIENT = `Basic ${btoa('candidate-portal:candidate-portal-secret')}`;

const call = apiCallTo(() => running.product.url);

type Vacancy = { id: number; quotas: { advertisementQuotaId: number; quotaCode: string; claimable: boolean; refusal: string | null }[]; examCentres: { id: number }[] };

const running = startsProductAndBrowser();

describe('a new candidate on a phone, in Nepali', () => {
  let page: Page;

  beforeAll(async () => {
    const { accessToken: token } = await call<{ accessToken: string }>('POST', '/api/oauth/token', { auth: PORTAL_CLIENT, json: { grant_type: 'password', ...DEMO_CANDIDATE } });
    await completeProfile(call, token, { firstNameNp: 'सीता', lastNameNp: 'शर्मा' });
    const list = await call<{ items: { id: number }[] }>('GET', '/api/psc/vacancies?page=1&pageSize=10', { token });
    const vacancy = await call<Vacancy>('GET', `/api/psc/vacancies/${list.items[0]!.id}`, { token });
    const quota = (code: string) => vacancy.quotas.find((item) => item.quotaCode === code)!;
    // She applied in the open quota; women and Madhesi remain.
    await call('POST', '/api/psc/applications', {
      token,
      json: { advertisementId: vacancy.id, advertisementQuotaIds: [quota('open').advertisementQuotaId], examCentreId: vacancy.examCentres[0]!.id, qualificationAnswers: { qualification: true, truth: true }, acceptTerms: true },
    });
    page = await openPage(running.browser, `${running.product.url}/login`, { width: 360, height: 780 });
    await signInAs(page, DEMO_CANDIDATE);
    await page.waitForURL('**/home');
  }, 120_000);

  it('offers only the quotas she may claim for an additional quota, saying why the Madhesi quota is not open to her', async () => {
    await page.goto(`${running.product.url}/vacancy-applied`);
    // A count in a message: its plural form, in Devanagari digits.
    await page.getByText('जम्मा १ दरखास्त', { exact: true }).waitFor();
    await screenshotFromTop(page, 'portal-details-my-applications-360');
    const card = page.getByTestId('application-card').first();
    await card.getByTestId('application-toggle').click();
    await card.getByTestId('add-quota').click();
    const dialog = page.getByRole('dialog');
    const offered = dialog.getByTestId('add-quota-options');
    await offered.waitFor();
    expect(await offered.locator('.ant-checkbox-wrapper').allInnerTexts()).toEqual(['महिला']);
    expect(await dialog.getByTestId('quota-withheld').allInnerTexts()).toEqual(['मधेसी: यो कोटामा दरखास्त दिन पहिले प्रोफाइलमा कागजातसहित समावेशी समूह दाबी गर्नुहोस्।']);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-details-additional-quota-360');
    await offered.getByText('महिला', { exact: true }).click();
    const [answer] = await Promise.all([
      page.waitForResponse((response) => /\/api\/psc\/applications\/\d+\/quotas$/.test(new URL(response.url()).pathname)),
      dialog.getByRole('button', { name: 'सुरक्षित गर्नुहोस्' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
  });

  it('keeps an institute named in English in Latin letters', async () => {
    await page.goto(`${running.product.url}/user/profile/training`);
    await page.getByRole('button', { name: 'तालिम थप्नुहोस्' }).click();
    const training = page.locator('form#training-new');
    const institute = item(training, 'संस्थाको नाम');
    expect(await institute.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await institute.locator('input.ant-input').pressSequentially('Staff College');
    expect(await institute.locator('input.ant-input').inputValue()).toBe('Staff College');
    await item(training, 'तालिमको नाम').locator('input.ant-input').pressSequentially('Office Management');
    await item(training, 'प्रतिशत').locator('input').fill('८०');
    await choose(page, training, 'श्रेणी', 'प्रथम श्रेणी', 'प्रथम');
    await typeDate(training, 'तालिम सुरु मिति', '2076-01-01');
    await typeDate(training, 'तालिम अन्त्य मिति', '2076-03-30');
    await item(training, 'तालिमको प्रमाणपत्र').locator('input[type=file]').setInputFiles(fixture('photo.jpg'));
    await screenshotFromTop(page, 'portal-details-training-english-360');
    await saveAndWait(page, training.getByRole('button', { name: 'सुरक्षित गर्नुहोस्' }), 'POST', '/api/psc/profile/trainings');
    await page.locator('.profile-row', { hasText: 'Staff College' }).waitFor();
    expect(await page.locator('.profile-row', { hasText: 'Office Management' }).count()).toBe(1);
  });

  it('shows a phone number typed in Devanagari digits back as it is written, in Devanagari digits', async () => {
    await openTab(page, 'contact');
    const permanent = page.locator('form#permanent');
    await item(permanent, 'फोन नम्बर').locator('input').fill('०१४४१२३४५');
    await item(permanent, 'मोबाइल नम्बर').locator('input').fill('९८४१ ००२२३३');
    await saveAndWait(page, permanent.getByRole('button', { name: 'स्थायी ठेगाना सुरक्षित गर्नुहोस्' }), 'PUT', '/api/psc/profile/address/permanent');
    await expect.poll(() => item(permanent, 'फोन नम्बर').locator('input').inputValue()).toBe('०१-४४१२३४५');
    expect(await item(permanent, 'मोबाइल नम्बर').locator('input').inputValue()).toBe('९८४-१००२२३३');
    await waitForToastsToClose(page);
    await screenshotFromTop(page, 'portal-details-contact-phone-360');
    // Stored once, in one form: Latin digits only.
    const { accessToken: token } = await call<{ accessToken: string }>('POST', '/api/oauth/token', { auth: PORTAL_CLIENT, json: { grant_type: 'password', ...DEMO_CANDIDATE } });
    const profile = await call<{ addresses: { permanent: { phoneNo: string | null; mobileNo: string | null } | null } }>('GET', '/api/psc/profile', { token });
    expect(profile.addresses.permanent).toMatchObject({ phoneNo: '014412345', mobileNo: '9841002233' });
    await openTab(page, 'preview');
    const sheet = page.getByTestId('profile-preview');
    await sheet.getByText('०१-४४१२३४५', { exact: true }).first().waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
