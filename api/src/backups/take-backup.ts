import type { BackupKind } from '@psc/core';
import { dumpEmbeddedDatabase, openEmbeddedDump, schema, type Database } from '@psc/db';
import { eq, sql } from 'drizzle-orm';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rowsOf } from '../applications/rows-of';
import { backupFileStore, type BackupSettings } from './backup-settings';
import { currentSchemaVersion, PGLITE_DUMP_FILE, POSTGRES_DUMP_FILE, sha256Hex, sha256OfFile, writeManifest, type Manifest } from './manifest';
import { runPostgresProgram } from './postgres-programs';
import { pruneBackups } from './prune-backups';
import { digestTables, type TableDigest } from './table-digests';

export type BackupOutcome = { id: number; status: 'succeeded' | 'failed'; directory: string; error: string | null };

const ERROR_KEPT = 4000;

/**
 * Takes one backup (spec §4 "backups"): the database and the uploaded files it names, into a
 * new directory under the backup folder, with a manifest of row counts, table digests and
 * checksums; then applies the retention. The run is recorded in `backups` from its start, and a
 * failure is recorded there with its message (and the half-written directory removed) rather
 * than thrown: the caller reports it. Run it under the backup job's lock (backup-jobs.ts).
 */
export async function takeBackup(settings: BackupSettings, options: { kind: BackupKind; requestedBy?: number | null }): Promise<BackupOutcome> {
  const { connection } = settings;
  const db = connection.db;
  const progress = settings.onProgress ?? (() => {});
  const started = new Date();
  const [row] = await db
    .insert(schema.backups)
    .values({ kind: options.kind, engine: connection.engine, startedAt: started, directory: 'pending', requestedBy: options.requestedBy ?? null })
    .returning({ id: schema.backups.id });
  const id = row!.id;
  const directory = `${started.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${options.kind}-${id}`;
  await db.update(schema.backups).set({ directory }).where(eq(schema.backups.id, id));
  const path = join(settings.backupDir, directory);
  try {
    await mkdir(path, { recursive: true });
    progress(`backup ${id}: dumping the ${connection.engine === 'postgres' ? 'PostgreSQL' : 'embedded'} database into ${path}`);
    const dumped = connection.engine === 'postgres' ? await dumpPostgres(settings, path) : await dumpEmbedded(settings, path);
    progress(`backup ${id}: ${dumped.tables.length} tables, ${sumRows(dumped.tables)} rows; copying ${dumped.fileHashes.length} uploaded files`);
    const files = await copyFiles(settings, dumped.fileHashes);
    const manifest: Manifest = {
      format: 'psc-backup/1',
      backupId: id,
      kind: options.kind,
      engine: connection.engine,
      schemaVersion: currentSchemaVersion(),
      startedAt: started.toISOString(),
      database: dumped.database,
      tables: dumped.tables,
      files: files.list,
      missingFiles: files.missing,
    };
    const written = await writeManifest(path, manifest);
    const sizeBytes = dumped.database.bytes + written.bytes + files.copiedBytes;
    const durationMs = Date.now() - started.getTime();
    await db
      .update(schema.backups)
      .set({
        status: 'succeeded',
        finishedAt: new Date(),
        durationMs,
        sizeBytes,
        tableCount: dumped.tables.length,
        rowCount: sumRows(dumped.tables),
        fileCount: files.list.length,
        manifestSha256: written.sha256,
        schemaVersion: manifest.schemaVersion,
        error: files.missing.length > 0 ? missingNote(files.missing) : null,
      })
      .where(eq(schema.backups.id, id));
    progress(`backup ${id}: done in ${durationMs} ms, ${sizeBytes} bytes (${files.copied} files new)`);
    const pruned = await pruneBackups(settings);
    if (pruned > 0) progress(`retention: ${pruned} older backups removed`);
    return { id, status: 'succeeded', directory, error: null };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_KEPT);
    await rm(path, { recursive: true, force: true });
    await db
      .update(schema.backups)
      .set({ status: 'failed', finishedAt: new Date(), durationMs: Date.now() - started.getTime(), error: message })
      .where(eq(schema.backups.id, id));
    progress(`backup ${id} failed: ${message}`);
    return { id, status: 'failed', directory, error: message };
  }
}

/** Named on a backup that succeeded without some uploads, so staff see it on the screen. */
const missingNote = (missing: readonly string[]) =>
  `Backed up without ${missing.length} uploaded files that the database names but the file store does not hold (or holds altered): ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', ...' : ''}`;

/** How many uploads a succeeded backup's note says it went without (0 without a note), for the screen's own words. */
export function missingFilesOf(note: string | null): number {
  return Number(/^Backed up without (\d+) uploaded files/.exec(note ?? '')?.[1] ?? 0);
}

const sumRows = (tables: readonly TableDigest[]) => tables.reduce((sum, t) => sum + t.rows, 0);

type Dumped = { database: Manifest['database']; tables: TableDigest[]; fileHashes: Manifest['files'] };

/** The uploads the database names, each once, with their recorded sizes. */
async function storedFileHashes(tx: Pick<Database, 'execute'>): Promise<Manifest['files']> {
  return rowsOf<{ sha256: string; bytes: number }>(
    await tx.execute(sql`select sha256, max(byte_size)::int as bytes from stored_files group by sha256 order by sha256`),
  ).map((r) => ({ sha256: r.sha256, bytes: Number(r.bytes) }));
}

/**
 * pg_dump in custom format, reading the snapshot this repeatable-read transaction exported, so
 * the dump, the table digests and the list of files are all the same instant while the product
 * keeps writing.
 */
async function dumpPostgres(settings: BackupSettings, path: string): Promise<Dumped> {
  if (!settings.databaseUrl) throw new Error('A PostgreSQL backup needs DATABASE_URL (pg_dump reads the database through it)');
  const databaseUrl = settings.databaseUrl;
  const file = join(path, POSTGRES_DUMP_FILE);
  return settings.connection.db.transaction(
    async (tx) => {
      const [snapshot] = rowsOf<{ id: string }>(await tx.execute(sql`select pg_export_snapshot() as id`));
      await runPostgresProgram('pg_dump', ['--format=custom', `--snapshot=${snapshot!.id}`, '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${databaseUrl}`]);
      const tables = await digestTables(tx);
      const fileHashes = await storedFileHashes(tx);
      return { database: { file: POSTGRES_DUMP_FILE, bytes: (await stat(file)).size, sha256: await sha256OfFile(file) }, tables, fileHashes };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * PGlite's data directory as one archive; its digests and file list are then read from the
 * archive itself, opened in memory, because the live database may change between two statements.
 */
async function dumpEmbedded(settings: BackupSettings, path: string): Promise<Dumped> {
  const dump = await dumpEmbeddedDatabase(settings.connection);
  const bytes = new Uint8Array(await dump.arrayBuffer());
  await writeFile(join(path, PGLITE_DUMP_FILE), bytes);
  const copy = await openEmbeddedDump(new Blob([bytes]));
  try {
    const { tables, fileHashes } = await copy.db.transaction(async (tx) => ({ tables: await digestTables(tx), fileHashes: await storedFileHashes(tx) }));
    return { database: { file: PGLITE_DUMP_FILE, bytes: bytes.byteLength, sha256: sha256Hex(bytes) }, tables, fileHashes };
  } finally {
    await copy.close();
  }
}

/**
 * Copies into the backup's shared store each upload not already there: they are named by their
 * content, so one already there is the same file, and each night copies only the new uploads
 * (the drill reads every file back against its name). A file the database names but the store
 * has lost, or whose bytes no longer match their name, cannot be backed up: it is listed apart
 * in the manifest and named on the backup's row, and the rest is backed up all the same.
 */
async function copyFiles(settings: BackupSettings, files: Manifest['files']) {
  const target = backupFileStore(settings.backupDir);
  const list: Manifest['files'] = [];
  const missing: string[] = [];
  let copied = 0;
  let copiedBytes = 0;
  for (const file of files) {
    if (await target.has(file.sha256)) {
      list.push(file);
      continue;
    }
    const bytes = await settings.files.get(file.sha256);
    if (!bytes || sha256Hex(bytes) !== file.sha256) {
      missing.push(file.sha256);
      continue;
    }
    await target.put(file.sha256, bytes);
    list.push({ sha256: file.sha256, bytes: bytes.byteLength });
    copied += 1;
    copiedBytes += bytes.byteLength;
  }
  return { list, missing, copied, copiedBytes };
}
