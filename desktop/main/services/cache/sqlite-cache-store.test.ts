import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCacheStore, type CacheStore } from './sqlite-cache-store';
import type { MasterDataChange } from './types';

const firstPage: MasterDataChange[] = [
  { seq: 1, type: 'provinces', id: 3, operation: 'insert', row: { id: 3, nameEn: 'Bagmati', nameNp: 'बागमती' } },
  { seq: 2, type: 'districts', id: 27, operation: 'insert', row: { id: 27, provinceId: 3, nameEn: 'Kathmandu', nameNp: 'काठमाडौं' } },
  { seq: 3, type: 'local_levels', id: 27001, operation: 'insert', row: { id: 27001, nameEn: 'Kathmandu', nameNp: 'काठमाडौं', wards: 32 } },
  { seq: 4, type: 'local-levels', id: 27002, operation: 'insert', row: { id: 27002, nameEn: 'Kirtipur', nameNp: 'कीर्तिपुर', wards: 10 } },
];

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
    expect(store.readStatus()).toEqual({ filePath, schemaVersion: 2, lastSyncedAt: null, lastSeq: 0, types: [], totalRows: 0 });
    const database = new Database(filePath, { readonly: true });
    const tables = database
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => row.name);
    expect(database.pragma('user_version', { simple: true })).toBe(2);
    database.close();
    expect(tables).toEqual(['master_rows', 'sync_state']);
  });

  it('applies a page with its position, counts per type and reads rows back', () => {
    store.applyChangePage(firstPage, 4, new Date('2025-04-14T06:15:00.000Z'));
    const status = store.readStatus();
    expect(status.lastSeq).toBe(4);
    expect(status.lastSyncedAt).toBe('2025-04-14T06:15:00.000Z');
    expect(status.types).toEqual([
      { type: 'districts', rows: 1 },
      { type: 'local-levels', rows: 2 },
      { type: 'provinces', rows: 1 },
    ]);
    expect(store.getRow('local-levels', '27002')).toEqual({ id: 27002, nameEn: 'Kirtipur', nameNp: 'कीर्तिपुर', wards: 10 });
    expect(store.listRows({ type: 'local-levels', search: 'kirti', page: 1, pageSize: 10 })).toEqual({
      items: [{ id: 27002, nameEn: 'Kirtipur', nameNp: 'कीर्तिपुर', wards: 10 }],
      total: 1,
    });
    expect(store.listRows({ type: 'local-levels', search: 'काठमाडौं', page: 1, pageSize: 10 }).total).toBe(1);
    expect(store.listRows({ type: 'local-levels', page: 2, pageSize: 1 }).items.map((row) => row.id)).toEqual([27002]);
    // LIKE wildcards typed by the user are plain characters.
    expect(store.listRows({ type: 'local-levels', search: '%', page: 1, pageSize: 10 }).total).toBe(0);
  });

  it('updates and deletes by the current row the feed sends', () => {
    store.applyChangePage(firstPage, 4, null);
    store.applyChangePage(
      [
        { seq: 5, type: 'local_levels', id: 27002, operation: 'update', row: { id: 27002, nameEn: 'Kirtipur Municipality', nameNp: 'कीर्तिपुर', wards: 10 } },
        { seq: 6, type: 'local_levels', id: 27001, operation: 'delete', row: null },
        // Updated and then deleted before this sync: the feed sends no row.
        { seq: 7, type: 'districts', id: 27, operation: 'update', row: null },
      ],
      7,
      null,
    );
    expect(store.getRow('local-levels', '27001')).toBeNull();
    expect(store.getRow('districts', '27')).toBeNull();
    expect(store.getRow('local-levels', '27002')?.nameEn).toBe('Kirtipur Municipality');
    expect(store.readStatus()).toMatchObject({ lastSeq: 7, lastSyncedAt: null, totalRows: 2 });
  });

  it('keeps the copy and the position as they were when a page fails halfway (one transaction)', () => {
    store.applyChangePage(firstPage, 4, new Date('2025-01-01T00:00:00.000Z'));
    const before = store.readStatus();
    const broken = [
      { seq: 5, type: 'religions', id: 1, operation: 'insert', row: { id: 1, nameEn: 'Hindu', nameNp: 'हिन्दु' } },
      // A row that cannot be stored (JSON.stringify throws on a BigInt) after one that could.
      { seq: 6, type: 'religions', id: 2, operation: 'insert', row: { id: 2, nameEn: 'Buddhist', weight: 1n } },
    ] as unknown as MasterDataChange[];
    expect(() => store.applyChangePage(broken, 6, new Date())).toThrow(/BigInt/);
    expect(store.readStatus()).toEqual(before);
    expect(store.getRow('religions', '1')).toBeNull();
  });

  it('clears the rows and the position', () => {
    store.applyChangePage(firstPage, 4, new Date());
    expect(store.clear()).toMatchObject({ totalRows: 0, lastSeq: 0, lastSyncedAt: null, types: [] });
  });

  it('reopens an existing file without losing its rows', () => {
    store.applyChangePage(firstPage, 4, new Date());
    store.close();
    store = openCacheStore(filePath);
    expect(store.readStatus()).toMatchObject({ totalRows: 4, lastSeq: 4 });
  });

  it('replaces a version 1 file (four typed tables) with the generic table', () => {
    store.close();
    const oldPath = join(dir, 'v1.sqlite');
    const database = new Database(oldPath);
    database.exec('CREATE TABLE provinces (id INTEGER PRIMARY KEY, name_en TEXT, name_np TEXT); CREATE TABLE sync_state (key TEXT PRIMARY KEY, synced_at TEXT NOT NULL);');
    database.exec("INSERT INTO provinces VALUES (1, 'Koshi', 'कोशी'); INSERT INTO sync_state VALUES ('master-data', '2025-01-01');");
    database.pragma('user_version = 1');
    database.close();
    store = openCacheStore(oldPath);
    expect(store.readStatus()).toMatchObject({ schemaVersion: 2, lastSeq: 0, lastSyncedAt: null, totalRows: 0 });
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
