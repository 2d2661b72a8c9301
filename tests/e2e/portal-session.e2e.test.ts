import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, saveScreenshot, startProduct, type Product } from './support/harness';
import { DEMO_CANDIDATE, NE, isGrant, pathOf, readToasts, recordApiRequests, signInAs, waitForToast } from './portal-steps';

// spec §8: an invalid (expired) token starts ONE silent refresh while other requests wait in a
// queue; if the refresh fails the user is logged out. Access tokens live 2 s here.

const ACCESS_TOKEN_TTL_SECONDS = 2;
// Past the expiry of a token issued now (JWT times are whole seconds).
const PAST_EXPIRY_MS = (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000 + 200;

let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct({ accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

type TokenPair = { accessToken: string; refreshToken: string };

/** Signs in through the form and returns the token pair the API issued. */
async function signInAndCaptureTokens(page: Page): Promise<TokenPair> {
  const answer = page.waitForResponse((response) => isGrant(response.request(), 'password'));
  await signInAs(page, DEMO_CANDIDATE);
  const body = (await (await answer).json()) as { data: TokenPair };
  await page.waitForURL('**/home');
  await page.getByTestId('counter-activeSessions').waitFor();
  return body.data;
}

describe('candidate portal: session tokens', () => {
  it('refreshes an expired access token once while three requests wait, and retries each', async () => {
    const page = await openPage(browser, `${product.url}/login`);
    const requests = recordApiRequests(page);
    const first = await signInAndCaptureTokens(page);

    // Hold the refresh answer a moment so a request started meanwhile has to queue behind it.
    await page.route('**/api/oauth/token', async (route) => {
      if (isGrant(route.request(), 'refresh_token')) await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.waitForTimeout(PAST_EXPIRY_MS);
    const mark = requests.length;

    // The reload sends init (layout) and dashboard (home) with the expired token...
    await page.reload();
    await page.waitForRequest((request) => isGrant(request, 'refresh_token'));
    // ...and the candidate signs out while the refresh is out: a third call, which must not go
    // out with the dead token either.
    await page.getByRole('button', { name: NE.signOut }).click();
    await page.waitForURL('**/login');
    await page.waitForLoadState('networkidle');

    const sent = requests.slice(mark);
    const refreshes = sent.filter((request) => isGrant(request, 'refresh_token'));
    expect(refreshes).toHaveLength(1);
    expect(JSON.parse(refreshes[0]!.postData() ?? '{}')).toMatchObject({ refresh_token: first.refreshToken });
    const refreshed = ((await (await refreshes[0]!.response())!.json()) as { data: TokenPair }).data;
    const oldBearer = `Bearer ${first.accessToken}`;
    const newBearer = `Bearer ${refreshed.accessToken}`;

    const calls = sent.filter((request) => request.headers().authorization?.startsWith('Bearer'));
    const described = await Promise.all(
      calls.map(async (request) => ({
        path: pathOf(request),
        attempt: `${request.headers().authorization === oldBearer ? 'old' : request.headers().authorization === newBearer ? 'new' : 'other'} ${(await request.response())?.status()}`,
        isAfterRefresh: sent.indexOf(request) > sent.indexOf(refreshes[0]!),
      })),
    );
    const attemptsAt = (path: string) => described.filter((entry) => entry.path === path).map((entry) => entry.attempt);
    // Init met the expired token, which started the refresh, and was retried once with the new one.
    expect(attemptsAt('/api/oauth/privileges/get/init')).toEqual(['old 401', 'new 200']);
    // The dashboard call either met the expired token too and was retried once, or started while
    // the refresh was out and waited for it.
    expect(attemptsAt('/api/psc/dashboard')).toEqual(
      attemptsAt('/api/psc/dashboard').length === 2 ? ['old 401', 'new 200'] : ['new 200'],
    );
    // The sign-out went out once, with the new token.
    expect(attemptsAt('/api/oauth/logout')).toEqual(['new 200']);
    // All waited: everything sent after the refresh started (init, the dashboard and the home's
    // notifications, the sign-out) carried the new token.
    const afterRefresh = described.filter((entry) => entry.isAfterRefresh).map((entry) => entry.attempt);
    expect(afterRefresh.length).toBeGreaterThanOrEqual(3);
    expect(new Set(afterRefresh)).toEqual(new Set(['new 200']));
    // The refresh stayed silent, and a deliberate sign-out is not reported as an expired session.
    expect(await readToasts(page)).not.toContain(NE.sessionExpired);
    await saveScreenshot(page, 'portal-signed-out-after-silent-refresh');
    await page.context().close();
  });

  it('signs the user out when the refresh token has been revoked', async () => {
    const page = await openPage(browser, `${product.url}/login`);
    const requests = recordApiRequests(page);
    const tokens = await signInAndCaptureTokens(page);

    // Revoke the session's refresh-token family from outside the browser (another device signing out).
    const revoked = await fetch(`${product.url}/api/oauth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: tokens.refreshToken }),
    });
    expect(revoked.status).toBe(200);

    await page.waitForTimeout(PAST_EXPIRY_MS);
    const mark = requests.length;
    await page.reload();
    await page.waitForURL('**/login');
    await waitForToast(page, NE.sessionExpired);

    const refreshes = requests.slice(mark).filter((request) => isGrant(request, 'refresh_token'));
    expect(refreshes).toHaveLength(1);
    expect((await refreshes[0]!.response())?.status()).toBe(400);
    // Logging out resets the stored state: no session left in storage.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('session')))).toEqual([]);
    await saveScreenshot(page, 'portal-revoked-session');

    // And the signed-in pages stay closed.
    await page.goto(`${product.url}/home`);
    await page.waitForURL('**/login');
    await page.context().close();
  });
});
