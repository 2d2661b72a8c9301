import type { MessageKey } from '@psc/core';

// The workstation's one way to call the API, kept small (the portal's client is the full
// version of the same ideas): Accept-Language on every call, the spec §9 timeout, the spec §8
// texts when no answer arrives, and ONE silent refresh on INVALID_TOKEN or 403 that concurrent
// requests wait on; a refused refresh or any other 401 ends the session.
// The network edge is injected, so the rules are tested in Node (api-client.test.ts).

export type SessionTokens = { accessToken: string; refreshToken: string };

export type TokenStore = {
  read(): SessionTokens | null;
  write(tokens: SessionTokens): void;
  clear(): void;
};

export type ApiFailure = {
  ok: false;
  /** 0 when no HTTP answer arrived. */
  httpStatus: number;
  code: string;
  message: string;
  errors?: Record<string, string[]>;
};
export type ApiResult<T> = { ok: true; message: string; data: T } | ApiFailure;

export type ApiClientDeps = {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** The workstation's OAuth client, sent as HTTP Basic auth on the token call (spec §7). */
  client: { id: string; secret: string };
  tokens: TokenStore;
  timeoutMs: number;
  getLanguage: () => string;
  isOnline: () => boolean;
  translate: (key: MessageKey) => string;
  /** Tokens are already cleared; the app returns to the sign-in screen. */
  onSessionEnded: () => void;
};

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  auth?: 'bearer' | 'client';
  /** 'blob' for a file route: a success answers the bytes; a failure is still the JSON envelope. */
  as?: 'json' | 'blob';
};

export type ApiClient = {
  request<T>(path: string, options?: RequestOptions): Promise<ApiResult<T>>;
  /** Password grant with the workstation client; stores the tokens on success. */
  signIn(username: string, password: string): Promise<ApiResult<SessionTokens>>;
  /** Revokes the session on the server (best effort) and forgets the tokens here. */
  signOut(): Promise<void>;
};

type Envelope =
  | { status: 1; message: string; data: unknown }
  | { status: 0; message: string; code: string; errors?: Record<string, string[]> };

function isEnvelope(value: unknown): value is Envelope {
  const candidate = value as { status?: unknown; message?: unknown; code?: unknown } | null;
  if (typeof candidate !== 'object' || candidate === null || typeof candidate.message !== 'string') return false;
  return candidate.status === 1 || (candidate.status === 0 && typeof candidate.code === 'string');
}

function isSessionTokens(value: unknown): value is SessionTokens {
  const candidate = value as Partial<SessionTokens> | null;
  return typeof candidate?.accessToken === 'string' && typeof candidate.refreshToken === 'string';
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  let refreshing: Promise<boolean> | null = null;

  function failure(code: string, key: MessageKey, httpStatus = 0): ApiFailure {
    return { ok: false, httpStatus, code, message: deps.translate(key) };
  }

  async function exchange<T>(path: string, options: RequestOptions, accessToken?: string): Promise<ApiResult<T>> {
    if (!deps.isOnline()) return failure('NO_CONNECTION', 'network.noConnection');
    const headers = new Headers({ Accept: options.as === 'blob' ? '*/*' : 'application/json', 'Accept-Language': deps.getLanguage() });
    if (options.body !== undefined) headers.set('Content-Type', 'application/json');
    if (options.auth === 'client') headers.set('Authorization', `Basic ${btoa(`${deps.client.id}:${deps.client.secret}`)}`);
    else if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);

    const controller = new AbortController();
    let hasTimedOut = false;
    const timer = setTimeout(() => {
      hasTimedOut = true;
      controller.abort();
    }, deps.timeoutMs);
    try {
      const response = await deps.fetch(path, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
      });
      if (options.as === 'blob' && response.ok) return { ok: true, message: '', data: (await response.blob()) as T };
      const parsed: unknown = await response.json().catch(() => undefined);
      if (!isEnvelope(parsed)) return failure('UNREACHABLE', 'network.unreachable', response.status);
      if (parsed.status === 1) return { ok: true, message: parsed.message, data: parsed.data as T };
      return {
        ok: false,
        httpStatus: response.status,
        code: parsed.code,
        message: parsed.message,
        ...(parsed.errors ? { errors: parsed.errors } : {}),
      };
    } catch {
      if (hasTimedOut) return failure('TIMEOUT', 'network.timeout');
      return failure(deps.isOnline() ? 'UNREACHABLE' : 'NO_CONNECTION', deps.isOnline() ? 'network.unreachable' : 'network.noConnection');
    } finally {
      clearTimeout(timer);
    }
  }

  /** True when new tokens are stored. Concurrent callers share the one refresh in flight. */
  function refreshOnce(tokenThatFailed: string): Promise<boolean> {
    refreshing ??= (async () => {
      const stored = deps.tokens.read();
      if (!stored) return false;
      // Someone refreshed while this request was on the wire: retry with the newer token.
      if (stored.accessToken !== tokenThatFailed) return true;
      const result = await exchange<SessionTokens>('/api/oauth/token', {
        method: 'POST',
        auth: 'client',
        body: { grant_type: 'refresh_token', refresh_token: stored.refreshToken },
      });
      if (!result.ok || !isSessionTokens(result.data)) return false;
      deps.tokens.write({ accessToken: result.data.accessToken, refreshToken: result.data.refreshToken });
      return true;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function endSession(): ApiFailure {
    const hadSession = deps.tokens.read() !== null;
    deps.tokens.clear();
    if (hadSession) deps.onSessionEnded();
    return failure('SESSION_EXPIRED', 'auth.sessionExpired', 401);
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
    if (options.auth === 'client') return exchange<T>(path, options);
    if (refreshing) await refreshing;
    const accessToken = deps.tokens.read()?.accessToken;
    const first = await exchange<T>(path, options, accessToken);
    if (first.ok || !accessToken) return first;
    // spec §8: an invalid token or a missing privilege (privileges may have changed) gets one
    // silent refresh and one retry; a second 403 is the caller's to show. Other 403s (a record
    // held by another officer, a second officer must approve) are answers, and a retry would send
    // the same request twice.
    if (first.code === 'INVALID_TOKEN' || first.code === 'FORBIDDEN') {
      if (!(await refreshOnce(accessToken))) return endSession();
      const retried = await exchange<T>(path, options, deps.tokens.read()?.accessToken);
      if (!retried.ok && retried.httpStatus === 401) return endSession();
      return retried;
    }
    // spec §8: a 401 with a token clears it and the session has expired.
    if (first.httpStatus === 401) return endSession();
    return first;
  }

  async function signIn(username: string, password: string): Promise<ApiResult<SessionTokens>> {
    const result = await exchange<SessionTokens>('/api/oauth/token', {
      method: 'POST',
      auth: 'client',
      body: { grant_type: 'password', username, password },
    });
    if (!result.ok) return result;
    if (!isSessionTokens(result.data)) return failure('UNREACHABLE', 'network.unreachable', 200);
    const tokens = { accessToken: result.data.accessToken, refreshToken: result.data.refreshToken };
    deps.tokens.write(tokens);
    return { ok: true, message: result.message, data: tokens };
  }

  async function signOut(): Promise<void> {
    const stored = deps.tokens.read();
    deps.tokens.clear();
    if (!stored) return;
    // Best effort: the tokens are gone here whatever the server says.
    await exchange('/api/oauth/logout', { method: 'POST', body: { refreshToken: stored.refreshToken } }, stored.accessToken);
  }

  return { request, signIn, signOut };
}

/** The browser's token store: one localStorage entry, so a reload keeps the session. */
export function createStorageTokenStore(storage: Storage, key: string): TokenStore {
  return {
    read() {
      try {
        const value: unknown = JSON.parse(storage.getItem(key) ?? 'null');
        return isSessionTokens(value) ? { accessToken: value.accessToken, refreshToken: value.refreshToken } : null;
      } catch {
        return null;
      }
    },
    write(tokens) {
      storage.setItem(key, JSON.stringify(tokens));
    },
    clear() {
      storage.removeItem(key);
    },
  };
}
