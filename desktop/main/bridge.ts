import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { DEFAULT_BRIDGE_DATA_DIR, loadWorkstationConfig } from './config';
import type { WorkstationResult } from './services/types';
import { createWorkstationServices, type WorkstationServices } from './services/workstation-services';

export type BridgeOptions = {
  /** The services to expose; by default the real ones over the configured data folder. */
  services?: WorkstationServices;
};

/**
 * The workstation's handler map over HTTP (DESIGN "The desktop workstation": a loopback bridge),
 * so the renderer running in a plain browser reaches the same services as over IPC. Mounted by
 * the API at /staff/bridge: `POST /<handler name>` with JSON arguments.
 *
 * These services act on the local machine, so only callers on the same machine are answered.
 */
export function createBridgeApp(options: BridgeOptions = {}): Hono {
  let services = options.services;
  const getServices = () =>
    (services ??= createWorkstationServices({
      dataDir: loadWorkstationConfig().dataDir ?? DEFAULT_BRIDGE_DATA_DIR,
      runtime: 'node',
    }));

  const bridge = new Hono();

  bridge.use('*', async (c, next) => {
    if (!isLoopbackAddress(readRemoteAddress(c))) {
      return c.json(failure('FORBIDDEN', 'The workstation bridge answers only this machine'), 403);
    }
    // A page that renamed itself to a loopback address (DNS rebinding) still names its own host.
    if (!isLoopbackHost(new URL(c.req.url).hostname)) {
      return c.json(failure('FORBIDDEN', 'The workstation bridge answers only loopback host names'), 403);
    }
    // A page from another origin must not drive local services through the user's browser.
    const origin = c.req.header('origin');
    if (origin !== undefined && !isSameOrigin(origin, c.req.url)) {
      return c.json(failure('FORBIDDEN', 'Cross-origin calls to the workstation bridge are refused'), 403);
    }
    await next();
  });

  bridge.post('/:name', async (c) => {
    // Requiring JSON also forces a CORS preflight on any cross-site form post, which is never granted.
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) {
      return c.json(failure('UNSUPPORTED_MEDIA_TYPE', 'Send the arguments as application/json'), 415);
    }
    let args: unknown;
    try {
      const text = await c.req.text();
      args = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      return c.json(failure('VALIDATION_FAILED', 'The body is not valid JSON'), 400);
    }
    const result = await getServices().invoke(c.req.param('name'), args);
    return c.json(result, result.status === 1 ? 200 : statusFor(result.code));
  });

  bridge.all('*', (c) => c.json(failure('NOT_FOUND', 'Call a handler with POST /<name>'), 404));

  return bridge;
}

function failure(code: Extract<WorkstationResult<never>, { status: 0 }>['code'], message: string) {
  return { status: 0, code, message } as const;
}

function statusFor(code: Extract<WorkstationResult<never>, { status: 0 }>['code']) {
  switch (code) {
    case 'VALIDATION_FAILED':
      return 400;
    case 'FORBIDDEN':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 415;
    case 'INTERNAL_ERROR':
      return 500;
  }
}

function readRemoteAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // No Node socket behind the request (e.g. called in-process): nobody to vouch for it.
    return undefined;
  }
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || /^127(\.\d{1,3}){3}$/.test(ipv4);
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || isLoopbackAddress(hostname);
}

function isSameOrigin(origin: string, requestUrl: string): boolean {
  try {
    return new URL(origin).origin === new URL(requestUrl).origin;
  } catch {
    return false;
  }
}
