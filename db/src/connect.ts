import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { sql } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { withFairPool } from './fair-pool';
import * as schema from './schema/index';

export type Schema = typeof schema;
// PGlite and postgres.js drivers share drizzle's PostgreSQL core, so services are written
// once against this type and never know which engine they run on.
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type Connection = {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Applies the committed migrations in order; safe to call on every start. */
  migrate: () => Promise<void>;
  /** True when the database answers a trivial query. */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
  /** PGlite only: its whole data directory as one tar archive (what `loadDataDir` reads back). */
  dumpDataDir?: () => Promise<Blob>;
};

export type ConnectOptions = {
  /** postgres://... for a real server; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; when absent (and no URL), an in-memory database. */
  dataDir?: string | undefined;
  /** Pool size for postgres.js. */
  maxConnections?: number | undefined;
  /** PGlite only: start from this data-directory archive (a `dumpDataDir` result) in memory. */
  loadDataDir?: Blob | undefined;
};

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export async function connect(options: ConnectOptions = {}): Promise<Connection> {
  if (options.databaseUrl) {
    const size = options.maxConnections ?? 10;
    // Statements wait their turn in arrival order in front of the pool (fair-pool.ts).
    const { url, host } = splitHostParameter(options.databaseUrl);
    const client = withFairPool(postgres(url, { max: size, onnotice: () => {}, ...(host ? { host } : {}) }), size);
    const db = drizzlePostgres(client, { schema, casing: 'snake_case' });
    return {
      db: db as unknown as Database,
      engine: 'postgres',
      migrate: () => migratePostgres(db, { migrationsFolder }),
      ping: () => pingDatabase(db as unknown as Database),
      close: () => client.end({ timeout: 5 }),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir
    ? new PGlite(options.dataDir)
    : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    engine: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => pingDatabase(db as unknown as Database),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/**
 * libpq's `?host=` parameter, which postgres.js does not read from the URL (it would send it to
 * the server as a setting): a host name, or the folder of a Unix socket, as in
 * `postgres://user@localhost/db?host=/var/run/postgresql`. A server on the same machine is
 * cheaper to reach through its socket than through loopback TCP.
 */
export function splitHostParameter(databaseUrl: string): { url: string; host?: string } {
  const url = new URL(databaseUrl);
  const host = url.searchParams.get('host');
  if (!host) return { url: databaseUrl };
  url.searchParams.delete('host');
  return { url: url.toString(), host };
}

async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
