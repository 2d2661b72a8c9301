import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClientDeps, type ClientMessageKey } from './request';
import type { SessionTokens, TokenStore } from './token-storage';

// The request module against a real HTTP server in this process: a small stand-in for the API's
// token endpoint and two protected routes, speaking the API's envelope (api-contract).

type Sent = {
  method: string;
  path: string;
  authorization: string | undefined;
  language: string | undefined;
  contentType: string | undefined;
  body: string;
};

type FakeApi = {
  /** Access token the protected routes accept; anything else gets 401 INVALID_TOKEN. */
  validAccess: string;
  validRefresh: string;
  issued: number;
  refreshDelayMs: number;
  refuseRefresh: boolean;
  refreshUnavailable: boolean;
  isUserBlocked: boolean;
  routeDelayMs: number;
  sent: Sent[];
};

const fake: FakeApi = {
  validAccess: 'access-0',
  validRefresh: 'refresh-0',
  issued: 0,
  refreshDelayMs: 0,
  refuseRefresh: false,
  refreshUnavailable: false,
  isUserBlocked: false,
  routeDelayMs: 0,
  sent: [],
};

const BASIC = `Basic ${Buffer.from('candidate-portal:candidate-portal-secret').toString('base64')}`;

function reply(response: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  response.writeHead(status, { 'Content-Type': contentType });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function failure(response: ServerResponse, status: number, code: string, message: string): void {
  reply(response, status, { status: 0, code, message });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  const path = request.url ?? '';
  fake.sent.push({
    method: request.method ?? '',
    path,
    authorization: request.headers.authorization,
    language: request.headers['accept-language'],
    contentType: request.headers['content-type'],
    body,
  });
  const isBearerValid = request.headers.authorization === `Bearer ${fake.validAccess}`;

  if (path === '/api/oauth/token' && request.method === 'POST') {
    if (request.headers.authorization !== BASIC) return failure(response, 401, 'INVALID_CLIENT', 'Unknown client');
    const form = JSON.parse(body) as Record<string, string>;
    if (form.grant_type === 'password') {
      if (form.password !== 'Candidate@123') return failure(response, 401, 'INVALID_CREDENTIALS', 'Invalid user name or password');
    } else {
      await sleep(fake.refreshDelayMs);
      if (fake.refreshUnavailable) return failure(response, 503, 'SERVICE_UNAVAILABLE', 'Temporarily unavailable');
      if (fake.isUserBlocked) return failure(response, 403, 'USER_BLOCKED', 'This user has been blocked');
      if (fake.refuseRefresh || form.refresh_token !== fake.validRefresh) {
        return failure(response, 400, 'INVALID_GRANT', 'Your sign-in has expired');
      }
    }
    fake.issued += 1;
    fake.validAccess = `access-${fake.issued}`;
    fake.validRefresh = `refresh-${fake.issued}`;
    return reply(response, 200, {
      status: 1,
      message: 'Signed in',
      data: { accessToken: fake.validAccess, refreshToken: fake.validRefresh, tokenType: 'Bearer', expiresIn: 900 },
    });
  }
  if (path.startsWith('/api/data/')) {
    // "late-" routes answer after the others, to order answers around a refresh.
    await sleep(fake.routeDelayMs + (path.includes('/late-') ? 150 : 0));
    if (!request.headers.authorization) return failure(response, 401, 'UNAUTHENTICATED', 'Please sign in');
    if (fake.isUserBlocked) return failure(response, 403, 'USER_BLOCKED', 'This user has been blocked');
    if (!isBearerValid) return failure(response, 401, 'INVALID_TOKEN', 'Token expired');
    return reply(response, 200, { status: 1, message: 'Fetched', data: { name: path.slice('/api/data/'.length) } });
  }
  if (path === '/api/save' && request.method === 'POST') {
    if (!isBearerValid) return failure(response, 401, 'INVALID_TOKEN', 'Token expired');
    return reply(response, 200, { status: 1, message: 'Saved successfully', data: null });
  }
  if (path === '/api/upload' && request.method === 'POST') {
    if (!isBearerValid) return failure(response, 401, 'INVALID_TOKEN', 'Token expired');
    return reply(response, 200, { status: 1, message: 'Uploaded', data: { contentType: request.headers['content-type'] } });
  }
  if (path.startsWith('/api/files/')) {
    if (!isBearerValid) return failure(response, 401, 'INVALID_TOKEN', 'Token expired');
    if (path !== '/api/files/photo') return failure(response, 404, 'NOT_FOUND', 'File not found');
    response.writeHead(200, { 'Content-Type': 'image/png' });
    response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    return;
  }
  if (path === '/api/session-gone') return failure(response, 401, 'UNAUTHENTICATED', 'Please sign in');
  if (path === '/api/temporary-password') return failure(response, 403, 'PASSWORD_CHANGE_REQUIRED', 'Please change your password');
  if (path === '/api/forbidden') return failure(response, 403, 'FORBIDDEN', 'You do not have permission');
  if (path === '/api/conflict') return failure(response, 409, 'CONFLICT', 'Already exists');
  if (path === '/api/invalid') {
    return reply(response, 400, {
      status: 0,
      code: 'VALIDATION_FAILED',
      message: 'Some of the information entered is not valid.',
      errors: { advertisementQuotaIds: ['Claim the inclusive group with its document first.', 'The women quota is for women only.'], other: ['The women quota is for women only.'] },
    });
  }
  if (path === '/api/bad-gateway') return reply(response, 502, '<html>Bad Gateway</html>', 'text/html');
  if (path === '/api/maintenance') return failure(response, 503, 'SERVICE_UNAVAILABLE', 'Temporarily unavailable');
  return failure(response, 404, 'NOT_FOUND', 'Not found');
}

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Browser storage stand-in for the token store: a plain variable. */
function createMemoryTokenStore(initial: SessionTokens | null): TokenStore & { writes: number } {
  let tokens = initial;
  return {
    writes: 0,
    read: () => tokens,
    write(next) {
      tokens = next;
      this.writes += 1;
    },
    clear: () => {
      tokens = null;
    },
  };
}

type Harness = {
  deps: ApiClientDeps;
  tokens: ReturnType<typeof createMemoryTokenStore>;
  toasts: { kind: 'success' | 'error'; message: string }[];
  ended: string[];
  clock: { now: number };
  online: { value: boolean };
};

const TEXTS: Record<ClientMessageKey, string> = {
  'auth.sessionExpired': 'Your session has expired.',
  'network.timeout': 'Server is taking too long to respond, please try again in sometime!',
  'network.noConnection': 'Server is taking too long to respond, this can be caused by either poor connectivity',
  'network.unreachable': 'Server could not be reached.',
  'request.unreadable': 'Unreadable answer',
};

function setUp(options: { tokens?: SessionTokens | null; baseUrl?: string; timeoutMs?: number } = {}): Harness {
  const tokens = createMemoryTokenStore(options.tokens === undefined ? { accessToken: 'access-0', refreshToken: 'refresh-0' } : options.tokens);
  const toasts: Harness['toasts'] = [];
  const ended: string[] = [];
  const clock = { now: 10_000 };
  const online = { value: true };
  const deps: ApiClientDeps = {
    fetch: (url, init) => fetch(url, init),
    baseUrl: options.baseUrl ?? `${origin}/api`,
    timeoutMs: options.timeoutMs ?? 5_000,
    client: { id: 'candidate-portal', secret: 'candidate-portal-secret' },
    tokens,
    getLanguage: () => 'en',
    isOnline: () => online.value,
    translate: (key) => TEXTS[key],
    notify: {
      success: (message) => toasts.push({ kind: 'success', message }),
      error: (message) => toasts.push({ kind: 'error', message }),
    },
    onSessionEnded: (reason) => ended.push(reason),
    now: () => clock.now,
    sessionExpiredGuardMs: 500,
  };
  return { deps, tokens, toasts, ended, clock, online };
}

beforeEach(() => {
  Object.assign(fake, {
    validAccess: 'access-0',
    validRefresh: 'refresh-0',
    issued: 0,
    refreshDelayMs: 0,
    refuseRefresh: false,
    refreshUnavailable: false,
    isUserBlocked: false,
    routeDelayMs: 0,
    sent: [],
  });
});

afterEach(() => {
  fake.sent = [];
});

const refreshCalls = () => fake.sent.filter((sent) => sent.path === '/api/oauth/token' && sent.body.includes('refresh_token'));

describe('answers', () => {
  it('sends the bearer token and the language, and returns the data of a success', async () => {
    const { deps, toasts } = setUp();
    const result = await createApiClient(deps).request<{ name: string }>('/data/profile');
    expect(result).toEqual({ ok: true, httpStatus: 200, message: 'Fetched', data: { name: 'profile' } });
    expect(fake.sent[0]).toMatchObject({ authorization: 'Bearer access-0', language: 'en' });
    // spec §7: only non-GET successes are announced.
    expect(toasts).toEqual([]);
  });

  it('announces a non-GET success with the server message unless the caller asks for silence', async () => {
    const { deps, toasts } = setUp();
    const api = createApiClient(deps);
    await api.request('/save', { method: 'POST', body: { a: 1 } });
    await api.request('/save', { method: 'POST', body: { a: 2 }, silent: true });
    expect(toasts).toEqual([{ kind: 'success', message: 'Saved successfully' }]);
  });

  it('shows the server message of a failure as an error toast', async () => {
    const { deps, toasts } = setUp();
    const result = await createApiClient(deps).request('/conflict', { method: 'POST' });
    expect(result).toMatchObject({ ok: false, httpStatus: 409, code: 'CONFLICT', message: 'Already exists' });
    expect(toasts).toEqual([{ kind: 'error', message: 'Already exists' }]);
  });

  it("shows a validation refusal's own reasons, each once, instead of the general message", async () => {
    const { deps, toasts } = setUp();
    const result = await createApiClient(deps).request('/invalid', { method: 'POST' });
    const reasons = 'Claim the inclusive group with its document first. The women quota is for women only.';
    expect(result).toMatchObject({ ok: false, httpStatus: 400, code: 'VALIDATION_FAILED', message: reasons });
    expect(toasts).toEqual([{ kind: 'error', message: reasons }]);
  });

  it('treats a 502 page from a proxy as an unreachable server, and a 503 envelope as the server speaking', async () => {
    const { deps, toasts } = setUp();
    const api = createApiClient(deps);
    expect(await api.request('/bad-gateway')).toMatchObject({ ok: false, code: 'UNREACHABLE', httpStatus: 502 });
    expect(await api.request('/maintenance')).toMatchObject({ ok: false, code: 'SERVICE_UNAVAILABLE' });
    expect(toasts.map((toast) => toast.message)).toEqual(['Server could not be reached.', 'Temporarily unavailable']);
  });

  it('says the server could not be reached when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { deps, toasts } = setUp({ baseUrl: `http://127.0.0.1:${port}/api` });
    const result = await createApiClient(deps).request('/data/x');
    expect(result).toMatchObject({ ok: false, code: 'UNREACHABLE', httpStatus: 0 });
    expect(toasts).toEqual([{ kind: 'error', message: 'Server could not be reached.' }]);
  });

  it('says there is no connection when the browser is offline, without sending anything', async () => {
    const { deps, online, toasts } = setUp();
    online.value = false;
    const result = await createApiClient(deps).request('/data/x');
    expect(result).toMatchObject({ ok: false, code: 'NO_CONNECTION' });
    expect(fake.sent).toEqual([]);
    expect(toasts[0]?.message).toBe(TEXTS['network.noConnection']);
  });

  it('gives up after the timeout with the timeout message', async () => {
    fake.routeDelayMs = 400;
    const { deps, toasts } = setUp({ timeoutMs: 50 });
    const result = await createApiClient(deps).request('/data/slow');
    expect(result).toMatchObject({ ok: false, code: 'TIMEOUT' });
    expect(toasts).toEqual([{ kind: 'error', message: TEXTS['network.timeout'] }]);
  });

  it('sends one request for identical GETs already on the wire', async () => {
    fake.routeDelayMs = 30;
    const { deps } = setUp();
    const api = createApiClient(deps);
    const [first, second] = await Promise.all([api.request('/data/same'), api.request('/data/same')]);
    expect(first).toEqual(second);
    expect(fake.sent.filter((sent) => sent.path === '/api/data/same')).toHaveLength(1);
  });
});

describe('sign-in', () => {
  it('uses the portal client as Basic auth and stores the token pair', async () => {
    const { deps, tokens } = setUp({ tokens: null });
    const result = await createApiClient(deps).signIn('candidate', 'Candidate@123');
    expect(result.ok).toBe(true);
    expect(fake.sent[0]?.authorization).toBe(BASIC);
    expect(JSON.parse(fake.sent[0]?.body ?? '{}')).toEqual({ grant_type: 'password', username: 'candidate', password: 'Candidate@123' });
    expect(tokens.read()).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('shows the server message for a wrong password and stores nothing', async () => {
    const { deps, tokens, toasts, ended } = setUp({ tokens: null });
    const result = await createApiClient(deps).signIn('candidate', 'wrong');
    expect(result).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS' });
    expect(tokens.read()).toBeNull();
    expect(toasts).toEqual([{ kind: 'error', message: 'Invalid user name or password' }]);
    expect(ended).toEqual([]);
  });
});

describe('silent refresh (spec §8)', () => {
  it('runs exactly one refresh for three requests that met an expired token, then retries each once', async () => {
    fake.validAccess = 'access-expired-by-server';
    fake.refreshDelayMs = 50;
    const { deps, tokens, toasts } = setUp();
    const api = createApiClient(deps);
    const results = await Promise.all([api.request('/data/a'), api.request('/data/b'), api.request('/data/c')]);
    expect(results.map((result) => result.ok)).toEqual([true, true, true]);
    expect(refreshCalls()).toHaveLength(1);
    expect(JSON.parse(refreshCalls()[0]!.body)).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-0' });
    for (const name of ['a', 'b', 'c']) {
      const attempts = fake.sent.filter((sent) => sent.path === `/api/data/${name}`);
      expect(attempts.map((attempt) => attempt.authorization)).toEqual(['Bearer access-0', 'Bearer access-1']);
    }
    expect(tokens.read()).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    // INVALID_TOKEN is never shown to the user.
    expect(toasts).toEqual([]);
  });

  it('holds a request started during the refresh until the new token is there', async () => {
    fake.validAccess = 'expired';
    fake.refreshDelayMs = 80;
    const { deps } = setUp();
    const api = createApiClient(deps);
    const first = api.request('/data/first');
    // Wait until the refresh is on the wire, then start another call.
    while (refreshCalls().length === 0) await sleep(5);
    const late = await api.request('/data/late');
    await first;
    expect(late.ok).toBe(true);
    expect(fake.sent.filter((sent) => sent.path === '/api/data/late').map((sent) => sent.authorization)).toEqual(['Bearer access-1']);
    expect(refreshCalls()).toHaveLength(1);
  });

  it('retries without a second refresh when the refusal arrives after the refresh finished', async () => {
    fake.validAccess = 'expired';
    const { deps } = setUp();
    const api = createApiClient(deps);
    const [quick, late] = await Promise.all([api.request('/data/quick'), api.request('/data/late-answer')]);
    expect([quick.ok, late.ok]).toEqual([true, true]);
    expect(refreshCalls()).toHaveLength(1);
    expect(fake.sent.filter((sent) => sent.path === '/api/data/late-answer').map((sent) => sent.authorization)).toEqual([
      'Bearer access-0',
      'Bearer access-1',
    ]);
  });

  it('logs out once when the refresh is refused, failing every waiting request', async () => {
    fake.validAccess = 'expired';
    fake.refuseRefresh = true;
    fake.refreshDelayMs = 30;
    const { deps, tokens, toasts, ended } = setUp();
    const api = createApiClient(deps);
    const results = await Promise.all([api.request('/data/a'), api.request('/data/b'), api.request('/data/c')]);
    expect(results.map((result) => !result.ok && result.code)).toEqual(['SESSION_EXPIRED', 'SESSION_EXPIRED', 'SESSION_EXPIRED']);
    expect(refreshCalls()).toHaveLength(1);
    expect(tokens.read()).toBeNull();
    expect(ended).toEqual(['refresh-refused']);
    expect(toasts).toEqual([{ kind: 'error', message: 'Your session has expired.' }]);
  });

  it('keeps the session when the refresh could not reach the server', async () => {
    fake.validAccess = 'expired';
    const { deps, tokens, ended } = setUp({ timeoutMs: 40 });
    fake.refreshDelayMs = 300;
    const result = await createApiClient(deps).request('/data/a');
    expect(result).toMatchObject({ ok: false, code: 'TIMEOUT' });
    expect(tokens.read()).toEqual({ accessToken: 'access-0', refreshToken: 'refresh-0' });
    expect(ended).toEqual([]);
  });

  it('keeps the session when the server is too busy to refresh', async () => {
    fake.validAccess = 'expired';
    fake.refreshUnavailable = true;
    const { deps, tokens, ended, toasts } = setUp();
    const result = await createApiClient(deps).request('/data/a');
    expect(result).toMatchObject({ ok: false, code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
    expect(tokens.read()).not.toBeNull();
    expect(ended).toEqual([]);
    expect(toasts).toEqual([{ kind: 'error', message: 'Temporarily unavailable' }]);
  });

  it('tells a user blocked meanwhile that they are blocked, and signs them out', async () => {
    fake.isUserBlocked = true;
    const { deps, tokens, toasts, ended } = setUp();
    const result = await createApiClient(deps).request('/data/a');
    expect(result).toMatchObject({ ok: false, code: 'SESSION_EXPIRED' });
    expect(refreshCalls()).toHaveLength(1);
    expect(tokens.read()).toBeNull();
    expect(ended).toEqual(['refresh-refused']);
    expect(toasts).toEqual([{ kind: 'error', message: 'This user has been blocked' }]);
  });

  it('refreshes once on a 403 and shows the second 403 as an error', async () => {
    const { deps, toasts, ended } = setUp();
    const result = await createApiClient(deps).request('/forbidden');
    expect(result).toMatchObject({ ok: false, httpStatus: 403, code: 'FORBIDDEN' });
    expect(refreshCalls()).toHaveLength(1);
    expect(fake.sent.filter((sent) => sent.path === '/api/forbidden')).toHaveLength(2);
    expect(toasts).toEqual([{ kind: 'error', message: 'You do not have permission' }]);
    expect(ended).toEqual([]);
  });
});

describe('temporary password (spec §4)', () => {
  it('reports PASSWORD_CHANGE_REQUIRED to the app without a refresh or a toast', async () => {
    const { deps, toasts, ended, tokens } = setUp();
    const required: number[] = [];
    const result = await createApiClient({ ...deps, onPasswordChangeRequired: () => required.push(1) }).request('/temporary-password');
    expect(result).toMatchObject({ ok: false, httpStatus: 403, code: 'PASSWORD_CHANGE_REQUIRED' });
    expect(required).toEqual([1]);
    expect(refreshCalls()).toHaveLength(0);
    expect(toasts).toEqual([]);
    expect(ended).toEqual([]);
    expect(tokens.read()).not.toBeNull();
  });
});

describe('session gone (spec §8)', () => {
  it('clears the tokens on a 401 other than INVALID_TOKEN and says so at most once per 500 ms', async () => {
    const { deps, tokens, toasts, ended, clock } = setUp();
    const api = createApiClient(deps);
    await api.request('/session-gone');
    expect(tokens.read()).toBeNull();
    tokens.write({ accessToken: 'access-0', refreshToken: 'refresh-0' });
    clock.now += 499;
    await api.request('/session-gone');
    expect(toasts).toEqual([{ kind: 'error', message: 'Your session has expired.' }]);
    tokens.write({ accessToken: 'access-0', refreshToken: 'refresh-0' });
    clock.now += 1;
    await api.request('/session-gone');
    expect(toasts).toHaveLength(2);
    expect(ended).toEqual(['expired', 'expired', 'expired']);
    expect(refreshCalls()).toHaveLength(0);
  });

  it('shows the server message of a 401 when no token was held', async () => {
    const { deps, toasts, ended } = setUp({ tokens: null });
    const result = await createApiClient(deps).request('/data/x');
    expect(result).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
    expect(toasts).toEqual([{ kind: 'error', message: 'Please sign in' }]);
    expect(ended).toEqual([]);
  });
});

describe('signing out', () => {
  it('raises nothing for a session refusal that arrives after the session ended here', async () => {
    fake.validAccess = 'expired';
    fake.routeDelayMs = 60;
    const { deps, tokens, toasts, ended } = setUp();
    const api = createApiClient(deps);
    const answer = api.request('/data/a');
    await sleep(10);
    tokens.clear();
    expect(await answer).toMatchObject({ ok: false, code: 'SESSION_EXPIRED' });
    expect(toasts).toEqual([]);
    expect(ended).toEqual([]);
    expect(refreshCalls()).toHaveLength(0);
  });

  it('lets requests on the way finish first, but waits no longer than asked', async () => {
    fake.routeDelayMs = 80;
    const api = createApiClient(setUp().deps);
    let isAnswered = false;
    void api.request('/data/one').then(() => (isAnswered = true));
    await api.settle(5_000);
    expect(isAnswered).toBe(true);

    fake.routeDelayMs = 400;
    let isLateAnswered = false;
    const late = api.request('/data/two').then(() => (isLateAnswered = true));
    await api.settle(20);
    expect(isLateAnswered).toBe(false);
    await late;
  });
});

describe('files (spec §7: multipart uploads, binary downloads)', () => {
  it('sends a FormData as multipart with the bearer token, not as JSON', async () => {
    const { deps, toasts } = setUp();
    const client = createApiClient(deps);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'photo.png');
    const result = await client.request<{ contentType: string }>('/upload', { method: 'POST', body: form });
    expect(result.ok && result.data.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(fake.sent[0]!.authorization).toBe('Bearer access-0');
    expect(fake.sent[0]!.body).toContain('filename="photo.png"');
    expect(toasts).toEqual([{ kind: 'success', message: 'Uploaded' }]);
  });

  it('answers the bytes of a file asked for as a blob', async () => {
    const { deps } = setUp();
    const client = createApiClient(deps);
    const result = await client.request<Blob>('/files/photo', { responseType: 'blob' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.type).toBe('image/png');
    expect([...new Uint8Array(await result.data.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('reads a refused download as the envelope it is', async () => {
    const { deps, toasts } = setUp();
    const client = createApiClient(deps);
    const result = await client.request<Blob>('/files/someone-else', { responseType: 'blob' });
    expect(result).toMatchObject({ ok: false, httpStatus: 404, code: 'NOT_FOUND', message: 'File not found' });
    expect(toasts).toEqual([{ kind: 'error', message: 'File not found' }]);
  });

  it('refreshes an expired token once before downloading', async () => {
    const { deps } = setUp();
    fake.validAccess = 'access-elsewhere';
    fake.validRefresh = 'refresh-0';
    const client = createApiClient(deps);
    const result = await client.request<Blob>('/files/photo', { responseType: 'blob' });
    expect(result.ok).toBe(true);
    expect(refreshCalls()).toHaveLength(1);
  });
});
