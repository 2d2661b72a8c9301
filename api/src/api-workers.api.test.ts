import { DEMO_ACCOUNTS, DEMO_CLIENTS } from '@psc/db';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// API_WORKERS (PostgreSQL only): the production entry started as it is deployed, with two
// workers behind one port. Skipped on the PGlite tier, which cannot run it.
const serverUrl = process.env.TEST_POSTGRES_URL;
const onPostgres = process.env.TEST_DATABASE === 'postgres' && serverUrl !== undefined;
const root = fileURLToPath(new URL('../..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The API workers: processes whose parent is `pid` running the API entry (Linux /proc); not tsx's compiler helper. */
function workersOf(pid: number) {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const isChild = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
        return isChild && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('api/src/main.ts');
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe.runIf(onPostgres)('API workers (API_WORKERS=2 on PostgreSQL)', () => {
  const name = `workers_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'psc-workers-'));
  let admin: postgres.Sql;
  let api: ChildProcess;
  let url: string;

  beforeAll(async () => {
    admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const databaseUrl = new URL(serverUrl!);
    databaseUrl.pathname = `/${name}`;
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    api = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, API_WORKERS: '2', DATABASE_URL: databaseUrl.toString(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'development' },
    });
    const deadline = Date.now() + 60_000;
    while (!(await fetch(`${url}/api/health`).then((answer) => answer.ok, () => false))) {
      if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode}`);
      if (Date.now() > deadline) throw new Error('the API did not answer in 60 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 90_000);

  afterAll(async () => {
    if (api?.exitCode === null) api.kill('SIGKILL');
    await admin?.unsafe(`drop database if exists ${name} with (force)`);
    await admin?.end({ timeout: 5 });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves from two workers that share the signing secret, and stops them all on SIGTERM', async () => {
    expect(workersOf(api.pid!)).toHaveLength(2);
    const client = DEMO_CLIENTS.find((item) => item.userKind === 'candidate')!;
    const signIn = await fetch(`${url}/api/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: DEMO_ACCOUNTS.candidate.username, password: DEMO_ACCOUNTS.candidate.password }),
    });
    expect(signIn.status).toBe(200);
    const { accessToken } = ((await signIn.json()) as { data: { accessToken: string } }).data;
    // A new connection each time: the workers take turns, and each accepts the other's token.
    for (let call = 0; call < 6; call += 1) {
      const profile = await fetch(`${url}/api/psc/profile`, { headers: { authorization: `Bearer ${accessToken}`, connection: 'close' } });
      expect(profile.status).toBe(200);
    }
    const exited = new Promise<number | null>((resolve) => api.once('exit', (code) => resolve(code)));
    api.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(workersOf(api.pid!)).toEqual([]);
  }, 60_000);
});
