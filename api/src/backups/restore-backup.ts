import { connect, openEmbeddedDump, schema, type Database } from '@psc/db';
import { eq, sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { rowsOf } from '../applications/rows-of';
import { createLocalFileStorage } from '../files/file-storage';
import { backupFileStore } from './backup-settings';
import { BackupRefused, readVerifiedManifest, sha256Hex, type Manifest } from './manifest';
import { runPostgresProgram } from './postgres-programs';
import { compareDigests, digestTables } from './table-digests';

/** Where a restore writes: an empty PostgreSQL database, or an empty PGlite folder; and an empty files folder. */
export type RestoreTarget = ({ engine: 'postgres'; databaseUrl: string } | { engine: 'pglite'; pgliteDir: string }) & { filesDir: string };

export type Mismatch = { item: string; expected: string; found: string };

/**
 * Reads every uploaded file the manifest names back from the backup's shared store and checks
 * it against its name and size: what is missing or damaged.
 */
export async function checkBackupFiles(backupDir: string, manifest: Manifest): Promise<Mismatch[]> {
  const store = backupFileStore(backupDir);
  const mismatches: Mismatch[] = [];
  for (const file of manifest.files) {
    const bytes = await store.get(file.sha256);
    if (!bytes) mismatches.push({ item: `file ${file.sha256}`, expected: `${file.bytes} bytes`, found: 'missing' });
    else if (sha256Hex(bytes) !== file.sha256) mismatches.push({ item: `file ${file.sha256}`, expected: file.sha256, found: sha256Hex(bytes) });
  }
  return mismatches;
}

const describe = (mismatches: readonly Mismatch[]) =>
  mismatches
    .slice(0, 5)
    .map((m) => `${m.item} (expected ${m.expected}, found ${m.found})`)
    .join('; ') + (mismatches.length > 5 ? `; and ${mismatches.length - 5} more` : '');

/** The table digests of a database, read in one transaction. */
export const digestDatabase = (db: Database) => db.transaction((tx) => digestTables(tx));

/**
 * Restores one backup (`npm run restore`): checks it whole first (manifest, dump and every file
 * against their checksums, the schema version), refuses a database or files folder that is not
 * empty unless `force` (which empties them first), restores the database and the files, then
 * compares the restored tables with the manifest. Throws BackupRefused before touching anything
 * when the backup or the target is wrong; an Error when the restore itself fails.
 */
export async function restoreBackup(backupPath: string, backupDir: string, target: RestoreTarget, options: { force?: boolean; onProgress?: (line: string) => void } = {}) {
  const progress = options.onProgress ?? (() => {});
  progress(`reading the backup ${backupPath}`);
  const manifest = await readVerifiedManifest(backupPath, progress);
  if (manifest.engine !== target.engine) {
    throw new BackupRefused(
      `The backup is of the ${manifest.engine === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} database and cannot be restored into ${target.engine === 'pglite' ? 'the embedded database' : 'PostgreSQL'}: set DATABASE_URL ${manifest.engine === 'postgres' ? 'to an empty PostgreSQL database' : 'aside to restore the embedded database'}.`,
    );
  }
  progress(`checking ${manifest.files.length} uploaded files`);
  const badFiles = await checkBackupFiles(backupDir, manifest);
  if (badFiles.length > 0) throw new BackupRefused(`The backup is corrupted: ${badFiles.length} uploaded files are missing or altered: ${describe(badFiles)}.`);

  await emptyTargetOrRefuse(target, options.force === true, progress);

  let restored: { db: Database; close: () => Promise<void> };
  if (target.engine === 'postgres') {
    progress('restoring the database with pg_restore');
    await runPostgresProgram('pg_restore', ['--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${target.databaseUrl}`, join(backupPath, manifest.database.file)]);
    const connection = await connect({ databaseUrl: target.databaseUrl, maxConnections: 2 });
    restored = { db: connection.db, close: connection.close };
  } else {
    progress(`restoring the embedded database into ${target.pgliteDir}`);
    restored = await openEmbeddedDump(new Blob([await readFile(join(backupPath, manifest.database.file))]), target.pgliteDir);
  }
  try {
    progress(`copying ${manifest.files.length} uploaded files into ${target.filesDir}`);
    const store = backupFileStore(backupDir);
    const files = createLocalFileStorage(target.filesDir);
    for (const file of manifest.files) await files.put(file.sha256, (await store.get(file.sha256))!);
    progress(`comparing ${manifest.tables.length} tables with the manifest`);
    const mismatches = compareDigests(manifest.tables, await digestDatabase(restored.db));
    if (mismatches.length > 0) throw new Error(`The restored database differs from the backup's manifest: ${describe(mismatches)}.`);
    // The dump holds its own backup's row as it was while running; it finished, as recorded.
    await restored.db
      .update(schema.backups)
      .set({ status: 'succeeded' })
      .where(eq(schema.backups.id, manifest.backupId));
    progress(`restored: ${manifest.tables.length} tables and ${manifest.files.length} files match the manifest`);
    return { tables: manifest.tables.length, rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0), files: manifest.files.length };
  } finally {
    await restored.close();
  }
}

async function isEmptyFolder(path: string) {
  return !existsSync(path) || (await readdir(path)).length === 0;
}

async function emptyTargetOrRefuse(target: RestoreTarget, force: boolean, progress: (line: string) => void) {
  const filesEmpty = await isEmptyFolder(target.filesDir);
  if (target.engine === 'postgres') {
    const connection = await connect({ databaseUrl: target.databaseUrl, maxConnections: 1 });
    try {
      const [row] = rowsOf<{ tables: number }>(
        await connection.db.execute(sql`select count(*)::int as tables from information_schema.tables where table_schema in ('public', 'drizzle')`),
      );
      const tables = Number(row!.tables);
      if (tables > 0 || !filesEmpty) {
        if (!force) throw new BackupRefused(notEmpty(tables > 0 ? `the database holds ${tables} tables` : undefined, filesEmpty ? undefined : target.filesDir));
        progress('emptying the database and the files folder (--force)');
        await connection.db.execute(sql`drop schema if exists drizzle cascade`);
        await connection.db.execute(sql`drop schema if exists public cascade`);
        await connection.db.execute(sql`create schema public`);
      }
    } finally {
      await connection.close();
    }
  } else {
    const databaseEmpty = await isEmptyFolder(target.pgliteDir);
    if (!databaseEmpty || !filesEmpty) {
      if (!force) throw new BackupRefused(notEmpty(databaseEmpty ? undefined : `the database folder ${target.pgliteDir} is not empty`, filesEmpty ? undefined : target.filesDir));
      progress('emptying the database folder and the files folder (--force)');
      await rm(target.pgliteDir, { recursive: true, force: true });
    }
  }
  if (!filesEmpty) await rm(target.filesDir, { recursive: true, force: true });
}

const notEmpty = (database: string | undefined, filesDir: string | undefined) =>
  `Refusing to restore over existing data: ${[database, filesDir ? `the files folder ${filesDir} is not empty` : undefined].filter(Boolean).join(' and ')}. Restore into an empty database and files folder, or pass --force to replace them.`;
