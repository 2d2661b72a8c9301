import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('reports that the database answers, and which engine it is', async () => {
  const answer = await t.call('GET', '/api/health');
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ status: 1, data: { database: 'up', engine: process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite' } });
});

it('describes itself as OpenAPI 3.1 with every API route', async () => {
  const response = await t.app.request('/api/openapi.json');
  const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/oauth/token', '/api/oauth/privileges/get/init', '/api/health', '/api/admin/users']));
});

it('gives the candidate dashboard counters computed from the database', async () => {
  const first = await t.signInCandidate();
  await t.signInCandidate();
  const answer = await t.call('GET', '/api/psc/dashboard', { token: first.accessToken });
  expect(answer.status).toBe(200);
  const counters = (answer.body.data as { counters: { key: string; value: number }[] }).counters;
  expect(counters.find((c) => c.key === 'activeSessions')?.value).toBeGreaterThanOrEqual(2);
  const admin = await t.signInAdministrator();
  expect((await t.call('GET', '/api/psc/dashboard', { token: admin.accessToken })).status).toBe(403);
});
