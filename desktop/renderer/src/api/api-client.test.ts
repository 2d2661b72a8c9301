import { translate } from '@psc/core';
import { describe, expect, it } from 'vitest';
import { createApiClient, type SessionTokens, type TokenStore } from './api-client';

// The client's rules against a small scripted server: which token is valid, and whether a
// refresh is granted. Everything else (fetch, Headers, Response, timers) is the real thing.
function createHarness(options: { isRefreshGranted?: boolean; timeoutMs?: number; hangs?: boolean } = {}) {
  let stored: SessionTokens | null = { accessToken: 'access-1', refreshToken: 'refresh-1' };
  const tokens: TokenStore = {
    read: () => stored,
    write: (next) => {
      stored = next;
    },
    clear: () => {
      stored = null;
    },
  };
  const calls: { path: string; authorization: string | null; language: string | null; body: unknown }[] = [];
  let validAccessToken = 'access-2';
  let sessionEndings = 0;
  let refreshes = 0;

  const envelope = (status: number, body: object) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  async function fakeFetch(path: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, authorization: headers.get('Authorization'), language: headers.get('Accept-Language'), body });
    if (options.hangs) {
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    if (path === '/api/oauth/token') {
      const grant = body as { grant_type: string; refresh_token?: string };
      if (grant.grant_type === 'refresh_token') {
        refreshes += 1;
        // Let concurrent requests pile up behind the one refresh.
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (!options.isRefreshGranted) return envelope(400, { status: 0, code: 'INVALID_GRANT', message: 'expired' });
        validAccessToken = `access-${refreshes + 2}`;
        return envelope(200, { status: 1, message: '', data: { accessToken: validAccessToken, refreshToken: `refresh-${refreshes + 1}` } });
      }
      return envelope(200, { status: 1, message: '', data: { accessToken: validAccessToken, refreshToken: 'refresh-x' } });
    }
    if (path === '/api/admin/gone') return envelope(401, { status: 0, code: 'UNAUTHENTICATED', message: 'gone' });
    if (headers.get('Authorization') !== `Bearer ${validAccessToken}`) {
      return envelope(401, { status: 0, code: 'INVALID_TOKEN', message: 'invalid' });
    }
    if (path === '/api/admin/held') return envelope(403, { status: 0, code: 'REFUSED', message: 'held by another officer' });
    if (path === '/api/admin/lacking') return envelope(403, { status: 0, code: 'FORBIDDEN', message: 'no privilege' });
    if (path === '/api/admin/users/7/files/missing') return envelope(404, { status: 0, code: 'NOT_FOUND', message: 'not found' });
    if (path.startsWith('/api/admin/users/7/files/')) return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { 'Content-Type': 'image/png' } });
    return envelope(200, { status: 1, message: 'ok', data: { path } });
  }

  const client = createApiClient({
    fetch: fakeFetch,
    client: { id: 'staff-desktop', secret: 'staff-desktop-secret' },
    tokens,
    timeoutMs: options.timeoutMs ?? 1000,
    getLanguage: () => 'en',
    isOnline: () => true,
    translate: (key) => translate('en', key),
    onSessionEnded: () => {
      sessionEndings += 1;
    },
  });
  return {
    client,
    calls,
    tokens,
    get sessionEndings() {
      return sessionEndings;
    },
    get refreshes() {
      return refreshes;
    },
  };
}

describe('workstation API client', () => {
  it('signs in with the workstation client as HTTP Basic auth and stores the tokens', async () => {
    const harness = createHarness();
    harness.tokens.clear();
    const result = await harness.client.signIn('admin', 'Admin@1234');
    expect(result.ok).toBe(true);
    expect(harness.calls[0]).toMatchObject({
      path: '/api/oauth/token',
      authorization: `Basic ${btoa('staff-desktop:staff-desktop-secret')}`,
      language: 'en',
      body: { grant_type: 'password', username: 'admin', password: 'Admin@1234' },
    });
    expect(harness.tokens.read()?.accessToken).toBe('access-2');
  });

  it('refreshes once on INVALID_TOKEN, for every request waiting, and retries each', async () => {
    const harness = createHarness({ isRefreshGranted: true });
    const results = await Promise.all([
      harness.client.request('/api/admin/a'),
      harness.client.request('/api/admin/b'),
      harness.client.request('/api/admin/c'),
    ]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(harness.refreshes).toBe(1);
    expect(harness.tokens.read()).toEqual({ accessToken: 'access-3', refreshToken: 'refresh-2' });
    expect(harness.sessionEndings).toBe(0);
  });

  it('signs out when the refresh is refused, once', async () => {
    const harness = createHarness({ isRefreshGranted: false });
    const results = await Promise.all([harness.client.request('/api/admin/a'), harness.client.request('/api/admin/b')]);
    for (const result of results) expect(result).toMatchObject({ ok: false, code: 'SESSION_EXPIRED', message: 'Your session has expired.' });
    expect(harness.tokens.read()).toBeNull();
    expect(harness.sessionEndings).toBe(1);
    expect(harness.refreshes).toBe(1);
  });

  it('refreshes and retries once on a missing privilege, but sends a request a rule refused only once', async () => {
    const harness = createHarness({ isRefreshGranted: true });
    // A first request refreshes the expired token, so the ones below are sent with a valid one.
    expect((await harness.client.request('/api/admin/a')).ok).toBe(true);
    const lacking = await harness.client.request('/api/admin/lacking', { method: 'POST', body: {} });
    expect(lacking).toMatchObject({ ok: false, httpStatus: 403, code: 'FORBIDDEN' });
    expect(harness.refreshes).toBe(2);
    expect(harness.calls.filter((call) => call.path === '/api/admin/lacking')).toHaveLength(2);

    const held = await harness.client.request('/api/admin/held', { method: 'POST', body: { decision: 'approve' } });
    expect(held).toMatchObject({ ok: false, httpStatus: 403, code: 'REFUSED', message: 'held by another officer' });
    expect(harness.calls.filter((call) => call.path === '/api/admin/held')).toHaveLength(1);
    expect(harness.refreshes).toBe(2);
  });

  it('ends the session on any other 401', async () => {
    const harness = createHarness({ isRefreshGranted: true });
    const result = await harness.client.request('/api/admin/gone');
    expect(result).toMatchObject({ ok: false, code: 'SESSION_EXPIRED' });
    expect(harness.refreshes).toBe(0);
    expect(harness.sessionEndings).toBe(1);
  });

  it('answers the bytes of a file route as a Blob, after the same silent refresh, and a refusal as the envelope', async () => {
    const harness = createHarness({ isRefreshGranted: true });
    const file = await harness.client.request<Blob>('/api/admin/users/7/files/abc', { as: 'blob' });
    if (!file.ok) throw new Error(file.message);
    expect(file.data.type).toBe('image/png');
    expect([...new Uint8Array(await file.data.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(harness.refreshes).toBe(1);
    const missing = await harness.client.request<Blob>('/api/admin/users/7/files/missing', { as: 'blob' });
    expect(missing).toMatchObject({ ok: false, httpStatus: 404, code: 'NOT_FOUND' });
  });

  it('says the server took too long when it does not answer in time (spec §8)', async () => {
    const harness = createHarness({ hangs: true, timeoutMs: 30 });
    const result = await harness.client.request('/api/admin/a');
    expect(result).toMatchObject({ ok: false, code: 'TIMEOUT', message: translate('en', 'network.timeout') });
    expect(harness.tokens.read()).not.toBeNull();
  });
});
