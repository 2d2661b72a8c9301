import { describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { DEMO_CANDIDATE, NE, hasHorizontalScroll, recordApiRequests, signInAs } from './portal-steps';

// spec §2 routes and guards, §5 sign-in, §9 language: the candidate portal as a person uses it.

const running = startsProductAndBrowser();

describe('candidate portal: language, sign-in and sign-out', () => {
  it('opens in Nepali on /login, switches to English and back, and keeps the choice across a reload', async () => {
    const page = await openPage(running.browser, `${running.product.url}/`);
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'लग इन' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ne');
    expect(await page.title()).toBe('लोक सेवा आयोग');
    await saveScreenshot(page, 'portal-login-ne');

    await page.getByText('English', { exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await expect(page.getByLabel('User name or e-mail').isVisible()).resolves.toBe(true);
    await saveScreenshot(page, 'portal-login-en');

    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    await page.getByText('नेपाली', { exact: true }).click();
    await page.getByRole('heading', { name: 'लग इन' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'लग इन' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ne');
    await page.context().close();
  });

  it('signs in the demo candidate, stays signed in across a reload, signs out, and guards the signed-in routes', async () => {
    const page = await openPage(running.browser, `${running.product.url}/login`);
    const requests = recordApiRequests(page);
    await signInAs(page, DEMO_CANDIDATE);
    await page.waitForURL('**/home');
    // Nepali first: the Nepali name greets, the English name sits beneath it.
    await page.getByTestId('welcome').filter({ hasText: 'सीता शर्मा' }).waitFor();
    expect(await page.getByTestId('other-name').innerText()).toBe('Sita Sharma');
    // The dashboard counter the API returns, labelled and in Devanagari digits.
    const sessions = page.getByTestId('counter-activeSessions');
    await sessions.waitFor();
    expect(await sessions.innerText()).toMatch(/^[०-९]+\s+सक्रिय लग इन सत्रहरू$/);
    await saveScreenshot(page, 'portal-home-ne');

    // A reload keeps the session, without passing through /login on the way.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => visited.push(new URL(frame.url()).pathname));
    await page.reload();
    await page.getByTestId('welcome').filter({ hasText: 'सीता शर्मा' }).waitFor();
    expect(visited).toEqual(['/home']);

    // A signed-in user does not get the unauthenticated-only routes.
    await page.goto(`${running.product.url}/login`);
    await page.waitForURL('**/home');
    await page.getByTestId('counter-activeSessions').waitFor();
    await page.waitForLoadState('networkidle');

    // Switching language re-labels the page in place: nothing is fetched again.
    const requestsBeforeSwitch = requests.length;
    await page.getByText('English', { exact: true }).click();
    await page.getByTestId('welcome').filter({ hasText: 'Welcome, Sita Sharma' }).waitFor();
    expect(await page.getByTestId('other-name').innerText()).toBe('सीता शर्मा');
    expect(await page.getByTestId('counter-activeSessions').innerText()).toMatch(/^\d+\s+Active sign-in sessions$/);
    expect(requests.length).toBe(requestsBeforeSwitch);
    await saveScreenshot(page, 'portal-home-en');
    await page.getByText('नेपाली', { exact: true }).click();

    await page.getByRole('button', { name: NE.signOut }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('session')))).toEqual([]);
    for (const path of ['/home', '/vacancy']) {
      await page.goto(`${running.product.url}${path}`);
      await page.waitForURL('**/login');
    }
    // Signing in again opens the page last asked for.
    await signInAs(page, DEMO_CANDIDATE);
    await page.waitForURL('**/vacancy');
    await page.getByTestId('vacancy-count').filter({ hasText: 'विज्ञापन' }).waitFor();
    await page.context().close();
  });

  it('returns to the page the visitor was going to after sign-in', async () => {
    const page = await openPage(running.browser, `${running.product.url}/register`);
    // Signed out: the unauthenticated-only routes and /change/password/:tokenid open.
    await page.getByRole('heading', { name: 'नयाँ दर्ता' }).waitFor();
    await page.goto(`${running.product.url}/change/password/token-123`);
    // (an unknown token: the page says the link no longer works)
    await page.getByTestId('reset-link-invalid').waitFor();
    await page.goto(`${running.product.url}/vacancy-applied/results`);
    await page.waitForURL('**/login');
    await signInAs(page, DEMO_CANDIDATE);
    await page.waitForURL('**/vacancy-applied/results');
    await page.getByRole('heading', { name: 'नतिजा' }).waitFor();
    await page.getByTestId('my-results').waitFor();
    await saveScreenshot(page, 'portal-results-after-sign-in-ne');
    await page.goto(`${running.product.url}/home`);
    await page.waitForURL('**/home');
    // Signed in: /change/password/:tokenid still opens; /register and /exisiting-user do not.
    await page.goto(`${running.product.url}/change/password/token-123`);
    await page.getByTestId('reset-link-invalid').waitFor();
    for (const path of ['/register', '/exisiting-user', '/faq', '/no-such-page']) {
      await page.goto(`${running.product.url}${path}`);
      await expect.poll(() => new URL(page.url()).pathname, { message: path, timeout: 10_000 }).toBe('/home');
    }
    await page.context().close();
  });

  it('fits a 360 px wide screen on the login and home pages', async () => {
    const page = await openPage(running.browser, `${running.product.url}/login`, { width: 360, height: 740 });
    await page.getByRole('heading', { name: 'लग इन' }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'portal-login-360');

    await signInAs(page, DEMO_CANDIDATE);
    await page.waitForURL('**/home');
    await page.getByTestId('counter-activeSessions').waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'portal-home-360');

    await page.getByRole('button', { name: 'मेनु' }).click();
    await page.getByRole('link', { name: 'रिक्त पदहरू', exact: true }).waitFor();
    // Let the drawer finish sliding in before the picture.
    await page.waitForFunction(() => {
      const panel = document.querySelector('.nav-drawer');
      return panel !== null && Math.abs(panel.getBoundingClientRect().left) < 1;
    });
    await saveScreenshot(page, 'portal-menu-360');
    await page.getByRole('link', { name: 'रिक्त पदहरू', exact: true }).click();
    await page.waitForURL('**/vacancy');
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByTestId('vacancy-count').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);

    // English is longer: it has to fit too.
    await page.getByText('English', { exact: true }).click();
    await page.getByTestId('vacancy-count').filter({ hasText: /\badvertisements?\b/ }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'portal-vacancy-360-en');
    await page.goto(`${running.product.url}/home`);
    await page.getByTestId('counter-activeSessions').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await saveScreenshot(page, 'portal-home-360-en');
    await page.context().close();
  });
});
