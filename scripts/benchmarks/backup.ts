import { connect } from '@psc/db';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { rowsOf } from '../../api/src/applications/rows-of';
import type { BackupSettings } from '../../api/src/backups/backup-settings';
import { runPostgresProgram } from '../../api/src/backups/postgres-programs';
import { restoreBackup } from '../../api/src/backups/restore-backup';
import { runRestoreDrill } from '../../api/src/backups/restore-drill';
import { takeBackup } from '../../api/src/backups/take-backup';
import { dataDirFileStorage } from '../../api/src/files/file-storage';
import { prepareDatabase } from '../../api/src/prepare-database';
import { startThrowawayCluster } from '../lib/postgres-cluster';
import { seedApplyWorld } from './apply-seed';
import { seedApplications } from './reads-seed';

// `npm run bench -- backup`: the product's backup, restore and restore drill of a database of
// 100,000 candidates and 500,000 applications (5 each) on a throwaway PostgreSQL cluster, beside
// a bare `pg_dump -Fc` and `pg_restore` of the same database in the same run: the product's work
// over the bare tools' is its manifest (a digest of every table), the file copy and the checks.
// --candidates and --per-candidate scale it down for a quick look.

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

export async function benchBackup() {
  const { values } = parseArgs({ args: process.argv.slice(3), options: { candidates: { type: 'string', default: '100000' }, 'per-candidate': { type: 'string', default: '5' } } });
  const candidates = Number(values.candidates);
  const perCandidate = Number(values['per-candidate']);
  const cluster = await startThrowawayCluster();
  const folder = mkdtempSync(join(tmpdir(), 'psc-bench-backup-'));
  const urlOf = (name: string) => {
    const url = new URL(cluster.url);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = await connect({ databaseUrl: cluster.url, maxConnections: 1 });
  try {
    for (const name of ['bench_source', 'bench_bare_restore', 'bench_product_restore']) await admin.db.execute(sql.raw(`create database ${name}`));
    const connection = await connect({ databaseUrl: urlOf('bench_source'), maxConnections: 6 });
    try {
      const files = dataDirFileStorage(join(folder, 'data'));
      await prepareDatabase(connection, { seedDemo: false, files });
      const world = await seedApplyWorld(connection.db, candidates, (line) => console.log(line));
      await seedApplications(connection.db, world, candidates, perCandidate, (line) => console.log(line));
      await connection.db.execute(sql`vacuum analyze`);
      console.log(`backup benchmark on PostgreSQL (throwaway cluster), ${candidates.toLocaleString('en')} candidates, ${(candidates * perCandidate).toLocaleString('en')} applications`);

      const bareFile = join(folder, 'bare.dump');
      const bareDump = await timed(() => runPostgresProgram('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${bareFile}`, `--dbname=${urlOf('bench_source')}`]));
      const bareRestore = await timed(() => runPostgresProgram('pg_restore', ['--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${urlOf('bench_bare_restore')}`, bareFile]));
      const bareBytes = (await stat(bareFile)).size;
      console.log(`baseline: pg_dump -Fc ${seconds(bareDump.ms)} (${megabytes(bareBytes)}), pg_restore ${seconds(bareRestore.ms)}`);

      const settings: BackupSettings = { connection, databaseUrl: urlOf('bench_source'), files, backupDir: join(folder, 'backups'), keepDaily: 7, keepMonthly: 12 };
      const backup = await timed(() => takeBackup(settings, { kind: 'manual' }));
      if (backup.value.status !== 'succeeded') throw new Error(`the backup failed: ${backup.value.error}`);
      const [row] = rowsOf<{ size_bytes: string; row_count: string }>(await connection.db.execute(sql`select size_bytes, row_count from backups where id = ${backup.value.id}`));
      const restore = await timed(() =>
        restoreBackup(join(settings.backupDir, backup.value.directory), settings.backupDir, { engine: 'postgres', databaseUrl: urlOf('bench_product_restore'), filesDir: join(folder, 'restored-files') }),
      );
      const drill = await timed(() => runRestoreDrill(settings));
      if (drill.value?.status !== 'passed') throw new Error(`the drill did not pass: ${drill.value?.error}`);
      console.log(`product: backup ${seconds(backup.ms)} (${megabytes(Number(row!.size_bytes))}, ${Number(row!.row_count).toLocaleString('en')} rows digested), restore with checks ${seconds(restore.ms)}, restore drill ${seconds(drill.ms)}`);
      console.log(
        `ratio to the bare tools: backup ${(backup.ms / bareDump.ms).toFixed(2)}x pg_dump, restore ${(restore.ms / bareRestore.ms).toFixed(2)}x pg_restore, ` +
          `drill ${(drill.ms / bareRestore.ms).toFixed(2)}x pg_restore; size ${(Number(row!.size_bytes) / bareBytes).toFixed(2)}x`,
      );
    } finally {
      await connection.close();
    }
  } finally {
    await admin.close();
    cluster.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
