import { describe, expect, it } from 'vitest';
import { allocateThroughApi, SCRUTINY_ADMIN as ADMIN, SCRUTINY_OFFICER as OFFICER, seedClosedAdvertisement, waitForVersion, waitForView } from './scrutiny-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation } from './staff-steps';

// The scrutiny officer screens a queue from the keyboard alone (spec §2 scrutiny,
// candidate-details [SC]; §3 "Pre-review view"; §4 "Scrutiny and pre-review status"): the demo's
// officer opens her advertisement's queue, opens the first application with N, approves it with
// A and Enter, moves on with N, approves one claimed quota and rejects the other with a standard
// reason picked by its digit (the application becomes partially approved), moves on and puts the
// third on hold with a typed remark. The advertisement has closed, its three paid applications
// were allocated to her through the allocation API; the candidates' profiles carry real pictures.

describe('the scrutiny officer', () => {
  const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-scrutiny-e2e-' });

  it('screens her queue with the keyboard alone: approves, approves one quota and rejects the other, holds with a typed remark', async () => {
    const { advertisement, adminId, officerId } = await seedClosedAdvertisement(running.product.server, 'E2E-SCRUTINY-1');
    const adminToken = await allocateThroughApi(running.product.url, advertisement.advertisementId, [officerId]);
    const page = await openPage(running.browser, `${running.product.url}/staff/login`, { width: 1600, height: 1000 });
    await signInToWorkstation(page, OFFICER);

    // Her advertisements, with the counts by status; the advertisement's queue.
    await page.goto(`${running.product.url}/staff/admin/scrutiny`);
    const row = page.getByTestId('scrutiny-advertisements').getByRole('row').filter({ hasText: advertisement.code.replace(/\d/g, (digit) => '०१२३४५६७८९'[Number(digit)]!) });
    await row.waitFor();
    expect(await row.getByTestId('advertisement-pending').textContent()).toBe('३');
    await saveScreenshot(page, 'staff-scrutiny-advertisements');
    await row.getByTestId('advertisement-open').click();
    await page.getByTestId('scrutiny-queue').waitFor();
    await page.getByTestId('queue-open').first().waitFor();
    expect(await page.getByTestId('queue-open').count()).toBe(3);
    // A citizenship number typed in Devanagari digits finds its candidate.
    await page.getByTestId('queue-search').locator('input').fill('२७-०१-७०००२');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\?q=27-01-70002$/);
    await page.getByTestId('scrutiny-queue').getByRole('row').filter({ hasText: 'बिनोद यादव' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="queue-open"]').length === 1);
    await page.getByTestId('queue-search').locator('input').fill('');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="queue-open"]').length === 3);
    await saveScreenshot(page, 'staff-scrutiny-queue');

    // N opens the first pending application: the documents beside the fields, the age, the qualification.
    // Out of the search box, where N is a letter.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('n');
    const first = await waitForView(page, null);
    await page.locator('[data-testid="document-citizenship-back"][data-loaded="yes"] img').waitFor();
    await page.locator('[data-testid="document-voucher"][data-loaded="yes"] img').waitFor();
    expect(await page.getByTestId('pre-review-name').textContent()).toBe('अनिता श्रेष्ठ');
    expect(await page.getByTestId('age-text').textContent()).toBe('२७ वर्ष, ४ महिना, १२ दिन');
    expect(await page.locator('[data-meets="yes"]').count()).toBe(1);
    expect(await page.getByTestId('qualification-met').textContent()).toBe('पुगेको');
    expect(await page.getByTestId('screening-shortcuts').textContent()).toContain('अर्को बाँकी दरखास्त');
    await saveScreenshot(page, 'staff-scrutiny-pre-review');

    // A, then Enter: the whole application is approved.
    await page.keyboard.press('a');
    await page.getByTestId('decision-dialog-body').waitFor();
    expect(await page.getByTestId('decision-dialog-body').getAttribute('data-decision')).toBe('approve');
    await page.keyboard.press('Enter');
    await page.getByTestId('decision-dialog-body').waitFor({ state: 'detached' });
    await waitForVersion(page, 1);
    expect(await page.getByTestId('scrutiny-status').first().textContent()).toBe('स्वीकृत');
    expect(await page.getByTestId('application-status').textContent()).toBe('स्वीकृत');

    // N: the second. Q targets the open quota, A approves it; Q again targets Madhesi, R rejects it
    // with the fifth standard reason picked by its digit.
    await page.keyboard.press('n');
    const second = await waitForView(page, first);
    await page.keyboard.press('q');
    await page.keyboard.press('a');
    await page.getByTestId('decision-dialog-body').waitFor();
    await page.keyboard.press('Enter');
    await waitForVersion(page, 1);
    // The target stays on the open quota after its decision; Q moves it on to Madhesi.
    await page.keyboard.press('q');
    await page.keyboard.press('r');
    await page.getByTestId('decision-dialog-body').waitFor();
    // Enter without a reason or a remark is refused in the dialog, which stays open.
    await page.keyboard.press('Enter');
    await page.getByTestId('decision-error').waitFor();
    await page.keyboard.press('5');
    expect(await page.getByTestId('decision-reasons').locator('.ant-radio-wrapper-checked').textContent()).toContain('दाबी गरिएको समूहको प्रमाणपत्र छैन');
    await saveScreenshot(page, 'staff-scrutiny-decision-dialog');
    await page.keyboard.press('Enter');
    await waitForVersion(page, 2);
    expect(await page.getByTestId('application-status').textContent()).toBe('आंशिक स्वीकृत');
    expect(await page.getByTestId('quota-row-madhesi').getByTestId('quota-status').textContent()).toBe('अस्वीकृत');
    expect(await page.getByTestId('quota-row-open').getByTestId('quota-status').textContent()).toBe('स्वीकृत');
    expect(await page.getByTestId('pre-review-history').textContent()).toContain('दाबी गरिएको समूहको प्रमाणपत्र छैन');

    // N: the third. H, M to the remark, a typed remark, Enter: on hold.
    await page.keyboard.press('n');
    const third = await waitForView(page, second);
    await page.keyboard.press('h');
    await page.getByTestId('decision-dialog-body').waitFor();
    await page.keyboard.press('m');
    await page.keyboard.type('Waiting for the council letter');
    expect(await page.getByTestId('decision-remark').inputValue()).toBe('Waiting for the council letter');
    await page.keyboard.press('Enter');
    await waitForVersion(page, 1);
    expect(await page.getByTestId('scrutiny-status').first().textContent()).toBe('रोक्का');
    expect(await page.getByTestId('pre-review-history').textContent()).toContain('Waiting for the council letter');
    await saveScreenshot(page, 'staff-scrutiny-after-hold');

    // Nothing is pending any more: N says so and stays.
    await page.keyboard.press('n');
    await page.getByText('तपाईंको सूचीमा रुजु बाँकी दरखास्त छैन।').waitFor();
    expect(await page.getByTestId('pre-review').getAttribute('data-application-id')).toBe(third);

    // The allocator hands the unfinished one (on hold) to another officer while it is open here:
    // a decision on it is refused, naming who holds it now, and the decisions go.
    const moved = await fetch(`${running.product.url}/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/reallocations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ fromOfficerId: officerId, toOfficerId: adminId }),
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    await page.keyboard.press('a');
    await page.getByTestId('decision-dialog-body').waitFor();
    await page.keyboard.press('Enter');
    const refusal = page.getByTestId('pre-review-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^यो दरखास्त .+ \(admin\) लाई बाँडफाँड गरिएको छ, तपाईंलाई होइन/);
    await page.getByTestId('decision-bar').waitFor({ state: 'detached' });
    await saveScreenshot(page, 'staff-scrutiny-reallocated');

    // Her queue's counts follow: two approved, none on hold (the held one moved).
    await page.goto(`${running.product.url}/staff/admin/scrutiny/${advertisement.advertisementId}/${advertisement.organizationId}`);
    await page.getByTestId('queue-statuses').getByText('स्वीकृत (२)').waitFor();
    await page.getByTestId('queue-statuses').getByText('रोक्का (०)').waitFor();
    // Her own report across advertisements.
    await page.goto(`${running.product.url}/staff/admin/candidate/report`);
    await page.getByTestId('candidate-report').getByRole('row').filter({ hasText: 'अनिता श्रेष्ठ' }).waitFor();
    await saveScreenshot(page, 'staff-scrutiny-candidate-report');
    await page.context().close();

    // A supervisor (the administrator: SA) reads an application of hers, without the decisions.
    const supervisor = await openPage(running.browser, `${running.product.url}/staff/login`, { width: 1600, height: 1000 });
    await signInToWorkstation(supervisor, ADMIN);
    await supervisor.goto(`${running.product.url}/staff/admin/candidate-details/${encodeURIComponent(advertisement.code)}/${first}/approved/1/${advertisement.organizationId}`);
    await supervisor.getByTestId('pre-review-read-only').waitFor();
    expect(await supervisor.getByTestId('pre-review-read-only').textContent()).toContain('(scrutiny.officer)');
    expect(await supervisor.getByTestId('decision-bar').count()).toBe(0);
    await supervisor.locator('[data-testid="document-citizenship-front"][data-loaded="yes"] img').waitFor();
    await saveScreenshot(supervisor, 'staff-scrutiny-supervisor-read-only');
    await supervisor.context().close();
  });
});
