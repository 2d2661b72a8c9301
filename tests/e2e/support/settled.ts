import type { BrowserContext, Page } from 'playwright-core';
import { settleAnimations } from '../portal-steps';

// When a page a test opens has finished arriving: its app drawn, nothing it asked for still on
// the way, no spinner or skeleton left from a call, its animations done. The page's own signals
// stand in for fixed waits: the calls it makes (counted in the page, where a call that starts
// while the test looks cannot be missed), everything it loads (lazy chunks and pictures, seen
// from the browser's side) and a short quiet spell after the last of them (two animation frames
// at least), by which React has drawn what it brought and started whatever that asks for next.

type Requests = { inFlight: Set<unknown>; onEnd: Set<() => void> };

const requestsOf = new WeakMap<Page, Requests>();

/** Follows the calls and loads of every page of the context, those opened later too. */
export async function trackRequestsOf(context: BrowserContext): Promise<void> {
  for (const page of context.pages()) trackRequests(page);
  context.on('page', trackRequests);
  await context.addInitScript(() => {
    const calls = { pending: 0, started: 0, lastEndedAt: performance.now() };
    (window as unknown as { pscCalls: typeof calls }).pscCalls = calls;
    const fetchOfPage = window.fetch.bind(window);
    window.fetch = (...args: Parameters<typeof fetch>) => {
      calls.pending += 1;
      calls.started += 1;
      return fetchOfPage(...args).finally(() => {
        calls.pending -= 1;
        calls.lastEndedAt = performance.now();
      });
    };
  });
}

function trackRequests(page: Page): void {
  if (requestsOf.has(page)) return;
  const requests: Requests = { inFlight: new Set(), onEnd: new Set() };
  requestsOf.set(page, requests);
  const ended = (request: unknown) => {
    requests.inFlight.delete(request);
    for (const resolve of requests.onEnd) resolve();
    requests.onEnd.clear();
  };
  page.on('request', (request) => requests.inFlight.add(request));
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/** How long the page has made no call before it is taken as done. */
const QUIET_MS = 150;
/** A spinner that stays this long after the last call (and the wait's start) is waiting for a choice, not for data. */
const SPINNER_GRACE_MS = 500;

/**
 * Waits until the app has drawn, nothing is being fetched or loaded, no spinner or skeleton shows
 * (unless it outlasts every call: a screen may keep one on while it waits for a choice) and
 * animations end; at most `timeout` ms, then the page is taken as it is (a list the server is
 * slow to answer on a loaded machine is waited for rather than checked, and its links read, half drawn).
 */
export async function waitUntilSettled(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 1) > 0, undefined, { timeout: 10_000 });
  const requests = requestsOf.get(page);
  if (!requests) throw new Error('waitUntilSettled: the page is not followed (trackRequestsOf its context)');
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (requests.inFlight.size > 0) {
      await oneEnds(requests, deadline);
      continue;
    }
    const isQuiet = await page.evaluate(
      async ({ graceMs, quietMs, until }) => {
        const calls = (window as unknown as { pscCalls?: { pending: number; started: number; lastEndedAt: number } }).pscCalls;
        const twoFrames = async () => {
          for (let frame = 0; frame < 2; frame += 1) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        };
        // antd's spinners and skeletons, the portal's full-page loader, a part that says it is busy.
        const hasSpinner = () =>
          [...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active, .full-page-loader, [aria-busy="true"]')].some((element) => element.checkVisibility());
        const began = performance.now();
        const end = began + until;
        while (performance.now() < end) {
          const startedBefore = calls?.started ?? 0;
          await twoFrames();
          if (calls && (calls.pending > 0 || calls.started !== startedBefore)) continue;
          const quietFor = performance.now() - Math.max(began, calls?.lastEndedAt ?? 0);
          // A screen may ask a moment after it draws (a search box's pause before its call).
          if (quietFor < quietMs) continue;
          if (!hasSpinner() || quietFor >= graceMs) return true;
        }
        return false;
      },
      { graceMs: SPINNER_GRACE_MS, quietMs: QUIET_MS, until: Math.max(1, deadline - Date.now()) },
    );
    // A chunk or picture the page began loading meanwhile is waited for too.
    if (isQuiet && requests.inFlight.size === 0) break;
  }
  await settleAnimations(page);
}

/** Until one of the requests in flight ends, or the deadline. */
function oneEnds(requests: Requests, deadline: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, Math.max(1, deadline - Date.now()));
    function done() {
      clearTimeout(timer);
      requests.onEnd.delete(done);
      resolve();
    }
    requests.onEnd.add(done);
  });
}
