import { connect, type Connection } from './connect';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export type TestDatabaseOptions = {
  /** A database to copy (CREATE DATABASE ... TEMPLATE) instead of starting empty. */
  template?: string | undefined;
};

/**
 * A new database on the PostgreSQL cluster the test runner provisioned, empty or a copy of
 * `template`, dropped by `drop`; undefined when this run tests PGlite (TEST_DATABASE is not
 * 'postgres').
 */
export async function createTestDatabase(
  options: TestDatabaseOptions = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> } | undefined> {
  if (process.env.TEST_DATABASE !== 'postgres') return undefined;
  const serverUrl = process.env.TEST_POSTGRES_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE=postgres needs TEST_POSTGRES_URL');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  // Names are made here or by the test runner's template, never by input: safe to splice.
  await admin.unsafe(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/**
 * A fresh, empty database for one test file: an in-memory PGlite, or (when the test runner
 * provisioned a PostgreSQL cluster and TEST_DATABASE=postgres) a new database on it that is
 * dropped at close. Never a mock: STYLE §8.
 */
export async function createTestConnection(options: TestDatabaseOptions = {}): Promise<Connection> {
  const database = await createTestDatabase(options);
  if (!database) return connect();
  const connection = await connect({ databaseUrl: database.url, maxConnections: 5 });
  return {
    ...connection,
    close: async () => {
      await connection.close();
      await database.drop();
    },
  };
}
