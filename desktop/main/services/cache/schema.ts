// The local master-data copy (DESIGN "The desktop workstation": cache). Columns mirror the
// reference tables of db/src/schema/reference.ts in snake_case so a sync is a plain copy.
export const CACHE_SCHEMA_VERSION = 1;

export const CACHE_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS provinces (
  id INTEGER PRIMARY KEY,
  name_en TEXT NOT NULL,
  name_np TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS districts (
  id INTEGER PRIMARY KEY,
  province_id INTEGER NOT NULL REFERENCES provinces (id) ON DELETE CASCADE,
  name_en TEXT NOT NULL,
  name_np TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS districts_province_idx ON districts (province_id);
CREATE TABLE IF NOT EXISTS local_level_types (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  name_en TEXT NOT NULL,
  name_np TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS local_levels (
  id INTEGER PRIMARY KEY,
  district_id INTEGER NOT NULL REFERENCES districts (id) ON DELETE CASCADE,
  type_id INTEGER NOT NULL REFERENCES local_level_types (id) ON DELETE CASCADE,
  name_en TEXT NOT NULL,
  name_np TEXT NOT NULL,
  wards INTEGER NOT NULL CHECK (wards > 0)
);
CREATE INDEX IF NOT EXISTS local_levels_district_idx ON local_levels (district_id);
CREATE TABLE IF NOT EXISTS sync_state (
  key TEXT PRIMARY KEY,
  synced_at TEXT NOT NULL
);
`;
