// The local master-data copy (DESIGN "The desktop workstation": cache). One generic table holds
// every master type the API's change feed carries (spec §5 master data): the row as the API
// sent it (JSON), plus the name columns pulled out and indexed so search stays in SQL.
// Version 1 mirrored four reference tables; version 2 replaces them (a cache is refilled by
// the next sync, so dropping the old tables loses nothing).
export const CACHE_SCHEMA_VERSION = 2;

export const CACHE_SCHEMA_V1_TABLES = ['local_levels', 'local_level_types', 'districts', 'provinces', 'sync_state'] as const;

export const CACHE_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS master_rows (
  type TEXT NOT NULL,
  id TEXT NOT NULL,
  name_en TEXT NOT NULL DEFAULT '',
  name_np TEXT NOT NULL DEFAULT '',
  code TEXT NOT NULL DEFAULT '',
  row TEXT NOT NULL,
  PRIMARY KEY (type, id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS master_rows_name_en_idx ON master_rows (type, name_en COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS master_rows_name_np_idx ON master_rows (type, name_np);
CREATE TABLE IF NOT EXISTS sync_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;
