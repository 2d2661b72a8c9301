// Backups and restore drills (spec §4 "backups", §6 BUK): the kinds and outcomes the database,
// the API and the backup screen share.

export const BACKUP_KINDS = ['nightly', 'manual', 'startup'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];
export const BACKUP_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];
export const BACKUP_ENGINES = ['postgres', 'pglite'] as const;
export type BackupEngine = (typeof BACKUP_ENGINES)[number];
export const BACKUP_DRILL_STATUSES = ['running', 'passed', 'failed'] as const;
export type BackupDrillStatus = (typeof BACKUP_DRILL_STATUSES)[number];

/** Column limits of the backup tables, checked by the database too. */
export const BACKUP_LIMITS = {
  directoryLength: 200,
  errorLength: 4000,
  /** Mismatches kept per drill: enough to see what went wrong without storing a whole table. */
  mismatchesKept: 50,
} as const;

/** One difference a drill or a restore found: a table's count or digest, or a file's checksum. */
export type BackupDrillMismatch = {
  item: string;
  expected: string;
  found: string;
};
