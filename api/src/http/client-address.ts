import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context';

/** The caller's address, used to rate-limit sign-in. X-Forwarded-For only behind our proxy. */
export function getClientAddress(c: Context<AppEnv>): string {
  if (c.get('deps').config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests, app.request) have no socket.
    return 'local';
  }
}

/**
 * True when the caller reached us over HTTPS: the socket was TLS, or, behind our proxy only
 * (the same TRUST_PROXY setting as the address above), the proxy says so in X-Forwarded-Proto.
 */
export function cameOverHttps(c: Context<AppEnv>): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (!c.get('deps').config.trustProxy) return false;
  return c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}
