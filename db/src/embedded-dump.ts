import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { mkdirSync } from 'node:fs';
import type { Connection, Database } from './connect';
import * as schema from './schema/index';

// The embedded database's own backup format (DESIGN "Backups"): PGlite's data directory as a
// gzipped tarball, taken by the process that holds the database open (it is one session in one
// process) and opened again by PGlite's loadDataDir, in memory for a drill or into a folder for
// a restore.

/** The PGlite under an embedded connection; refuses a PostgreSQL one. */
function embeddedClientOf(connection: Connection): PGlite {
  if (connection.engine !== 'pglite') throw new Error('Not an embedded (PGlite) connection');
  return (connection.db as unknown as { $client: PGlite }).$client;
}

/**
 * The whole data directory as one gzipped tarball. PGlite takes it under its query lock, so no
 * statement runs half-way through it: the archive is one instant of the database.
 */
export async function dumpEmbeddedDatabase(connection: Connection): Promise<Blob> {
  return embeddedClientOf(connection).dumpDataDir('gzip');
}

/**
 * A database opened from such a tarball: in memory (a drill, or reading a dump's contents), or
 * written into `dataDir` (a restore), which must be empty. Close it when done.
 */
export async function openEmbeddedDump(dump: Blob, dataDir?: string): Promise<{ db: Database; close: () => Promise<void> }> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir, { loadDataDir: dump }) : new PGlite({ loadDataDir: dump });
  await client.waitReady;
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return { db, close: () => client.close() };
}
