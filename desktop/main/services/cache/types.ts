import type { NoArgs } from '../types';

/** One master row as the API sent it (camelCase keys, `id` included). */
export type MasterRow = Record<string, unknown> & { id: string | number };

/** One entry of GET /api/staff/master-data/changes. */
export type MasterDataChange = {
  seq: number;
  type: string;
  id: string | number;
  operation: 'insert' | 'update' | 'delete';
  row: MasterRow | null;
};

export type MasterDataChangePage = { changes: MasterDataChange[]; lastSeq: number; hasMore: boolean };

export type CacheStatus = {
  /** Where the SQLite file lives on this machine. */
  filePath: string;
  schemaVersion: number;
  /** ISO time of the last sync that reached the end of the feed; null until the first. */
  lastSyncedAt: string | null;
  /** The feed position the cache has applied; 0 when empty. */
  lastSeq: number;
  /** Rows per master type, types in alphabetical order. */
  types: { type: string; rows: number }[];
  totalRows: number;
};

export type CacheSyncArgs = {
  /** Where the API answers; defaults to the configured API (Electron). The bridge passes its page's origin. */
  apiBaseUrl?: string;
  /** The signed-in staff member's access token; used for this call only and never stored. */
  accessToken: string;
};

export type CacheSyncResult = { status: CacheStatus; pages: number; changes: number };

export type CacheHandlers = {
  'cache.status': (args: NoArgs) => Promise<CacheStatus>;
  /** Empties every cached table and forgets the last sync; answers the new status. */
  'cache.clear': (args: NoArgs) => Promise<CacheStatus>;
  /** Pulls the master-data change feed page by page; each page is one transaction. */
  'cache.sync': (args: CacheSyncArgs) => Promise<CacheSyncResult>;
};

export type MasterListArgs = { type: string; search?: string; page: number; pageSize: number };
export type MasterListResult = { items: MasterRow[]; total: number; lastSyncedAt: string | null };

export type MasterHandlers = {
  /** One page of cached rows of a type, searched by English or Nepali name or code. */
  'master.list': (args: MasterListArgs) => Promise<MasterListResult>;
  'master.get': (args: { type: string; id: string }) => Promise<MasterRow | null>;
};
