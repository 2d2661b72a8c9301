import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { resolveAppRequest } from './app-request';
import { APP_SCHEME } from './security/app-origin';
import { CONTENT_SECURITY_POLICY } from './security/content-security-policy';

/** Must run before the app is ready: the scheme behaves like https (secure, fetch, storage). */
export function registerAppSchemeAsPrivileged(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

// Headers the main process sets itself when it forwards a call to the API.
const HOP_HEADERS = ['host', 'origin', 'referer', 'connection', 'content-length'];

export function handleAppProtocol(options: { rendererDir: string; apiUrl: string }): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const target = resolveAppRequest(request.url, options.rendererDir);
    if (target.kind === 'not-found') return new Response('Not found', { status: 404 });
    if (target.kind === 'api') {
      const headers = new Headers(request.headers);
      for (const name of HOP_HEADERS) headers.delete(name);
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      return net.fetch(`${options.apiUrl}${target.pathAndQuery}`, {
        method: request.method,
        headers,
        body: hasBody ? await request.arrayBuffer() : undefined,
        redirect: 'manual',
      });
    }
    const file = await net.fetch(pathToFileURL(target.filePath).toString());
    const headers = new Headers(file.headers);
    headers.set('X-Content-Type-Options', 'nosniff');
    if (target.isPage) {
      headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      headers.set('Content-Type', 'text/html; charset=utf-8');
      headers.set('Cache-Control', 'no-store');
    }
    return new Response(file.body, { status: file.status, headers });
  });
}
