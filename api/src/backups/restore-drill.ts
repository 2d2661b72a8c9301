import { BACKUP_LIMITS } from '@psc/core';
import { connect, openEmbeddedDump, schema, type Database } from '@psc/db';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupSettings } from './backup-settings';
import { BackupRefused, readVerifiedManifest, type Manifest } from './manifest';
import { runPostgresProgram } from './postgres-programs';
import { checkBackupFiles, digestDatabase, type Mismatch } from './restore-backup';
import { compareDigests } from './table-digests';

export type DrillOutcome = { id: number; backupId: number; status: 'passed' | 'failed'; mismatches: number; error: string | null };

/**
 * The restore drill (spec §4 "backups": a backup nobody has restored is not a backup): restores
 * the newest backup still kept into a throwaway database (a new database beside the product's on
 * PostgreSQL, an in-memory PGlite on the embedded database), compares every table's row count and
 * digest and every uploaded file with the manifest, and records the result in `backup_drills`.
 * Null when there is no backup to drill. Run it under the backup job's lock.
 */
export async function runRestoreDrill(settings: BackupSettings, options: { requestedBy?: number | null } = {}): Promise<DrillOutcome | null> {
  const db = settings.connection.db;
  const progress = settings.onProgress ?? (() => {});
  const [latest] = await db
    .select({ id: schema.backups.id, directory: schema.backups.directory })
    .from(schema.backups)
    .where(and(eq(schema.backups.status, 'succeeded'), isNull(schema.backups.prunedAt)))
    .orderBy(desc(schema.backups.startedAt), desc(schema.backups.id))
    .limit(1);
  if (!latest) return null;
  const started = Date.now();
  const [row] = await db
    .insert(schema.backupDrills)
    .values({ backupId: latest.id, requestedBy: options.requestedBy ?? null })
    .returning({ id: schema.backupDrills.id });
  const id = row!.id;
  const finish = async (status: 'passed' | 'failed', values: { tablesCompared?: number; filesCompared?: number; mismatches?: Mismatch[]; error?: string }) => {
    const error = values.error?.slice(0, BACKUP_LIMITS.errorLength) ?? null;
    await db
      .update(schema.backupDrills)
      .set({
        status,
        finishedAt: new Date(),
        durationMs: Date.now() - started,
        tablesCompared: values.tablesCompared ?? null,
        filesCompared: values.filesCompared ?? null,
        mismatches: values.mismatches?.slice(0, BACKUP_LIMITS.mismatchesKept) ?? null,
        error,
      })
      .where(eq(schema.backupDrills.id, id));
    progress(`drill ${id} of backup ${latest.id}: ${status}${error ? ` (${error})` : ''}`);
    return { id, backupId: latest.id, status, mismatches: values.mismatches?.length ?? 0, error };
  };
  try {
    const path = join(settings.backupDir, latest.directory);
    const manifest = await readVerifiedManifest(path, progress);
    progress(`drill ${id}: restoring backup ${latest.id} into a throwaway database`);
    const found = await digestThrowawayRestore(settings, path, manifest);
    const mismatches = [...compareDigests(manifest.tables, found), ...(await checkBackupFiles(settings.backupDir, manifest))];
    return await finish(mismatches.length === 0 ? 'passed' : 'failed', {
      tablesCompared: manifest.tables.length,
      filesCompared: manifest.files.length,
      mismatches,
      ...(mismatches.length > 0 ? { error: `${mismatches.length} tables or files differ from the manifest` } : {}),
    });
  } catch (error) {
    return finish('failed', { error: error instanceof BackupRefused || error instanceof Error ? error.message : String(error) });
  }
}

async function digestThrowawayRestore(settings: BackupSettings, path: string, manifest: Manifest) {
  const dumpPath = join(path, manifest.database.file);
  if (manifest.engine === 'pglite') {
    const copy = await openEmbeddedDump(new Blob([await readFile(dumpPath)]));
    try {
      return await digestDatabase(copy.db);
    } finally {
      await copy.close();
    }
  }
  if (!settings.databaseUrl) throw new Error('A drill of a PostgreSQL backup needs DATABASE_URL (the throwaway database is made on the same server)');
  const name = `psc_drill_${randomBytes(6).toString('hex')}`;
  const url = new URL(settings.databaseUrl);
  url.pathname = `/${name}`;
  // The name is made here from random hex, never input: safe to splice.
  await runOnServer(settings.connection.db, `create database ${name}`);
  try {
    await runPostgresProgram('pg_restore', ['--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${url.toString()}`, dumpPath]);
    const restored = await connect({ databaseUrl: url.toString(), maxConnections: 2 });
    try {
      return await digestDatabase(restored.db);
    } finally {
      await restored.close();
    }
  } finally {
    await runOnServer(settings.connection.db, `drop database if exists ${name} with (force)`);
  }
}

/** CREATE and DROP DATABASE run outside a transaction, on the product's own pool. */
async function runOnServer(db: Database, statement: string) {
  await db.execute(sql.raw(statement));
}
