import { bsToAd, formatAdDate, formatNumber, translate } from '@psc/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, canOpenRoute } from '../../desktop/renderer/src/routes/admin-routes';
import { settleAnimations } from './portal-steps';
import { expectAccessible } from './support/accessibility';
import { openPage, saveScreenshot, screenshotsDir, startsProductAndBrowser } from './support/harness';
import { openDemoCandidateInUserManagement, signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// Staff administration on the workstation, in the browser build: the administrator creates a role and a user,
// the user sees only the screens of the role; master data is read from the local cache, follows
// the API after a sync, and stays on screen when the API cannot be reached.

const ROLE_NAME = 'Master data clerk';
const CLERK = { username: 'sita_clerk', password: 'Clerk@2081x', resetPassword: 'Reset@2081x', newPassword: 'Chosen@2082y' };

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/uploads/${name}`, import.meta.url));

const menuPaths = (page: Page) => page.locator('nav a[data-route]').evaluateAll((links) => links.map((link) => link.getAttribute('data-route')));

async function adminToken(url: string): Promise<string> {
  const response = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Basic ${btoa('staff-desktop:staff-desktop-secret')}` },
    body: JSON.stringify({ grant_type: 'password', username: 'admin', password: 'Admin@1234' }),
  });
  const body = (await response.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

type ReferenceRow = { id: number; nameEn: string; nameNp: string; districtId?: number; provinceId?: number };

/** The demo candidate fills part of the profile through the candidate API, as the portal would. */
async function fillDemoCandidateProfile(url: string) {
  const tokenAnswer = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Basic ${btoa('candidate-portal:candidate-portal-secret')}` },
    body: JSON.stringify({ grant_type: 'password', username: 'candidate', password: 'Candidate@123' }),
  });
  const token = ((await tokenAnswer.json()) as { data: { accessToken: string } }).data.accessToken;
  const auth = { Authorization: `Bearer ${token}` };
  const list = async (name: string, query = '') =>
    ((await (await fetch(`${url}/api/psc/reference/${name}${query}`)).json()) as { data: ReferenceRow[] }).data;
  const send = async (method: string, path: string, body: BodyInit, json = true) => {
    const answer = await fetch(`${url}/api/psc${path}`, { method, headers: { ...auth, ...(json ? { 'Content-Type': 'application/json' } : {}) }, body });
    const parsed = (await answer.json()) as { data: { item: { id: number } } };
    expect(answer.status, `${method} ${path}: ${JSON.stringify(parsed)}`).toBe(200);
    return parsed.data;
  };
  const profile = ((await (await fetch(`${url}/api/psc/profile`, { headers: auth })).json()) as { data: { personal: { citizenshipIssueDistrictId: number } } }).data;
  const districts = await list('districts');
  const district = districts.find((row) => row.nameEn === 'Kaski')!;
  const localLevel = (await list('local-levels', `?districtId=${district.id}`))[0]!;
  const religion = (await list('religions'))[0]!;
  const university = (await list('universities'))[0]!;
  await send('PUT', '/profile/address/permanent', JSON.stringify({ provinceId: district.provinceId, districtId: district.id, localLevelId: localLevel.id, wardNo: 3, tole: 'Lakeside', mobileNo: '9841000001' }));
  await send(
    'PUT',
    '/profile/extra',
    JSON.stringify({
      casteId: (await list('castes'))[0]!.id,
      religionId: religion.id,
      maritalStatus: 'single',
      employmentStatus: 'unemployed',
      motherTongueId: (await list('mother-tongues'))[0]!.id,
      physicallyDisabled: false,
      fathersEducation: 'slc',
      mothersEducation: 'can-read-write',
      parentsMainOccupation: 'agriculture',
      fatherOccupation: 'labour',
      motherOccupation: 'homemaker',
      area: 'hill',
    }),
  );
  const education = new FormData();
  const fields = { universityId: university.id, levelId: (await list('education-levels'))[0]!.id, facultyId: (await list('faculties'))[0]!.id, scoreType: 'percentage', score: '72.5', majorSubject: 'Economics', educationType: 'national', passedDateBs: '2077-04-17', division: 'first' };
  for (const [name, value] of Object.entries(fields)) education.append(name, String(value));
  education.append('transcriptFront', new File([readFileSync(fixture('document.pdf'))], 'transcript.pdf', { type: 'application/pdf' }));
  const educationId = (await send('POST', '/profile/educations', education, false)).item.id;
  const photograph = new FormData();
  photograph.append('file', new File([readFileSync(fixture('photo.png'))], 'photo.png', { type: 'image/png' }));
  await send('PUT', '/profile/documents/photograph', photograph, false);
  const issueDistrict = districts.find((row) => row.id === profile.personal.citizenshipIssueDistrictId)!;
  return {
    educationId,
    districtNp: district.nameNp,
    districtEn: district.nameEn,
    localLevelNp: localLevel.nameNp,
    issueDistrictNp: issueDistrict.nameNp,
    religionNp: religion.nameNp,
    universityNp: university.nameNp,
  };
}

describe('staff administration on the workstation', () => {
  const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-admin-e2e-' });

  it('lets the administrator create a role with two privileges and a user holding it, who sees only those screens', async () => {
    const page = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(page, STAFF_ADMIN);

    await page.goto(`${running.product.url}/staff/admin/rolecreation`);
    await page.getByTestId('role-name').fill(ROLE_NAME);
    for (const box of ['MC-read', 'MC-create', 'MC-update', 'MC-delete', 'RQ-read']) await page.getByTestId(`perm-${box}`).check();
    await saveScreenshot(page, 'staff-admin-role-form');
    await page.getByTestId('role-save').click();
    await page.waitForURL(/\/staff\/admin\/rolelist$/);
    const roleRow = page.getByRole('row').filter({ hasText: ROLE_NAME });
    await roleRow.waitFor();
    expect(await roleRow.textContent()).toContain('MC');
    expect(await roleRow.textContent()).toContain('RQ');
    await saveScreenshot(page, 'staff-admin-role-list');

    await page.goto(`${running.product.url}/staff/admin/usercreation`);
    const fields: Record<string, string> = {
      firstNameEn: 'Sita',
      lastNameEn: 'Sharma',
      firstNameNp: 'सीता',
      lastNameNp: 'शर्मा',
      username: CLERK.username,
      email: 'sita.clerk@psc.example.gov.np',
      mobile: '9841000077',
      password: CLERK.password,
      confirmPassword: CLERK.password,
    };
    for (const [name, value] of Object.entries(fields)) await page.getByTestId(`user-${name}`).fill(value);
    await page.getByTestId('user-roles').click();
    await page.keyboard.type(ROLE_NAME);
    // The open list is named after its field, as a screen reader announces it (name-select-lists.ts).
    await page.locator('.ant-select-dropdown').filter({ visible: true }).getByText(ROLE_NAME).waitFor();
    await expectAccessible(page, { always: true });
    await page.keyboard.press('Enter');
    // Close the role list by clicking the card's title, so it does not cover the buttons.
    await page.getByTestId('user-form-screen').locator('.ant-card-head-title').click();
    await saveScreenshot(page, 'staff-admin-user-form');
    await page.getByTestId('user-save').click();
    await page.waitForURL(/\/staff\/admin\/userlist$/);
    await page.getByRole('row').filter({ hasText: CLERK.username }).waitFor();

    // The role filter narrows the list to the clerk alone.
    await page.getByTestId('user-role-filter').click();
    await page.getByTitle(ROLE_NAME).click();
    await page.getByRole('row').filter({ hasText: 'admin' }).first().waitFor({ state: 'detached' });
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await saveScreenshot(page, 'staff-admin-user-list-by-role');
    await page.context().close();

    const clerkPage = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(clerkPage, CLERK);
    const held = new Set(['MC', 'RQ']);
    const expected = ADMIN_ROUTES.filter((route) => route.inMenu && canOpenRoute(route, held)).map((route) => route.path);
    expect((await menuPaths(clerkPage)).sort()).toEqual([...expected].sort());
    expect(expected).toContain('basic-configuration');
    expect(expected).not.toContain('userlist');
    await clerkPage.goto(`${running.product.url}/staff/admin/userlist`);
    await clerkPage.getByTestId('refusal').waitFor();
    await clerkPage.goto(`${running.product.url}/staff/admin/basic-configuration`);
    await clerkPage.getByTestId('master-data-screen').waitFor();
    await saveScreenshot(clerkPage, 'staff-clerk-master-data');
    await clerkPage.context().close();
  });

  it('shows master data from the cache, follows the API after a sync, and refuses to delete a row in use', async () => {
    const page = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(page, STAFF_ADMIN);
    await page.goto(`${running.product.url}/staff/admin/basic-configuration`);
    const screen = page.getByTestId('master-data-screen');
    await screen.waitFor();
    // Local levels are the first type shown: all 753 arrive with the sign-in sync.
    await page.getByTestId('master-total').filter({ hasText: formatNumber(753, 'ne') }).waitFor();
    await saveScreenshot(page, 'staff-master-data-local-levels');

    // A row added through the API reaches the workstation after a sync.
    const token = await adminToken(running.product.url);
    const created = await fetch(`${running.product.url}/api/admin/master/religions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ nameEn: 'Sanamahi', nameNp: 'सनामही' }),
    });
    expect(created.status).toBe(200);
    await page.getByTestId('master-type').click();
    await page.keyboard.type('धर्म');
    await page.keyboard.press('Enter');
    await page.getByTestId('master-search').locator('input').fill('Sanamahi');
    await page.keyboard.press('Enter');
    await page.getByTestId('master-total').filter({ hasText: `${formatNumber(0, 'ne')} अभिलेख` }).waitFor();
    expect(await page.getByRole('cell', { name: 'सनामही' }).count()).toBe(0);
    await page.getByTestId('master-sync').click();
    await page.getByRole('cell', { name: 'सनामही' }).waitFor();
    await saveScreenshot(page, 'staff-master-data-after-sync');

    // Kathmandu district holds local levels: the API refuses (409) and the screen says why.
    await page.getByTestId('master-type').click();
    await page.keyboard.type('जिल्ला');
    await page.keyboard.press('Enter');
    await page.getByTestId('master-search').locator('input').fill('Kathmandu');
    await page.keyboard.press('Enter');
    const row = page.getByRole('row').filter({ hasText: 'Kathmandu' }).first();
    await row.getByRole('button', { name: 'हटाउनुहोस्' }).click();
    await page.getByRole('button', { name: 'हो', exact: true }).click();
    const refusal = page.locator('.ant-message-error');
    await refusal.waitFor();
    expect((await refusal.textContent())?.trim().length).toBeGreaterThan(0);
    await saveScreenshot(page, 'staff-master-data-delete-refused');
    await page.getByRole('cell', { name: 'Kathmandu', exact: true }).waitFor();
    await page.context().close();
  });

  it('keeps showing cached rows and says it is offline when the API cannot be reached', async () => {
    const page = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(page, STAFF_ADMIN);
    await page.goto(`${running.product.url}/staff/admin/basic-configuration`);
    await page.getByTestId('master-total').filter({ hasText: formatNumber(753, 'ne') }).waitFor();

    // The API goes away. In the browser build the API and the workstation's local services share
    // one process, so the outage is made where the workstation meets the API: the page's /api
    // calls fail, and the local service's sync is pointed at a port where nothing listens.
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.route('**/staff/bridge/cache.sync', (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      return route.continue({ postData: JSON.stringify({ ...body, apiBaseUrl: 'http://127.0.0.1:9' }) });
    });

    await page.getByTestId('master-sync').click();
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('सर्भरमा पुग्न सकिएन');
    expect(await banner.textContent()).toContain('वि.सं.');

    // Another screen and back: the rows come from this computer's copy.
    await page.locator('nav a[data-route=""]').click();
    await page.getByTestId('dashboard').waitFor();
    await page.locator('nav a[data-route="basic-configuration"]').click();
    await page.getByTestId('master-data-screen').waitFor();
    await page.getByTestId('master-total').filter({ hasText: formatNumber(753, 'ne') }).waitFor();
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(20);
    await banner.waitFor();
    expect(await page.getByTestId('master-add').isDisabled()).toBe(true);
    await saveScreenshot(page, 'staff-master-data-offline');

    // The workstation started again while the API is still away: the last session and the
    // cached rows open, marked offline, instead of a sign-in that cannot succeed.
    await page.reload();
    await page.getByTestId('master-data-screen').waitFor();
    await page.getByTestId('master-total').filter({ hasText: formatNumber(753, 'ne') }).waitFor();
    await banner.waitFor();
    await saveScreenshot(page, 'staff-master-data-offline-restarted');
    await page.context().close();
  });

  it('shows the audit trail of those writes, finds a candidate for user management, and opens the password reset', async () => {
    const page = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(page, STAFF_ADMIN);

    await page.goto(`${running.product.url}/staff/admin/audit-log`);
    const audit = page.getByTestId('audit-log-screen');
    await audit.getByRole('cell', { name: /^roles/ }).first().waitFor();
    expect(await audit.getByRole('cell', { name: /^users/ }).count()).toBeGreaterThan(0);
    expect(await audit.textContent()).toContain('वि.सं.');
    await saveScreenshot(page, 'staff-audit-log');

    await openDemoCandidateInUserManagement(page, running.product.url);
    await page.getByTestId('manage-profile').waitFor();
    await page.getByTestId('manage-ban').waitFor();
    await page.getByTestId('manage-voucher').waitFor();
    // A lock's end typed in B.S. sets its A.D. day, written beside it.
    await page.getByTestId('manage-profile-until').locator('.ant-picker input').fill('२०९०-०१-०१');
    await page.getByTestId('manage-profile-until').locator('.ant-picker input').blur();
    await page.getByTestId('manage-profile-until-ad').filter({ hasText: formatAdDate(bsToAd('2090-01-01'), 'ne', 'long') }).waitFor();
    expect(await page.getByTestId('manage-profile-until').locator('.ant-picker input').inputValue()).toBe('२०९०-०१-०१');
    await page.getByTestId('manage-ban-from').locator('.ant-picker input').fill('२०९०-१३-०१');
    await page.getByTestId('manage-ban-from').locator('.ant-picker input').blur();
    await page.getByTestId('manage-ban-from').getByText('पात्रोमा नभएको वि.सं. मिति', { exact: false }).waitFor();
    await saveScreenshot(page, 'staff-user-management');

    // spec §2 internal/passwordreset: the administrator resets the clerk's password ...
    await page.goto(`${running.product.url}/staff/admin/internal/passwordreset`);
    await page.getByTestId('password-reset-screen').waitFor();
    await page.getByTestId('password-reset-user').click();
    await page.keyboard.type(CLERK.username);
    await page.getByTitle(new RegExp(`^${CLERK.username}`)).click();
    await page.getByTestId('password-reset-new').fill(CLERK.resetPassword);
    await page.getByTestId('password-reset-confirm').fill(CLERK.resetPassword);
    await saveScreenshot(page, 'staff-password-reset');
    await page.getByTestId('password-reset-submit').click();
    await page.locator('.ant-message-success').waitFor();
    await page.context().close();

    // ... and the clerk, signing in with it, must choose a new one before any screen opens.
    const clerkPage = await openPage(running.browser, `${running.product.url}/staff/login`);
    await clerkPage.getByLabel('प्रयोगकर्ता नाम वा इमेल').fill(CLERK.username);
    await clerkPage.getByLabel('पासवर्ड').fill(CLERK.resetPassword);
    await clerkPage.getByRole('button', { name: 'लगइन' }).click();
    await clerkPage.getByTestId('change-password-screen').waitFor();
    await clerkPage.goto(`${running.product.url}/staff/admin/basic-configuration`);
    await clerkPage.getByTestId('change-password-screen').waitFor();
    await clerkPage.getByTestId('change-password-old').fill(CLERK.resetPassword);
    await clerkPage.getByTestId('change-password-new').fill('alllower1');
    await clerkPage.getByTestId('change-password-confirm').fill('alllower1');
    await clerkPage.getByTestId('change-password-submit').click();
    await clerkPage.getByText(translate('ne', 'validation.passwordUppercase')).waitFor();
    await saveScreenshot(clerkPage, 'staff-change-password');
    await clerkPage.getByTestId('change-password-new').fill(CLERK.newPassword);
    await clerkPage.getByTestId('change-password-confirm').fill(CLERK.newPassword);
    await clerkPage.getByTestId('change-password-submit').click();
    await clerkPage.getByTestId('master-data-screen').waitFor();
    await clerkPage.context().close();

    const again = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(again, { username: CLERK.username, password: CLERK.newPassword });
    await again.context().close();
  });

  it("shows the demo candidate's full details by master ID in words, with the photograph and files (spec §2 fullDetails)", async () => {
    const token = await adminToken(running.product.url);
    const search = await fetch(`${running.product.url}/api/admin/candidates/search?q=candidate%40example.com`, { headers: { Authorization: `Bearer ${token}` } });
    const found = (await search.json()) as { data: { items: { masterId: number }[] } };
    const masterId = found.data.items[0]!.masterId;
    const filled = await fillDemoCandidateProfile(running.product.url);

    const page = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(page, STAFF_ADMIN);
    await page.goto(`${running.product.url}/staff/admin/fullDetails?masterId=${masterId}`);
    const screen = page.getByTestId('full-details-screen');
    await screen.getByText('candidate@example.com').waitFor();
    await screen.getByTestId('full-details-fullDetails.documents').waitFor();
    // Names behind the ids, labels for codes, both calendars for dates; no API key in sight.
    const personal = screen.getByTestId('candidate-personal');
    await personal.getByText(filled.issueDistrictNp, { exact: true }).waitFor();
    const personalText = (await personal.textContent()) ?? '';
    expect(personalText).toContain('महिला');
    expect(personalText).toContain('वि.सं.');
    expect(personalText).toContain('ई.सं.');
    expect(personalText).toContain('जन्म मिति');
    const address = screen.getByTestId('candidate-address-permanent');
    await address.getByText(filled.districtNp, { exact: true }).waitFor();
    expect(await address.textContent()).toContain(filled.localLevelNp);
    const extraText = (await screen.getByTestId('candidate-extra').textContent()) ?? '';
    expect(extraText).toContain(filled.religionNp);
    expect(extraText).toContain('एकल');
    expect(extraText).toContain('पहाड');
    const education = screen.getByTestId('candidate-education-0');
    await education.getByText(filled.universityNp, { exact: true }).waitFor();
    expect(await education.textContent()).toContain('प्रथम श्रेणी');
    const text = (await screen.textContent()) ?? '';
    for (const apiKey of ['citizenshipIssueDistrictId', 'dateOfBirthAd', 'maritalStatus', 'universityId', 'fileId', 'female', 'single']) expect(text).not.toContain(apiKey);
    expect(text).toContain('उम्मेदवार');
    expect(text).toContain('व्यक्तिगत विवरण');
    expect(text).toContain('शैक्षिक योग्यता');

    // The photograph arrives through the staff file route and is drawn.
    const photo = screen.getByTestId('candidate-picture-photograph').locator('img');
    await photo.waitFor();
    await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await photo.elementHandle());
    await saveScreenshot(page, 'staff-full-details');

    // The transcript (a PDF) is saved; the photograph opens in a viewer.
    const downloading = page.waitForEvent('download');
    await screen.getByTestId(`candidate-file-education-${filled.educationId}-transcriptFront`).getByRole('button', { name: 'डाउनलोड' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${masterId}-education-${filled.educationId}-transcript-front.pdf`);
    await screen.getByTestId('candidate-file-photograph').getByRole('button', { name: 'खोल्नुहोस्' }).click();
    const viewer = page.getByTestId('candidate-file-viewer');
    await viewer.waitFor();
    await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0, await viewer.elementHandle());
    expect(await page.locator('.ant-modal-title').textContent()).toBe('फोटो');
    // The window as seen, once the viewer has finished zooming in (a full-page picture would
    // stretch the fixed mask over the whole sheet).
    // (Finite animations only: a spinner elsewhere on the page runs for ever.)
    await settleAnimations(page);
    await page.waitForFunction(() => !document.querySelector('.ant-zoom-enter, .ant-zoom-appear'));
    await page.screenshot({ path: join(screenshotsDir, 'staff-full-details-photograph.png') });
    await page.keyboard.press('Escape');

    // The same screen in English.
    await page.getByText('English', { exact: true }).click();
    await screen.getByTestId('candidate-personal').getByText('Female', { exact: true }).waitFor();
    expect(await screen.getByTestId('candidate-address-permanent').textContent()).toContain(filled.districtEn);
    await saveScreenshot(page, 'staff-full-details-english');
    await page.context().close();
  });
});
