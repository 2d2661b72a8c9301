import { describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';

// The staff dashboard (spec §2 "The dashboard shows counts for Nepal and the world and subject
// movement") on the demo data: today's counts, candidates and applications by province and
// district and by country abroad (two demo candidates live in Qatar and Malaysia), and the applications of the fiscal year by stage, drawn as charts whose numbers read
// in Devanagari digits in Nepali and in Latin digits in English; the counts say when they were
// taken (the recount every minute).

describe('the staff dashboard', () => {
  const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-dashboard-e2e-' });

  it('shows the counts as charts, in Nepali and in English', async () => {
    const page = await openPage(running.browser, `${running.product.url}/staff/login`);
    await signInToWorkstation(page, STAFF_ADMIN);
    const dashboard = page.getByTestId('staff-dashboard');
    await dashboard.waitFor();
    // Each chart drew its bars (recharts draws SVG rectangles with this class).
    for (const chart of ['province-chart', 'district-chart', 'country-chart', 'stage-chart']) {
      await expect.poll(() => page.getByTestId(chart).locator('.recharts-bar-rectangle').count(), { message: chart }).toBeGreaterThan(0);
    }
    await expect.poll(() => page.getByTestId('province-chart').textContent()).toContain('बागमती');
    await expect.poll(() => page.getByTestId('country-chart').textContent()).toContain('कतार');
    // The axes, bar labels and the stage table read in Devanagari digits, never Latin ones.
    const stageTicks = await page.getByTestId('stage-chart').locator('svg text').allTextContents();
    expect(stageTicks.length).toBeGreaterThan(1);
    expect(stageTicks.join(' ')).not.toMatch(/[0-9]/);
    expect(stageTicks.join(' ')).toMatch(/[०-९]/);
    const tableText = (await page.getByTestId('stage-table').textContent()) ?? '';
    expect(tableText).toContain('पेश भएका');
    expect(tableText).toMatch(/[०-९]/);
    expect(await page.getByTestId('dashboard-today').textContent()).toContain('आजका दरखास्त');
    // The counts by place and stage are the last minute's recount, and say when it was taken, in
    // both calendars.
    const countedAt = (await page.getByTestId('counted-at').textContent()) ?? '';
    expect(countedAt).toContain('गनिएका');
    expect(countedAt).toMatch(/वि\.सं\..*ई\.सं\./);
    await saveScreenshot(page, 'staff-dashboard-1-nepali');

    // One province's districts.
    await page.getByTestId('district-province').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'बागमती' }).click();
    await expect.poll(() => page.getByTestId('district-chart').textContent()).toContain('काठमाडौँ');

    await page.getByText('English', { exact: true }).click();
    await expect.poll(() => page.getByTestId('stage-chart').textContent()).toContain('Submitted');
    const englishTicks = await page.getByTestId('stage-chart').locator('svg text').allTextContents();
    expect(englishTicks.join(' ')).toMatch(/[0-9]/);
    expect(await page.getByTestId('province-chart').textContent()).toContain('Bagmati');
    expect(await page.getByTestId('country-chart').textContent()).toContain('Malaysia');
    expect(englishTicks.join(' ')).not.toMatch(/[०-९]/);
    expect(await page.getByTestId('counted-at').textContent()).toMatch(/counted at .*B\.S\..*A\.D\./);
    await saveScreenshot(page, 'staff-dashboard-2-english');
    await page.close();
  });
});
