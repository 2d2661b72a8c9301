import { todayAd } from '@psc/core';
import type { Connection } from '@psc/db';
import { join } from 'node:path';
import { createLocalFileStorage, type FileStorage } from '../files/file-storage';

/** What taking, restoring and drilling a backup need, whoever runs them (the API or the command line). */
export type BackupSettings = {
  connection: Connection;
  /** The address pg_dump reads and the drill's throwaway database is made beside; PostgreSQL only. */
  databaseUrl: string | undefined;
  /** The product's uploaded files. */
  files: FileStorage;
  /** Where backups are written: one directory per backup and the shared files/ store. */
  backupDir: string;
  /** Backups kept: the newest of each of this many days, and of each of this many months. */
  keepDaily: number;
  keepMonthly: number;
  /** Told each step as it happens (the command line prints them). */
  onProgress?: ((line: string) => void) | undefined;
};

/** The shared store of uploaded files inside the backup folder, laid out as the product's own. */
export const backupFileStore = (backupDir: string) => createLocalFileStorage(join(backupDir, 'files'));

/** The Nepal calendar day (A.D.) and month a backup belongs to, for the retention. */
export function retentionDayOf(startedAt: Date): { day: string; month: string } {
  const day = todayAd(startedAt);
  return { day, month: day.slice(0, 7) };
}
