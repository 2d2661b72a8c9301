import { startServer, type RunningServer } from '@psc/api';
import { createTestDatabase } from '@psc/db/testing';
import { createBridgeApp } from '@psc/desktop/bridge';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The product as `npm start` composes it (scripts/serve.ts calls runServer): the API, the portal
// at '/', the workstation at '/staff' and the workstation bridge, over HTTP on a free port. The
// in-process API tests mount no front end, so they cannot see a front end answering for the API.

let server: RunningServer;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'psc-unknown-api-'));
  server = await startServer({
    port: 0,
    seedDemo: false,
    ...(database ? { databaseUrl: database.url } : {}),
    mounts: [{ path: '/staff/bridge', app: createBridgeApp() }],
    config: { dataDir, jwtSecret: 'a-test-secret-that-is-long-enough-for-hs256-signing' },
  });
});

afterAll(async () => {
  await server?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const UNKNOWN_API_PATHS = ['/api', '/api/', '/api/no/such/route', '/api/index.html', '/api/psc/no-such-thing', '/api/admin/no/such/screen', '/api/public/advertisements/x/y'];

describe('paths under /api that no route serves, with the front ends mounted', () => {
  it('still serves the portal for its own client-side routes (the front ends are mounted)', async () => {
    const response = await fetch(`${server.url}/some/candidate/page`);
    // The portal's index.html when it has been built; its "not built" notice when not.
    expect([200, 503]).toContain(response.status);
    expect(response.headers.get('content-type')).not.toContain('application/json');
  });

  it('answers GET and every other method with the 404 envelope in JSON, never a page', async () => {
    for (const path of UNKNOWN_API_PATHS) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        const response = await fetch(`${server.url}${path}`, { method, headers: { 'accept-language': 'en' } });
        const label = `${method} ${path}`;
        expect(response.status, label).toBe(404);
        expect(response.headers.get('content-type'), label).toContain('application/json');
        expect(await response.json(), label).toMatchObject({ status: 0, code: 'NOT_FOUND', message: expect.any(String) });
      }
    }
  });

  it('answers HEAD with 404 and the JSON type, without a body', async () => {
    for (const path of UNKNOWN_API_PATHS) {
      const response = await fetch(`${server.url}${path}`, { method: 'HEAD' });
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('application/json');
    }
  });

  it('still serves a real route and still answers a wrong method on it with 405', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const wrongMethod = await fetch(`${server.url}/api/health`, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
  });
});
