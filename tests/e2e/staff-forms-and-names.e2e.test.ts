import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fixture } from './portal-profile-steps';
import { settleAnimations } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { apiCallTo, completeProfile } from './portal-apply-steps';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// The workstation in Nepali, as staff read it: a staff user whose name has a dot (as the seeded
// requisition.officer has) is created, the "passwords differ" message goes once both fields
// agree, "Entered by" names the person in Nepali, and a submitted voucher's drawer says
// "submitted" once.

const PORTAL_CLIENT = `Basic ${btoa('candidate-portal:candidate-portal-secret')}`;
const VOUCHER_NUMBER = 'NBL-2082-009911';

type Row = { id: number };

const running = startsProductAndBrowser();

const call = apiCallTo(() => running.product.url);

const tokenOf = async (account: { username: string; password: string }, client: string) =>
  (await call<{ accessToken: string }>('POST', '/api/oauth/token', { auth: client, json: { grant_type: 'password', ...account } })).accessToken;

const upload = (name: string, type: string) => new File([readFileSync(fixture(name))], name, { type });

/** The demo candidate completes the profile, applies for the demo advertisement and uploads a bank voucher, all through the API. */
async function submitVoucherAsDemoCandidate() {
  const token = await tokenOf({ username: 'candidate', password: 'Candidate@123' }, PORTAL_CLIENT);
  await completeProfile(call, token, { firstNameNp: 'सीता', lastNameNp: 'शर्मा' });
  const page = await call<{ items: Row[] }>('GET', '/api/psc/vacancies?page=1&pageSize=10', { token });
  const vacancy = await call<{ id: number; quotas: { advertisementQuotaId: number; quotaCode: string }[]; examCentres: Row[] }>('GET', `/api/psc/vacancies/${page.items[0]!.id}`, { token });
  const open = vacancy.quotas.find((quota) => quota.quotaCode === 'open') ?? vacancy.quotas[0]!;
  const submitted = await call<{ applicationId: number }>('POST', '/api/psc/applications', {
    token,
    json: { advertisementId: vacancy.id, advertisementQuotaIds: [open.advertisementQuotaId], examCentreId: vacancy.examCentres[0]!.id, qualificationAnswers: { qualification: true, truth: true }, acceptTerms: true },
  });
  const application = await call<{ charges: Row[] }>('GET', `/api/psc/applications/${submitted.applicationId}`, { token });
  const banks = await call<Row[]>('GET', '/api/psc/banks', { token });
  const voucher = new FormData();
  voucher.append('chargeId', String(application.charges[0]!.id));
  voucher.append('bankId', String(banks[0]!.id));
  voucher.append('voucherNumber', VOUCHER_NUMBER);
  voucher.append('mobile', '9841000001');
  voucher.append('file', upload('photo.jpg', 'image/jpeg'));
  await call('POST', '/api/psc/payments/voucher', { token, form: voucher });
}

async function openWorkstation(account: { username: string; password: string }): Promise<Page> {
  const page = await openPage(running.browser, `${running.product.url}/staff/login`);
  await signInToWorkstation(page, account);
  return page;
}

describe('staff forms and names in Nepali', () => {
  it('creates a staff user with a dot in the name; the "passwords differ" message goes once both fields agree', async () => {
    const page = await openWorkstation(STAFF_ADMIN);
    await page.goto(`${running.product.url}/staff/admin/usercreation`);
    await page.getByTestId('user-form-screen').waitFor();
    await page.getByTestId('user-firstNameEn').fill('Hari');
    await page.getByTestId('user-lastNameEn').fill('Rai');
    await page.getByTestId('user-firstNameNp').fill('हरि');
    await page.getByTestId('user-lastNameNp').fill('राई');
    await page.getByTestId('user-username').fill('hari.b.rai');
    await page.getByTestId('user-email').fill('hari.b.rai@example.com');
    await page.getByTestId('user-mobile').fill('9851000077');
    await page.getByTestId('user-password').fill('Staff@2082');
    await page.getByTestId('user-confirmPassword').fill('Staff@2083');
    await page.getByTestId('user-save').click();
    const differ = page.getByText('पासवर्डहरू मेल खाँदैनन्।');
    await differ.waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-user-passwords-differ');

    // Changing the first field to agree with the second clears the message too.
    await page.getByTestId('user-password').fill('Staff@2083');
    await differ.waitFor({ state: 'detached' });
    await page.getByTestId('user-confirmPassword').fill('Staff@2082');
    await differ.waitFor();
    await page.getByTestId('user-confirmPassword').fill('Staff@2083');
    await differ.waitFor({ state: 'detached' });
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-user-passwords-agree');

    await page.getByTestId('user-save').click();
    await page.waitForURL('**/staff/admin/userlist');
    await page.getByTestId('user-list-screen').getByText('hari.b.rai', { exact: true }).waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-user-created-with-dot');

    // The new user signs in with that name.
    const own = await openWorkstation({ username: 'hari.b.rai', password: 'Staff@2083' });
    await own.close();
    await page.close();
  });

  it('names who entered a requisition in Nepali when the workstation reads Nepali', async () => {
    const page = await openWorkstation(STAFF_ADMIN);
    await page.goto(`${running.product.url}/staff/admin/requisitions`);
    const row = page.locator('.ant-table-row').first();
    await row.waitFor();
    // The demo requisitions were entered by the administrator, राम अधिकारी (Ram Adhikari).
    const enteredBy = row.getByText('राम अधिकारी', { exact: true });
    await enteredBy.waitFor();
    await enteredBy.scrollIntoViewIfNeeded();
    expect(await page.locator('.ant-table-tbody').innerText()).not.toContain('Ram Adhikari');
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-requisitions-entered-by-ne');
    await page.close();
  });

  it('shows a submitted voucher payment with one status tag in its drawer', async () => {
    await submitVoucherAsDemoCandidate();
    const page = await openWorkstation(STAFF_ADMIN);
    await page.goto(`${running.product.url}/staff/admin/payment`);
    const row = page.getByTestId('payment-table').locator('.ant-table-row').filter({ hasText: VOUCHER_NUMBER });
    await row.waitFor();
    await row.getByRole('button', { name: 'खोल्नुहोस्' }).click();
    const facts = page.getByTestId('payment-facts');
    await facts.waitFor();
    await facts.getByTestId('payment-status-tag').filter({ hasText: 'पेश भएको' }).waitFor();
    expect(await facts.getByText('पेश भएको', { exact: true }).count()).toBe(1);
    expect(await facts.getByTestId('payment-group-tag').count()).toBe(0);
    // The amount in the drawer is core's money format: Rs. and Devanagari digits.
    await facts.getByText('Rs. १,०००', { exact: true }).waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-payment-drawer-one-status');

    // The confirmation question writes the amount the same way.
    await page.getByTestId('payment-approve').click();
    await page.locator('.ant-modal').getByText('Rs. १,००० को यो भुक्तानी', { exact: false }).waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-payment-approve-question');
    await page.close();
  });
});
