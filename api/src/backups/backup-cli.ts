import { connect, type Connection } from '@psc/db';
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { Config } from '../config';
import { dataDirFileStorage } from '../files/file-storage';
import { createLogger } from '../logger';
import { backupNow, backupSettingsOf } from './backup-jobs';
import { BackupRefused } from './manifest';
import { restoreBackup } from './restore-backup';

// `npm run backup` and `npm run restore -- <backup>` (README "Backups"): the same backup and
// restore as the API's, against the configuration in the environment, printing each step.

/**
 * The embedded database is one session in one process: while the product runs, only the product
 * may read it. Answers the running product's address if its health route answers.
 */
async function runningProduct(config: Config): Promise<string | undefined> {
  const url = `http://127.0.0.1:${config.port}/api/health`;
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(1500) });
    return answer.ok ? `http://localhost:${config.port}` : undefined;
  } catch {
    return undefined;
  }
}

const pgliteDirOf = (config: Config) => resolve(config.dataDir, 'pglite');

async function openDatabase(config: Config, what: 'backup' | 'restore'): Promise<Connection> {
  if (config.databaseUrl) return connect({ databaseUrl: config.databaseUrl, maxConnections: 3 });
  const product = await runningProduct(config);
  if (product) {
    throw new BackupRefused(
      what === 'backup'
        ? `The embedded database is held by the product running at ${product}: take the backup from the workstation's Backups screen, or stop the product and run this again.`
        : `The product is running at ${product} on the embedded database: stop it before restoring.`,
    );
  }
  if (!existsSync(pgliteDirOf(config))) throw new BackupRefused(`There is no embedded database in ${pgliteDirOf(config)} to back up (DATA_DIR): start the product once, or set DATABASE_URL.`);
  return connect({ dataDir: pgliteDirOf(config) });
}

/** Takes one backup now; answers the process exit code. */
export async function runBackupCommand(config: Config, print: (line: string) => void): Promise<number> {
  const connection = await openDatabase(config, 'backup');
  try {
    const deps = { connection, config, logger: createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel), files: dataDirFileStorage(config.dataDir) };
    const settings = backupSettingsOf(deps);
    print(`Backing up the ${connection.engine === 'postgres' ? 'PostgreSQL' : 'embedded'} database and the files of ${resolve(config.dataDir, 'files')} into ${settings.backupDir}`);
    const run = await backupNow({ ...deps, progress: print }, 'manual');
    if (!run.started) {
      print('Another backup or restore drill is running (it holds the backup lock): try again when it has finished.');
      return 1;
    }
    const outcome = await run.done;
    if (!outcome || outcome.status === 'failed') return 1;
    print(`Backup ${outcome.id} written to ${resolve(settings.backupDir, outcome.directory)}`);
    return 0;
  } finally {
    await connection.close();
  }
}

/** Restores a backup (a directory, or a name inside the backup folder); answers the exit code. */
export async function runRestoreCommand(config: Config, backup: string, options: { force: boolean }, print: (line: string) => void): Promise<number> {
  const backupDir = resolve(config.backup.dir ?? resolve(config.dataDir, 'backups'));
  const path = isAbsolute(backup) || backup.includes('/') ? resolve(backup) : resolve(backupDir, backup);
  if (!config.databaseUrl) {
    const product = await runningProduct(config);
    if (product) throw new BackupRefused(`The product is running at ${product} on the embedded database: stop it before restoring.`);
  }
  const target = config.databaseUrl
    ? { engine: 'postgres' as const, databaseUrl: config.databaseUrl, filesDir: resolve(config.dataDir, 'files') }
    : { engine: 'pglite' as const, pgliteDir: pgliteDirOf(config), filesDir: resolve(config.dataDir, 'files') };
  const restored = await restoreBackup(path, resolve(path, '..'), target, { force: options.force, onProgress: print });
  print(`Restored ${restored.tables} tables (${restored.rows} rows) and ${restored.files} files.`);
  return 0;
}

export { BackupRefused };
