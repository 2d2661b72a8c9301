import { schema, seedUser, type SeededAdvertisement } from '@psc/db';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApplications, createClosedAdvertisement } from '../../api/src/scrutiny/scrutiny.test-support';
import { settleAnimations } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// Scrutiny allocation on the workstation, in Nepali (spec §2 scrutiny-allocation[/{id}],
// re-allocation/{id}, scrutiny-reallocation/{id}, scrutiny-allocation-history, allocation/report,
// allocation/reportIndividual/{userDetails}; §4 "Scrutiny allocation"): an advertisement whose
// applications closed three days ago has 12 paid applications (and 2 unpaid, never allocated).
// The administrator types counts in Devanagari digits for the demo's scrutiny officer and a
// second officer; while the screen is open another allocator takes 3, so the API refuses the
// counts in Nepali and the screen shows what waits now; the counts typed again (5 and 4) are
// allocated. Then 2 of the first officer's are handed to the second, the two are switched, and
// the history and the reports are read.

const DEMO_OFFICER = 'scrutiny.officer';
const SECOND_OFFICER = { username: 'e2e.scrutiny.second', firstNameEn: 'Bikash', lastNameEn: 'Shrestha', firstNameNp: 'विकास', lastNameNp: 'श्रेष्ठ' };

type Envelope<T> = { status: 0 | 1; message: string; data: T };

/** What another allocator's workstation sends: the administrator's token and a JSON call. */
async function callAsAdministrator<T>(url: string, method: string, path: string, body?: unknown): Promise<T> {
  const token = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Basic ${btoa('staff-desktop:staff-desktop-secret')}` },
    body: JSON.stringify({ grant_type: 'password', ...STAFF_ADMIN }),
  });
  const { accessToken } = ((await token.json()) as Envelope<{ accessToken: string }>).data;
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const parsed = (await response.json()) as Envelope<T>;
  expect(response.status, `${method} ${path}: ${JSON.stringify(parsed)}`).toBe(200);
  return parsed.data;
}

/** An officer's row of a table on the page. */
const rowOf = (page: Page, testId: string, username: string) => page.getByTestId(testId).getByRole('row').filter({ hasText: username });

/** Picks an officer in one of the screens' officer pickers by typing the user name. */
async function chooseOfficer(page: Page, testId: string, username: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(username);
  await page.locator('.ant-select-item-option').filter({ hasText: username, visible: true }).first().click();
}

/** Confirms the open confirmation question with its button. */
async function confirm(page: Page, testId: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
}

describe('scrutiny allocation on the workstation', () => {
  const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-scrutiny-allocation-e2e-' });
  let advertisement: SeededAdvertisement;

  beforeAll(async () => {
    const db = running.product.db;
    advertisement = await createClosedAdvertisement({ db });
    const paid = await createApplications({ db }, advertisement, 12);
    // Each competes in the first quota, the first four in the second too: 16 forms to decide.
    const quotas = await db.select({ id: schema.advertisementQuotas.id }).from(schema.advertisementQuotas).where(eq(schema.advertisementQuotas.advertisementId, advertisement.advertisementId)).orderBy(schema.advertisementQuotas.id);
    await db.insert(schema.applicationQuotas).values([
      ...paid.map((row) => ({ applicationId: row.id, advertisementQuotaId: quotas[0]!.id })),
      ...paid.slice(0, 4).map((row) => ({ applicationId: row.id, advertisementQuotaId: quotas[1]!.id })),
    ]);
    await createApplications({ db }, advertisement, 2, { paymentState: 'unpaid' });
    // A second scrutiny officer, with the demo's scrutiny role; allocation needs no sign-in of theirs.
    const [role] = await db.select({ id: schema.roles.id }).from(schema.roles).where(eq(schema.roles.name, 'Scrutiny officer'));
    await seedUser(db, () => Promise.resolve('not-a-password'), { kind: 'staff', email: 'e2e.scrutiny.second@example.com', password: 'unused', roleIds: [role!.id], ...SECOND_OFFICER });
  });

  it('allocates by counts, re-allocates, switches, and shows the history and the reports', async () => {
    const page = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(page, STAFF_ADMIN);
    const code = advertisement.code;
    const codeNe = code.replace(/[0-9]/g, (digit) => String.fromCharCode(0x0966 + Number(digit)));

    // 1. The advertisements whose applications have closed, with their counts in Nepali digits.
    await page.goto(`${running.product.url}/staff/admin/scrutiny-allocation`);
    const listRow = page.getByTestId(`advertisement-row-${code}`);
    await listRow.waitFor();
    await expect.poll(() => listRow.locator('[data-count="paid"]').textContent()).toBe('१२');
    expect(await listRow.locator('[data-count="unallocated"]').textContent()).toBe('१२');
    expect(await listRow.textContent()).toContain(codeNe);
    await saveScreenshot(page, 'staff-scrutiny-allocation-1-advertisements');

    // 2. Open it from the keyboard: the row takes the focus and Enter opens it.
    await listRow.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('scrutiny-allocation-detail').waitFor();
    await expect.poll(() => page.getByTestId('waiting-title').textContent()).toContain('१२');
    expect(await page.getByTestId('count-unallocated').textContent()).toBe('१२');

    // 3. By counts typed in Devanagari digits; too many are refused before anything is sent.
    await page.getByTestId('allocation-mode').getByText('प्रत्येक अधिकृतलाई लेखिएको सङ्ख्याअनुसार').click();
    for (const username of [DEMO_OFFICER, SECOND_OFFICER.username]) await rowOf(page, 'allocation-officers', username).getByRole('checkbox').check();
    const demoCount = page.getByTestId(`count-${DEMO_OFFICER}`);
    const secondCount = page.getByTestId(`count-${SECOND_OFFICER.username}`);
    await demoCount.fill('९');
    await secondCount.fill('५');
    await expect.poll(() => page.getByTestId('allocation-plan').textContent()).toBe('सङ्ख्याहरूको जोड १४ भयो, तर बाँडफाँड हुन बाँकी दरखास्त १२ मात्र छन्।');
    expect(await page.getByTestId('allocate').isDisabled()).toBe(true);
    await saveScreenshot(page, 'staff-scrutiny-allocation-2-counts-over');
    await demoCount.fill('६');
    await secondCount.fill('४');
    await expect.poll(() => page.getByTestId('allocation-plan').textContent()).toContain('बाँकी १२ मध्ये १० दरखास्त');

    // Meanwhile another allocator gives 3 to the administrator (who holds every privilege, SC too).
    const officers = await callAsAdministrator<{ id: number; username: string }[]>(running.product.url, 'GET', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/officers`);
    const administrator = officers.find((officer) => officer.username === STAFF_ADMIN.username)!;
    await callAsAdministrator(running.product.url, 'POST', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/allocations`, {
      mode: 'counts',
      officers: [{ officerId: administrator.id, count: 3 }],
    });
    await page.getByTestId('allocate').click();
    await page.getByTestId('allocation-confirmation').waitFor();
    await confirm(page, 'confirm-allocation');
    const failure = page.getByTestId('allocation-failure');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('सङ्ख्याहरूको जोड १० भयो, तर बाँडफाँड हुन बाँकी दरखास्त ९ मात्र छन्।');
    await expect.poll(() => page.getByTestId('count-unallocated').textContent()).toBe('९');
    await saveScreenshot(page, 'staff-scrutiny-allocation-3-refused-meanwhile');

    await demoCount.fill('५');
    await expect.poll(() => page.getByTestId('allocation-plan').textContent()).toContain('बाँकी ९ मध्ये ९ दरखास्त');
    await page.getByTestId('allocate').click();
    const question = page.getByTestId('allocation-confirmation');
    await question.waitFor();
    expect(await question.textContent()).toContain(`विज्ञापन ${codeNe} का ९ दरखास्त बाँडफाँड गर्ने?`);
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-scrutiny-allocation-4-confirm');
    await confirm(page, 'confirm-allocation');
    const result = page.getByTestId('allocation-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('९ दरखास्त बाँडफाँड गरियो; ० अझै बाँकी छन्।');
    expect(await rowOf(page, 'allocation-result', DEMO_OFFICER).locator('[data-count="count"]').textContent()).toBe('५');
    expect(await rowOf(page, 'allocation-result', SECOND_OFFICER.username).locator('[data-count="count"]').textContent()).toBe('४');
    await expect.poll(() => page.getByTestId('count-unallocated').textContent()).toBe('०');
    await expect.poll(() => rowOf(page, 'allocation-officers', DEMO_OFFICER).locator('[data-count="unfinished"]').textContent()).toBe('५');
    await saveScreenshot(page, 'staff-scrutiny-allocation-5-allocated');

    // 4. Re-allocate two of the demo officer's unfinished applications to the second officer.
    await page.getByTestId('to-reallocation').click();
    await page.getByTestId('re-allocation').waitFor();
    await chooseOfficer(page, 'from-officer', DEMO_OFFICER);
    await chooseOfficer(page, 'to-officer', SECOND_OFFICER.username);
    await page.getByTestId('how-many').getByText('केही सङ्ख्या').click();
    await page.getByTestId('reallocation-count').fill('२');
    await page.getByTestId('reallocate').click();
    await page.getByTestId('reallocation-confirmation').waitFor();
    expect(await page.getByTestId('reallocation-confirmation').textContent()).toContain('रुजु बाँकी २ दरखास्त');
    await confirm(page, 'confirm-reallocation');
    await page.getByTestId('reallocation-result').waitFor();
    expect(await page.getByTestId('reallocation-result').textContent()).toContain('लाई २ दरखास्त सारियो।');
    await expect.poll(() => rowOf(page, 'officer-load', DEMO_OFFICER).locator('[data-count="unfinished"]').textContent()).toBe('३');
    expect(await rowOf(page, 'officer-load', SECOND_OFFICER.username).locator('[data-count="unfinished"]').textContent()).toBe('६');
    await saveScreenshot(page, 'staff-scrutiny-allocation-6-reallocated');

    // 5. Switch the two officers' unfinished applications.
    await page.getByTestId('to-switch').click();
    await page.getByTestId('scrutiny-switch').waitFor();
    await chooseOfficer(page, 'first-officer', DEMO_OFFICER);
    await chooseOfficer(page, 'other-officer', SECOND_OFFICER.username);
    await page.getByTestId('switch').click();
    await page.getByTestId('switch-confirmation').waitFor();
    await confirm(page, 'confirm-switch');
    await page.getByTestId('switch-result').waitFor();
    await expect.poll(() => rowOf(page, 'officer-load', DEMO_OFFICER).locator('[data-count="unfinished"]').textContent()).toBe('६');
    expect(await rowOf(page, 'officer-load', SECOND_OFFICER.username).locator('[data-count="unfinished"]').textContent()).toBe('३');
    await saveScreenshot(page, 'staff-scrutiny-allocation-7-switched');

    // 6. The history of this advertisement: three allocations, one re-allocation, a switch each way.
    await page.getByTestId('to-history').click();
    await page.getByTestId('allocation-history').waitFor();
    const actions = page.getByTestId('allocation-history').locator('[data-action]');
    await expect.poll(() => actions.count()).toBe(6);
    expect(await actions.evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-action')))).toEqual(['switch', 'switch', 'reallocate', 'allocate', 'allocate', 'allocate']);
    await saveScreenshot(page, 'staff-scrutiny-allocation-8-history');

    // 7. The allocation report of the advertisement, and the demo officer's own report.
    await page.goto(`${running.product.url}/staff/admin/allocation/report?advertisementId=${advertisement.advertisementId}`);
    await page.getByTestId('allocation-report').waitFor();
    const totals = page.getByTestId('report-totals');
    await totals.waitFor();
    expect(await totals.locator('[data-total="allocated"]').textContent()).toBe('१२');
    expect(await totals.locator('[data-total="pending"]').textContent()).toBe('१२');
    expect(await totals.locator('[data-total="forms"]').textContent()).toBe('१६');
    expect(await rowOf(page, 'allocation-report', DEMO_OFFICER).locator('[data-count="allocated"]').textContent()).toBe('६');
    await saveScreenshot(page, 'staff-scrutiny-allocation-9-report');
    await page.getByTestId(`individual-${DEMO_OFFICER}`).click();
    await page.getByTestId('individual-allocation-report').waitFor();
    const individualRow = page.getByTestId('individual-allocation-report').getByRole('row').filter({ hasText: codeNe });
    await individualRow.waitFor();
    expect(await individualRow.locator('[data-count="remaining"]').textContent()).toBe('६');
    await saveScreenshot(page, 'staff-scrutiny-allocation-10-individual-report');

    // In English the same report reads in Latin digits.
    await page.getByText('English', { exact: true }).click();
    const englishRow = page.getByTestId('individual-allocation-report').getByRole('row').filter({ hasText: code });
    await expect.poll(() => englishRow.locator('[data-count="remaining"]').textContent()).toBe('6');
    expect(await page.getByTestId('individual-allocation-report').textContent()).toContain('Forms: the quota claims of the applications');
    await settleAnimations(page);
    await saveScreenshot(page, 'staff-scrutiny-allocation-11-individual-report-en');
  });
});
