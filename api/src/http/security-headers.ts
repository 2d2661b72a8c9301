import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config';
import type { AppEnv } from '../context';
import { paymentFormOrigin } from '../payments/payment-gateway';
import { cameOverHttps } from './client-address';

/** Six months, hono's default; the policy is sent only on answers that came over HTTPS. */
const STRICT_TRANSPORT_SECURITY = 'max-age=15552000; includeSubDomains';

/**
 * The Content-Security-Policy of the portal and the browser build of the workstation (and of
 * every other answer, where it costs nothing). Scripts come only from the built files: neither
 * index.html nor Vite's output carries an inline script, and zod runs without its `new Function`
 * fast path (z.config jitless in each front end's entry) so nothing asks for 'unsafe-eval'.
 *
 * Styles allow 'unsafe-inline'. antd 6 writes its CSS-in-JS as <style> elements at run time;
 * ConfigProvider's `csp={{ nonce }}` could tag those, but a nonce must be fresh per response, so
 * index.html would have to be rewritten per request and the nonce handed to the page, and antd's
 * static message/notification/Modal helpers and rc-* portals render outside the ConfigProvider,
 * so some of its styles would still be refused. An injected style cannot run code; what matters
 * against script injection is script-src, which stays strict.
 *
 * Pictures are shown from blob: URLs (stored files are fetched with the bearer token) and antd
 * draws some icons as data: URLs. The only form that leaves the site is the eSewa payment form,
 * posted to the gateway the configuration names (in development, the sandbox at PUBLIC_URL).
 */
export function contentSecurityPolicy(config: Pick<Config, 'esewa' | 'env' | 'publicUrl'>) {
  const formOrigin = paymentFormOrigin(config);
  const gateway = formOrigin ? [formOrigin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'", ...gateway],
  };
}

/**
 * Headers that only a document reads (a page's policy, framing, referrer, opener, the old IE
 * ones). A built script, stylesheet, font or picture under a site's /assets/ is never a document
 * or a worker here, so they are left off it: on the first screen of a phone they were about
 * 0.9 KiB on each of its dozen files, about a quarter of a second on slow 3G (over HTTP/1.1; a
 * proxy speaking HTTP/2 compresses repeats). What a subresource does read stays: nosniff,
 * Cross-Origin-Resource-Policy and, over HTTPS, Strict-Transport-Security.
 */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'Referrer-Policy',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
];

/** A built, content-hashed file of the portal (/assets/) or the workstation (/staff/assets/). */
const isBuiltAsset = (path: string) => path.startsWith('/assets/') || path.startsWith('/staff/assets/');

/**
 * hono's secure headers with our policy. Strict-Transport-Security is only sent over HTTPS: on
 * plain http a browser ignores it, and a development server on localhost must not pin itself
 * (and every other port of localhost) to https.
 */
export function securityHeaders(config: Pick<Config, 'esewa' | 'env' | 'publicUrl'>): MiddlewareHandler<AppEnv> {
  const headers = secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginResourcePolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
    // The same rule as frame-ancestors 'none', for browsers that read only the older header.
    xFrameOptions: 'DENY',
    strictTransportSecurity: false,
  });
  return async (c, next) => {
    // A route that opens itself to other origins (the admit-card key a verifier on another site
    // reads, DESIGN "Signed documents") keeps its own policy; hono's would overwrite it.
    let ownResourcePolicy: string | null = null;
    await headers(c, async () => {
      await next();
      ownResourcePolicy = c.res.headers.get('Cross-Origin-Resource-Policy');
    });
    if (ownResourcePolicy) c.header('Cross-Origin-Resource-Policy', ownResourcePolicy);
    if (isBuiltAsset(c.req.path) && !(c.res.headers.get('Content-Type') ?? '').startsWith('text/html')) {
      for (const name of DOCUMENT_ONLY_HEADERS) c.header(name, undefined);
    }
    if (cameOverHttps(c)) c.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
  };
}
