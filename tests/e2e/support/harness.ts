import { startServer, type Config } from '@psc/api';
import { createBridgeApp } from '@psc/desktop/bridge';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const root = fileURLToPath(new URL('../../..', import.meta.url));
export const screenshotsDir = join(root, 'artifacts', 'screenshots');

/** Builds a front end once when its dist is missing (npm test builds both before this runs). */
function ensureBuilt(workspace: 'portal' | 'desktop', indexFile: string) {
  if (existsSync(join(root, indexFile))) return;
  const result = spawnSync('npm', ['run', 'build', '--workspace', workspace, '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`building ${workspace} failed`);
}

export type Product = { url: string; stop: () => Promise<void> };

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
  });
  let stopped = false;
  return {
    url: server.url,
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

export async function openPage(
  browser: Browser,
  url: string,
  options: { width?: number; height?: number; locale?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    locale: options.locale ?? 'ne-NP',
    timezoneId: 'Asia/Kathmandu',
  });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotsDir, { recursive: true });
  const path = join(screenshotsDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
