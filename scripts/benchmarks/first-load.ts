import { startServer } from '@psc/api';
import { DEMO_ACCOUNTS } from '@psc/db';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { freePort } from '../lib/postgres-cluster';

// `npm run bench -- first-load`: how long a candidate on an inexpensive phone waits for the
// portal's public pages, cold cache, through the composition `npm start` runs (the API serving
// the built portal, compressed, on the embedded database with the demo data). Chromium at 360 px
// with the network and the processor slowed through DevTools; per page: the time until the page
// is usable, the bytes on the wire, and the request waves (the longest chain of requests each
// started by an earlier one's answer, the HTML being wave 1; fonts, shown with font-display:
// swap, and the icon hold nothing up and are counted in the bytes only). Then a repeat visit (what still goes
// over the network: hashed assets must come from the cache) and, signed in, the move from the
// home page to the profile and the vacancy list. The baseline measured in the same run is a
// blank page on the same connection: one round trip and nothing to download.

const root = fileURLToPath(new URL('../..', import.meta.url));

type Connection = { name: string; latencyMs: number; downloadBytesPerSecond: number; uploadBytesPerSecond: number; cpuSlowdown: number };

/** Goals from the first-load brief: the sign-in form usable within these times. */
const CONNECTIONS: { connection: Connection; signInGoalMs: number }[] = [
  {
    connection: { name: 'slow 3G (400 kbit/s, 400 ms, 4x CPU)', latencyMs: 400, downloadBytesPerSecond: 400_000 / 8, uploadBytesPerSecond: 400_000 / 8, cpuSlowdown: 4 },
    signInGoalMs: 5_000,
  },
  {
    // Lighthouse's mobile profile.
    connection: { name: 'slow 4G (1.6 Mbit/s, 150 ms, 4x CPU)', latencyMs: 150, downloadBytesPerSecond: 1_600_000 / 8, uploadBytesPerSecond: 750_000 / 8, cpuSlowdown: 4 },
    signInGoalMs: 2_500,
  },
];

/** A public page and what shows it is usable: an enabled field or control that answers a click. */
type PublicPage = { path: string; ready: string; signedIn?: boolean };

const PAGES: PublicPage[] = [
  { path: '/login', ready: 'input#username' },
  { path: '/register', ready: 'input#firstNameEn' },
  // The candidate's list of open advertisements (spec §2 /vacancy) is behind the sign-in.
  { path: '/vacancy', ready: '[data-testid="vacancy-card"]', signedIn: true },
  { path: '/faq', ready: 'main h1' },
];

const KIB = 1024;
const SETTLE_MS = 1_500;
const TIMEOUT_MS = 60_000;

type Request = { id: string; url: string; type: string | undefined; parsedFrom: string | undefined; start: number; end: number | undefined; bytes: number; fromCache: boolean };

/** What a page waits for; fonts (font-display: swap) and the icon hold nothing up. */
const canStartRequests = (request: Request) => ['Document', 'Script', 'Stylesheet', 'Fetch', 'XHR'].includes(request.type ?? '');
/** What can lead a script to make a request: the page, a script, a data answer. */
const canRunCode = (request: Request) => ['Document', 'Script', 'Fetch', 'XHR'].includes(request.type ?? '');

/** Records every request of a page through DevTools: who started it, when, and its bytes. */
class RequestLog {
  readonly requests = new Map<string, Request>();

  constructor(session: CDPSession) {
    session.on('Network.requestWillBeSent', (event) => {
      // A redirect reuses the id: the request is the last hop.
      // Named by the HTML or a stylesheet (a link, a preload, a font): its parent is that file.
      const parsedFrom = event.initiator.type === 'parser' ? event.initiator.url : undefined;
      this.requests.set(event.requestId, { id: event.requestId, url: event.request.url, type: event.type, parsedFrom, start: event.timestamp, end: undefined, bytes: 0, fromCache: false });
    });
    session.on('Network.requestServedFromCache', (event) => {
      const request = this.requests.get(event.requestId);
      if (request) request.fromCache = true;
    });
    session.on('Network.responseReceived', (event) => {
      const request = this.requests.get(event.requestId);
      if (request && (event.response.fromDiskCache || event.response.fromPrefetchCache)) request.fromCache = true;
    });
    session.on('Network.loadingFinished', (event) => {
      const request = this.requests.get(event.requestId);
      if (!request) return;
      request.end = event.timestamp;
      request.bytes = event.encodedDataLength;
    });
    session.on('Network.loadingFailed', (event) => {
      const request = this.requests.get(event.requestId);
      if (request) request.end = event.timestamp;
    });
  }

  clear() {
    this.requests.clear();
  }

  /** Waits until nothing has been in flight for a while (fonts and late chunks counted too). */
  async settle(): Promise<void> {
    const deadline = Date.now() + TIMEOUT_MS;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const inFlight = [...this.requests.values()].some((request) => request.end === undefined && !request.url.startsWith('data:'));
      if (inFlight) quietSince = Date.now();
      else if (Date.now() - quietSince >= SETTLE_MS) return;
    }
  }

  /**
   * The longest chain of requests each of which waited for an earlier answer. A file the HTML or
   * a stylesheet names is one wave after that file, however long it queued for a connection (six
   * per host over HTTP/1.1). A request a script makes (an import, a data call) is one wave after
   * the latest script or data answer finished before it started: the initiator alone undercounts,
   * as a page chunk imported by the router names the entry although it waited for the layout.
   */
  waves(requests: Request[]): Map<string, number> {
    const sorted = [...requests].sort((a, b) => a.start - b.start);
    const wave = new Map<string, number>();
    for (const request of sorted) {
      const parser = request.parsedFrom ? sorted.find((other) => other.url === request.parsedFrom && other !== request) : undefined;
      let value = parser ? (wave.get(parser.id) ?? 1) + 1 : 1;
      if (!parser) {
        for (const earlier of sorted) {
          if (earlier === request || earlier.end === undefined || earlier.end > request.start || !canRunCode(earlier)) continue;
          value = Math.max(value, (wave.get(earlier.id) ?? 1) + 1);
        }
      }
      wave.set(request.id, value);
    }
    return wave;
  }

  /** The ids of the requests started so far. */
  startedIds(): Set<string> {
    return new Set(this.requests.keys());
  }

  summary(only?: Set<string>) {
    const requests = [...this.requests.values()].filter((request) => !request.url.startsWith('data:') && (only === undefined || only.has(request.id)));
    const network = requests.filter((request) => !request.fromCache);
    if (process.env.BENCH_FIRST_LOAD_VERBOSE) {
      const waves = this.waves(network);
      for (const request of network) console.log(`    wave ${waves.get(request.id)} ${request.type} ${new URL(request.url).pathname} ${kib(request.bytes)}`);
    }
    return {
      requests: network.length,
      bytes: network.reduce((total, request) => total + request.bytes, 0),
      fromCache: requests.length - network.length,
      waves: Math.max(0, ...this.waves(network.filter(canStartRequests)).values()),
      fontBytes: network.filter((request) => /\.woff2?(\?|$)/.test(request.url)).reduce((total, request) => total + request.bytes, 0),
    };
  }
}

async function emulate(session: CDPSession, connection: Connection) {
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: connection.latencyMs,
    downloadThroughput: connection.downloadBytesPerSecond,
    uploadThroughput: connection.uploadBytesPerSecond,
  });
  await session.send('Emulation.setCPUThrottlingRate', { rate: connection.cpuSlowdown });
}

async function newPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page; session: CDPSession; log: RequestLog }> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ne-NP',
    timezoneId: 'Asia/Kathmandu',
  });
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  const log = new RequestLog(session);
  return { context, page, session, log };
}

/**
 * Milliseconds from the navigation's start (the page's own clock) until `selector` is visible,
 * enabled and answers a tap: the tap lands once the main thread is free to handle it.
 */
async function timeUsable(page: Page, selector: string): Promise<number> {
  const target = page.locator(selector).first();
  await target.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
  await target.click({ timeout: TIMEOUT_MS, trial: true });
  // Read as a task on the page's main thread, so it waits out a long task as a tap would.
  return page.evaluate(() => performance.now());
}

async function signInAs(page: Page, account: { username: string; password: string }) {
  await page.locator('input#username').fill(account.username);
  await page.locator('input#password').fill(account.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: TIMEOUT_MS });
}

const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function measurePage(browser: Browser, url: string, page: PublicPage, connection: Connection) {
  const phone = await newPhone(browser);
  try {
    if (page.signedIn) {
      // Signed in on a fast line, then every cached file thrown away: the session stays.
      await phone.page.goto(`${url}/login`);
      await signInAs(phone.page, DEMO_ACCOUNTS.applicant);
      await phone.session.send('Network.clearBrowserCache');
    }
    await emulate(phone.session, connection);
    phone.log.clear();
    await phone.page.goto(`${url}${page.path}`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const usableMs = await timeUsable(phone.page, page.ready);
    const startedBeforeUsable = phone.log.startedIds();
    await phone.log.settle();
    const untilUsable = phone.log.summary(startedBeforeUsable);
    const all = phone.log.summary();
    // The same page again, as a returning candidate opens it: only index.html may go out.
    phone.log.clear();
    await phone.page.goto(`${url}${page.path}`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const repeatMs = await timeUsable(phone.page, page.ready);
    await phone.log.settle();
    const repeat = phone.log.summary();
    return { usableMs, untilUsable, all, repeatMs, repeat };
  } finally {
    await phone.context.close();
  }
}

/** What shows each signed-in page of the moves has rendered. */
const MOVE_READY = {
  '/home': '[data-testid="welcome"]',
  '/user/profile': '[data-testid="profile-completeness"]',
  '/vacancy': '[data-testid="vacancy-card"]',
};

/** Signed in on the emulated connection: the home page, then the menu's profile and vacancy list. */
async function measureSignedInMoves(browser: Browser, url: string, connection: Connection) {
  const phone = await newPhone(browser);
  try {
    await emulate(phone.session, connection);
    await phone.page.goto(`${url}/login`, { timeout: TIMEOUT_MS });
    await phone.page.locator('input#username').waitFor({ timeout: TIMEOUT_MS });
    await phone.log.settle();
    const moves: { name: string; waves: number; bytes: number; ms: number }[] = [];
    phone.log.clear();
    let started = Date.now();
    await signInAs(phone.page, DEMO_ACCOUNTS.applicant);
    // Shown before settling: on a loaded machine the processor can parse a page's chunks for
    // longer than the network's quiet spell, and what the page fetched next would be counted in
    // the move after it.
    await phone.page.locator(MOVE_READY['/home']).waitFor({ timeout: TIMEOUT_MS });
    await phone.log.settle();
    moves.push({ name: 'sign-in to home', ...pick(phone.log.summary()), ms: Date.now() - started });
    for (const path of ['/user/profile', '/vacancy'] as const) {
      phone.log.clear();
      started = Date.now();
      // The menu's own link, as a candidate moves (client-side, no reload); at 360 px the menu
      // is folded away, so the link is clicked where it is.
      await phone.page.locator(`a[href="${path}"]`).first().dispatchEvent('click');
      await phone.page.waitForURL((current) => current.pathname === path, { timeout: TIMEOUT_MS });
      await phone.page.locator(MOVE_READY[path]).first().waitFor({ timeout: TIMEOUT_MS });
      await phone.log.settle();
      moves.push({ name: `home to ${path}`, ...pick(phone.log.summary()), ms: Date.now() - started - SETTLE_MS });
    }
    return moves;
  } finally {
    await phone.context.close();
  }
}

function pick(summary: ReturnType<RequestLog['summary']>) {
  return { waves: summary.waves, bytes: summary.bytes };
}

export async function benchFirstLoad() {
  if (!existsSync(`${root}/portal/dist/index.html`)) {
    console.error('portal/dist is missing: npm run build --workspace portal');
    process.exit(1);
  }
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const port = await freePort();
  const server = await startServer({ port, seedDemo: true, config: { publicUrl: `http://127.0.0.1:${port}` } });
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'] });
  const onlyPath = process.env.BENCH_FIRST_LOAD_PAGE;
  try {
    console.log(`first-load benchmark: the built portal served by the API (PGlite, demo data), Chromium ${browser.version()} at 360 px, cold cache; load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
    for (const { connection, signInGoalMs } of CONNECTIONS) {
      console.log(`\n${connection.name}`);
      // Baseline: a blank page (one round trip, nothing to download) on the same connection.
      const blank = await newPhone(browser);
      await emulate(blank.session, connection);
      const blankStart = Date.now();
      await blank.page.goto(`${server.url}/favicon.svg`, { timeout: TIMEOUT_MS });
      const blankMs = Date.now() - blankStart;
      await blank.context.close();
      console.log(`  baseline: one small file (favicon.svg) ${seconds(blankMs)}`);
      console.log('  page           usable    ratio  waves (until usable / all)  bytes until usable  all bytes (fonts)       repeat visit');
      for (const page of PAGES) {
        if (onlyPath && page.path !== onlyPath) continue;
        // One page that never becomes usable (a loaded machine, a build replaced mid-run) is
        // reported, and the other pages are still measured.
        const result = await measurePage(browser, server.url, page, connection).catch((error: unknown) => error as Error);
        if (result instanceof Error) {
          console.log(`  ${page.path.padEnd(13)} not usable: ${result.message.split('\n')[0]}`);
          continue;
        }
        const goal = page.path === '/login' ? (result.usableMs <= signInGoalMs ? `  goal ${seconds(signInGoalMs)}: met` : `  goal ${seconds(signInGoalMs)}: NOT met`) : '';
        console.log(
          `  ${page.path.padEnd(13)} ${seconds(result.usableMs).padStart(7)} ${`${(result.usableMs / blankMs).toFixed(1)}x`.padStart(7)}  ` +
            `${`${result.untilUsable.waves} / ${result.all.waves}`.padEnd(26)}  ${kib(result.untilUsable.bytes).padStart(18)}  ` +
            `${`${kib(result.all.bytes)} (${kib(result.all.fontBytes)})`.padEnd(22)}  ` +
            `${seconds(result.repeatMs)}, ${result.repeat.requests} from the network (${kib(result.repeat.bytes)}), ${result.repeat.fromCache} from cache${goal}`,
        );
      }
      // BENCH_FIRST_LOAD_PAGE=signed-in measures the signed-in moves alone.
      if (!onlyPath || onlyPath === 'signed-in') {
        for (const move of await measureSignedInMoves(browser, server.url, connection)) {
          console.log(`  signed in: ${move.name.padEnd(22)} ${move.waves} waves, ${kib(move.bytes)}`);
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
