import { connect, DEMO_CLIENTS, type Connection } from '@psc/db';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { signAccessToken } from '../../api/src/auth/tokens';
import { createHttpClient, type Outcome } from './apply-load';
import { ADVERTISEMENT_COUNT, quotaChoiceOf, seedApplyWorld, type ApplyWorld } from './apply-seed';
import { startBenchmarkApi, type BenchmarkApi } from './support';

// What the apply and reads benchmarks share: the API in its own process on a throwaway cluster,
// the seeded world of N candidates and 20 open advertisements, an access token for each
// candidate, the load generator's HTTP client, and the clean-up on any exit.

export type SeededBenchmark = {
  api: BenchmarkApi;
  connection: Connection;
  world: ApplyWorld;
  /** Candidate i's access token is tokens[i]. */
  tokens: string[];
  http: ReturnType<typeof createHttpClient>;
  folder: string;
  cores: number;
  poolSize: string;
  workers: string;
};

/** `describe` prints the options after the benchmark's first line (database, API workers, Node, cores). */
type Setup = { name: string; candidates: number; maxSockets: number; clusterSettings?: string[]; describe: () => void };

/**
 * The benchmark's --options (after its name): `numbers` with their defaults, answered as numbers
 * (NaN for a value that is not one), and `flags`, the other options, as parseArgs reads them.
 */
export function readBenchmarkOptions<N extends string>(numbers: Record<N, number>, flags: Record<string, { type: 'string' } | { type: 'boolean'; default: boolean }> = {}) {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: { ...Object.fromEntries(Object.entries(numbers).map(([name, value]) => [name, { type: 'string' as const, default: String(value) }])), ...flags },
  });
  const numeric = Object.fromEntries(Object.keys(numbers).map((name) => [name, Number(values[name])])) as Record<N, number>;
  return { numeric, flags: values as Record<string, string | boolean | undefined> };
}

/** Runs `body` on a freshly seeded API; the API, the cluster and the folder go away after, or on Ctrl-C. */
export async function withSeededApi(setup: Setup, body: (bench: SeededBenchmark) => Promise<void>) {
  const jwtSecret = randomBytes(32).toString('hex');
  const cores = availableParallelism();
  const folder = mkdtempSync(join(tmpdir(), `psc-bench-${setup.name}-`));
  let api: BenchmarkApi | undefined;
  let connection: Connection | undefined;
  let http: ReturnType<typeof createHttpClient> | undefined;
  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    http?.close();
    await connection?.close().catch(() => {});
    await api?.stop().catch((error: unknown) => console.error('stopping the API and cluster failed:', error));
    rmSync(folder, { recursive: true, force: true });
  };
  // Ctrl-C or a kill still stops the API and removes the throwaway cluster.
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    // The API's JWT secret is the benchmark's, so it can mint access tokens (see below); its
    // data folder is the temporary one, so nothing is written into the repository.
    // Deployed as a 2-core server with PostgreSQL beside it runs best (README, API_WORKERS): two
    // API workers of 40 connections each, unless the environment says otherwise.
    const poolSize = process.env.DATABASE_POOL_SIZE ?? '40';
    const workers = process.env.API_WORKERS ?? '2';
    // Compiled under plain Node with production's flags (its heap limit among them), as
    // `npm start` and a deployment run it; BENCH_API_TSX=true runs the sources through tsx.
    api = await startBenchmarkApi(
      { JWT_SECRET: jwtSecret, SEED_DEMO: 'false', DATA_DIR: join(folder, 'data'), DATABASE_POOL_SIZE: poolSize, API_WORKERS: workers },
      setup.clusterSettings,
      { compiled: process.env.BENCH_API_TSX !== 'true' },
    );
    connection = await connect({ databaseUrl: api.databaseUrl, maxConnections: 4 });
    console.log(
      `${setup.name} benchmark on PostgreSQL (${api.databaseLabel}), API in its own process (${process.env.BENCH_API_TSX === 'true' ? 'through tsx' : 'compiled'})${workers === '1' ? '' : ` with ${workers} workers`} ` +
        `(pool ${poolSize}${workers === '1' ? '' : ' each'}), Node ${process.version}, ${cores} cores`,
    );
    setup.describe();

    const world = await seedApplyWorld(connection.db, setup.candidates, (line) => console.log(line));

    // Access tokens are minted with the API's own signer and secret for each candidate's seeded
    // session, instead of 100,000 argon2 sign-ins; every request still goes through the API's
    // token verification and its session/blocked lookup in the database.
    const started = performance.now();
    const client = DEMO_CLIENTS.find((item) => item.userKind === 'candidate')!;
    const tokens = await Promise.all(
      world.familyIds.map((familyId, index) =>
        signAccessToken(jwtSecret, { userId: world.firstUserId + index, kind: 'candidate', clientId: client.id, familyId }, 4 * 3600),
      ),
    );
    console.log(
      `minted ${tokens.length.toLocaleString('en')} access tokens (HS256, the API's signer and secret, one seeded session each; no password sign-in) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    http = createHttpClient(api.url, setup.maxSockets);
    // The seeded profiles are complete as the portal counts it (spec §9 "8 sections").
    const profile = await http.call('GET', '/api/psc/profile', tokens[0]!);
    const completeness = profile.status === 200 ? (JSON.parse(profile.body) as { data: { completeness: { completed: number; total: number } } }).data.completeness : undefined;
    if (!completeness || completeness.completed !== completeness.total) throw new Error(`a seeded profile is not complete: ${profile.status} ${profile.body.slice(0, 300)}`);
    console.log(`checked through the API: a seeded candidate's profile is ${completeness.completed} of ${completeness.total} complete`);

    await body({ api, connection, world, tokens, http, folder, cores, poolSize, workers });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanUp();
  }
}

/** The submit candidate `index` makes: advertisement index mod 20, every quota that candidate may compete in. */
function submitBodyOf(world: ApplyWorld, index: number) {
  const advertisement = world.advertisements[index % ADVERTISEMENT_COUNT]!;
  return {
    advertisementId: advertisement.id,
    advertisementQuotaIds: quotaChoiceOf(index, advertisement),
    facultyId: world.facultyId,
    examCentreId: advertisement.examCentreId,
    qualificationAnswers: {},
    acceptTerms: true,
  };
}

/**
 * Submits through the API, each by the next candidate from `first` on, once; `submit` answers
 * null when every candidate has submitted (`ranOut` then says so).
 */
export function createSubmitter({ http, world, tokens }: Pick<SeededBenchmark, 'http' | 'world' | 'tokens'>, first: number) {
  let next = first;
  let ranOut = false;
  const submit = (): Promise<Outcome> | null => {
    if (next >= world.candidates) {
      ranOut = true;
      return null;
    }
    const index = next++;
    return http.call('POST', '/api/psc/applications', tokens[index]!, submitBodyOf(world, index)).then((answer) => judgeSubmit(answer.status, answer.body));
  };
  return { submit, ranOut: () => ranOut };
}

/** What a submit answers on success: a new application (a distinct candidate never meets its own). */
function judgeSubmit(status: number, body: string): Outcome {
  if (status !== 200) return { ok: false, kind: `HTTP ${status}`, detail: body };
  const created = (JSON.parse(body) as { data?: { created?: boolean } }).data?.created;
  return created === true ? { ok: true } : { ok: false, kind: 'answered an existing application', detail: body };
}
