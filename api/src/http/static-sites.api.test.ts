import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp, type TestApp } from '../test-support/test-app';

// The front ends as `npm start` composes them (runServer: createApp with both static sites, after
// the compression of static answers), on two small built sites of our own, so the test does not
// depend on whether the portal and the workstation have been built.
let t: TestApp;
let app: ReturnType<typeof createApp>;
let sitesDir: string;
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4096))});`;

beforeAll(async () => {
  t = await createTestApp();
  sitesDir = mkdtempSync(join(tmpdir(), 'psc-static-sites-'));
  for (const site of ['portal', 'staff']) {
    mkdirSync(join(sitesDir, site, 'assets'), { recursive: true });
    writeFileSync(join(sitesDir, site, 'index.html'), INDEX.replace('</body>', `<p>${site}</p></body>`));
    writeFileSync(join(sitesDir, site, 'assets', 'index-AbC123.js'), SCRIPT);
    writeFileSync(join(sitesDir, site, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  }
  app = createApp(t.deps, {
    staticSites: [
      { prefix: '', root: join(sitesDir, 'portal'), name: 'The candidate portal' },
      { prefix: '/staff', root: join(sitesDir, 'staff'), name: 'The staff workstation' },
    ],
  });
});
afterAll(async () => {
  await t.close();
  rmSync(sitesDir, { recursive: true, force: true });
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await app.request(path, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

const REVALIDATED = ['/', '/index.html', '/some/candidate/page', '/favicon.svg', '/staff/', '/staff/admin/users'];

describe('static sites', () => {
  it('keep hashed assets a year and revalidate everything else, each with a validator', async () => {
    const asset = await get('/assets/index-AbC123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.text).toBe(SCRIPT);
    for (const path of REVALIDATED) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
      expect(page.headers.get('etag'), path).toMatch(/^(W\/)?"[\w-]+"$/);
      expect(Number.isNaN(Date.parse(page.headers.get('last-modified') ?? '')), path).toBe(false);
    }
    expect((await get('/staff/admin/users')).text).toContain('<p>staff</p>');
    expect((await get('/some/candidate/page')).text).toContain('<p>portal</p>');
  });

  it('answer a revalidation of an unchanged file with 304 and no body', async () => {
    for (const path of [...REVALIDATED, '/assets/index-AbC123.js']) {
      const full = await get(path, { 'accept-encoding': 'gzip' });
      const etag = full.headers.get('etag')!;
      const byTag = await get(path, { 'accept-encoding': 'gzip', 'if-none-match': etag });
      expect(byTag.status, path).toBe(304);
      expect(byTag.text, path).toBe('');
      expect(byTag.headers.get('etag'), path).toBe(etag);
      expect(byTag.headers.get('cache-control'), path).toBe(full.headers.get('cache-control'));
      const byDate = await get(path, { 'if-modified-since': full.headers.get('last-modified')! });
      expect(byDate.status, path).toBe(304);
      expect((await get(path, { 'if-none-match': '"an-older-release"' })).status, path).toBe(200);
    }
  });

  it('send a changed file whole to a client holding the old version', async () => {
    const file = join(sitesDir, 'portal', 'favicon.svg');
    const before = await get('/favicon.svg');
    writeFileSync(file, '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>');
    const later = new Date(Date.parse(before.headers.get('last-modified')!) + 60_000);
    utimesSync(file, later, later);
    const after = await get('/favicon.svg', { 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(after.text).toContain('circle');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await get('/favicon.svg', { 'if-modified-since': before.headers.get('last-modified')! })).status).toBe(200);
  });

  it('give a precompressed file a tag of its own', async () => {
    writeFileSync(join(sitesDir, 'portal', 'assets', 'index-AbC123.js.gz'), gzipSync(SCRIPT));
    const plain = await get('/assets/index-AbC123.js');
    const zipped = await app.request('/assets/index-AbC123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    await zipped.body?.cancel();
    expect((await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip', 'if-none-match': plain.headers.get('etag')! })).status).toBe(200);
  });
});
