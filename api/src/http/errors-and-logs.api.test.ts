import { Hono } from 'hono';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createLogger } from '../logger';
import { createTestApp, basicAuth, portalClient, type TestApp } from '../test-support/test-app';
import { DEMO_ACCOUNTS } from '@psc/db';

let t: TestApp;
const lines: string[] = [];
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const failing = new Hono().get('/', () => {
    throw new Error('database password is hunter2 at /srv/secret.ts:12');
  });
  app = createApp({ ...t.deps, logger: createLogger('info', sink) }, { mounts: [{ path: '/api/failing', app: failing }] });
});
afterAll(() => t.close());

describe('unexpected errors', () => {
  it('answer 500 in the envelope with no detail, and log it with the request id', async () => {
    const response = await app.request('/api/failing', { headers: { 'accept-language': 'en' } });
    const body = (await response.json()) as { status: number; code: string; message: string };
    expect(response.status).toBe(500);
    expect(body).toMatchObject({ status: 0, code: 'INTERNAL_ERROR' });
    expect(JSON.stringify(body)).not.toMatch(/hunter2|secret\.ts|at /);
    const requestId = response.headers.get('x-request-id');
    const logged = lines.map((line) => JSON.parse(line) as { requestId?: string; msg: string }).find((entry) => entry.msg === 'unhandled error');
    expect(logged?.requestId).toBe(requestId);
  });
});

describe('logs', () => {
  it('are JSON lines with the request id, and never carry passwords or tokens', async () => {
    lines.length = 0;
    const response = await app.request('/api/oauth/token', {
      method: 'POST',
      headers: { authorization: basicAuth(portalClient), 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: 'candidate', password: DEMO_ACCOUNTS.candidate.password }),
    });
    const { data } = (await response.json()) as { data: { accessToken: string; refreshToken: string } };
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const entry = JSON.parse(line) as { requestId?: string };
      expect(entry.requestId).toBe(response.headers.get('x-request-id'));
      expect(line).not.toContain(DEMO_ACCOUNTS.candidate.password);
      expect(line).not.toContain(data.accessToken);
      expect(line).not.toContain(data.refreshToken);
      expect(line).not.toContain(portalClient.secret);
    }
  });
});
