import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppEnv } from '../context';

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

/**
 * Serves a built single-page app: its files when they exist, and its index.html for any other
 * path under the prefix so that client-side routes survive a reload. Hashed assets are cached
 * for a year; index.html is never cached, so a new release is picked up at once.
 */
export function mountStaticSite(app: Hono<AppEnv>, site: StaticSite) {
  const files: MiddlewareHandler<AppEnv> = serveStatic({
    root: site.root,
    rewriteRequestPath: (path) => path.slice(site.prefix.length) || '/',
    precompressed: true,
    onFound: (path, c) => {
      c.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const indexPath = join(site.root, 'index.html');
  let cachedIndex: string | undefined;
  const pattern = site.prefix === '' ? '*' : `${site.prefix}/*`;
  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    // The API's own paths are never a page: one no route serves answers the 404 envelope.
    if (isApiPath(c.req.path) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    const response = await files(c, async () => {});
    if (response) return response;
    if (c.finalized) return;
    if (!existsSync(indexPath)) {
      return c.text(`${site.name} has not been built. Run: npm run build`, 503);
    }
    cachedIndex ??= readFileSync(indexPath, 'utf8');
    c.header('Cache-Control', 'no-cache');
    return c.html(cachedIndex);
  };
  if (site.prefix !== '') app.get(site.prefix, (c) => c.redirect(`${site.prefix}/`));
  app.use(pattern, handler);
}
