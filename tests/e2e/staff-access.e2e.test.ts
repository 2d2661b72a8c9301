import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, MENU_SECTIONS } from '../../desktop/renderer/src/routes/admin-routes';
import { settleAnimations } from './portal-steps';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { submitStaffSignIn } from './staff-steps';

// The staff workstation's renderer, served by the API at /staff, driven like a member of staff:
// the menu follows the user's privileges, and a typed address the user may not open is refused.

const menuPaths = (page: Page) => page.locator('nav a[data-route]').evaluateAll((links) => links.map((link) => link.getAttribute('data-route')));
const menuSections = (page: Page) => page.locator('nav [data-section]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-section')));

describe('staff workstation access', () => {
  const running = startsProductAndBrowser({ workstationDataDir: 'psc-workstation-e2e-' });

  it('shows the sign-in screen in Nepali and refuses a wrong password with the server message', async () => {
    const page = await openPage(running.browser, `${running.product.url}/staff`);
    await page.waitForURL(/\/staff\/login$/);
    await page.getByRole('heading', { name: 'कर्मचारी लगइन' }).waitFor();
    await submitStaffSignIn(page, { username: 'admin', password: 'wrong-password' });
    const alert = page.getByRole('alert').filter({ hasText: 'प्रयोगकर्ता' });
    await alert.waitFor();
    expect(await alert.textContent()).not.toContain('Invalid');
    await saveScreenshot(page, 'staff-sign-in-refused');
    await page.context().close();
  });

  it('gives the administrator the whole menu, and a screen of it in either language', async () => {
    const page = await openPage(running.browser, `${running.product.url}/staff/login`);
    await submitStaffSignIn(page, { username: 'admin', password: 'Admin@1234' });
    await page.getByTestId('dashboard').waitFor();
    expect(page.url()).toBe(`${running.product.url}/staff/admin`);

    const expected = ADMIN_ROUTES.filter((route) => route.inMenu).map((route) => route.path);
    expect((await menuPaths(page)).sort()).toEqual([...expected].sort());
    expect(await menuSections(page)).toEqual([...MENU_SECTIONS]);
    await saveScreenshot(page, 'staff-admin-dashboard');

    await page.locator('nav [data-section="backup"]').click();
    // The section slides open; a click while it moves can land on the wrong row.
    await settleAnimations(page);
    // Every menu screen is built now (the not-built placeholder is left for a route added before
    // its screen); the last ones were the backup group's archives.
    await page.locator('nav a[data-route="backup-scrutiny"]').click();
    await page.waitForURL(/\/staff\/admin\/backup-scrutiny$/);
    const screen = page.getByTestId('archive-scrutiny');
    await screen.waitFor();
    expect(await screen.locator('.ant-card-head-title').textContent()).toBe('रुजु तथ्याङ्कको ब्याकअप');
    expect(await page.getByTestId('not-built').count()).toBe(0);
    // Exactly the screen shown is marked in the menu.
    expect(await page.locator('nav .ant-menu-item-selected a[data-route]').evaluateAll((links) => links.map((link) => link.getAttribute('data-route')))).toEqual(['backup-scrutiny']);
    await saveScreenshot(page, 'staff-admin-backup-scrutiny');

    // The language choice switches the screen and is kept across a reload (spec §9).
    await page.getByText('English', { exact: true }).click();
    const title = screen.locator('.ant-card-head-title');
    await title.filter({ hasText: 'Back up scrutiny data' }).waitFor();
    await page.reload();
    await page.getByTestId('archive-scrutiny').locator('.ant-card-head-title').filter({ hasText: 'Back up scrutiny data' }).waitFor();
    expect(await page.locator('nav [data-section="users"]').textContent()).toBe('Users');
    await saveScreenshot(page, 'staff-admin-backup-scrutiny-english');
    await page.context().close();
  });

  it('gives the RQ-only officer the requisition screens alone and refuses a typed admin address', async () => {
    const page = await openPage(running.browser, `${running.product.url}/staff/admin/userlist`);
    // Signed out: the typed address waits behind the sign-in screen.
    await page.waitForURL(/\/staff\/login$/);
    await submitStaffSignIn(page, { username: 'requisition.officer', password: 'Officer@1234' });

    // Back at the address that was typed, which the officer may not open.
    await page.waitForURL(/\/staff\/admin\/userlist$/);
    const refusal = page.getByTestId('refusal');
    await refusal.waitFor();
    const text = await refusal.textContent();
    expect(text).toContain('४०३: अनुमति छैन');
    expect(text).toContain('403: not permitted');
    expect(text).toContain('UM');
    expect(await page.getByTestId('not-built').count()).toBe(0);
    await saveScreenshot(page, 'staff-officer-refused');

    const rqPaths = ADMIN_ROUTES.filter((route) => route.inMenu && (route.path === '' || route.privileges.includes('RQ'))).map(
      (route) => route.path,
    );
    expect((await menuPaths(page)).sort()).toEqual([...rqPaths].sort());
    expect(await menuSections(page)).toEqual(['requisition']);

    for (const path of ['payment', 'backup-scrutiny', 'scrutiny/report', 'percentage-distribution']) {
      await page.goto(`${running.product.url}/staff/admin/${path}`);
      await page.getByTestId('refusal').waitFor();
    }

    // The requisition screens are built: the officer's own screen opens (the not-built placeholder is gone).
    await page.goto(`${running.product.url}/staff/admin/requisitions`);
    await page.getByTestId('requisition-list').waitFor();
    expect(await page.getByTestId('not-built').count()).toBe(0);
    expect(await page.getByTestId('refusal').count()).toBe(0);
    await page.locator('nav [data-section="requisition"]').click();
    await saveScreenshot(page, 'staff-officer-requisitions');

    await page.goto(`${running.product.url}/staff/admin`);
    await page.getByTestId('dashboard').waitFor();
    await saveScreenshot(page, 'staff-officer-dashboard');
    await page.context().close();
  });
});
