import { schema, userFullNameEn, userFullNameNp, type Database } from '@psc/db';
import { desc, eq } from 'drizzle-orm';
import { missingFilesOf } from './take-backup';

/** Who asked for a backup or drill, in both languages (null names for a scheduled run). */
const requestedBy = { requestedByEn: userFullNameEn, requestedByNp: userFullNameNp };

/** The backups shown on the backup screen, newest first. */
export const BACKUPS_LISTED = 60;

/**
 * The backup screen's read (spec §4 "backups"): the newest backups with size, duration and
 * outcome, and the newest restore drill with what it compared and found. Directory names only:
 * where the backup folder is on the server is the operator's business.
 */
export async function listBackups(db: Database) {
  const backups = await db
    .select({
      id: schema.backups.id,
      kind: schema.backups.kind,
      engine: schema.backups.engine,
      status: schema.backups.status,
      startedAt: schema.backups.startedAt,
      finishedAt: schema.backups.finishedAt,
      durationMs: schema.backups.durationMs,
      directory: schema.backups.directory,
      sizeBytes: schema.backups.sizeBytes,
      tableCount: schema.backups.tableCount,
      rowCount: schema.backups.rowCount,
      fileCount: schema.backups.fileCount,
      error: schema.backups.error,
      prunedAt: schema.backups.prunedAt,
      ...requestedBy,
    })
    .from(schema.backups)
    .leftJoin(schema.users, eq(schema.users.id, schema.backups.requestedBy))
    .orderBy(desc(schema.backups.startedAt), desc(schema.backups.id))
    .limit(BACKUPS_LISTED);
  const [lastDrill] = await db
    .select({
      id: schema.backupDrills.id,
      backupId: schema.backupDrills.backupId,
      status: schema.backupDrills.status,
      startedAt: schema.backupDrills.startedAt,
      finishedAt: schema.backupDrills.finishedAt,
      durationMs: schema.backupDrills.durationMs,
      tablesCompared: schema.backupDrills.tablesCompared,
      filesCompared: schema.backupDrills.filesCompared,
      mismatches: schema.backupDrills.mismatches,
      error: schema.backupDrills.error,
      ...requestedBy,
    })
    .from(schema.backupDrills)
    .leftJoin(schema.users, eq(schema.users.id, schema.backupDrills.requestedBy))
    .orderBy(desc(schema.backupDrills.startedAt), desc(schema.backupDrills.id))
    .limit(1);
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    backups: backups.map((b) => ({ ...b, startedAt: b.startedAt.toISOString(), finishedAt: iso(b.finishedAt), prunedAt: iso(b.prunedAt), requestedByEn: b.requestedByEn || null, missingFiles: b.status === 'succeeded' ? missingFilesOf(b.error) : 0 })),
    lastDrill: lastDrill
      ? { ...lastDrill, startedAt: lastDrill.startedAt.toISOString(), finishedAt: iso(lastDrill.finishedAt), mismatches: lastDrill.mismatches ?? [], requestedByEn: lastDrill.requestedByEn || null }
      : null,
    running: backups.some((b) => b.status === 'running') || lastDrill?.status === 'running',
  };
}
