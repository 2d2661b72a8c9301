import { describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { DEMO_CANDIDATE, NE, isGrant, readToasts, recordApiRequests, settleAnimations, signInAs, waitForToast } from './portal-steps';

// spec §7 "Client behaviour on answers" and §8: server messages as error toasts, the 500 ms
// de-duplication, and the message when the server cannot be reached.

const running = startsProductAndBrowser();

describe('candidate portal: errors', () => {
  it('checks the sign-in form with the shared schema, in the language on screen', async () => {
    const page = await openPage(running.browser, `${running.product.url}/login`);
    const requests = recordApiRequests(page);
    await page.getByRole('button', { name: NE.submit }).click();
    await page.getByText('प्रयोगकर्ताको नाम वा इमेल अनिवार्य छ।').waitFor();
    await page.getByText('पासवर्ड अनिवार्य छ।').waitFor();
    await settleAnimations(page);
    await saveScreenshot(page, 'portal-login-required-ne');
    // The messages follow a language switch.
    await page.getByText('English', { exact: true }).click();
    await page.getByText('User name or e-mail is required.').waitFor();
    await page.getByText('Password is required.').waitFor();
    // An e-mail must be a valid one (spec §5).
    await page.getByLabel('User name or e-mail').fill('candidate@');
    await page.getByLabel('Password', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Please enter a valid e-mail address.').waitFor();
    // Nothing invalid was sent.
    expect(requests.filter((request) => isGrant(request, 'password'))).toEqual([]);
    await page.context().close();
  });

  it("shows the server's message for a wrong password, once for the same error twice within 500 ms", async () => {
    const page = await openPage(running.browser, `${running.product.url}/login`);
    const requests = recordApiRequests(page);
    await signInAs(page, { username: DEMO_CANDIDATE.username, password: 'Wrong@123' });
    // The API's own text (Nepali by default), not one the portal made up.
    await waitForToast(page, 'प्रयोगकर्ताको नाम वा पासवर्ड मिलेन');
    const toast = page.locator('.ant-notification-notice').first();
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    // spec §2: bottom-right.
    expect(box && viewport && box.x + box.width > viewport.width * 0.75 && box.y + box.height > viewport.height * 0.75).toBe(true);
    await saveScreenshot(page, 'portal-login-wrong-password');
    // Let the first toast close (4000 ms) so the next count starts from none.
    await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached', timeout: 10_000 });

    // A double tap: the second submission lands just after the first has gone out (antd's form
    // itself drops a second submit in the same instant), so two failed sign-ins come back together.
    const before = requests.filter((request) => isGrant(request, 'password')).length;
    await page.evaluate(async () => {
      const form = document.querySelector('form');
      form?.requestSubmit();
      await new Promise((resolve) => setTimeout(resolve, 50));
      form?.requestSubmit();
    });
    await waitForToast(page, 'प्रयोगकर्ताको नाम वा पासवर्ड मिलेन');
    await expect.poll(() => requests.filter((request) => isGrant(request, 'password')).length - before).toBe(2);
    const grants = requests.filter((request) => isGrant(request, 'password')).slice(before);
    const answers = await Promise.all(grants.map((request) => request.response()));
    expect(answers.map((answer) => answer?.status())).toEqual([401, 401]);
    // The case under test needs both answers within 500 ms of each other.
    const answeredAt = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('/api/oauth/token'))
        .slice(-2)
        .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
    );
    expect(Math.abs(answeredAt[1]! - answeredAt[0]!)).toBeLessThan(500);
    // Give a second toast, were one raised, time to appear before counting.
    await page.waitForTimeout(300);
    expect(await readToasts(page)).toEqual(['प्रयोगकर्ताको नाम वा पासवर्ड मिलेन']);
    await page.context().close();
  });

  it('shows "Something went wrong" with refresh and previous-page buttons when a page fails to load', async () => {
    const page = await openPage(running.browser, `${running.product.url}/login`);
    await page.getByRole('heading', { name: 'लग इन' }).waitFor();
    // A flaky connection loses the FAQ page's code.
    const faqChunk = /\/assets\/faq-page-[^/]+\.js$/;
    await page.route(faqChunk, (route) => route.abort('connectionreset'));
    await page.getByRole('link', { name: 'बारम्बार सोधिने प्रश्नहरू' }).click();
    await page.getByRole('heading', { name: 'केही गडबड भयो' }).waitFor();
    expect(await page.getByRole('button', { name: 'अघिल्लो पृष्ठ' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'portal-something-went-wrong');

    // With the connection back, "refresh page" brings the page.
    await page.unroute(faqChunk);
    await page.getByRole('button', { name: 'पृष्ठ रिफ्रेस गर्नुहोस्' }).click();
    await page.getByRole('heading', { name: 'बारम्बार सोधिने प्रश्नहरू' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/faq');
    await saveScreenshot(page, 'portal-faq-ne');

    // "Previous page" goes back.
    await page.route(faqChunk, (route) => route.abort('connectionreset'));
    await page.goto(`${running.product.url}/login`);
    await page.getByRole('link', { name: 'बारम्बार सोधिने प्रश्नहरू' }).click();
    await page.getByRole('button', { name: 'अघिल्लो पृष्ठ' }).click();
    await page.waitForURL('**/login');
    await page.context().close();
  });

  // Stops the product, so it runs last.
  it('says "Server could not be reached." when the API has stopped', async () => {
    const page = await openPage(running.browser, `${running.product.url}/login`);
    await page.getByText('English', { exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByLabel('User name or e-mail').fill(DEMO_CANDIDATE.username);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_CANDIDATE.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/home');
    await page.getByTestId('counter-activeSessions').waitFor();
    // Let the sign-in toast close so the next one stands alone.
    await page.locator('.ant-notification-notice').first().waitFor({ state: 'detached', timeout: 10_000 });

    await running.product.stop();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await waitForToast(page, 'Server could not be reached.');
    // The counters already shown stay on screen.
    expect(await page.getByTestId('counter-activeSessions').isVisible()).toBe(true);
    await saveScreenshot(page, 'portal-home-server-unreachable');
    expect(NE.signOut).toBe('लग आउट');
    await page.context().close();
  });
});
