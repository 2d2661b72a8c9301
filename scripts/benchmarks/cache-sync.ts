import { DEMO_ACCOUNTS, DEMO_CLIENTS } from '@psc/db';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorkstationServices } from '../../desktop/main/services/workstation-services';
import { freePort, startThrowawayCluster, type Cluster } from '../lib/postgres-cluster';

// Issue 5: how long the workstation takes to fill an empty master-data cache from the API's
// change feed (every type, 753 local levels among them), and to bring in one change. The API
// runs in its own process on PostgreSQL; the cache is the real SQLite file of the workstation
// services, synced through the same handler the renderer calls.

const root = fileURLToPath(new URL('../..', import.meta.url));
const FULL_RUNS = Number(process.env.BENCH_CACHE_FULL_RUNS ?? 5);
const INCREMENTAL_RUNS = Number(process.env.BENCH_CACHE_INCREMENTAL_RUNS ?? 20);

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('API did not become healthy in 120 s');
}

async function signInAdministrator(url: string): Promise<string> {
  const staff = DEMO_CLIENTS.find((client) => client.id === 'staff-desktop')!;
  const response = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${staff.id}:${staff.secret}`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: DEMO_ACCOUNTS.administrator.username, password: DEMO_ACCOUNTS.administrator.password }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

function summarise(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${median.toFixed(1)} ms, min ${sorted[0]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms over ${ms.length} runs`;
}

export async function benchCacheSync() {
  let cluster: Cluster | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    cluster = await startThrowawayCluster();
    databaseUrl = cluster.url;
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const api = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'silent',
    },
  });
  const dataDirs: string[] = [];
  try {
    await waitForHealth(url, api);
    const accessToken = await signInAdministrator(url);
    console.log(`cache-sync benchmark: API in its own process on PostgreSQL (${cluster ? 'throwaway cluster' : 'DATABASE_URL'}), Node ${process.version}`);

    // Full sync into an empty cache, a fresh SQLite file each run (the first run is a warm-up).
    const fullTimes: number[] = [];
    let last: Awaited<ReturnType<ReturnType<typeof createWorkstationServices>['handlers']['cache.sync']>> | undefined;
    for (let run = 0; run <= FULL_RUNS; run += 1) {
      const dataDir = mkdtempSync(join(tmpdir(), 'psc-bench-cache-'));
      dataDirs.push(dataDir);
      const services = createWorkstationServices({ dataDir, runtime: 'node' });
      const started = performance.now();
      last = await services.handlers['cache.sync']({ apiBaseUrl: url, accessToken });
      const elapsed = performance.now() - started;
      if (run > 0) fullTimes.push(elapsed);
      services.close();
    }
    const localLevels = last!.status.types.find((entry) => entry.type === 'local-levels')?.rows ?? 0;
    console.log(
      `full sync into an empty cache: ${last!.status.totalRows} rows of ${last!.status.types.length} types (${localLevels} local levels), ` +
        `${last!.changes} changes in ${last!.pages} page(s); ${summarise(fullTimes)}`,
    );

    // One change on the server, then an incremental sync of the filled cache.
    const dataDir = dataDirs.at(-1)!;
    const services = createWorkstationServices({ dataDir, runtime: 'node' });
    const created = await fetch(`${url}/api/admin/master/religions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nameEn: 'Benchmark faith', nameNp: 'मापन धर्म' }),
    });
    const religionId = ((await created.json()) as { data: { id: number } }).data.id;
    await services.handlers['cache.sync']({ apiBaseUrl: url, accessToken });
    const incrementalTimes: number[] = [];
    for (let run = 0; run < INCREMENTAL_RUNS; run += 1) {
      const changed = await fetch(`${url}/api/admin/master/religions/${religionId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ nameEn: `Benchmark faith ${run}`, nameNp: 'मापन धर्म' }),
      });
      if (!changed.ok) throw new Error(`update answered ${changed.status}`);
      const started = performance.now();
      const result = await services.handlers['cache.sync']({ apiBaseUrl: url, accessToken });
      incrementalTimes.push(performance.now() - started);
      if (result.changes !== 1) throw new Error(`expected one change, got ${result.changes}`);
    }
    services.close();
    console.log(`incremental sync of one change: ${summarise(incrementalTimes)}`);
  } finally {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    cluster?.stop();
  }
}
