import { connect, type Connection } from './connect';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/**
 * A new, empty database on the PostgreSQL cluster the test runner provisioned, dropped by
 * `drop`; undefined when this run tests PGlite (TEST_DATABASE is not 'postgres').
 */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (process.env.TEST_DATABASE !== 'postgres') return undefined;
  const serverUrl = process.env.TEST_POSTGRES_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE=postgres needs TEST_POSTGRES_URL');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
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
export async function createTestConnection(): Promise<Connection> {
  const database = await createTestDatabase();
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
