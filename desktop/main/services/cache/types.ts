import type { NoArgs } from '../types';

/** The master-data tables the workstation keeps a local copy of (names as in db/src/schema/reference.ts). */
export const CACHE_TABLES = ['provinces', 'districts', 'local_level_types', 'local_levels'] as const;
export type CacheTableName = (typeof CACHE_TABLES)[number];

export type CacheStatus = {
  /** Where the SQLite file lives on this machine. */
  filePath: string;
  schemaVersion: number;
  /** ISO time of the last successful sync from the API; null until the first sync. */
  lastSyncedAt: string | null;
  tables: { name: CacheTableName; rows: number }[];
  totalRows: number;
};

export type ProvinceRow = { id: number; nameEn: string; nameNp: string };
export type DistrictRow = { id: number; provinceId: number; nameEn: string; nameNp: string };
export type LocalLevelTypeRow = { id: number; code: string; nameEn: string; nameNp: string };
export type LocalLevelRow = {
  id: number;
  districtId: number;
  typeId: number;
  nameEn: string;
  nameNp: string;
  wards: number;
};

/** One whole copy of the cached master data, written in a single transaction. */
export type MasterDataSnapshot = {
  provinces: ProvinceRow[];
  districts: DistrictRow[];
  localLevelTypes: LocalLevelTypeRow[];
  localLevels: LocalLevelRow[];
};

export type CacheHandlers = {
  'cache.status': (args: NoArgs) => Promise<CacheStatus>;
  /** Empties every cached table and forgets the last sync time; answers the new status. */
  'cache.clear': (args: NoArgs) => Promise<CacheStatus>;
};
