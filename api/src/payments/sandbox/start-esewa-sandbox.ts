import { serve, type ServerType } from '@hono/node-server';
import { createEsewaSandboxApp, ESEWA_SANDBOX_PATHS, type EsewaSandboxOptions } from './esewa-sandbox';

export type RunningEsewaSandbox = { url: string; formUrl: string; statusUrl: string; close: () => Promise<void> };

/**
 * The sandbox gateway on its own loopback port (127.0.0.1, a free port): `npm start` and the e2e
 * harness start it when no real gateway is configured, and point ESEWA_FORM_URL and
 * ESEWA_STATUS_URL at it; the API tests start it the same way.
 */
export async function startEsewaSandbox(options: EsewaSandboxOptions): Promise<RunningEsewaSandbox> {
  const app = createEsewaSandboxApp(options);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    formUrl: `${url}${ESEWA_SANDBOX_PATHS.form}`,
    statusUrl: `${url}${ESEWA_SANDBOX_PATHS.status}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

/** The configuration's eSewa settings with the sandbox standing in for the gateway. */
export function withEsewaSandbox<C extends { esewa: { formUrl: string | undefined; statusUrl: string | undefined; productCode: string; secretKey: string } }>(
  config: C,
  sandbox: RunningEsewaSandbox,
): C {
  return { ...config, esewa: { ...config.esewa, formUrl: sandbox.formUrl, statusUrl: sandbox.statusUrl } };
}
