// The only file that touches better-sqlite3 (STYLE: one adapter file). Everything else sees
// the CacheStore type.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { CACHE_SCHEMA_SQL, CACHE_SCHEMA_V1_TABLES, CACHE_SCHEMA_VERSION } from './schema';
import type { CacheStatus, MasterDataChange, MasterListArgs, MasterRow } from './types';

export type CacheStore = {
  readStatus(): CacheStatus;
  readLastSeq(): number;
  /** Empties the copy and forgets the feed position; one transaction. */
  clear(): CacheStatus;
  /**
   * Applies one page of the change feed and its lastSeq in ONE transaction, so a failure
   * (a bad row, a crash) leaves the copy exactly as it was before the page.
   * `syncedAt` is written when the page is the last one of a sync.
   */
  applyChangePage(changes: readonly MasterDataChange[], lastSeq: number, syncedAt: Date | null): void;
  listRows(args: MasterListArgs): { items: MasterRow[]; total: number };
  getRow(type: string, id: string): MasterRow | null;
  close(): void;
};

const LAST_SEQ_KEY = 'master-data.lastSeq';
const SYNCED_AT_KEY = 'master-data.syncedAt';

/** The feed may name a type by its table (`local_levels`) or its path (`local-levels`); the cache uses the path form. */
export function normaliseMasterType(type: string): string {
  return type.replaceAll('_', '-');
}

function textOf(row: MasterRow, ...keys: string[]): string {
  for (const key of keys) {
    const value = row[key];
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
  }
  return '';
}

export function openCacheStore(filePath: string): CacheStore {
  mkdirSync(dirname(filePath), { recursive: true });
  const database = new Database(filePath);
  database.pragma('journal_mode = WAL');
  migrate(database);

  const readState = database.prepare<[string], { value: string }>('SELECT value FROM sync_state WHERE key = ?');
  const writeState = database.prepare<[string, string]>(
    'INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const countByType = database.prepare<[], { type: string; rows: number }>(
    'SELECT type, count(*) AS rows FROM master_rows GROUP BY type ORDER BY type',
  );
  const upsertRow = database.prepare<{ type: string; id: string; nameEn: string; nameNp: string; code: string; row: string }>(
    `INSERT INTO master_rows (type, id, name_en, name_np, code, row) VALUES (@type, @id, @nameEn, @nameNp, @code, @row)
     ON CONFLICT (type, id) DO UPDATE SET name_en = excluded.name_en, name_np = excluded.name_np, code = excluded.code, row = excluded.row`,
  );
  const deleteRow = database.prepare<[string, string]>('DELETE FROM master_rows WHERE type = ? AND id = ?');
  const selectRow = database.prepare<[string, string], { row: string }>('SELECT row FROM master_rows WHERE type = ? AND id = ?');
  const searchWhere = `type = @type AND (@pattern IS NULL OR name_en LIKE @pattern ESCAPE '\\' OR name_np LIKE @pattern ESCAPE '\\' OR code LIKE @pattern ESCAPE '\\')`;
  const countRows = database.prepare<{ type: string; pattern: string | null }, { total: number }>(
    `SELECT count(*) AS total FROM master_rows WHERE ${searchWhere}`,
  );
  // Numeric ids sort as numbers (ward-like ids 27001 after 3001), others as text.
  const selectPage = database.prepare<{ type: string; pattern: string | null; limit: number; offset: number }, { row: string }>(
    `SELECT row FROM master_rows WHERE ${searchWhere}
     ORDER BY CASE WHEN id GLOB '[0-9]*' THEN CAST(id AS INTEGER) END, id LIMIT @limit OFFSET @offset`,
  );

  function readLastSeq(): number {
    return Number(readState.get(LAST_SEQ_KEY)?.value ?? 0);
  }

  function readStatus(): CacheStatus {
    const types = countByType.all();
    return {
      filePath,
      schemaVersion: CACHE_SCHEMA_VERSION,
      lastSyncedAt: readState.get(SYNCED_AT_KEY)?.value ?? null,
      lastSeq: readLastSeq(),
      types,
      totalRows: types.reduce((sum, entry) => sum + entry.rows, 0),
    };
  }

  const deleteEverything = database.transaction(() => {
    database.prepare('DELETE FROM master_rows').run();
    database.prepare('DELETE FROM sync_state').run();
  });

  const applyPage = database.transaction((changes: readonly MasterDataChange[], lastSeq: number, syncedAt: Date | null) => {
    for (const change of changes) {
      const type = normaliseMasterType(change.type);
      const id = String(change.id);
      // The feed sends the CURRENT row; null means it is gone (deleted then or since).
      if (change.operation === 'delete' || change.row === null) {
        deleteRow.run(type, id);
        continue;
      }
      const row = change.row;
      upsertRow.run({
        type,
        id,
        nameEn: textOf(row, 'nameEn', 'name_en', 'name'),
        nameNp: textOf(row, 'nameNp', 'name_np'),
        code: textOf(row, 'code'),
        row: JSON.stringify(row),
      });
    }
    writeState.run(LAST_SEQ_KEY, String(lastSeq));
    if (syncedAt) writeState.run(SYNCED_AT_KEY, syncedAt.toISOString());
  });

  return {
    readStatus,
    readLastSeq,
    clear() {
      deleteEverything();
      return readStatus();
    },
    applyChangePage(changes, lastSeq, syncedAt) {
      applyPage(changes, lastSeq, syncedAt);
    },
    listRows({ type, search, page, pageSize }) {
      const trimmed = search?.trim() ?? '';
      const pattern = trimmed === '' ? null : `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const key = { type: normaliseMasterType(type), pattern };
      const total = countRows.get(key)?.total ?? 0;
      const items = selectPage
        .all({ ...key, limit: pageSize, offset: (page - 1) * pageSize })
        .map((entry) => JSON.parse(entry.row) as MasterRow);
      return { items, total };
    },
    getRow(type, id) {
      const found = selectRow.get(normaliseMasterType(type), id);
      return found ? (JSON.parse(found.row) as MasterRow) : null;
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
  database.transaction(() => {
    // Version 1 kept four typed tables and a sync_state of another shape: a cache is refilled
    // by the next sync, so they are dropped rather than converted.
    if (current < 2) for (const table of CACHE_SCHEMA_V1_TABLES) database.exec(`DROP TABLE IF EXISTS ${table}`);
    database.exec(CACHE_SCHEMA_SQL);
    database.pragma(`user_version = ${CACHE_SCHEMA_VERSION}`);
  })();
}
