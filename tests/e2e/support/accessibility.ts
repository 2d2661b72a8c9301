import type Axe from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// WCAG 2.1 A and AA, checked by axe-core on the pages the end-to-end tests reach, the portal's and
// the workstation's alike, as they are when the test looks: a dialog, an open list or picker, a
// form filled in. Every screenshot a test saves checks its page (harness.ts saveScreenshot), once
// per distinct page in this test file's process: the route with its ids left out, the page's
// language, signed in or not. A finding fails the test that reached it.
// accessibility.e2e.test.ts walks the pages no other test needs to reach.

const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let axeSource: string | undefined;
const checkedPages = new Set<string>();

/** The route of a path with its ids left out: a segment with a digit in it (a number, a uuid, an encoded parameter). */
export function routePatternOf(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => (/\d/.test(segment) ? ':id' : segment))
    .join('/');
}

/** What makes two pages the same page for the check: route pattern, language, signed in or not. */
export async function describePage(page: Page): Promise<{ key: string; url: string; language: string; isSignedIn: boolean }> {
  const url = page.url();
  const { pathname } = new URL(url);
  const pattern = routePatternOf(pathname);
  const { language, hasSession } = await page.evaluate(() => ({
    language: document.documentElement.lang,
    hasSession: localStorage.getItem('psc.portal.session') !== null || localStorage.getItem('psc.staff.session') !== null,
  }));
  const isSignedIn = hasSession || pathname.startsWith('/staff/admin');
  return { key: `${pattern} ${language} ${isSignedIn ? 'signed-in' : 'signed-out'}`, url, language, isSignedIn };
}

type Violation = { id: string; help: string; nodes: { target: string; html: string; summary: string }[] };

/** The WCAG 2.1 A/AA violations axe finds on the page as it is now. */
export async function findViolations(page: Page): Promise<Violation[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, which the pages' Content-Security-Policy does not
  // govern (a <script> tag would be refused by it).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    // A toast or a dialog caught halfway through fading in has colours it never shows at rest:
    // let running animations end first (a second at most).
    for (let waited = 0; waited < 1000 && document.getAnimations().some((animation) => animation.playState === 'running'); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), html: node.html.slice(0, 160), summary: node.failureSummary ?? '' })),
    }));
  }, WCAG_21_AA_TAGS);
}

/** One line per element at fault: the rule, the element, what is wrong. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `  ${violation.id} (${violation.help}) at ${node.target} ${node.html}: ${node.summary.replace(/\s+/g, ' ').trim()}`,
      ),
    )
    .join('\n');
}

/**
 * Fails when the page breaks a WCAG 2.1 A/AA rule, naming the page, its language, each rule and
 * element. A page already checked in this process is not checked again unless `always`.
 */
export async function expectAccessible(page: Page, options: { always?: boolean } = {}): Promise<void> {
  const described = await describePage(page);
  if (!options.always && checkedPages.has(described.key)) return;
  checkedPages.add(described.key);
  const violations = await findViolations(page);
  if (violations.length === 0) return;
  const message = `WCAG 2.1 AA: ${violations.length} rule(s) broken on ${described.url} (lang=${described.language}, ${described.isSignedIn ? 'signed in' : 'signed out'}):\n${describeViolations(violations)}`;
  throw new Error(message);
}

/** The pages checked so far in this process (for the walk's count). */
export function checkedPageCount(): number {
  return checkedPages.size;
}
