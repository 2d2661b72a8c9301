import type { Database } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../api/src/applications/rows-of';
import { ADMIN_ROUTES, adminPathOf, type AdminRoute } from '../../desktop/renderer/src/routes/admin-routes';
import { NAV_ITEMS } from '../../portal/src/layout/nav-items';
import { DEMO_APPLICANT, hasHorizontalScroll, NE, settleAnimations, signInAs } from './portal-steps';
import { allocateThroughApi, SCRUTINY_OFFICER, seedClosedAdvertisement, waitForVersion, waitForView } from './scrutiny-steps';
import { signInToWorkstation, STAFF_ADMIN } from './staff-steps';
import { describePage, describeViolations, findViolations, routePatternOf } from './support/accessibility';
import { expectStrictPolicy, watchContentSecurityPolicy, type CspViolation } from './support/content-security-policy';
import { openPage, PERSON_CONTEXT, saveScreenshot, startsProductAndBrowser } from './support/harness';
import { trackRequestsOf, waitUntilSettled } from './support/settled';

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

/**
 * A page of the given width whose requests are followed (waitUntilSettled) and whose Content-
 * Security-Policy violations are collected (the policy's own test leaves the screens to this walk).
 */
async function openAt(browser: Browser, url: string, width: number, cspViolations: CspViolation[]): Promise<Page> {
  const context = await browser.newContext({ ...PERSON_CONTEXT, viewport: { width, height: 800 } });
  await trackRequestsOf(context);
  await watchContentSecurityPolicy(context, cspViolations);
  const page = await context.newPage();
  expectStrictPolicy((await page.goto(url))?.headers(), url);
  return page;
}

/** Stores the language choice where the app keeps it (spec §9) and reloads into it. */
async function chooseLanguage(page: Page, storageKey: string, language: Language): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [storageKey, language]);
  await page.reload();
}

/** Moves the single-page app to a path as a click on a link would (no reload). */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * The workstation's routes with their parameters filled from the addresses its screens link to
 * (the first of several); a route no screen links to is left out and named in the log.
 */
function fillParameters(route: string, linked: readonly string[]): string | undefined {
  const pattern = new RegExp(`^${route.replace(/:[^/]+/g, '[^/?]+')}(\\?.*)?$`);
  return linked.find((path) => pattern.test(path));
}

/** The first row's columns of a query of the demo database, or undefined when it has none. */
async function firstRow<T>(db: Database, query: SQL): Promise<T | undefined> {
  return rowsOf<T>(await db.execute(query))[0];
}

/**
 * The parameters of the routes whose screens are opened from buttons, forms or rows no screen
 * shows at rest, so the walk finds no link to them: from the demo data (the advertisement most
 * candidates applied to, the first of each other kind of record, one waiting for a decision where
 * the screen decides). A route left without a value is named in the walk's log.
 */
async function demoParameterPaths(db: Database): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  const advertisement = await firstRow<{ id: number; code: string; fiscal_year: string; requisition_id: number | null; class_id: number }>(
    db,
    sql`select a.id, a.code, a.fiscal_year, a.requisition_id, a.class_id from advertisements a join applications p on p.advertisement_id = a.id group by a.id order by count(*) desc, a.id limit 1`,
  );
  if (advertisement) {
    paths.set('/admin/configure-optional-subject/:id', `/admin/configure-optional-subject/${advertisement.id}`);
    paths.set('/admin/advertisement/get-count/:id', `/admin/advertisement/get-count/${advertisement.id}`);
    const code = encodeURIComponent(advertisement.code);
    paths.set('/admin/application-count-report/:advtCode/:fiscalYear', `/admin/application-count-report/${code}/${encodeURIComponent(advertisement.fiscal_year)}`);
    if (advertisement.requisition_id !== null) {
      paths.set('/admin/addQuotaToExistingAdvertisements/:requisitionId/:classId', `/admin/addQuotaToExistingAdvertisements/${advertisement.requisition_id}/${advertisement.class_id}`);
    }
  }
  const ids: [route: string, query: SQL][] = [
    ['/admin/requisition/post-requisition/edit/:identity', sql`select id from requisitions where kind = 'post' order by status = 'approved', id limit 1`],
    ['/admin/exam-center-list/:id', sql`select id from exam_venues order by id limit 1`],
    ['/admin/paper-detail/:id', sql`select id from exam_papers order by id limit 1`],
    ['/admin/exam-center-list-report/:id', sql`select id from centre_allocation_ranges order by id limit 1`],
    ['/admin/approval-exam-schedule/:id', sql`select advertisement_id as id from exam_schedules order by status <> 'review', advertisement_id limit 1`],
    ['/admin/attendance/detail/:id', sql`select id from result_uploads order by kind <> 'attendance', id limit 1`],
    ['/admin/attendance-verification/status/:advtCode', sql`select a.code as id from advertisements a where a.id in (select advertisement_id from result_uploads) order by a.id limit 1`],
    ['/admin/result-verification/status/:advtCode', sql`select a.code as id from advertisements a where a.id in (select advertisement_id from result_uploads) order by a.id limit 1`],
    ['/admin/create-qualification/:id', sql`select id from post_qualifications order by id limit 1`],
    ['/admin/view-qualification/:id', sql`select id from post_qualifications order by id limit 1`],
  ];
  for (const [route, query] of ids) {
    const row = await firstRow<{ id: number | string }>(db, query);
    if (row) paths.set(route, route.replace(/:[^/]+$/, encodeURIComponent(String(row.id))));
  }
  return paths;
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

/**
 * Collects each failing page's report instead of stopping at the first, so one run shows them all,
 * and the Content-Security-Policy violations of the pages it opened.
 */
class Walk {
  readonly checked = new Set<string>();
  readonly failures: string[] = [];
  readonly cspViolations: CspViolation[] = [];

  /** Waits for the page to settle; false (reported, the app reloaded) when it drew nothing. */
  async settle(page: Page): Promise<boolean> {
    try {
      await waitUntilSettled(page);
      return true;
    } catch {
      // A screen that throws leaves nothing drawn: reported, and the app reloaded for the next.
      this.failures.push(`${page.url()}: the page drew nothing`);
      await page.reload();
      return false;
    }
  }

  /** Checks the page once it has settled. */
  async check(page: Page): Promise<void> {
    if (await this.settle(page)) await this.checkSettled(page);
  }

  async checkSettled(page: Page): Promise<void> {
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
    expect(this.cspViolations, `Content-Security-Policy violated:\n${JSON.stringify(this.cspViolations, null, 1)}`).toEqual([]);
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
      const page = await openAt(running.browser, `${running.product.url}/login`, 360, walk.cspViolations);
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
      const page = await openAt(running.browser, `${running.product.url}/login`, 360, walk.cspViolations);
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
    const demoPaths = await demoParameterPaths(running.product.db);
    // The addresses the screens link to, in either language: a list that came too late in one
    // walk to give its links still gives them through the other.
    const linked = new Set<string>();
    // Both languages at once, each in its own browser context: the test mostly waits on the
    // browser, which draws the two in two processes.
    const walkIn = async (language: Language) => {
      const page = await openAt(running.browser, `${running.product.url}/staff/login`, 1600, walk.cspViolations);
      page.on('pageerror', (error) => walk.failures.push(`${page.url()} (lang=${language}): ${error.message}`));
      await signInToWorkstation(page, STAFF_ADMIN);
      await chooseLanguage(page, 'psc.staff.language', language);
      await page.getByTestId('dashboard').waitFor();
      const pathOf = (route: AdminRoute, fromDemo: boolean) =>
        route.path.includes(':') ? (fillParameters(adminPathOf(route), [...linked]) ?? (fromDemo ? demoPaths.get(adminPathOf(route)) : undefined)) : adminPathOf(route);
      // Routes without parameters first: the addresses they link to fill the others' parameters.
      // A route none of the screens opened so far links to waits for those after it (a screen
      // reached through another's parameters may link to it); the demo data fills the rest.
      const pending = [...ADMIN_ROUTES].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));
      while (pending.length > 0) {
        let next = pending.findIndex((route) => pathOf(route, false) !== undefined);
        if (next < 0) next = pending.findIndex((route) => pathOf(route, true) !== undefined);
        if (next < 0) {
          for (const route of pending) unreached.add(adminPathOf(route));
          break;
        }
        const route = pending.splice(next, 1)[0]!;
        const path = pathOf(route, true)!;
        reached.add(adminPathOf(route));
        try {
          await navigateInApp(page, `/staff${path}`);
          await waitUntilSettled(page);
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
        await walk.checkSettled(page);
        for (const linkedPath of await linkedAdminPaths(page)) linked.add(linkedPath);
      }
      await page.context().close();
    };
    await Promise.all(LANGUAGES.map(walkIn));
    const left = [...unreached].filter((path) => !reached.has(path));
    console.log(
      `accessibility walk: ${walk.checked.size} workstation screens (both languages):\n  ${walk.describe()}\n` +
        `not built yet (${notBuilt.length}): ${notBuilt.join(', ')}\n` +
        `left out, no screen links to a value for their parameters and the demo has none (${left.length}): ${left.join(', ')}`,
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
