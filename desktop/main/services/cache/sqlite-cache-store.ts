// The only file that touches better-sqlite3 (STYLE: one adapter file). Everything else sees
// the CacheStore type.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { CACHE_SCHEMA_SQL, CACHE_SCHEMA_VERSION } from './schema';
import { CACHE_TABLES, type CacheStatus, type CacheTableName, type MasterDataSnapshot } from './types';

export type CacheStore = {
  readStatus(): CacheStatus;
  /** Empties every table and forgets the last sync; one transaction. */
  clear(): CacheStatus;
  /** Replaces the whole copy with a fresh snapshot (the sync writes through this). */
  replaceMasterData(snapshot: MasterDataSnapshot, syncedAt: Date): CacheStatus;
  close(): void;
};

const MASTER_DATA_SYNC_KEY = 'master-data';

// Children before parents, so clearing never trips a foreign key.
const TABLES_CHILDREN_FIRST: readonly CacheTableName[] = ['local_levels', 'local_level_types', 'districts', 'provinces'];

export function openCacheStore(filePath: string): CacheStore {
  mkdirSync(dirname(filePath), { recursive: true });
  const database = new Database(filePath);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  migrate(database);

  const countStatements = new Map(
    CACHE_TABLES.map((table) => [table, database.prepare<[], { rows: number }>(`SELECT count(*) AS rows FROM ${table}`)]),
  );
  const readSyncedAt = database.prepare<[string], { synced_at: string }>('SELECT synced_at FROM sync_state WHERE key = ?');
  const writeSyncedAt = database.prepare<[string, string]>(
    'INSERT INTO sync_state (key, synced_at) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET synced_at = excluded.synced_at',
  );
  const insertProvince = database.prepare('INSERT INTO provinces (id, name_en, name_np) VALUES (@id, @nameEn, @nameNp)');
  const insertDistrict = database.prepare(
    'INSERT INTO districts (id, province_id, name_en, name_np) VALUES (@id, @provinceId, @nameEn, @nameNp)',
  );
  const insertLocalLevelType = database.prepare(
    'INSERT INTO local_level_types (id, code, name_en, name_np) VALUES (@id, @code, @nameEn, @nameNp)',
  );
  const insertLocalLevel = database.prepare(
    'INSERT INTO local_levels (id, district_id, type_id, name_en, name_np, wards) VALUES (@id, @districtId, @typeId, @nameEn, @nameNp, @wards)',
  );

  function readStatus(): CacheStatus {
    const tables = CACHE_TABLES.map((name) => ({ name, rows: countStatements.get(name)?.get()?.rows ?? 0 }));
    return {
      filePath,
      schemaVersion: CACHE_SCHEMA_VERSION,
      lastSyncedAt: readSyncedAt.get(MASTER_DATA_SYNC_KEY)?.synced_at ?? null,
      tables,
      totalRows: tables.reduce((sum, table) => sum + table.rows, 0),
    };
  }

  const deleteEverything = database.transaction(() => {
    for (const table of TABLES_CHILDREN_FIRST) database.prepare(`DELETE FROM ${table}`).run();
    database.prepare('DELETE FROM sync_state').run();
  });

  const replaceEverything = database.transaction((snapshot: MasterDataSnapshot, syncedAt: Date) => {
    for (const table of TABLES_CHILDREN_FIRST) database.prepare(`DELETE FROM ${table}`).run();
    for (const row of snapshot.provinces) insertProvince.run(row);
    for (const row of snapshot.districts) insertDistrict.run(row);
    for (const row of snapshot.localLevelTypes) insertLocalLevelType.run(row);
    for (const row of snapshot.localLevels) insertLocalLevel.run(row);
    writeSyncedAt.run(MASTER_DATA_SYNC_KEY, syncedAt.toISOString());
  });

  return {
    readStatus,
    clear() {
      deleteEverything();
      return readStatus();
    },
    replaceMasterData(snapshot, syncedAt) {
      replaceEverything(snapshot, syncedAt);
      return readStatus();
    },
    close() {
      database.close();
    },
  };
}

function migrate(database: Database.Database): void {
  const current = database.pragma('user_version', { simple: true }) as number;
  if (current > CACHE_SCHEMA_VERSION) {
    // A newer workstation wrote this file; refuse rather than guess at its shape.
    throw new Error(`cache schema version ${current} is newer than this workstation understands (${CACHE_SCHEMA_VERSION})`);
  }
  database.exec(CACHE_SCHEMA_SQL);
  database.pragma(`user_version = ${CACHE_SCHEMA_VERSION}`);
}
