import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AppEnv } from '../context';
import { clientCopyIsCurrent, HEADERS_KEPT_ON_304 } from './conditional-get';

export type StaticSite = {
  /** URL prefix without a trailing slash: '' for the portal, '/staff' for the workstation. */
  prefix: string;
  /** Folder of the built site (Vite's dist). */
  root: string;
  /** Shown when the folder was never built. */
  name: string;
};

/** /api and everything under it belongs to the API, whatever site is mounted at '/'. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Stored, but asked about again each time: a new release is picked up at once, and an unchanged
// file costs a 304 without a body (hence a validator on every answer).
const REVALIDATE = 'no-cache';

/** A 304 standing for `response` (whose body, an open file, is let go). */
function notModified(response: Response): Response {
  void response.body?.cancel();
  const headers = new Headers();
  for (const name of HEADERS_KEPT_ON_304) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(null, { status: 304, headers });
}

const conditionsOf = (c: Context<AppEnv>) => ({ ifNoneMatch: c.req.header('if-none-match'), ifModifiedSince: c.req.header('if-modified-since') });

type Index = { html: string; etag: string; lastModified: string };

function readIndex(indexPath: string): Index {
  const html = readFileSync(indexPath, 'utf8');
  return {
    html,
    // Weak, as the compression of static answers would make it anyway (the same text, in gzip
    // or not): a 304 must carry the tag the full answer had.
    etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 32)}"`,
    lastModified: statSync(indexPath).mtime.toUTCString(),
  };
}

/**
 * Serves a built single-page app: its files when they exist, and its index.html for any other
 * path under the prefix so that client-side routes survive a reload. Hashed assets are cached
 * for a year; everything else (index.html first) is revalidated on each use, answered by a 304
 * when the client's copy is current: files carry Last-Modified and an ETag from their size and
 * modification time (the precompressed file's own, when one is sent), the index.html of
 * client-side routes a hash of its text.
 */
export function mountStaticSite(app: Hono<AppEnv>, site: StaticSite) {
  // serveStatic builds its answer before onFound runs, so headers set there never reach it:
  // onFound only notes the file sent, and the handler below sets the headers on the answer.
  const sentFiles = new WeakMap<Context<AppEnv>, string>();
  const files: MiddlewareHandler<AppEnv> = serveStatic({
    root: site.root,
    rewriteRequestPath: (path) => path.slice(site.prefix.length) || '/',
    precompressed: true,
    onFound: (path, c) => {
      sentFiles.set(c, path);
    },
  });
  const indexPath = join(site.root, 'index.html');
  let cachedIndex: Index | undefined;
  const pattern = site.prefix === '' ? '*' : `${site.prefix}/*`;
  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    // The API's own paths are never a page: one no route serves answers the 404 envelope.
    if (isApiPath(c.req.path) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    const response = await files(c, async () => {});
    if (response) {
      const file = sentFiles.get(c);
      response.headers.set('Cache-Control', file?.includes('/assets/') ? IMMUTABLE : REVALIDATE);
      if (file) {
        // Weak: size and time name a version of the file, not its bytes.
        const { size, mtimeMs } = statSync(file);
        response.headers.set('ETag', `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`);
      }
      if (response.status === 200 && clientCopyIsCurrent(conditionsOf(c), { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') })) {
        return notModified(response);
      }
      return response;
    }
    if (c.finalized) return;
    if (!existsSync(indexPath)) {
      return c.text(`${site.name} has not been built. Run: npm run build`, 503);
    }
    cachedIndex ??= readIndex(indexPath);
    c.header('Cache-Control', REVALIDATE);
    c.header('ETag', cachedIndex.etag);
    c.header('Last-Modified', cachedIndex.lastModified);
    if (clientCopyIsCurrent(conditionsOf(c), cachedIndex)) return c.body(null, 304);
    return c.html(cachedIndex.html);
  };
  if (site.prefix !== '') app.get(site.prefix, (c) => c.redirect(`${site.prefix}/`));
  app.use(pattern, handler);
}
