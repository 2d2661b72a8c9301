import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../server';
import { contentSecurityPolicy } from './security-headers';
import { createTestApp, type TestApp } from '../test-support/test-app';

// The Content-Security-Policy and Strict-Transport-Security as `npm start` composes the product
// (the API, the built portal at /, the workstation at /staff, the eSewa sandbox standing in for
// the gateway), over a real socket; and HSTS on the in-process app behind a proxy or not.

const REQUIRED = ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "connect-src 'self'"];

function directivesOf(policy: string | null): Map<string, string[]> {
  return new Map((policy ?? '').split(';').map((part) => part.trim().split(/\s+/)).filter((words) => words[0]).map(([name, ...values]) => [name!, values]));
}

describe('security headers of the product as npm start runs it', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // No gateway configured: the sandbox is served at PUBLIC_URL/payment-sandbox.
    server = await startServer({ config: { publicUrl: 'http://psc.localtest' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['/', '/login', '/user/profile/documents', '/staff/', '/staff/admin/userlist', '/api/health'])('%s carries the strict policy and no HSTS over plain http', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    await response.arrayBuffer();
    const policy = response.headers.get('content-security-policy');
    for (const directive of REQUIRED) expect(policy, path).toContain(directive);
    const directives = directivesOf(policy);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    // The payment form may leave for the gateway the configuration names, and nowhere else.
    expect(directives.get('form-action')).toEqual(["'self'", 'http://psc.localtest']);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('lets a verifier on another origin read the admit-card key, and nothing else', async () => {
    const key = await fetch(`${server.url}/.well-known/psc-admit-card-key`, { headers: { Origin: 'https://verifier.example' } });
    expect(key.status).toBe(200);
    expect((await key.json()) as { alg: string }).toMatchObject({ alg: 'Ed25519' });
    expect(key.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(key.headers.get('access-control-allow-origin')).toBe('*');
    expect(key.headers.get('content-security-policy')).toContain("default-src 'self'");
    const portal = await fetch(`${server.url}/login`);
    await portal.arrayBuffer();
    expect(portal.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(portal.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends a built script only the headers a script reads, its page keeping the policy', async () => {
    const page = await fetch(`${server.url}/login`);
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script, 'the built portal names its entry script').toBeTruthy();
    const response = await fetch(`${server.url}${script}`);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) expect(response.headers.get(name), name).toBeNull();
    // A path under /assets/ that is no file is answered with the page, which keeps its policy.
    const missing = await fetch(`${server.url}/assets/no-such-file`);
    await missing.arrayBuffer();
    if ((missing.headers.get('content-type') ?? '').startsWith('text/html')) expect(missing.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('sends no HSTS for a forwarded https when no proxy is trusted (TRUST_PROXY unset)', async () => {
    const response = await fetch(`${server.url}/login`, { headers: { 'X-Forwarded-Proto': 'https' } });
    await response.arrayBuffer();
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('Strict-Transport-Security only over https', () => {
  let plain: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    [plain, proxied] = await Promise.all([createTestApp(), createTestApp({ trustProxy: true })]);
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
  });

  const hsts = async (t: TestApp, url: string, headers: Record<string, string> = {}) => (await t.app.request(url, { headers })).headers.get('strict-transport-security');

  it('is sent when the request itself came over https', async () => {
    expect(await hsts(plain, 'https://psc.example/api/health')).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(await hsts(plain, 'http://psc.example/api/health')).toBeNull();
  });

  it('follows X-Forwarded-Proto only from a trusted proxy, by its first (client-side) value', async () => {
    expect(await hsts(plain, 'http://psc.example/api/health', { 'X-Forwarded-Proto': 'https' })).toBeNull();
    expect(await hsts(proxied, 'http://psc.example/api/health', { 'X-Forwarded-Proto': 'https' })).toMatch(/^max-age=/);
    expect(await hsts(proxied, 'http://psc.example/api/health', { 'X-Forwarded-Proto': 'https, http' })).toMatch(/^max-age=/);
    expect(await hsts(proxied, 'http://psc.example/api/health', { 'X-Forwarded-Proto': 'http' })).toBeNull();
    expect(await hsts(proxied, 'http://psc.example/api/health')).toBeNull();
  });

  it('gives form-action the sandbox at PUBLIC_URL without a gateway, and only the site itself in production', async () => {
    const policy = (await plain.app.request('/api/health')).headers.get('content-security-policy');
    expect(directivesOf(policy).get('form-action')).toEqual(["'self'", 'http://localhost:8080']);
    const esewa = { formUrl: undefined, statusUrl: undefined, productCode: 'EPAYTEST', secretKey: 'merchant-secret' };
    expect(contentSecurityPolicy({ env: 'production', publicUrl: 'https://psc.example.np', esewa }).formAction).toEqual(["'self'"]);
    const real = { ...esewa, formUrl: 'https://epay.esewa.com.np/api/epay/main/v2/form', statusUrl: 'https://esewa.com.np/api/epay/transaction/status/' };
    expect(contentSecurityPolicy({ env: 'production', publicUrl: 'https://psc.example.np', esewa: real }).formAction).toEqual(["'self'", 'https://epay.esewa.com.np']);
  });
});
