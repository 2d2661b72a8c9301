import { startServer } from '@psc/api';
import { translate } from '@psc/core';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheStatus, MasterRow } from '../../desktop/main/services/contract';
import { HandlerFailure } from '../../desktop/main/services/handler-definitions';
import { openCacheStore, type CacheStore } from '../../desktop/main/services/cache/sqlite-cache-store';
import { syncMasterData } from '../../desktop/main/services/cache/sync-master-data';
import { createWorkstationServices, type WorkstationServices } from '../../desktop/main/services/workstation-services';
import { createApiClient, type ApiClient, type SessionTokens } from '../../desktop/renderer/src/api/api-client';

// The workstation cache against the REAL API in this process (in-memory PGlite, migrated
// and seeded), signed in as the demo administrator through the workstation's own API client.

let server: { url: string; close(): Promise<void> };
let client: ApiClient;
let tokens: SessionTokens | null = null;
let dataDir: string;
let services: WorkstationServices;

const accessToken = () => tokens!.accessToken;

beforeAll(async () => {
  server = await startServer({ port: 0, seedDemo: true });
  client = createApiClient({
    fetch: (path, init) => fetch(`${server.url}${path}`, init),
    client: { id: 'staff-desktop', secret: 'staff-desktop-secret' },
    tokens: { read: () => tokens, write: (next) => (tokens = next), clear: () => (tokens = null) },
    timeoutMs: 30_000,
    getLanguage: () => 'en',
    isOnline: () => true,
    translate: (key) => translate('en', key),
    onSessionEnded: () => undefined,
  });
  const signedIn = await client.signIn('admin', 'Admin@1234');
  expect(signedIn.ok).toBe(true);
  dataDir = mkdtempSync(join(tmpdir(), 'psc-cache-sync-'));
  services = createWorkstationServices({ dataDir, runtime: 'node' });
});

afterAll(async () => {
  services?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await server?.close();
});

async function serverTotal(type: string): Promise<number> {
  const result = await client.request<{ total: number }>(`/api/admin/master/${type}?page=1&pageSize=1`);
  if (!result.ok) throw new Error(`${type}: ${result.message}`);
  return result.data.total;
}

function rowsOf(status: CacheStatus, type: string): number {
  return status.types.find((entry) => entry.type === type)?.rows ?? 0;
}

/** Every cached row of every type, read back through the store (for "exactly as before"). */
function dumpCache(store: CacheStore): Record<string, MasterRow[]> {
  const dump: Record<string, MasterRow[]> = {};
  for (const { type } of store.readStatus().types) {
    const rows: MasterRow[] = [];
    for (let page = 1; ; page += 1) {
      const { items } = store.listRows({ type, page, pageSize: 500 });
      rows.push(...items);
      if (items.length < 500) break;
    }
    dump[type] = rows;
  }
  return dump;
}

describe('workstation cache sync against the API', () => {
  it('fills an empty cache with every master type, counts matching the server', async () => {
    const result = await services.handlers['cache.sync']({ apiBaseUrl: server.url, accessToken: accessToken() });
    expect(result.changes).toBeGreaterThan(753);
    const status = result.status;
    expect(status.lastSeq).toBeGreaterThan(0);
    expect(status.lastSyncedAt).not.toBeNull();
    expect(rowsOf(status, 'local-levels')).toBe(753);
    expect(rowsOf(status, 'districts')).toBe(77);
    expect(rowsOf(status, 'provinces')).toBe(7);
    for (const type of ['local-levels', 'districts', 'services', 'service-groups', 'posts', 'universities', 'education-levels', 'faculties', 'religions']) {
      expect({ type, rows: rowsOf(status, type) }).toEqual({ type, rows: await serverTotal(type) });
    }

    const page = await services.handlers['master.list']({ type: 'local-levels', search: 'Kathmandu', page: 1, pageSize: 10 });
    expect(page.items.map((row) => row.nameEn)).toContain('Kathmandu');
    const one = await services.handlers['master.get']({ type: 'districts', id: String(page.items[0]!.districtId) });
    expect(one?.nameEn).toBe('Kathmandu');

    // The token was used for the requests only: nothing in the data folder holds it.
    for (const file of readdirSync(dataDir)) expect(readFileSync(join(dataDir, file)).includes(accessToken())).toBe(false);
  });

  it('brings creates, updates and deletes made on the server with an incremental sync', async () => {
    const before = await services.handlers['cache.status']({});
    const created = await client.request<MasterRow>('/api/admin/master/religions', { method: 'POST', body: { nameEn: 'Kirat', nameNp: 'किरात' } });
    expect(created.ok).toBe(true);
    const religion = (created as { data: MasterRow }).data;
    const passing = await client.request<MasterRow>('/api/admin/master/subjects', { method: 'POST', body: { nameEn: 'Sociology', nameNp: 'समाजशास्त्र' } });
    const subject = (passing as { data: MasterRow }).data;
    const kathmandu = (await services.handlers['master.list']({ type: 'local-levels', search: 'Kathmandu', page: 1, pageSize: 1 })).items[0]!;
    const renamed = await client.request(`/api/admin/master/local-levels/${kathmandu.id}`, {
      method: 'PUT',
      body: { districtId: kathmandu.districtId, typeId: kathmandu.typeId, nameEn: 'Kathmandu Metropolitan', nameNp: String(kathmandu.nameNp), wards: kathmandu.wards },
    });
    expect(renamed.ok).toBe(true);
    expect((await client.request(`/api/admin/master/subjects/${subject.id}`, { method: 'DELETE' })).ok).toBe(true);

    const result = await services.handlers['cache.sync']({ apiBaseUrl: server.url, accessToken: accessToken() });
    expect(result.pages).toBe(1);
    expect(result.changes).toBe(4);
    expect(result.status.lastSeq).toBe(before.lastSeq + 4);
    expect(await services.handlers['master.get']({ type: 'religions', id: String(religion.id) })).toMatchObject({ nameEn: 'Kirat', nameNp: 'किरात' });
    expect(await services.handlers['master.get']({ type: 'subjects', id: String(subject.id) })).toBeNull();
    expect((await services.handlers['master.get']({ type: 'local-levels', id: String(kathmandu.id) }))?.nameEn).toBe('Kathmandu Metropolitan');
    expect(rowsOf(result.status, 'religions')).toBe(await serverTotal('religions'));
    expect(rowsOf(result.status, 'subjects')).toBe(await serverTotal('subjects'));
    expect(result.status.totalRows).toBe(before.totalRows + 1);
  });

  it('keeps the cache exactly as before the page whose fetch failed, and resumes from there', async () => {
    const store = openCacheStore(join(dataDir, 'interrupted.sqlite'));
    try {
      let calls = 0;
      let afterFirstPage: { status: CacheStatus; dump: Record<string, MasterRow[]> } | null = null;
      const failingSecondFetch: typeof fetch = (input, init) => {
        calls += 1;
        if (calls === 2) {
          afterFirstPage = { status: store.readStatus(), dump: dumpCache(store) };
          return Promise.reject(new TypeError('fetch failed: connection reset'));
        }
        return fetch(input, init);
      };
      await expect(
        syncMasterData({ store, fetch: failingSecondFetch, apiBaseUrl: server.url, accessToken: accessToken(), pageSize: 300 }),
      ).rejects.toSatisfy((error) => error instanceof HandlerFailure && error.code === 'UNREACHABLE');
      expect(calls).toBe(2);
      const first = afterFirstPage as unknown as { status: CacheStatus; dump: Record<string, MasterRow[]> };
      expect(first.status.totalRows).toBeGreaterThan(0);
      expect(first.status.totalRows).toBeLessThanOrEqual(300);
      expect(first.status.lastSyncedAt).toBeNull();
      expect(store.readStatus()).toEqual(first.status);
      expect(dumpCache(store)).toEqual(first.dump);

      // The next sync resumes after the first page and ends with the same copy as a whole sync.
      const resumed = await syncMasterData({ store, fetch, apiBaseUrl: server.url, accessToken: accessToken(), pageSize: 300 });
      expect(resumed.pages).toBeGreaterThan(1);
      const whole = await services.handlers['cache.status']({});
      expect(resumed.status.types).toEqual(whole.types);
      expect(resumed.status.lastSeq).toBe(whole.lastSeq);
    } finally {
      store.close();
    }
  });

  it('reports a refused token without touching the cache', async () => {
    const before = await services.handlers['cache.status']({});
    const result = await services.invoke('cache.sync', { apiBaseUrl: server.url, accessToken: 'not-a-token' });
    expect(result).toMatchObject({ status: 0, code: 'INVALID_TOKEN' });
    expect(await services.handlers['cache.status']({})).toEqual(before);
    expect(await services.invoke('cache.sync', { apiBaseUrl: 'file:///etc', accessToken: 'x' })).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
  });
});
