import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { BACKUP_DRILL_STATUSES, BACKUP_ENGINES, BACKUP_KINDS, BACKUP_LIMITS, BACKUP_STATUSES, type BackupDrillMismatch } from '@psc/core';
import { users } from './identity';

// Backups and restore drills (spec §4 "backups", §6 BUK). A backup is the database and the
// uploaded files taken together into one directory under the configured backup folder, with a
// manifest of row counts, per-table digests and file checksums; a drill restores one into a
// throwaway database and compares it with that manifest. The rows are the record staff read on
// the backup screen: what ran, how long, how big, and what failed.

/** One backup run, from start to its outcome; the directory is named relative to the backup folder. */
export const backups = pgTable(
  'backups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: BACKUP_KINDS }).notNull(),
    engine: text('engine', { enum: BACKUP_ENGINES }).notNull(),
    status: text('status', { enum: BACKUP_STATUSES }).notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    /** The backup's directory name inside the backup folder (never an absolute path). */
    directory: text('directory').notNull(),
    /** Bytes of the dump, the manifest and the files newly copied by this backup. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    tableCount: integer('table_count'),
    rowCount: bigint('row_count', { mode: 'number' }),
    fileCount: integer('file_count'),
    /** sha256 of the manifest as written: a restore refuses a manifest that no longer matches. */
    manifestSha256: text('manifest_sha256'),
    /** The last migration applied when the backup was taken. */
    schemaVersion: text('schema_version'),
    error: text('error'),
    requestedBy: integer('requested_by').references(() => users.id),
    /** Set when retention removed the directory; the row stays as the record. */
    prunedAt: timestamp('pruned_at', { withTimezone: true }),
  },
  (t) => [
    index('backups_started_idx').on(t.startedAt),
    check('backups_kind_check', sql`${t.kind} in ('nightly', 'manual', 'startup')`),
    check('backups_engine_check', sql`${t.engine} in ('postgres', 'pglite')`),
    check('backups_status_check', sql`${t.status} in ('running', 'succeeded', 'failed')`),
    check('backups_directory_check', sql`char_length(${t.directory}) between 1 and ${sql.raw(String(BACKUP_LIMITS.directoryLength))}`),
    check('backups_error_check', sql`char_length(${t.error}) <= ${sql.raw(String(BACKUP_LIMITS.errorLength))}`),
    check('backups_manifest_check', sql`${t.manifestSha256} ~ '^[0-9a-f]{64}$'`),
    check('backups_numbers_check', sql`${t.durationMs} >= 0 and ${t.sizeBytes} >= 0 and ${t.tableCount} >= 0 and ${t.rowCount} >= 0 and ${t.fileCount} >= 0`),
  ],
);

/** One restore drill of one backup: restored into a throwaway database and compared with its manifest. */
export const backupDrills = pgTable(
  'backup_drills',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    backupId: integer('backup_id')
      .notNull()
      .references(() => backups.id),
    status: text('status', { enum: BACKUP_DRILL_STATUSES }).notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    tablesCompared: integer('tables_compared'),
    filesCompared: integer('files_compared'),
    /** What differed: [{ table | file, expected, found }], at most a page of them. */
    mismatches: jsonb('mismatches').$type<BackupDrillMismatch[]>(),
    error: text('error'),
    /** Null for the weekly drill run by the schedule. */
    requestedBy: integer('requested_by').references(() => users.id),
  },
  (t) => [
    index('backup_drills_started_idx').on(t.startedAt),
    index('backup_drills_backup_idx').on(t.backupId),
    check('backup_drills_status_check', sql`${t.status} in ('running', 'passed', 'failed')`),
    check('backup_drills_error_check', sql`char_length(${t.error}) <= ${sql.raw(String(BACKUP_LIMITS.errorLength))}`),
    check('backup_drills_numbers_check', sql`${t.durationMs} >= 0 and ${t.tablesCompared} >= 0 and ${t.filesCompared} >= 0`),
  ],
);
