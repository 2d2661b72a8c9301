import { connect, DEMO_ACCOUNTS, DEMO_CLIENTS, type Connection } from '@psc/db';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app';
import { parseConfig, type Config } from '../config';
import type { AppDeps } from '../context';
import { createLogger } from '../logger';
import { createDemoTestConnection } from './demo-template';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const portalClient = DEMO_CLIENTS[0];
export const desktopClient = DEMO_CLIENTS[1];

export function basicAuth(client: { id: string; secret: string }) {
  return `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
}

/**
 * The address of the test's own database on another server of the cluster (its replica), once
 * that server has replayed the CREATE DATABASE: connecting earlier fails with "database does not
 * exist" on a busy machine.
 */
async function sameDatabaseOn(serverUrl: string, connection: Connection): Promise<string> {
  const rows = (await connection.db.execute(sql`select current_database() as name, pg_current_wal_insert_lsn()::text as lsn`)) as unknown as { name: string; lsn: string }[];
  const server = await connect({ databaseUrl: serverUrl, maxConnections: 1 });
  try {
    for (let waited = 0; ; waited += 20) {
      const [row] = (await server.db.execute(sql`select pg_last_wal_replay_lsn() >= ${rows[0]!.lsn}::pg_lsn as done`)) as unknown as { done: boolean }[];
      if (row?.done) break;
      if (waited > 60_000) throw new Error(`the replica did not replay up to ${rows[0]!.lsn} within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await server.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

type CallOptions = {
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: string;
  headers?: Record<string, string>;
  lang?: 'ne' | 'en';
};

/**
 * The real app on a real database (PGlite or PostgreSQL), called in-process. Uploads go to a
 * fresh temporary folder (removed by close) unless overrides name a dataDir, so tests never
 * write into the working tree's ./data.
 */
export async function createTestApp(overrides: Partial<Config> = {}) {
  const ownDataDir = overrides.dataDir === undefined ? mkdtempSync(join(tmpdir(), 'psc-test-app-')) : undefined;
  const config: Config = { ...parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), ...(ownDataDir ? { dataDir: ownDataDir } : {}), ...overrides };
  const connection = await createDemoTestConnection(config.dataDir);
  // With a replica (its server's address in overrides.databaseReplicaUrl), the same database
  // there: CREATE DATABASE on the primary is replayed on it like any other write.
  const replica = config.databaseReplicaUrl
    ? await connect({ databaseUrl: await sameDatabaseOn(config.databaseReplicaUrl, connection), maxConnections: 5 })
    : undefined;
  const deps: AppDeps = {
    connection,
    db: connection.db,
    readDb: replica?.db ?? connection.db,
    replica,
    config,
    logger: createLogger('silent'),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
  };
  const app = createApp(deps);

  async function call(method: string, path: string, options: CallOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.lang) headers['accept-language'] = options.lang;
    let body: string | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    } else if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    }
    const response = await app.request(path, { method, headers, body });
    const text = await response.text();
    let json: { status: number; message: string; code?: string; data?: unknown; errors?: Record<string, string[]> };
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path} answered ${response.status} with non-JSON: ${text.slice(0, 200)}`);
    }
    return { status: response.status, headers: response.headers, body: json };
  }

  async function signIn(username: string, password: string, client: { id: string; secret: string } = portalClient) {
    const answer = await call('POST', '/api/oauth/token', {
      headers: { authorization: basicAuth(client) },
      json: { grant_type: 'password', username, password },
    });
    if (answer.status !== 200) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(answer.body)}`);
    return answer.body.data as { accessToken: string; refreshToken: string; expiresIn: number };
  }

  return {
    app,
    deps,
    db: connection.db,
    call,
    signIn,
    signInCandidate: () => signIn(DEMO_ACCOUNTS.candidate.username, DEMO_ACCOUNTS.candidate.password, portalClient),
    signInAdministrator: () => signIn(DEMO_ACCOUNTS.administrator.username, DEMO_ACCOUNTS.administrator.password, desktopClient),
    /** Where this app keeps its files (under dataDir/files). */
    dataDir: config.dataDir,
    close: async () => {
      await replica?.close();
      await connection.close();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}
