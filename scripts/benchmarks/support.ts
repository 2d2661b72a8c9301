// What every benchmark shares: the API in its own process on PostgreSQL (a throwaway cluster
// unless DATABASE_URL is set), sign-in, bounded concurrency, and timed load with percentiles.
import { DEMO_CLIENTS } from '@psc/db';
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs } from '../build-server.mjs';
import { freePort, startThrowawayCluster, type Cluster } from '../lib/postgres-cluster';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type BenchmarkApi = {
  url: string;
  databaseUrl: string;
  /** "throwaway cluster" or "DATABASE_URL", for the report. */
  databaseLabel: string;
  /** The throwaway cluster's server log; none on DATABASE_URL. */
  logFile: string | undefined;
  /** The throwaway cluster (a replica can be started from it); none on DATABASE_URL. */
  cluster: Cluster | undefined;
  /** The API's process id (its primary's, with API_WORKERS above 1), to read its memory from /proc. */
  pid: number;
  stop: () => Promise<void>;
};

/**
 * Starts api/src/main.ts in its own process, as in production, so that the load generator
 * does not share its event loop; resolves once /api/health answers. `compiled` runs it as a
 * production server does, compiled to JavaScript (scripts/build-server.mjs) under plain Node;
 * otherwise through tsx, whose loader thread and transformed sources add about 75 MB resident.
 */
export async function startBenchmarkApi(env: Record<string, string> = {}, clusterSettings: string[] = [], options: { compiled?: boolean } = {}): Promise<BenchmarkApi> {
  if (options.compiled) {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`compiling the API failed (exit ${build.status ?? build.signal})`);
  }
  const cluster = process.env.DATABASE_URL ? undefined : await startThrowawayCluster(clusterSettings);
  // The API reaches the cluster through its socket, as deployed beside PostgreSQL (README).
  const databaseUrl = process.env.DATABASE_URL ?? cluster!.socketUrl;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_API_NODE_ARGS passes flags to the API's Node only, e.g. "--cpu-prof --cpu-prof-dir=DIR"
  // to see where its time goes (NODE_OPTIONS refuses --cpu-prof).
  // Compiled, it runs with production's flags (the heap limit among them) before these.
  const nodeArgs = [...(options.compiled ? serverNodeArgs : []), ...(process.env.BENCH_API_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [])];
  const api = spawn(process.execPath, [...nodeArgs, ...(options.compiled ? ['api/dist/main.js'] : ['--import', 'tsx', 'api/src/main.ts'])], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '20',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIT_CARD_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      SEED_DEMO: 'true',
      // Silent unless the environment says otherwise: LOG_LEVEL=info measures the access line
      // every request writes under the product's default (written to /dev/null here).
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      ...env,
    },
  });
  const stop = async () => {
    if (api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise((resolve) => api.once('exit', resolve));
    }
    cluster?.stop();
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (api.exitCode !== null) throw new Error(`API exited with ${api.exitCode}`);
      if (Date.now() > deadline) throw new Error('API did not become healthy in 120 s');
      const healthy = await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, databaseUrl, databaseLabel: cluster ? 'throwaway cluster' : 'DATABASE_URL', logFile: cluster?.logFile, cluster, pid: api.pid!, stop };
}

/** Password sign-in through the client of that kind of user; answers the access token. */
export async function signIn(url: string, kind: 'candidate' | 'staff', username: string, password: string): Promise<string> {
  const client = DEMO_CLIENTS.find((c) => c.userKind === kind)!;
  const response = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${username} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Runs `work` over `items` with at most `concurrency` at a time. */
export async function forEachLimited<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

export function percentile(sorted: readonly number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export type LoadResult = { count: number; errors: number; perSecond: number; p50: number; p95: number; p99: number };

/** One loop per client for `seconds`, each timing one call at a time. */
export async function runLoad(clients: number, seconds: number, call: (client: number) => Promise<void>): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          await call(client);
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors += 1;
          firstError ??= error;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  if (firstError) console.error('first error:', firstError);
  return { count: latencies.length, errors, perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

/** "p50 12.3 ms, p95 45.6 ms, p99 78.9 ms" */
export function formatLatencies(result: Pick<LoadResult, 'p50' | 'p95' | 'p99'>) {
  return `p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`;
}
