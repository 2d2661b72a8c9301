import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, adminPathOf } from '../../desktop/renderer/src/routes/admin-routes';
import { NAV_ITEMS } from '../../portal/src/layout/nav-items';
import { DEMO_APPLICANT, hasHorizontalScroll, NE, settleAnimations, signInAs } from './portal-steps';
import { allocateThroughApi, SCRUTINY_OFFICER, seedClosedAdvertisement, waitForVersion, waitForView } from './scrutiny-steps';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';
import { describePage, describeViolations, findViolations, routePatternOf } from './support/accessibility';
import { openPage, saveScreenshot, startsProductAndBrowser } from './support/harness';

// WCAG 2.1 AA over every portal page a candidate can reach, in both languages: signed out (every
// page linked from the sign-in page, followed link by link) and signed in (the candidate menu and
// every page it links to, the profile's tabs and an admit card among them). A new page is walked
// without a line added here. The other end-to-end tests, the workstation's among them, check the
// pages they reach as they save their screenshots (support/harness.ts). The workstation is walked
// the same way: every route of admin-routes.ts that draws a built screen, in both languages. Beyond
// what axe sees: the portal at 200% zoom on a 360 px phone, and the scrutiny queue's decision from
// the keyboard.

type Language = 'ne' | 'en';
const LANGUAGES: readonly Language[] = ['ne', 'en'];

/** A page of the given width whose requests are followed (waitUntilSettled). */
async function openAt(browser: Browser, url: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'ne-NP', timezoneId: 'Asia/Kathmandu' });
  const page = await context.newPage();
  trackRequests(page);
  await page.goto(url);
  return page;
}

/** Stores the language choice where the app keeps it (spec §9) and reloads into it. */
async function chooseLanguage(page: Page, storageKey: string, language: Language): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [storageKey, language]);
  await page.reload();
}

const requestsInFlight = new WeakMap<Page, Set<unknown>>();

function trackRequests(page: Page): void {
  const inFlight = new Set<unknown>();
  requestsInFlight.set(page, inFlight);
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
}

/**
 * Waits until the app has drawn, nothing is being fetched or loaded, no spinner or skeleton shows,
 * and animations end; at most 5 s (a screen may keep a spinner on while it waits for a choice).
 */
async function waitUntilSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 1) > 0, undefined, { timeout: 10_000 });
  const inFlight = requestsInFlight.get(page)!;
  let quietSince = Date.now();
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    await page.waitForTimeout(50);
    const isBusy = inFlight.size > 0 || (await page.locator('.ant-spin-spinning, .ant-skeleton-active').filter({ visible: true }).count()) > 0;
    if (isBusy) quietSince = Date.now();
    else if (Date.now() - quietSince >= 250) break;
  }
  await settleAnimations(page);
}

/** Moves the single-page app to a path as a click on a link would (no reload). */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await waitUntilSettled(page);
}

/**
 * The workstation's routes with their parameters filled from the addresses its screens link to
 * (the first of several); a route no screen links to is left out and named in the log.
 */
function fillParameters(route: string, linked: readonly string[]): string | undefined {
  const pattern = new RegExp(`^${route.replace(/:[^/]+/g, '[^/?]+')}(\\?.*)?$`);
  return linked.find((path) => pattern.test(path));
}

/** The workstation paths under /staff/admin the page links to, without /staff. */
function linkedAdminPaths(page: Page): Promise<string[]> {
  return page.locator('a[href]').evaluateAll((links) =>
    links
      .map((link) => new URL((link as HTMLAnchorElement).href))
      .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/staff/admin/'))
      .map((url) => url.pathname.slice('/staff'.length) + url.search),
  );
}

/** Collects each failing page's report instead of stopping at the first, so one run shows them all. */
class Walk {
  readonly checked = new Set<string>();
  readonly failures: string[] = [];

  async check(page: Page): Promise<void> {
    try {
      await waitUntilSettled(page);
    } catch {
      // A screen that throws leaves nothing drawn: reported, and the app reloaded for the next.
      this.failures.push(`${page.url()}: the page drew nothing`);
      await page.reload();
      return;
    }
    const described = await describePage(page);
    if (this.checked.has(described.key)) return;
    this.checked.add(described.key);
    const violations = await findViolations(page);
    if (violations.length > 0) this.failures.push(`${described.url} (lang=${described.language}, ${described.isSignedIn ? 'signed in' : 'signed out'}):\n${describeViolations(violations)}`);
  }

  /** The pages checked, for the test's log. */
  describe(): string {
    return [...this.checked].sort().join('\n  ');
  }

  expectNoFailures(): void {
    expect(this.failures, `WCAG 2.1 AA broken on ${this.failures.length} page(s):\n${this.failures.join('\n')}`).toEqual([]);
  }
}

/**
 * Visits the paths and, breadth first, every portal page they link to, one page per route (the
 * first admit card of several), checking each.
 */
async function followLinks(page: Page, walk: Walk, start: readonly string[], visit: (path: string) => Promise<void>): Promise<void> {
  const origin = new URL(page.url()).origin;
  const queue = [...start];
  const seenRoutes = new Set(queue.map((path) => routePatternOf(new URL(path, origin).pathname)));
  while (queue.length > 0) {
    await visit(queue.shift()!);
    await walk.check(page);
    for (const linked of await linkedPaths(page, origin)) {
      const route = routePatternOf(new URL(linked, origin).pathname);
      if (seenRoutes.has(route)) continue;
      seenRoutes.add(route);
      queue.push(linked);
    }
  }
}

/** The same-origin paths the page links to, except the workstation's and files. */
function linkedPaths(page: Page, origin: string): Promise<string[]> {
  return page.locator('a[href]').evaluateAll(
    (links, base) =>
      links
        .map((link) => new URL((link as HTMLAnchorElement).href, base))
        .filter((url) => url.origin === base && !url.pathname.startsWith('/staff') && !url.pathname.startsWith('/api/'))
        .map((url) => url.pathname + url.search),
    origin,
  );
}

/**
 * Presses Tab until the element with the test id has the focus (at most 80 times), and checks
 * that the focus shows: an outline or a ring drawn around it.
 */
async function tabTo(page: Page, testId: string): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) {
      const focus = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return { outline: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0, ring: style.boxShadow !== 'none' };
      });
      expect(focus.outline || focus.ring, `the focus on ${testId} is not visible`).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${testId}`);
}

describe('accessibility (WCAG 2.1 AA)', () => {
  const running = startsProductAndBrowser({ workstationDataDir: 'psc-accessibility-e2e-' });

  it('holds on every portal page linked from the sign-in page, signed out, in both languages', async () => {
    const walk = new Walk();
    for (const language of LANGUAGES) {
      const page = await openAt(running.browser, `${running.product.url}/login`, 360);
      await chooseLanguage(page, 'psc.portal.language', language);
      await followLinks(page, walk, ['/login'], (path) => page.goto(`${running.product.url}${path}`).then(() => undefined));
      await page.context().close();
    }
    console.log(`accessibility walk: ${walk.checked.size} signed-out portal pages:\n  ${walk.describe()}`);
    walk.expectNoFailures();
  });

  it('holds on every page of the candidate menu and every page they link to, signed in, in both languages', async () => {
    const walk = new Walk();
    for (const language of LANGUAGES) {
      const page = await openAt(running.browser, `${running.product.url}/login`, 360);
      await signInAs(page, DEMO_APPLICANT);
      await page.waitForURL(/\/home$/);
      await chooseLanguage(page, 'psc.portal.language', language);
      await followLinks(
        page,
        walk,
        NAV_ITEMS.map((item) => item.path),
        (path) => navigateInApp(page, path),
      );
      await page.context().close();
    }
    console.log(`accessibility walk: ${walk.checked.size} signed-in portal pages:\n  ${walk.describe()}`);
    walk.expectNoFailures();
  });

  it('holds on every built workstation screen, signed in as the administrator, in both languages', async () => {
    const walk = new Walk();
    const notBuilt: string[] = [];
    const unreached = new Set<string>();
    const reached = new Set<string>();
    for (const language of LANGUAGES) {
      const page = await openAt(running.browser, `${running.product.url}/staff/login`, 1600);
      page.on('pageerror', (error) => walk.failures.push(`${page.url()} (lang=${language}): ${error.message}`));
      await signInToWorkstation(page, STAFF_ADMIN);
      await chooseLanguage(page, 'psc.staff.language', language);
      await page.getByTestId('dashboard').waitFor();
      const linked = new Set<string>();
      // Routes without parameters first: the addresses they link to fill the others' parameters.
      const routes = [...ADMIN_ROUTES].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));
      for (const route of routes) {
        const path = route.path.includes(':') ? fillParameters(adminPathOf(route), [...linked]) : adminPathOf(route);
        if (path === undefined) {
          unreached.add(adminPathOf(route));
          continue;
        }
        reached.add(adminPathOf(route));
        try {
          await navigateInApp(page, `/staff${path}`);
        } catch {
          // A screen that throws takes the whole app down: reported, and the app reloaded.
          walk.failures.push(`/staff${path} (lang=${language}): the screen drew nothing`);
          await page.goto(`${running.product.url}/staff/admin`);
          await page.getByTestId('dashboard').waitFor();
          continue;
        }
        // A route whose screen is not built yet shows the same notice as every other (the
        // staff-access test checks it); the screens join the walk as they are built.
        if ((await page.getByTestId('not-built').count()) > 0) {
          if (language === 'ne') notBuilt.push(adminPathOf(route));
          continue;
        }
        await walk.check(page);
        for (const linkedPath of await linkedAdminPaths(page)) linked.add(linkedPath);
      }
      await page.context().close();
    }
    const left = [...unreached].filter((path) => !reached.has(path));
    console.log(
      `accessibility walk: ${walk.checked.size} workstation screens (both languages):\n  ${walk.describe()}\n` +
        `not built yet (${notBuilt.length}): ${notBuilt.join(', ')}\n` +
        `left out, no screen links to a value for their parameters (${left.length}): ${left.join(', ')}`,
    );
    walk.expectNoFailures();
    // Some hundred screens, each waited on until it settles.
  }, 900_000);

  it('fits a 360 px phone at 200% zoom without sideways scrolling: sign-in, registration, vacancies, profile', async () => {
    // 200% zoom of a 360 px screen: 180 CSS pixels drawn at two device pixels each.
    const context = await running.browser.newContext({ viewport: { width: 180, height: 400 }, deviceScaleFactor: 2, locale: 'ne-NP', timezoneId: 'Asia/Kathmandu' });
    const page = await context.newPage();
    const tooWide: string[] = [];
    const look = async (name: string) => {
      await settleAnimations(page);
      if (await hasHorizontalScroll(page)) tooWide.push(`${page.url()} is ${await page.evaluate(() => document.documentElement.scrollWidth)} px wide`);
      await saveScreenshot(page, `accessibility-zoom-200-${name}`);
    };
    await page.goto(`${running.product.url}/login`);
    await page.getByLabel(NE.username).waitFor();
    await look('sign-in');
    await page.goto(`${running.product.url}/register`);
    await page.locator('form').first().waitFor();
    await look('registration');
    await page.goto(`${running.product.url}/login`);
    await signInAs(page, DEMO_APPLICANT);
    await page.waitForURL(/\/home$/);
    await page.goto(`${running.product.url}/vacancy`);
    await page.getByTestId('vacancy-card').first().waitFor();
    await look('vacancy');
    await page.goto(`${running.product.url}/user/profile`);
    await page.locator('form').first().waitFor();
    await look('profile');
    await context.close();
    expect(tooWide).toEqual([]);
  });

  it('lets the scrutiny officer open an application from her queue, approve it and go on to the next with Tab and Enter alone, the focus visible', async () => {
    const { advertisement, officerId } = await seedClosedAdvertisement(running.product.server, 'E2E-ACCESSIBILITY-1');
    await allocateThroughApi(running.product.url, advertisement.advertisementId, [officerId]);
    const page = await openPage(running.browser, `${running.product.url}/staff/login`, { width: 1600, height: 1000 });
    await signInToWorkstation(page, SCRUTINY_OFFICER);
    await page.goto(`${running.product.url}/staff/admin/scrutiny/${advertisement.advertisementId}/${advertisement.organizationId}`);
    await page.getByTestId('queue-open').first().waitFor();
    await tabTo(page, 'queue-open');
    await saveScreenshot(page, 'accessibility-keyboard-queue');
    await page.keyboard.press('Enter');
    const opened = await waitForView(page, null);
    await tabTo(page, 'decide-approve');
    await saveScreenshot(page, 'accessibility-keyboard-decide');
    await page.keyboard.press('Enter');
    await page.getByTestId('decision-dialog-body').waitFor();
    await tabTo(page, 'decision-confirm');
    await saveScreenshot(page, 'accessibility-keyboard-confirm');
    await page.keyboard.press('Enter');
    await page.getByTestId('decision-dialog-body').waitFor({ state: 'detached' });
    await waitForVersion(page, 1);
    expect(await page.getByTestId('application-status').textContent()).toBe('स्वीकृत');
    // On to the next application of the queue, from the keyboard too.
    await tabTo(page, 'decide-next');
    await saveScreenshot(page, 'accessibility-keyboard-next');
    await page.keyboard.press('Enter');
    expect(await waitForView(page, opened)).not.toBe(opened);
    await page.context().close();
  });
});
