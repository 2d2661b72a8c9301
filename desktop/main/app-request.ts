import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { APP_HOST, APP_START_PATH } from './security/app-origin';

export type AppRequestTarget =
  | { kind: 'file'; filePath: string; isPage: boolean }
  | { kind: 'api'; pathAndQuery: string }
  | { kind: 'not-found' };

/**
 * Decides what a request on the workstation's own scheme means, mirroring how the API serves the
 * same renderer at /staff: files of the build, index.html for any other /staff path (the
 * renderer's router takes it from there), and /api/... forwarded to the configured API so the
 * renderer calls the same relative paths in the window and in a browser.
 */
export function resolveAppRequest(url: string, rendererDir: string): AppRequestTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: 'not-found' };
  }
  if (parsed.host !== APP_HOST) return { kind: 'not-found' };
  const { pathname } = parsed;
  if (pathname === '/api' || pathname.startsWith('/api/')) {
    return { kind: 'api', pathAndQuery: pathname + parsed.search };
  }
  const base = APP_START_PATH.slice(0, -1);
  if (pathname !== base && !pathname.startsWith(APP_START_PATH)) return { kind: 'not-found' };

  const indexFile = resolve(rendererDir, 'index.html');
  let requested: string;
  try {
    requested = decodeURIComponent(pathname.slice(APP_START_PATH.length));
  } catch {
    return { kind: 'not-found' };
  }
  if (requested === '') return { kind: 'file', filePath: indexFile, isPage: true };

  const filePath = resolve(rendererDir, requested);
  const inside = relative(rendererDir, filePath);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
    return { kind: 'not-found' };
  }
  if (isFile(filePath)) return { kind: 'file', filePath, isPage: filePath === indexFile };
  // A missing asset is a 404; a missing page is a client-side route.
  const lastSegment = requested.split('/').pop() ?? '';
  if (lastSegment.includes('.')) return { kind: 'not-found' };
  return { kind: 'file', filePath: indexFile, isPage: true };
}

function isFile(filePath: string): boolean {
  try {
    return statSync(filePath).isFile();
  } catch {
    return false;
  }
}
