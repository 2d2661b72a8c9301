import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import packageJson from '../../package.json';
import { HANDLER_NAMES } from './contract';
import { CACHE_FILE_NAME, createWorkstationServices, type WorkstationServices } from './workstation-services';

describe('workstation handler map', () => {
  let dataDir: string;
  let services: WorkstationServices;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'psc-services-'));
    services = createWorkstationServices({ dataDir, runtime: 'node' });
  });

  afterEach(() => {
    services.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has a handler for every name of the contract and nothing else', () => {
    expect(Object.keys(services.handlers).sort()).toEqual([...HANDLER_NAMES].sort());
  });

  it('describes the app', async () => {
    const info = await services.handlers['app.info']({});
    expect(info).toMatchObject({
      name: '@psc/desktop',
      version: packageJson.version,
      runtime: 'node',
      platform: process.platform,
      arch: process.arch,
      versions: { node: process.versions.node, electron: null },
    });
  });

  it('reads and clears the cache in the data folder', async () => {
    const status = await services.handlers['cache.status']({});
    expect(status.filePath).toBe(join(dataDir, CACHE_FILE_NAME));
    expect(status.totalRows).toBe(0);
    expect(await services.handlers['cache.clear']({})).toEqual(status);
  });

  it('answers an envelope for a known handler', async () => {
    const result = await services.invoke('cache.status', {});
    expect(result).toMatchObject({ status: 1, data: { totalRows: 0, lastSyncedAt: null } });
  });

  it('refuses unknown handler names', async () => {
    expect(await services.invoke('cache.drop', {})).toMatchObject({ status: 0, code: 'NOT_FOUND' });
    expect(await services.invoke('constructor', {})).toMatchObject({ status: 0, code: 'NOT_FOUND' });
    expect(await services.invoke(42, {})).toMatchObject({ status: 0, code: 'NOT_FOUND' });
  });

  it('refuses arguments a handler does not take', async () => {
    const result = await services.invoke('cache.clear', { table: 'provinces' });
    expect(result).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
    expect(await services.invoke('app.info', 'everything')).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
    // The typed map validates too, since its callers may be untyped.
    await expect(services.handlers['cache.clear']({ table: 'x' } as never)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('treats missing arguments as none', async () => {
    expect(await services.invoke('app.info', undefined)).toMatchObject({ status: 1 });
  });

  it('reports a failing service as an internal error without its detail', async () => {
    // A data folder that is a file cannot hold the cache, so opening it fails for real.
    const blocked = createWorkstationServices({ dataDir: join(dataDir, CACHE_FILE_NAME, 'x'), runtime: 'node' });
    await services.handlers['cache.status']({});
    const result = await blocked.invoke('cache.status', {});
    expect(result).toEqual({ status: 0, code: 'INTERNAL_ERROR', message: 'cache.status failed' });
    blocked.close();
  });
});
