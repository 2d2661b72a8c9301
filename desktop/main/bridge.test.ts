import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridgeApp, isLoopbackAddress } from './bridge';
import { createWorkstationServices, type WorkstationServices } from './services/workstation-services';

// What @hono/node-server hands a route as its environment: the incoming request and its socket.
function connectionFrom(remoteAddress: string) {
  return { incoming: { socket: { remoteAddress, remotePort: 50_000, remoteFamily: 'IPv4' } } };
}

const json = { 'content-type': 'application/json' };

describe('workstation bridge', () => {
  let dataDir: string;
  let services: WorkstationServices;
  let bridge: Hono;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'psc-bridge-'));
    services = createWorkstationServices({ dataDir, runtime: 'node' });
    bridge = createBridgeApp({ services });
  });

  afterAll(() => {
    services.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a loopback caller with the real cache service', async () => {
    const response = await bridge.request('/cache.status', { method: 'POST', headers: json, body: '{}' }, connectionFrom('127.0.0.1'));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 1, data: { filePath: join(dataDir, 'master-data-cache.sqlite'), totalRows: 0 } });
  });

  it('refuses a caller from another machine with 403', async () => {
    for (const address of ['203.0.113.7', '10.0.0.5', '::ffff:192.168.1.20', '2001:db8::1']) {
      const response = await bridge.request('/cache.clear', { method: 'POST', headers: json, body: '{}' }, connectionFrom(address));
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ status: 0, code: 'FORBIDDEN' });
    }
  });

  it('refuses a request with no socket to vouch for it', async () => {
    const response = await bridge.request('/app.info', { method: 'POST', headers: json, body: '{}' });
    expect(response.status).toBe(403);
  });

  it('refuses a page of another origin and a non-loopback host name', async () => {
    const fromOtherSite = await bridge.request(
      '/cache.clear',
      { method: 'POST', headers: { ...json, origin: 'https://evil.example' }, body: '{}' },
      connectionFrom('127.0.0.1'),
    );
    expect(fromOtherSite.status).toBe(403);
    const rebound = await bridge.request(
      'http://evil.example:8080/cache.clear',
      { method: 'POST', headers: { ...json, origin: 'http://evil.example:8080' }, body: '{}' },
      connectionFrom('127.0.0.1'),
    );
    expect(rebound.status).toBe(403);
  });

  it('accepts a page of its own origin', async () => {
    const response = await bridge.request(
      'http://127.0.0.1:8080/app.info',
      { method: 'POST', headers: { ...json, origin: 'http://127.0.0.1:8080' }, body: '{}' },
      connectionFrom('127.0.0.1'),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 1, data: { runtime: 'node' } });
  });

  it('wants JSON, a known handler and valid arguments', async () => {
    const local = connectionFrom('::1');
    const form = await bridge.request('/cache.clear', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' }, local);
    expect(form.status).toBe(415);
    const broken = await bridge.request('/cache.clear', { method: 'POST', headers: json, body: '{' }, local);
    expect(broken.status).toBe(400);
    const unknown = await bridge.request('/cache.drop', { method: 'POST', headers: json, body: '{}' }, local);
    expect(unknown.status).toBe(404);
    const extra = await bridge.request('/cache.clear', { method: 'POST', headers: json, body: '{"all":true}' }, local);
    expect(extra.status).toBe(400);
    expect(await extra.json()).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
    const get = await bridge.request('/cache.status', { method: 'GET' }, local);
    expect(get.status).toBe(404);
  });

  it('serves a real loopback socket when mounted like the API mounts it', async () => {
    const app = new Hono().route('/staff/bridge', bridge);
    const server: ServerType = await new Promise((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/staff/bridge/cache.status`, {
        method: 'POST',
        headers: json,
        body: '{}',
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 1, data: { totalRows: 0 } });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('isLoopbackAddress', () => {
  it('knows the loopback addresses', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(['128.0.0.1', '0.0.0.0', '::', '1127.0.0.1', 'localhost', undefined].some(isLoopbackAddress)).toBe(false);
  });
});
