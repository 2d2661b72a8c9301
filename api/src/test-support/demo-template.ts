import { todayAd } from '@psc/core';
import { connect, type Connection } from '@psc/db';
import { createTestConnection } from '@psc/db/testing';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { dataDirFileStorage } from '../files/file-storage';
import { prepareDatabase } from '../prepare-database';

/**
 * A test's database, migrated and seeded with the demo, and the demo's files in `dataDir`.
 *
 * Migrating and seeding the whole demo takes seconds on PGlite, and every API and end-to-end
 * test file starts from it. When the test runner names a scratch folder
 * (PSC_TEST_TEMPLATE_DIR, set by `npm test`), the first file to need it builds it once per
 * engine and every other file, in any worker process, copies it: PGlite from a dump of its data
 * directory, PostgreSQL with CREATE DATABASE ... TEMPLATE. Without the folder (one test file
 * run by hand), each file prepares its own, as before. The copy is the same database the
 * preparation made, so a test cannot tell the two apart.
 */
export async function createDemoTestConnection(dataDir: string): Promise<Connection> {
  const folder = process.env.PSC_TEST_TEMPLATE_DIR;
  if (folder) {
    const template = await demoTemplate(folder);
    if (template) {
      cpSync(template.filesDir, dataDir, { recursive: true });
      if (template.engine === 'pglite') {
        const dump = new Blob([readFileSync(template.dumpFile)]);
        return connect({ loadDataDir: dump });
      }
      return createTestConnection({ template: template.databaseName });
    }
  }
  const connection = await createTestConnection();
  await prepareDatabase(connection, { seedDemo: true, files: dataDirFileStorage(dataDir) });
  return connection;
}

type Template =
  | { engine: 'pglite'; filesDir: string; dumpFile: string }
  | { engine: 'postgres'; filesDir: string; databaseName: string };

const WAIT_FOR_BUILDER_MS = 5 * 60_000;

/**
 * The template of this run and engine, built by whichever process asks first (mkdir is the
 * lock between worker processes); undefined when building it failed, and every file then
 * prepares its own database.
 */
async function demoTemplate(folder: string): Promise<Template | undefined> {
  const engine = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  // The demo is dated from Nepal's today (a card "a week ahead"): a run that passes Nepal's
  // midnight builds a new one for the new day.
  const base = join(folder, `${engine}-${todayAd()}`);
  const readyFile = `${base}.json`;
  const failedFile = `${base}.failed`;
  let building = false;
  try {
    mkdirSync(`${base}.lock`, { recursive: false });
    building = true;
  } catch {
    // Another process builds it.
  }
  if (building) {
    try {
      const template = await buildTemplate(engine, base);
      writeFileSync(readyFile, JSON.stringify(template));
      return template;
    } catch (error) {
      writeFileSync(failedFile, String(error));
      return undefined;
    }
  }
  const deadline = Date.now() + WAIT_FOR_BUILDER_MS;
  while (Date.now() < deadline) {
    if (existsSync(readyFile)) return JSON.parse(readFileSync(readyFile, 'utf8')) as Template;
    if (existsSync(failedFile)) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

async function buildTemplate(engine: 'pglite' | 'postgres', base: string): Promise<Template> {
  const filesDir = `${base}-files`;
  mkdirSync(filesDir, { recursive: true });
  if (engine === 'pglite') {
    const connection = await connect();
    try {
      await prepareDatabase(connection, { seedDemo: true, files: dataDirFileStorage(filesDir) });
      const dumpFile = `${base}.tar`;
      writeFileSync(dumpFile, Buffer.from(await (await connection.dumpDataDir!()).arrayBuffer()));
      return { engine, filesDir, dumpFile };
    } finally {
      await connection.close();
    }
  }
  // Kept for the whole run: the test runner stops the cluster at the end.
  const databaseName = `demo_template_${process.pid}_${todayAd().replaceAll('-', '')}`;
  const admin = postgres(process.env.TEST_POSTGRES_URL!, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${databaseName}`);
    const url = new URL(process.env.TEST_POSTGRES_URL!);
    url.pathname = `/${databaseName}`;
    const connection = await connect({ databaseUrl: url.toString(), maxConnections: 2 });
    try {
      await prepareDatabase(connection, { seedDemo: true, files: dataDirFileStorage(filesDir) });
    } finally {
      await connection.close();
    }
    // CREATE DATABASE ... TEMPLATE refuses a source anyone is connected to: the closed pool's
    // sessions may still be ending; wait until the server has let them go.
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const [row] = await admin`select count(*)::int as sessions from pg_stat_activity where datname = ${databaseName}`;
      if (row!.sessions === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
  return { engine, filesDir, databaseName };
}
