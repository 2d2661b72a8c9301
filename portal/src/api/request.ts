import type { SessionTokens, TokenStore } from './token-storage';

// The portal's ONE way to talk to the API (spec §4, §7, §8, §9). Everything that touches the
// network edge is injected (fetch, token store, toasts, clock), so the rules below are tested
// in Node without a browser (request.test.ts).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * bearer: the signed-in user's access token (the default);
 * client: the portal's OAuth client as HTTP Basic auth (token endpoint);
 * none: no Authorization header (register, forgot password, ... of spec §7).
 */
export type AuthMode = 'bearer' | 'client' | 'none';

export type RequestOptions = {
  method?: HttpMethod;
  /**
   * Sent as JSON; a FormData is sent as multipart/form-data (spec §7: document uploads and the
   * profile sections with files), its boundary set by fetch.
   */
  body?: unknown;
  /**
   * 'blob': a successful answer is the file's bytes (spec §7: file downloads are requested as
   * binary); a failure is still the JSON envelope.
   */
  responseType?: 'json' | 'blob';
  /** spec §7: suppresses the success toast of a non-GET call. */
  silent?: boolean;
  auth?: AuthMode;
};

/** Failure codes the client makes up itself when no server answer is available (spec §8). */
export type ClientFailureCode = 'TIMEOUT' | 'NO_CONNECTION' | 'UNREACHABLE' | 'UNREADABLE' | 'SESSION_EXPIRED';

export type ApiSuccess<T> = { ok: true; httpStatus: number; message: string; data: T };
export type ApiFailure = {
  ok: false;
  /** 0 when no HTTP answer arrived. */
  httpStatus: number;
  message: string;
  code: string;
  errors?: Record<string, string[]>;
};
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** Texts the client shows on its own: spec §8's (core catalogue) and one of the portal's. */
export type ClientMessageKey =
  | 'auth.sessionExpired'
  | 'network.timeout'
  | 'network.noConnection'
  | 'network.unreachable'
  | 'request.unreadable';

export type ApiClientDeps = {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  baseUrl: string;
  timeoutMs: number;
  client: { id: string; secret: string };
  tokens: TokenStore;
  /** Sent as Accept-Language so the server answers in the user's language. */
  getLanguage: () => string;
  isOnline: () => boolean;
  translate: (key: ClientMessageKey) => string;
  notify: { success(message: string): void; error(message: string): void };
  /**
   * The session is over (tokens already cleared): a 401 other than INVALID_TOKEN, or the
   * silent refresh was refused. The app resets its stored state and routes to /login.
   */
  onSessionEnded: (reason: 'expired' | 'refresh-refused') => void;
  /**
   * Spec §4: the candidate still holds a temporary password (403
   * PASSWORD_CHANGE_REQUIRED). The app sends them to the change-password screen.
   */
  onPasswordChangeRequired?: () => void;
  now: () => number;
  /** spec §8: "Your session has expired." at most once in this many ms. */
  sessionExpiredGuardMs: number;
  /**
   * Serialises refreshes across browser tabs (Web Locks). Two tabs refreshing with the same
   * rotated refresh token would look like token reuse and revoke the whole family.
   */
  withRefreshLock?: <T>(run: () => Promise<T>) => Promise<T>;
};

type Envelope =
  | { status: 1; message: string; data: unknown }
  | { status: 0; message: string; code: string; errors?: Record<string, string[]> };

type Exchange =
  | { kind: 'answer'; httpStatus: number; envelope: Envelope }
  | { kind: 'binary'; httpStatus: number; data: Blob }
  | { kind: 'no-answer'; failure: ApiFailure };

type RefreshOutcome =
  | { kind: 'refreshed' }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'unavailable'; failure: ApiFailure };

type TokenGrant = { accessToken: string; refreshToken: string };

const PROXY_STATUSES = new Set([502, 503, 504]);

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { status?: unknown; message?: unknown; code?: unknown };
  if (typeof candidate.message !== 'string') return false;
  return candidate.status === 1 || (candidate.status === 0 && typeof candidate.code === 'string');
}

/**
 * What a refusal says to the user. A 400 VALIDATION_FAILED's message is the general "some details
 * are not valid"; the reasons are in its `errors`, already in the caller's language ("claim the
 * inclusive group with its document first"), so those are shown instead, each once.
 */
export function refusalMessage(envelope: { message: string; errors?: Record<string, string[]> }): string {
  const reasons = [...new Set(Object.values(envelope.errors ?? {}).flat())].filter((reason) => reason.trim() !== '');
  return reasons.length > 0 ? reasons.join(' ') : envelope.message;
}

function isFormData(value: unknown): value is FormData {
  return typeof FormData !== 'undefined' && value instanceof FormData;
}

function isTokenGrant(value: unknown): value is TokenGrant {
  const candidate = value as Partial<TokenGrant> | null;
  return typeof candidate?.accessToken === 'string' && typeof candidate.refreshToken === 'string';
}

export type ApiClient = {
  request<T>(path: string, options?: RequestOptions): Promise<ApiResult<T>>;
  /**
   * Resolves when every request now on the way has its answer, or after maxWaitMs. Signing out
   * waits on it so that a save already sent is not cut off by the session it belongs to ending.
   */
  settle(maxWaitMs: number): Promise<void>;
  /** spec §5 sign-in: password grant with the portal client; stores the tokens on success. */
  signIn(username: string, password: string): Promise<ApiResult<TokenGrant>>;
};

export function createApiClient(deps: ApiClientDeps): ApiClient {
  // spec §8: while one silent refresh runs, every other authenticated request waits for it.
  let refreshing: Promise<RefreshOutcome> | null = null;
  // Identical GETs already on the wire share one answer instead of being sent twice.
  const getsInFlight = new Map<string, Promise<ApiResult<unknown>>>();
  const pending = new Set<Promise<unknown>>();
  let lastSessionExpiredAt = Number.NEGATIVE_INFINITY;

  function clientFailure(code: ClientFailureCode, key: ClientMessageKey, httpStatus = 0): ApiFailure {
    return { ok: false, httpStatus, code, message: deps.translate(key) };
  }

  function announceSessionExpired(): void {
    const now = deps.now();
    if (now - lastSessionExpiredAt < deps.sessionExpiredGuardMs) return;
    lastSessionExpiredAt = now;
    deps.notify.error(deps.translate('auth.sessionExpired'));
  }

  function endSession(reason: 'expired' | 'refresh-refused', serverMessage?: string): ApiFailure {
    deps.tokens.clear();
    if (serverMessage) deps.notify.error(serverMessage);
    else announceSessionExpired();
    deps.onSessionEnded(reason);
    return clientFailure('SESSION_EXPIRED', 'auth.sessionExpired', 401);
  }

  /**
   * spec §8: "If refresh fails the user is logged out." Every request that waited on the refused
   * refresh lands here; only the first finds tokens to clear and ends the session.
   */
  function refusedSession(refusal: { code: string; message: string }): ApiFailure {
    // A blocked user is told so (spec §8 "This user has been blocked"), not that the session expired.
    if (deps.tokens.read()) return endSession('refresh-refused', refusal.code === 'USER_BLOCKED' ? refusal.message : undefined);
    return clientFailure('SESSION_EXPIRED', 'auth.sessionExpired', 401);
  }

  function buildHeaders(options: RequestOptions, auth: AuthMode, accessToken: string | undefined): Headers {
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': deps.getLanguage() });
    if (options.body !== undefined && !isFormData(options.body)) headers.set('Content-Type', 'application/json');
    if (auth === 'bearer' && accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
    if (auth === 'client') headers.set('Authorization', `Basic ${btoa(`${deps.client.id}:${deps.client.secret}`)}`);
    return headers;
  }

  /** One HTTP round trip with the spec §9 timeout; never throws. */
  async function exchange(path: string, options: RequestOptions, auth: AuthMode, accessToken?: string): Promise<Exchange> {
    if (!deps.isOnline()) {
      return { kind: 'no-answer', failure: clientFailure('NO_CONNECTION', 'network.noConnection') };
    }
    const controller = new AbortController();
    let hasTimedOut = false;
    const timer = setTimeout(() => {
      hasTimedOut = true;
      controller.abort();
    }, deps.timeoutMs);
    try {
      const response = await deps.fetch(`${deps.baseUrl}${path}`, {
        method: options.method ?? 'GET',
        headers: buildHeaders(options, auth, accessToken),
        body: options.body === undefined ? undefined : isFormData(options.body) ? options.body : JSON.stringify(options.body),
        signal: controller.signal,
      });
      if (options.responseType === 'blob' && response.ok) {
        return { kind: 'binary', httpStatus: response.status, data: await response.blob() };
      }
      const text = await response.text();
      let parsed: unknown = undefined;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: handled below
      }
      if (isEnvelope(parsed)) return { kind: 'answer', httpStatus: response.status, envelope: parsed };
      // spec §8: a gateway or proxy answering for a server that is down.
      if (PROXY_STATUSES.has(response.status)) {
        return { kind: 'no-answer', failure: clientFailure('UNREACHABLE', 'network.unreachable', response.status) };
      }
      return { kind: 'no-answer', failure: clientFailure('UNREADABLE', 'request.unreadable', response.status) };
    } catch {
      if (hasTimedOut) return { kind: 'no-answer', failure: clientFailure('TIMEOUT', 'network.timeout') };
      if (!deps.isOnline()) return { kind: 'no-answer', failure: clientFailure('NO_CONNECTION', 'network.noConnection') };
      return { kind: 'no-answer', failure: clientFailure('UNREACHABLE', 'network.unreachable') };
    } finally {
      clearTimeout(timer);
    }
  }

  async function runRefresh(tokenThatFailed: string): Promise<RefreshOutcome> {
    const stored = deps.tokens.read();
    if (!stored) return { kind: 'refused', code: 'SESSION_EXPIRED', message: deps.translate('auth.sessionExpired') };
    // Another tab (or an earlier refresh here) already replaced the token: just retry with it.
    if (stored.accessToken !== tokenThatFailed) return { kind: 'refreshed' };
    const outcome = await exchange(
      '/oauth/token',
      { method: 'POST', body: { grant_type: 'refresh_token', refresh_token: stored.refreshToken } },
      'client',
    );
    if (outcome.kind === 'binary') return { kind: 'unavailable', failure: clientFailure('UNREADABLE', 'request.unreadable', outcome.httpStatus) };
    if (outcome.kind === 'no-answer') {
      // The server could not be asked: keep the session (the user is not logged out for a
      // dropped connection); the waiting requests fail with the connection message.
      deps.notify.error(outcome.failure.message);
      return { kind: 'unavailable', failure: outcome.failure };
    }
    if (outcome.envelope.status === 1 && isTokenGrant(outcome.envelope.data)) {
      const grant: SessionTokens = {
        accessToken: outcome.envelope.data.accessToken,
        refreshToken: outcome.envelope.data.refreshToken,
      };
      deps.tokens.write(grant);
      return { kind: 'refreshed' };
    }
    if (outcome.httpStatus === 429 || outcome.httpStatus >= 500) {
      // Busy or failing server: not a verdict on the session, so the user stays signed in.
      const failure: ApiFailure = {
        ok: false,
        httpStatus: outcome.httpStatus,
        message: outcome.envelope.message,
        code: outcome.envelope.status === 0 ? outcome.envelope.code : 'UNREADABLE',
      };
      deps.notify.error(failure.message);
      return { kind: 'unavailable', failure };
    }
    // The server refused the refresh token (expired, revoked, reused, user blocked): the session is over.
    const envelope = outcome.envelope;
    return { kind: 'refused', code: envelope.status === 0 ? envelope.code : 'UNREADABLE', message: envelope.message };
  }

  function refreshOnce(tokenThatFailed: string): Promise<RefreshOutcome> {
    if (!refreshing) {
      const lock = deps.withRefreshLock ?? ((run) => run());
      refreshing = lock(() => runRefresh(tokenThatFailed)).finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  async function send<T>(path: string, options: RequestOptions, auth: AuthMode, isRetry: boolean): Promise<ApiResult<T>> {
    const accessToken = auth === 'bearer' ? deps.tokens.read()?.accessToken : undefined;
    const outcome = await exchange(path, options, auth, accessToken);
    if (outcome.kind === 'no-answer') {
      deps.notify.error(outcome.failure.message);
      return outcome.failure;
    }
    if (outcome.kind === 'binary') return { ok: true, httpStatus: outcome.httpStatus, message: '', data: outcome.data as T };
    const { httpStatus, envelope } = outcome;
    if (envelope.status === 1) {
      // spec §7: successful non-GET calls show the server message unless suppressed.
      if ((options.method ?? 'GET') !== 'GET' && !options.silent && envelope.message) {
        deps.notify.success(envelope.message);
      }
      return { ok: true, httpStatus, message: envelope.message, data: envelope.data as T };
    }
    const failure: ApiFailure = {
      ok: false,
      httpStatus,
      message: refusalMessage(envelope),
      code: envelope.code,
      ...(envelope.errors ? { errors: envelope.errors } : {}),
    };
    const isSessionAnswer = httpStatus === 401 || httpStatus === 403 || envelope.code === 'INVALID_TOKEN';
    if (auth === 'bearer' && accessToken && isSessionAnswer && !deps.tokens.read()) {
      // The session ended here (signed out, or refused elsewhere) while this was on the way:
      // its refusal is expected and says nothing new, so it raises no message.
      return clientFailure('SESSION_EXPIRED', 'auth.sessionExpired', httpStatus);
    }
    if (auth === 'bearer' && accessToken && envelope.code === 'PASSWORD_CHANGE_REQUIRED') {
      // Not a question of privileges: a refresh would not change the answer, and the
      // change-password screen the app opens says what to do, so no toast either.
      deps.onPasswordChangeRequired?.();
      return failure;
    }
    if (auth === 'bearer' && accessToken) {
      const isRefreshable = envelope.code === 'INVALID_TOKEN' || httpStatus === 403;
      if (isRefreshable && !isRetry) {
        // spec §8: invalid token or 403 -> one silent refresh, then this request is retried once.
        const refresh = await refreshOnce(accessToken);
        if (refresh.kind === 'refreshed') return send<T>(path, options, auth, true);
        if (refresh.kind === 'refused') return refusedSession(refresh);
        return refresh.failure;
      }
      if (envelope.code === 'INVALID_TOKEN') return endSession('expired');
      // spec §8: a 401 while a token exists clears it and says the session has expired.
      if (httpStatus === 401) return endSession('expired');
    }
    // spec §7: failures show the server message, except INVALID_TOKEN.
    if (envelope.code !== 'INVALID_TOKEN') deps.notify.error(failure.message);
    return failure;
  }

  function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
    const running = queueAndSend<T>(path, options);
    pending.add(running);
    void running.finally(() => pending.delete(running));
    return running;
  }

  async function settle(maxWaitMs: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxWaitMs);
    });
    await Promise.race([Promise.allSettled([...pending]), deadline]);
    clearTimeout(timer);
  }

  async function queueAndSend<T>(path: string, options: RequestOptions): Promise<ApiResult<T>> {
    const auth = options.auth ?? 'bearer';
    // Queue behind a refresh already running rather than spend a request on a dead token.
    if (auth === 'bearer' && refreshing) {
      const refresh = await refreshing;
      if (refresh.kind === 'refused') return refusedSession(refresh);
    }
    if ((options.method ?? 'GET') !== 'GET') return send<T>(path, options, auth, false);
    const key = `${auth} ${deps.getLanguage()} ${options.responseType ?? 'json'} ${path}`;
    const pending = getsInFlight.get(key);
    if (pending) return pending as Promise<ApiResult<T>>;
    const started = send<T>(path, options, auth, false).finally(() => getsInFlight.delete(key));
    getsInFlight.set(key, started);
    return started;
  }

  async function signIn(username: string, password: string): Promise<ApiResult<TokenGrant>> {
    const result = await request<TokenGrant>('/oauth/token', {
      method: 'POST',
      auth: 'client',
      body: { grant_type: 'password', username, password },
    });
    if (result.ok) {
      if (!isTokenGrant(result.data)) return clientFailure('UNREADABLE', 'request.unreadable', result.httpStatus);
      deps.tokens.write({ accessToken: result.data.accessToken, refreshToken: result.data.refreshToken });
    }
    return result;
  }

  return { request, settle, signIn };
}
