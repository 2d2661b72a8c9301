import { DEMO_ACCOUNTS, DEMO_CLIENTS } from '@psc/db';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { freePort, startThrowawayCluster, type Cluster } from '../lib/postgres-cluster';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SIGN_IN_CLIENTS = Number(process.env.BENCH_SIGN_IN_CLIENTS ?? 8);
const SIGN_IN_SECONDS = Number(process.env.BENCH_SIGN_IN_SECONDS ?? 10);
const GET_CLIENTS = Number(process.env.BENCH_GET_CLIENTS ?? 100);
const GET_SECONDS = Number(process.env.BENCH_GET_SECONDS ?? 20);

const portal = DEMO_CLIENTS[0];
const basic = `Basic ${Buffer.from(`${portal.id}:${portal.secret}`).toString('base64')}`;

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('API did not become healthy in 120 s');
}

async function signIn(url: string) {
  const response = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: DEMO_ACCOUNTS.candidate.username, password: DEMO_ACCOUNTS.candidate.password }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** Runs `clients` loops for `seconds`, each timing one call at a time. */
async function load(clients: number, seconds: number, call: () => Promise<void>) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          await call();
          latencies.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, errors, perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

export async function benchAuth() {
  let cluster: Cluster | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    cluster = await startThrowawayCluster();
    databaseUrl = cluster.url;
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The API runs in its own process, as in production, so the load generator does not share
  // its event loop.
  const api = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
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
      SEED_DEMO: 'true',
      LOG_LEVEL: 'silent',
    },
  });
  try {
    await waitForHealth(url, api);
    console.log(`auth benchmark on PostgreSQL (${cluster ? 'throwaway cluster' : 'DATABASE_URL'}), API in its own process, Node ${process.version}`);

    await load(4, 2, async () => void (await signIn(url))); // warm-up
    const signIns = await load(SIGN_IN_CLIENTS, SIGN_IN_SECONDS, async () => void (await signIn(url)));
    console.log(
      `sign-ins (argon2id verify + token issue): ${signIns.perSecond.toFixed(1)}/s with ${SIGN_IN_CLIENTS} concurrent clients over ${SIGN_IN_SECONDS} s; ` +
        `p50 ${signIns.p50.toFixed(1)} ms, p95 ${signIns.p95.toFixed(1)} ms, p99 ${signIns.p99.toFixed(1)} ms; errors ${signIns.errors}`,
    );

    const tokens = await Promise.all(Array.from({ length: GET_CLIENTS }, () => signIn(url)));
    let next = 0;
    const authenticatedGet = async () => {
      const token = tokens[next++ % tokens.length]!;
      const response = await fetch(`${url}/api/oauth/privileges/get/init`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(String(response.status));
    };
    await load(GET_CLIENTS, 2, authenticatedGet); // warm-up
    const gets = await load(GET_CLIENTS, GET_SECONDS, authenticatedGet);
    console.log(
      `authenticated GET /api/oauth/privileges/get/init at ${GET_CLIENTS} concurrent clients over ${GET_SECONDS} s: ` +
        `${gets.perSecond.toFixed(0)} req/s; p50 ${gets.p50.toFixed(1)} ms, p95 ${gets.p95.toFixed(1)} ms, p99 ${gets.p99.toFixed(1)} ms; errors ${gets.errors}`,
    );
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    cluster?.stop();
  }
}
