import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAppRequest } from './app-request';
import { createAppOriginCheck } from './security/app-origin';

describe('resolveAppRequest', () => {
  let rendererDir: string;

  beforeAll(() => {
    rendererDir = mkdtempSync(join(tmpdir(), 'psc-renderer-'));
    mkdirSync(join(rendererDir, 'assets'));
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html>');
    writeFileSync(join(rendererDir, 'assets', 'index-abc.js'), 'export {}');
  });

  afterAll(() => rmSync(rendererDir, { recursive: true, force: true }));

  const index = () => ({ kind: 'file', filePath: join(rendererDir, 'index.html'), isPage: true });

  it('serves the build and falls back to the page for client routes', () => {
    expect(resolveAppRequest('app://workstation/staff/', rendererDir)).toEqual(index());
    expect(resolveAppRequest('app://workstation/staff', rendererDir)).toEqual(index());
    expect(resolveAppRequest('app://workstation/staff/admin/userlist', rendererDir)).toEqual(index());
    expect(resolveAppRequest('app://workstation/staff/assets/index-abc.js', rendererDir)).toEqual({
      kind: 'file',
      filePath: join(rendererDir, 'assets', 'index-abc.js'),
      isPage: false,
    });
  });

  it('answers 404 for a missing asset instead of the page', () => {
    expect(resolveAppRequest('app://workstation/staff/assets/missing.js', rendererDir)).toEqual({ kind: 'not-found' });
  });

  it('forwards API calls with their query', () => {
    expect(resolveAppRequest('app://workstation/api/oauth/token?x=1', rendererDir)).toEqual({
      kind: 'api',
      pathAndQuery: '/api/oauth/token?x=1',
    });
  });

  it('never leaves the renderer folder', () => {
    for (const url of [
      'app://workstation/staff/%2e%2e/%2e%2e/etc/passwd',
      'app://workstation/staff/..%2F..%2Fetc%2Fpasswd',
      'app://workstation/staff/%2Fetc%2Fpasswd',
      'app://workstation/staff/%E0%A4%A',
      'app://workstation/etc/passwd',
      'app://elsewhere/staff/',
    ]) {
      const target = resolveAppRequest(url, rendererDir);
      if (target.kind === 'file') expect(target.filePath.startsWith(rendererDir)).toBe(true);
      else expect(target).toEqual({ kind: 'not-found' });
    }
    expect(resolveAppRequest('app://workstation/staff/%2e%2e/%2e%2e/etc/passwd', rendererDir)).toEqual({ kind: 'not-found' });
  });
});

describe('createAppOriginCheck', () => {
  it('allows the app scheme, and the dev server only when configured', () => {
    const packaged = createAppOriginCheck(undefined);
    expect(packaged('app://workstation/staff/admin')).toBe(true);
    expect(packaged('http://localhost:5173/staff/')).toBe(false);
    expect(packaged('https://example.com/')).toBe(false);
    expect(packaged('not a url')).toBe(false);
    const development = createAppOriginCheck('http://localhost:5173');
    expect(development('http://localhost:5173/staff/')).toBe(true);
    expect(development('http://localhost:5174/staff/')).toBe(false);
  });
});
