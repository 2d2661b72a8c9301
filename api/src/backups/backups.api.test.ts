import { connect, schema } from '@psc/db';
import { createTestDatabase } from '@psc/db/testing';
import { sql } from 'drizzle-orm';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../applications/rows-of';
import { createLocalFileStorage, getFileStorage } from '../files/file-storage';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { backupNow, startUnderBackupLock } from './backup-jobs';
import type { BackupSettings } from './backup-settings';
import { MANIFEST_DIGEST_FILE, MANIFEST_FILE, sha256Hex, type Manifest } from './manifest';
import { digestDatabase, restoreBackup, type RestoreTarget } from './restore-backup';
import { runRestoreDrill } from './restore-drill';
import { lastBackupRun } from './routes';
import { takeBackup } from './take-backup';

type Listing = {
  backups: { id: number; kind: string; status: string; missingFiles: number; sizeBytes: number | null; durationMs: number | null; fileCount: number | null; tableCount: number | null; error: string | null; directory: string }[];
  lastDrill: { id: number; backupId: number; status: string; tablesCompared: number; filesCompared: number; mismatches: unknown[]; error: string | null } | null;
  running: boolean;
};

let t: TestApp;
let admin: string;
let scratch: string;
let settings: BackupSettings;
const postgres = process.env.TEST_DATABASE === 'postgres';

/** The address of the test's own database: pg_dump and the drill reach it by URL. */
async function ownDatabaseUrl(): Promise<string | undefined> {
  if (!postgres) return undefined;
  const [row] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`));
  const url = new URL(process.env.TEST_POSTGRES_URL!);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signInAdministrator()).accessToken;
  scratch = mkdtempSync(join(tmpdir(), 'psc-backup-test-'));
  t.deps.config.databaseUrl = await ownDatabaseUrl();
  t.deps.config.backup.dir = join(scratch, 'backups');
  settings = {
    connection: t.deps.connection,
    databaseUrl: t.deps.config.databaseUrl,
    files: getFileStorage(t.deps),
    backupDir: join(scratch, 'backups'),
    keepDaily: 7,
    keepMonthly: 12,
  };
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function restoreTarget(name: string): Promise<{ target: RestoreTarget; close: () => Promise<void> }> {
  const filesDir = join(scratch, name, 'files');
  if (!postgres) return { target: { engine: 'pglite', pgliteDir: join(scratch, name, 'pglite'), filesDir }, close: async () => {} };
  const database = await createTestDatabase();
  return { target: { engine: 'postgres', databaseUrl: database!.url, filesDir }, close: database!.drop };
}

async function openTarget(target: RestoreTarget) {
  if (target.engine === 'postgres') return connect({ databaseUrl: target.databaseUrl, maxConnections: 2 });
  return connect({ dataDir: target.pgliteDir });
}

describe('a backup restored into a fresh database', () => {
  it('has the same row counts and digests in every table, and the same files', async () => {
    const outcome = await takeBackup(settings, { kind: 'manual' });
    expect(outcome.status).toBe('succeeded');
    const path = join(settings.backupDir, outcome.directory);
    const manifest = JSON.parse(readFileSync(join(path, MANIFEST_FILE), 'utf8')) as Manifest;
    expect(manifest.engine).toBe(t.deps.connection.engine);
    expect(manifest.files.length).toBeGreaterThan(0);
    // The demo's requisition document is a row without bytes: listed apart, and named on the row.
    expect(manifest.missingFiles).toEqual(['0'.repeat(64)]);
    expect(outcome.error).toBeNull();
    const [row] = await t.db.select().from(schema.backups).where(sql`${schema.backups.id} = ${outcome.id}`);
    expect(row!.error).toMatch(/^Backed up without 1 uploaded files/);
    expect(manifest.tables.find((table) => table.table === 'public.users')!.rows).toBeGreaterThan(0);

    const live = await digestDatabase(t.db);
    expect(live).toEqual(manifest.tables);

    const { target, close } = await restoreTarget('first');
    try {
      const lines: string[] = [];
      const restored = await restoreBackup(path, settings.backupDir, target, { onProgress: (line) => lines.push(line) });
      expect(restored.tables).toBe(manifest.tables.length);
      expect(lines.some((line) => line.includes('comparing'))).toBe(true);
      const connection = await openTarget(target);
      try {
        expect(await digestDatabase(connection.db)).toEqual(live);
        const [row] = await connection.db.select({ status: schema.backups.status }).from(schema.backups).where(sql`${schema.backups.id} = ${outcome.id}`);
        expect(row!.status).toBe('succeeded');
      } finally {
        await connection.close();
      }
      const restoredFiles = createLocalFileStorage(target.filesDir);
      for (const file of manifest.files) expect(Buffer.from((await restoredFiles.get(file.sha256))!)).toEqual(Buffer.from((await settings.files.get(file.sha256))!));

      // The target is no longer empty: refused, unless told.
      await expect(restoreBackup(path, settings.backupDir, target)).rejects.toThrow(/Refusing to restore over existing data/);
      await expect(restoreBackup(path, settings.backupDir, target, { force: true })).resolves.toMatchObject({ files: manifest.files.length });
    } finally {
      await close();
    }
  }, 240_000);

  it('copies only new uploads into the shared store the next time', async () => {
    const second = await takeBackup(settings, { kind: 'manual' });
    const [row] = await t.db.select().from(schema.backups).where(sql`${schema.backups.id} = ${second.id}`);
    const manifest = JSON.parse(readFileSync(join(settings.backupDir, second.directory, MANIFEST_FILE), 'utf8')) as Manifest;
    const uploads = manifest.files.reduce((sum, f) => sum + f.bytes, 0);
    // The dump and manifest only: every upload was copied by the first backup.
    expect(row!.sizeBytes).toBeLessThan(manifest.database.bytes + 64 * 1024 + uploads);
    expect(row!.fileCount).toBe(manifest.files.length);
  }, 240_000);
});

describe('a damaged backup', () => {
  let good: string;
  let copies = 0;
  beforeAll(async () => {
    good = join(settings.backupDir, (await takeBackup(settings, { kind: 'manual' })).directory);
  });
  /** A damaged copy of a good backup, beside it in the backup folder (sharing its files). */
  function damagedCopy(damage: (path: string, manifest: Manifest) => void) {
    copies += 1;
    const path = `${good}-damaged-${copies}`;
    cpSync(good, path, { recursive: true });
    damage(path, JSON.parse(readFileSync(join(path, MANIFEST_FILE), 'utf8')) as Manifest);
    return path;
  }
  const damage = (how: (path: string, manifest: Manifest) => void, path: string) => how(path, JSON.parse(readFileSync(join(path, MANIFEST_FILE), 'utf8')) as Manifest);
  const rewriteManifest = (path: string, manifest: Manifest) => {
    const text = `${JSON.stringify(manifest)}\n`;
    writeFileSync(join(path, MANIFEST_FILE), text);
    writeFileSync(join(path, MANIFEST_DIGEST_FILE), `${sha256Hex(text)}\n`);
  };

  it('is refused by the restore with a message naming what is wrong, before anything is written', async () => {
    const { target, close } = await restoreTarget('damaged');
    try {
      const corrupt = damagedCopy((path, manifest) => {
        const dump = readFileSync(join(path, manifest.database.file));
        dump[Math.floor(dump.length / 2)]! ^= 0xff;
        writeFileSync(join(path, manifest.database.file), dump);
      });
      await expect(restoreBackup(corrupt, settings.backupDir, target)).rejects.toThrow(/corrupted: the database dump .* does not match its checksum/);
      const tampered = damagedCopy((path) => writeFileSync(join(path, MANIFEST_FILE), readFileSync(join(path, MANIFEST_FILE), 'utf8').replace('"rows": ', '"rows": 1')));
      await expect(restoreBackup(tampered, settings.backupDir, target)).rejects.toThrow(/altered: manifest.json does not match its checksum/);
      const incomplete = damagedCopy((path) => rmSync(join(path, MANIFEST_FILE)));
      await expect(restoreBackup(incomplete, settings.backupDir, target)).rejects.toThrow(/incomplete: manifest.json is missing/);
      const older = damagedCopy((path, manifest) => rewriteManifest(path, { ...manifest, schemaVersion: '0021_results' }));
      await expect(restoreBackup(older, settings.backupDir, target)).rejects.toThrow(/another schema version \(0021_results/);
      const fileLost = damagedCopy((path, manifest) => rewriteManifest(path, { ...manifest, files: [...manifest.files, { sha256: 'ab'.repeat(32), bytes: 10 }] }));
      await expect(restoreBackup(fileLost, settings.backupDir, target)).rejects.toThrow(/1 uploaded files are missing or altered/);
      // Nothing was written into the target.
      expect(() => readFileSync(join(target.filesDir, 'x'))).toThrow();
    } finally {
      await close();
    }
  });

  it('fails the restore drill, which records what it found', async () => {
    // The drill takes the newest backup: the good one, damaged in place.
    damage((path, manifest) => {
      const dump = readFileSync(join(path, manifest.database.file));
      dump[dump.length - 10]! ^= 0xff;
      writeFileSync(join(path, manifest.database.file), dump);
    }, good);
    const drill = await runRestoreDrill(settings);
    expect(drill).toMatchObject({ status: 'failed' });
    expect(drill!.error).toMatch(/corrupted/);
  });
});

describe('the backup job', () => {
  it('never runs on two instances at once', async () => {
    const other = postgres ? await connect({ databaseUrl: settings.databaseUrl!, maxConnections: 3 }) : t.deps.connection;
    try {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const first = await startUnderBackupLock(t.deps.connection, () => gate);
      expect(first.started).toBe(true);
      const second = await startUnderBackupLock(other, async () => 'ran');
      expect(second.started).toBe(false);
      expect(await second.done).toBeUndefined();
      // Nor does a nightly run start while the screen's run holds the lock.
      const nightly = await backupNow({ connection: other, config: t.deps.config, logger: t.deps.logger, files: settings.files }, 'nightly');
      expect(nightly.started).toBe(false);
      release();
      await first.done;
      const after = await startUnderBackupLock(other, async () => 'ran');
      expect(after.started).toBe(true);
      expect(await after.done).toBe('ran');
    } finally {
      if (other !== t.deps.connection) await other.close();
    }
  });
});

describe('/api/admin/backups [BUK]', () => {
  it('takes a backup and runs the restore drill from the screen, and lists both', async () => {
    const started = await t.call('POST', '/api/admin/backups', { token: admin, lang: 'en' });
    expect(started.status).toBe(200);
    expect(started.body.message).toMatch(/backup has started/);
    await lastBackupRun(t.deps);
    const drill = await t.call('POST', '/api/admin/backups/drills', { token: admin, lang: 'ne' });
    expect(drill.status).toBe(200);
    await lastBackupRun(t.deps);
    const listing = (await t.call('GET', '/api/admin/backups', { token: admin })).body.data as Listing;
    const newest = listing.backups[0]!;
    // The demo's requisition document has no bytes: counted for the screen's own words.
    expect(newest).toMatchObject({ kind: 'manual', status: 'succeeded', missingFiles: 1 });
    expect(newest.sizeBytes).toBeGreaterThan(0);
    expect(newest.durationMs).toBeGreaterThanOrEqual(0);
    expect(listing.lastDrill).toMatchObject({ backupId: newest.id, status: 'passed', mismatches: [], error: null });
    expect(listing.lastDrill!.tablesCompared).toBeGreaterThan(20);
    expect(listing.running).toBe(false);
    const audits = await t.db.select().from(schema.auditLog).where(sql`${schema.auditLog.entity} in ('backups', 'backup_drills')`);
    expect(audits.map((a) => a.entity).sort()).toEqual(['backup_drills', 'backups']);
  }, 240_000);

  it('answers busy while a run holds the lock, in the caller\'s language', async () => {
    let release!: () => void;
    const held = await startUnderBackupLock(t.deps.connection, () => new Promise<void>((resolve) => (release = resolve)));
    const answer = await t.call('POST', '/api/admin/backups', { token: admin, lang: 'en' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/already running/);
    const nepali = await t.call('POST', '/api/admin/backups/drills', { token: admin, lang: 'ne' });
    expect(nepali.status).toBe(409);
    expect(nepali.body.message).toMatch(/चलिरहेको/);
    release();
    await held.done;
  });

  it('is refused to a candidate', async () => {
    const candidate = (await t.signInCandidate()).accessToken;
    expect((await t.call('GET', '/api/admin/backups', { token: candidate })).status).toBe(403);
    expect((await t.call('POST', '/api/admin/backups', { token: candidate })).status).toBe(403);
  });
});
