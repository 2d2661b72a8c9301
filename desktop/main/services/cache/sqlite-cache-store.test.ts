import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCacheStore, type CacheStore } from './sqlite-cache-store';
import type { MasterDataSnapshot } from './types';

const snapshot: MasterDataSnapshot = {
  provinces: [
    { id: 1, nameEn: 'Koshi', nameNp: 'कोशी' },
    { id: 3, nameEn: 'Bagmati', nameNp: 'बागमती' },
  ],
  districts: [
    { id: 1, provinceId: 1, nameEn: 'Taplejung', nameNp: 'ताप्लेजुङ' },
    { id: 27, provinceId: 3, nameEn: 'Kathmandu', nameNp: 'काठमाडौं' },
  ],
  localLevelTypes: [{ id: 1, code: 'metropolitan', nameEn: 'Metropolitan City', nameNp: 'महानगरपालिका' }],
  localLevels: [{ id: 27001, districtId: 27, typeId: 1, nameEn: 'Kathmandu', nameNp: 'काठमाडौं', wards: 32 }],
};

describe('SQLite cache store', () => {
  let dir: string;
  let filePath: string;
  let store: CacheStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'psc-cache-'));
    filePath = join(dir, 'nested', 'cache.sqlite');
    store = openCacheStore(filePath);
  });

  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the file and its schema, empty and never synced', () => {
    const status = store.readStatus();
    expect(status).toEqual({
      filePath,
      schemaVersion: 1,
      lastSyncedAt: null,
      tables: [
        { name: 'provinces', rows: 0 },
        { name: 'districts', rows: 0 },
        { name: 'local_level_types', rows: 0 },
        { name: 'local_levels', rows: 0 },
      ],
      totalRows: 0,
    });
    const database = new Database(filePath, { readonly: true });
    const tables = database
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => row.name);
    expect(database.pragma('user_version', { simple: true })).toBe(1);
    database.close();
    expect(tables).toEqual(['districts', 'local_level_types', 'local_levels', 'provinces', 'sync_state']);
  });

  it('counts the rows really in the file and remembers the sync time', () => {
    const syncedAt = new Date('2025-04-14T06:15:00.000Z');
    const status = store.replaceMasterData(snapshot, syncedAt);
    expect(status.lastSyncedAt).toBe('2025-04-14T06:15:00.000Z');
    expect(status.tables.map((table) => table.rows)).toEqual([2, 2, 1, 1]);
    expect(status.totalRows).toBe(6);

    // A second connection sees the same data: the status is read from the file, not remembered.
    const database = new Database(filePath);
    database.prepare("INSERT INTO provinces (id, name_en, name_np) VALUES (7, 'Sudurpashchim', 'सुदूरपश्चिम')").run();
    database.close();
    expect(store.readStatus().tables[0]).toEqual({ name: 'provinces', rows: 3 });
  });

  it('clears every table and the sync time', () => {
    store.replaceMasterData(snapshot, new Date());
    const status = store.clear();
    expect(status.totalRows).toBe(0);
    expect(status.lastSyncedAt).toBeNull();
  });

  it('keeps the old copy when a snapshot breaks a rule (one transaction)', () => {
    store.replaceMasterData(snapshot, new Date('2025-01-01T00:00:00.000Z'));
    const broken: MasterDataSnapshot = {
      ...snapshot,
      districts: [{ id: 9, provinceId: 99, nameEn: 'Nowhere', nameNp: 'कतै छैन' }],
    };
    expect(() => store.replaceMasterData(broken, new Date())).toThrow(/FOREIGN KEY/);
    const status = store.readStatus();
    expect(status.totalRows).toBe(6);
    expect(status.lastSyncedAt).toBe('2025-01-01T00:00:00.000Z');
  });

  it('reopens an existing file without losing its rows', () => {
    store.replaceMasterData(snapshot, new Date());
    store.close();
    store = openCacheStore(filePath);
    expect(store.readStatus().totalRows).toBe(6);
  });

  it('refuses a file written by a newer workstation', () => {
    store.close();
    const database = new Database(filePath);
    database.pragma('user_version = 99');
    database.close();
    expect(() => openCacheStore(filePath)).toThrow(/newer/);
    store = openCacheStore(join(dir, 'other.sqlite'));
  });
});
