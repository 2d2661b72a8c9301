import { schema } from '@psc/db';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { backupFileStore, retentionDayOf, type BackupSettings } from './backup-settings';
import { MANIFEST_FILE, type Manifest } from './manifest';

/**
 * Which backups the retention keeps (spec §4 "backups"; configuration BACKUP_KEEP_DAILY and
 * BACKUP_KEEP_MONTHLY): the newest of each of the newest `daily` days, and the newest of each of
 * the newest `monthly` months, days and months in Nepal. Takes them newest first.
 */
export function backupsToKeep(backups: readonly { id: number; startedAt: Date }[], daily: number, monthly: number): Set<number> {
  const keep = new Set<number>();
  const days = new Set<string>();
  const months = new Set<string>();
  for (const backup of backups) {
    const { day, month } = retentionDayOf(backup.startedAt);
    if (!days.has(day) && days.size < daily) {
      days.add(day);
      keep.add(backup.id);
    }
    if (!months.has(month) && months.size < monthly) {
      months.add(month);
      keep.add(backup.id);
    }
  }
  return keep;
}

/**
 * Removes the directories of the succeeded backups the retention no longer keeps (their rows
 * stay, marked pruned, as the record), then the uploaded files in the shared store that no kept
 * backup names. Answers how many backups it removed.
 */
export async function pruneBackups(settings: BackupSettings): Promise<number> {
  const db = settings.connection.db;
  const live = await db
    .select({ id: schema.backups.id, startedAt: schema.backups.startedAt, directory: schema.backups.directory })
    .from(schema.backups)
    .where(and(eq(schema.backups.status, 'succeeded'), isNull(schema.backups.prunedAt)))
    .orderBy(desc(schema.backups.startedAt), desc(schema.backups.id));
  const keep = backupsToKeep(live, settings.keepDaily, settings.keepMonthly);
  const gone = live.filter((b) => !keep.has(b.id));
  for (const backup of gone) await rm(join(settings.backupDir, backup.directory), { recursive: true, force: true });
  if (gone.length > 0) {
    await db
      .update(schema.backups)
      .set({ prunedAt: new Date() })
      .where(inArray(schema.backups.id, gone.map((b) => b.id)));
    await pruneFiles(settings.backupDir, live.filter((b) => keep.has(b.id)).map((b) => b.directory));
  }
  return gone.length;
}

/** Deletes from the shared store the files no kept manifest names; nothing if a manifest is unreadable. */
async function pruneFiles(backupDir: string, keptDirectories: readonly string[]) {
  const named = new Set<string>();
  for (const directory of keptDirectories) {
    try {
      const manifest = JSON.parse(await readFile(join(backupDir, directory, MANIFEST_FILE), 'utf8')) as Manifest;
      for (const file of manifest.files) named.add(file.sha256);
    } catch {
      return;
    }
  }
  const root = join(backupDir, 'files');
  if (!existsSync(root)) return;
  const store = backupFileStore(backupDir);
  for (const first of await readdir(root)) {
    for (const second of await readdir(join(root, first))) {
      for (const name of await readdir(join(root, first, second))) {
        if (/^[0-9a-f]{64}$/.test(name) && !named.has(name)) await store.delete(name);
      }
    }
  }
}
