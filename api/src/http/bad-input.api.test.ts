import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../app';
import { createTestApp, basicAuth, portalClient, type TestApp } from '../test-support/test-app';
import { findAllowedMethods } from './method-not-allowed';
import { catalogueRoutes, type CataloguedInput, type CataloguedRoute } from './route-catalogue';

let t: TestApp;
let routes: CataloguedRoute[];
let tokens: { candidate: string; admin: string };
beforeAll(async () => {
  t = await createTestApp();
  const document = (await (await t.app.request('/api/openapi.json')).json()) as Parameters<typeof catalogueRoutes>[1];
  routes = catalogueRoutes(t.app, document);
  tokens = { candidate: (await t.signInCandidate()).accessToken, admin: (await t.signInAdministrator()).accessToken };
});
afterAll(() => t.close());

/** The credentials a route needs to get past authentication, so that its input is what fails. */
function credentialsFor(route: CataloguedRoute): Record<string, string> {
  if (route.path === '/api/oauth/token') return { authorization: basicAuth(portalClient) };
  // Staff routes, and the staff's own password change (a staff-only session route), take staff.
  const token = route.path.startsWith('/api/admin') || route.path.startsWith('/api/staff') || route.path === '/api/oauth/change-password' ? tokens.admin : tokens.candidate;
  return { authorization: `Bearer ${token}` };
}

async function send(route: CataloguedRoute, init: { body?: string; headers?: Record<string, string>; query?: string }) {
  const url = route.path.replace(/:[A-Za-z0-9_]+/g, '1') + (init.query ?? '');
  const response = await t.app.request(url, { method: route.method, headers: { ...credentialsFor(route), ...init.headers }, body: init.body });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as { status: number; code: string; message: string; errors?: Record<string, string[]> } };
}

function expectEnvelope(answer: { status: number; body: { status: number; code: string; message: string } }, status: number, code: string, label: string) {
  expect(answer.status, label).toBe(status);
  expect(answer.body.status, label).toBe(0);
  expect(answer.body.code, label).toBe(code);
  expect(answer.body.message.length, label).toBeGreaterThan(0);
}

describe('bad input on every route with a JSON body', () => {
  const bodyRoutes = () => routes.filter((r) => r.hasJsonBody);

  it('covers the routes that take a body', () => {
    expect(bodyRoutes().map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['POST /api/oauth/token', 'POST /api/oauth/logout']));
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    for (const route of bodyRoutes()) {
      expectEnvelope(await send(route, { body: '{"grant_type": ', headers: { 'content-type': 'application/json' } }), 400, 'BAD_REQUEST', route.path);
    }
  });

  it('answers a wrong content type with 415', async () => {
    for (const route of bodyRoutes()) {
      expectEnvelope(await send(route, { body: 'grant_type=password', headers: { 'content-type': 'text/plain' } }), 415, 'UNSUPPORTED_MEDIA_TYPE', route.path);
    }
  });

  it('answers a body over 1 MB with 413 before reading it all, whether its length is declared or counted as it arrives', async () => {
    const huge = JSON.stringify({ padding: 'x'.repeat(MAX_BODY_BYTES + 10) });
    for (const route of bodyRoutes()) {
      expectEnvelope(await send(route, { body: huge, headers: { 'content-type': 'application/json' } }), 413, 'PAYLOAD_TOO_LARGE', route.path);
      const declared = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(huge)) };
      expectEnvelope(await send(route, { body: huge, headers: declared }), 413, 'PAYLOAD_TOO_LARGE', `${route.path} (declared length)`);
    }
  });

  it('reads a body of a declared length within the limit', async () => {
    const route = routes.find((r) => r.path === '/api/oauth/token')!;
    const body = JSON.stringify({ grant_type: 'password', username: 'candidate', password: 'wrong password' });
    const answer = await send(route, { body, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } });
    // Read and judged: the password is wrong.
    expect(answer.status).toBe(401);
    expect(answer.body.code).not.toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers text holding a NUL character, which PostgreSQL cannot store, with 400 in the caller language', async () => {
    const search = await t.app.request('/api/psc/vacancies?search=a%00b', { headers: { authorization: `Bearer ${tokens.candidate}`, 'accept-language': 'en' } });
    expect(search.status).toBe(400);
    expect(await search.json()).toMatchObject({ status: 0, code: 'BAD_REQUEST', message: expect.stringContaining('null character') });
    const token = routes.find((r) => r.path === '/api/oauth/token')!;
    const answer = await send(token, { body: JSON.stringify({ grant_type: 'password', username: 'cand\u0000idate', password: 'x' }), headers: { 'content-type': 'application/json' } });
    expectEnvelope(answer, 400, 'BAD_REQUEST', token.path);
    expect(answer.body.message).toContain('शून्य अक्षर');
  });

  it('answers over-long fields with 400 VALIDATION_FAILED naming each field', async () => {
    for (const route of bodyRoutes()) {
      const body: Record<string, string> = {};
      for (const name of route.bodyProperties) body[name] = 'x'.repeat(5_000);
      if (route.path === '/api/oauth/token') body.grant_type = 'password';
      const answer = await send(route, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      expectEnvelope(answer, 400, 'VALIDATION_FAILED', route.path);
      expect(Object.keys(answer.body.errors ?? {}).length, route.path).toBeGreaterThan(0);
    }
  });

  it('answers missing fields of the token call with per-field messages in the caller language', async () => {
    const route = routes.find((r) => r.path === '/api/oauth/token')!;
    const answer = await send(route, { body: JSON.stringify({ grant_type: 'password' }), headers: { 'content-type': 'application/json', 'accept-language': 'en' } });
    expectEnvelope(answer, 400, 'VALIDATION_FAILED', 'token');
    expect(Object.keys(answer.body.errors ?? {})).toEqual(expect.arrayContaining(['username', 'password']));
    const unknownGrant = await send(route, { body: JSON.stringify({ grant_type: 'client_credentials' }), headers: { 'content-type': 'application/json' } });
    expectEnvelope(unknownGrant, 400, 'VALIDATION_FAILED', 'grant type');
    const notAnObject = await send(route, { body: '[1,2,3]', headers: { 'content-type': 'application/json' } });
    expect(notAnObject.status).toBe(400);
  });
});

describe('bad input on routes with a query', () => {
  it('answers a malformed or over-long query parameter with 400', async () => {
    const queryRoutes = routes.filter((r) => r.queryParameters.length > 0);
    expect(queryRoutes.length).toBeGreaterThan(0);
    for (const route of queryRoutes) {
      const values = route.queryParameters.map((name) => `${name}=${encodeURIComponent('x'.repeat(3_000))}`).join('&');
      expectEnvelope(await send(route, { query: `?${values}` }), 400, 'VALIDATION_FAILED', route.path);
    }
  });
});

// The ranges every id, number and date takes from core (COLUMN_RANGES, AD_DATE_RANGE), sent to
// every integer and date each route declares: found in the OpenAPI document the app builds from
// its validators, so a new route or field is walked without being listed here.
const BEYOND_ANY_COLUMN = [-1, 0, 1.5, 32_768, 2_147_483_648, 99_999_999_999, 1e20];
const BAD_DATES = ['0000-01-01', '9999-12-31', '2024-13-01', '1800-01-01', 'not a date', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z'];

function outOfRange(input: CataloguedInput): (number | string)[] {
  if (input.kind === 'date') return BAD_DATES;
  const { minimum = -Infinity, maximum = Infinity } = input;
  const values = new Set([...BEYOND_ANY_COLUMN, minimum - 1, maximum + 1]);
  return [...values].filter((value) => Number.isFinite(value) && (!Number.isInteger(value) || value < minimum || value > maximum));
}

/** Puts a value at a position inside a JSON body: { lines: [{ quotaId: value }] }. */
function bodyWith(path: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = path;
  const inner = rest.length === 0 ? value : bodyWith(rest, value);
  return typeof head === 'number' ? [inner] : { [head!]: inner };
}

async function sendInput(route: CataloguedRoute, input: CataloguedInput, value: number | string) {
  const name = String(input.path[0]);
  const url = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, param: string) =>
    encodeURIComponent(input.place === 'path' && param === name ? String(value) : (input.pathParameters?.[param] ?? '1')),
  );
  const headers: Record<string, string> = { ...credentialsFor(route), 'accept-language': 'en' };
  let body: string | FormData | undefined;
  // A required query parameter (a reason for a deletion) is checked before the path and body.
  const query = new URLSearchParams(route.requiredQueryParameters.map((parameter): [string, string] => [parameter.name, 'x'.repeat(parameter.minLength)]));
  if (input.place === 'query') query.set(name, String(value));
  if (input.place === 'json') {
    body = JSON.stringify(bodyWith(input.path, value));
    headers['content-type'] = 'application/json';
  }
  if (input.place === 'form') {
    body = new FormData();
    body.set(name, String(value));
  }
  const response = await t.app.request(query.size > 0 ? `${url}?${query}` : url, { method: route.method, headers, body });
  const text = await response.text();
  let json: { status?: number; code?: string; errors?: Record<string, string[]> } = {};
  try {
    json = JSON.parse(text);
  } catch {
    // Judged below: an answer that is not the envelope fails.
  }
  return { status: response.status, body: json, text };
}

describe('out-of-range integers and dates on every route', () => {
  const inputsOf = () => routes.flatMap((route) => route.inputs.map((input) => ({ route, input })));

  it('finds every route in the description, and the fields the tester found among the walked ones', () => {
    expect(routes.filter((route) => !route.described).map((route) => `${route.method} ${route.path}`)).toEqual([]);
    const walked = inputsOf().map(({ route, input }) => `${route.method} ${route.path} ${input.place}:${input.path.join('.')}`);
    expect(walked).toEqual(
      expect.arrayContaining([
        'POST /api/psc/account/recovery/start json:citizenshipIssueDistrictId',
        'POST /api/psc/account/recovery/start json:dateOfBirthAd',
        'GET /api/psc/reference/districts query:provinceId',
        'GET /api/psc/reference/local-levels query:districtId',
        'PUT /api/psc/profile/extra json:casteId',
        'POST /api/psc/payments/online json:chargeId',
        'POST /api/psc/payments/ebp-code-verification json:chargeId',
        'POST /api/admin/qualifications json:facultyIds.0',
        'POST /api/admin/relevances json:facultyId',
        'POST /api/admin/advertisement-numbers json:requisitionId',
        'POST /api/admin/distributions json:lines.0.quotaId',
        'PUT /api/admin/advertisements/:id/quotas/:quotaId/number path:quotaId',
        'PUT /api/admin/advertisements/:id/quotas/:quotaId/number json:advertisementNumberId',
        'POST /api/admin/candidates/:userId/profile-lock json:lockedUntilAd',
        'POST /api/admin/candidates/:userId/voucher-lock json:lockedFromAd',
        'GET /api/admin/users/:id path:id',
        'POST /api/admin/master/:type json:provinceId',
        'PUT /api/psc/profile/educations/:id form:universityId',
      ]),
    );
  });

  it('declares the range of every integer it reads', () => {
    const unbounded = inputsOf()
      .filter(({ input }) => input.kind === 'integer' && (input.minimum === undefined || input.maximum === undefined))
      .map(({ route, input }) => `${route.method} ${route.path} ${input.place}:${input.path.join('.')}`);
    expect(unbounded).toEqual([]);
  });

  it('answers each out-of-range value with 400 naming the field, in the caller language, never 500', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const { route, input } of inputsOf()) {
      const field = input.path.join('.');
      const values = outOfRange(input);
      const answers = await Promise.all(values.map((value) => sendInput(route, input, value)));
      sent += answers.length;
      answers.forEach((answer, index) => {
        const message = answer.body.errors?.[field]?.[0];
        // English was asked for: a message of the catalogue, not a key or zod's own text.
        if (answer.status !== 400 || answer.body.code !== 'VALIDATION_FAILED' || !message || message.includes('validation.')) {
          failures.push(`${route.method} ${route.path} ${input.place}:${field} = ${JSON.stringify(values[index])} -> ${answer.status} ${answer.text.slice(0, 160)}`);
        }
      });
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
  }, 600_000);
});

describe('unknown routes and methods', () => {
  it('answers an unknown API route with 404 in the envelope', async () => {
    const answer = await t.call('GET', '/api/no/such/route');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ status: 0, code: 'NOT_FOUND' });
  });

  it('answers a wrong method on every route with 405 and an Allow header', async () => {
    for (const route of routes) {
      // A method no route serves at this path: an item path may take both PUT and DELETE
      // (/api/psc/profile/educations/:id).
      const url = route.path.replace(/:[A-Za-z0-9_]+/g, '1');
      const allowed = findAllowedMethods(t.app, url);
      const method = ['DELETE', 'PATCH', 'PUT', 'POST'].find((candidate) => !allowed.includes(candidate))!;
      const response = await t.app.request(url, { method });
      expect(response.status, `${method} ${route.path}`).toBe(405);
      expect(response.headers.get('allow')).toContain(route.method);
      expect(((await response.json()) as { code: string }).code).toBe('METHOD_NOT_ALLOWED');
    }
  });

  it('puts a request id on every answer, errors included', async () => {
    const answer = await t.call('GET', '/api/no/such/route');
    expect(answer.headers.get('x-request-id')).toMatch(/.{8,}/);
  });
});
