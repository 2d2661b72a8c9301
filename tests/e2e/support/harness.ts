import { startServer, type Config, type RunningServer } from '@psc/api';
import { createBridgeApp } from '@psc/desktop/bridge';
import type { Database } from '@psc/db';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { expectAccessible } from './accessibility';
import { createDemoTestConnection } from '../../../api/src/test-support/demo-template';

const root = fileURLToPath(new URL('../../..', import.meta.url));
export const screenshotsDir = join(root, 'artifacts', 'screenshots');

/** Builds a front end once when its dist is missing (npm test builds both before this runs). */
function ensureBuilt(workspace: 'portal' | 'desktop', indexFile: string) {
  if (existsSync(join(root, indexFile))) return;
  const result = spawnSync('npm', ['run', 'build', '--workspace', workspace, '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`building ${workspace} failed`);
}

/**
 * `db` is the product's own database, and `server` its configuration too, for a test that seeds
 * what an earlier stage would have made or what the demo does not hold.
 */
export type Product = { url: string; db: Database; server: RunningServer; stop: () => Promise<void> };

/**
 * The whole product in this process on a free port: a fresh in-memory PGlite, migrated and
 * seeded with the demo accounts; the built portal at /, the workstation at /staff, and the
 * workstation bridge at /staff/bridge.
 */
export async function startProduct(options: { accessTokenTtlSeconds?: number; config?: Partial<Config> } = {}): Promise<Product> {
  ensureBuilt('portal', 'portal/dist/index.html');
  ensureBuilt('desktop', 'desktop/dist/renderer/index.html');
  // The product's public address (PUBLIC_URL) must be the one the browser opens: the payment
  // gateway sends the candidate back there, and the sandbox gateway is served there.
  const port = await findFreePort();
  const server = await startServer({
    port,
    seedDemo: true,
    mounts: [{ path: '/staff/bridge', app: createBridgeApp() }],
    ...(options.accessTokenTtlSeconds ? { accessTokenTtlSeconds: options.accessTokenTtlSeconds } : {}),
    config: { publicUrl: `http://127.0.0.1:${port}`, ...options.config },
    // The run's demo database, copied rather than migrated and seeded again for every file.
    preparedDatabase: createDemoTestConnection,
  });
  let stopped = false;
  return {
    url: server.url,
    db: server.connection.db,
    server,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.close();
    },
  };
}

/** A loopback port nobody listens on now (the operating system's choice). */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * What every test's browser context shares: a person in Nepal whose system asks for reduced
 * motion. The product then drops antd's opening and closing animations: a click on a dialog's
 * button while it was still zooming in was lost now and then in a loaded run.
 */
export const PERSON_CONTEXT = { locale: 'ne-NP', timezoneId: 'Asia/Kathmandu', reducedMotion: 'reduce' } as const;

export async function openPage(
  browser: Browser,
  url: string,
  options: { width?: number; height?: number; locale?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    ...PERSON_CONTEXT,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale ?? PERSON_CONTEXT.locale,
  });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotsDir, { recursive: true });
  const path = join(screenshotsDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  // Every page a test looks at is held to WCAG 2.1 AA, once per distinct page in the file (accessibility.ts).
  await expectAccessible(page);
  return path;
}

/** The product and the browser a test file (or describe block) drives; filled in its beforeAll. */
export type Running = { product: Product; browser: Browser; dataDir: string };

/**
 * Starts the product and a browser before the tests of the file (or of the describe block it is
 * called in) and stops both after them. With `workstationDataDir` (a folder name prefix), the
 * workstation bridge keeps its cache in a fresh temporary folder, removed after, so its file stays
 * out of the repository. `config` overrides the product's configuration.
 */
export function startsProductAndBrowser(options: { workstationDataDir?: string; config?: Partial<Config> } = {}): Running {
  const running = {} as Running;
  let previousDataDir: string | undefined;
  beforeAll(async () => {
    if (options.workstationDataDir) {
      running.dataDir = mkdtempSync(join(tmpdir(), options.workstationDataDir));
      // The bridge reads its configuration on its first call, so the cache lands in this folder.
      previousDataDir = process.env.PSC_WORKSTATION_DATA_DIR;
      process.env.PSC_WORKSTATION_DATA_DIR = running.dataDir;
    }
    running.product = await startProduct(options.config ? { config: options.config } : {});
    running.browser = await launchBrowser();
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.product?.stop();
    if (!options.workstationDataDir) return;
    if (previousDataDir === undefined) delete process.env.PSC_WORKSTATION_DATA_DIR;
    else process.env.PSC_WORKSTATION_DATA_DIR = previousDataDir;
    if (running.dataDir) rmSync(running.dataDir, { recursive: true, force: true });
  });
  return running;
}
