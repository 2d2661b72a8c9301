import { NEPAL_TIME_ZONE } from '@psc/core';
import { schema, type Connection } from '@psc/db';
import { sql } from 'drizzle-orm';
import cron from 'node-cron';
import { resolve } from 'node:path';
import type { Config } from '../config';
import type { FileStorage } from '../files/file-storage';
import type { Logger } from '../logger';
import { queueMail } from '../messaging/queue-mail';
import { JOB_LOCK_KEYS, runWithJobLock } from '../messaging/run-with-job-lock';
import type { BackupSettings } from './backup-settings';
import { runRestoreDrill, type DrillOutcome } from './restore-drill';
import { takeBackup, type BackupOutcome } from './take-backup';

export type BackupDeps = { connection: Connection; config: Config; logger: Logger; files: FileStorage; progress?: ((line: string) => void) | undefined };

/** The settings of this configuration: BACKUP_DIR (under DATA_DIR by default), retention, the database. */
export function backupSettingsOf(deps: BackupDeps): BackupSettings {
  return {
    connection: deps.connection,
    databaseUrl: deps.config.databaseUrl,
    files: deps.files,
    backupDir: resolve(deps.config.backup.dir ?? resolve(deps.config.dataDir, 'backups')),
    keepDaily: deps.config.backup.keepDaily,
    keepMonthly: deps.config.backup.keepMonthly,
    onProgress: deps.progress,
  };
}

/**
 * Runs a backup or drill under the backup job's advisory lock, so that of several instances (or
 * a screen's click during the night's run) only one works at a time (DESIGN "Growing past one
 * machine"). Answers as soon as the lock is decided: `started` false when another run holds it;
 * `done` settles with the run's outcome.
 */
export async function startUnderBackupLock<T>(connection: Connection, work: () => Promise<T>): Promise<{ started: boolean; done: Promise<T | undefined> }> {
  let decided!: (started: boolean) => void;
  const started = new Promise<boolean>((resolveStarted) => (decided = resolveStarted));
  const done = runWithJobLock(connection, JOB_LOCK_KEYS.backups, () => {
    decided(true);
    return work();
  }).then(
    (run) => {
      decided(false);
      return run.ran ? run.value : undefined;
    },
    (error: unknown) => {
      decided(false);
      throw error;
    },
  );
  return { started: await started, done };
}

/** Logs a failed backup or drill and mails the configured address through the outbox. */
export async function reportBackupFailure(deps: BackupDeps, outcome: { what: 'backup' | 'drill'; id: number; error: string | null }) {
  deps.logger.error({ [`${outcome.what}Id`]: outcome.id, error: outcome.error }, `${outcome.what} failed`);
  const to = deps.config.backup.alertEmail;
  if (!to) return;
  const subject = outcome.what === 'backup' ? `Backup ${outcome.id} failed` : `Restore drill ${outcome.id} failed`;
  await queueMail(deps.connection.db, {
    to,
    kind: 'backup-failed',
    subject,
    bodyText: `${subject} on ${new Date().toISOString()}.\n\n${outcome.error ?? 'No message.'}\n\nThe backup screen of the staff workstation lists every backup and drill.`,
  });
}

/** One backup now, reported as the nightly one is; the outcome, or undefined when another run holds the lock. */
export async function backupNow(deps: BackupDeps, kind: 'nightly' | 'manual' | 'startup', requestedBy: number | null = null) {
  return startUnderBackupLock(deps.connection, async (): Promise<BackupOutcome> => {
    const outcome = await takeBackup(backupSettingsOf(deps), { kind, requestedBy });
    if (outcome.status === 'failed') await reportBackupFailure(deps, { what: 'backup', id: outcome.id, error: outcome.error });
    return outcome;
  });
}

/** One restore drill now, reported as the weekly one is. */
export async function drillNow(deps: BackupDeps, requestedBy: number | null = null) {
  return startUnderBackupLock(deps.connection, async (): Promise<DrillOutcome | null> => {
    const outcome = await runRestoreDrill(backupSettingsOf(deps), { requestedBy });
    if (outcome?.status === 'failed') await reportBackupFailure(deps, { what: 'drill', id: outcome.id, error: outcome.error });
    return outcome;
  });
}

export type BackupJobs = { stop: () => Promise<void> };

/**
 * The nightly backup and the weekly restore drill on their schedules, in Nepal time
 * (BACKUP_SCHEDULE, BACKUP_DRILL_SCHEDULE); and, on a first start with the demo
 * (BACKUP_ON_FIRST_START), one backup and its drill at once, so the backup screen shows a real
 * one. Rows a crashed process left running are marked failed first.
 */
export function startBackupJobs(deps: BackupDeps): BackupJobs {
  const running = new Set<Promise<unknown>>();
  const track = (work: Promise<{ done: Promise<unknown> }>) => {
    const settled = work.then((run) => run.done).catch((error: unknown) => deps.logger.error({ err: error }, 'backup job failed'));
    running.add(settled);
    void settled.finally(() => running.delete(settled));
  };
  const nightly = cron.schedule(deps.config.backup.schedule, () => track(backupNow(deps, 'nightly')), { timezone: NEPAL_TIME_ZONE, name: 'nightly-backup', noOverlap: true });
  const weekly = cron.schedule(deps.config.backup.drillSchedule, () => track(drillNow(deps)), { timezone: NEPAL_TIME_ZONE, name: 'weekly-restore-drill', noOverlap: true });
  track(
    (async () => {
      await markInterrupted(deps.connection);
      if (!deps.config.backup.onFirstStart) return { done: Promise.resolve() };
      const [any] = await deps.connection.db.select({ id: schema.backups.id }).from(schema.backups).limit(1);
      if (any) return { done: Promise.resolve() };
      const first = await backupNow(deps, 'startup');
      return { done: first.done.then(async (outcome) => (outcome?.status === 'succeeded' ? (await drillNow(deps)).done : undefined)) };
    })(),
  );
  return {
    stop: async () => {
      await nightly.destroy();
      await weekly.destroy();
      await Promise.all([...running]);
    },
  };
}

/**
 * A backup or drill still `running` when no run holds the lock was cut short by a stopped
 * process: it is marked failed so the screen does not show it running for ever. Taken under the
 * lock, so a run of another instance is never touched.
 */
async function markInterrupted(connection: Connection) {
  await runWithJobLock(connection, JOB_LOCK_KEYS.backups, async () => {
    const message = 'Interrupted: the process running it stopped before it finished';
    await connection.db.execute(sql`update backups set status = 'failed', finished_at = now(), error = ${message} where status = 'running'`);
    await connection.db.execute(sql`update backup_drills set status = 'failed', finished_at = now(), error = ${message} where status = 'running'`);
  });
}
