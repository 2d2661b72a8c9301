import { loadavg } from 'node:os';
import postgres from 'postgres';
import { startThrowawayReplica, type Cluster } from '../lib/postgres-cluster';
import { formatErrors, runRatePhase, type RatePhaseResult } from './apply-load';
import { createSubmitter, readBenchmarkOptions, withSeededApi } from './seeded-api';
import { percentile } from './support';

// `npm run bench -- replica [--candidates 60000] [--rate 1000] [--seconds 20] [--concurrency 500]`
// (docs/deployment.md): how far a streaming replica falls behind under the apply benchmark's
// load. The apply benchmark's seeded world and API (API_WORKERS, default 2); the same open-loop
// submissions (R a second, each a distinct candidate) twice:
// - baseline: no replica, the primary alone;
// - then a replica is made (pg_basebackup -R, as the guide does it) and, once it has caught up,
//   the same load again while the replica's lag is sampled every 100 ms: WAL bytes the primary
//   has produced that the replica has not replayed, and the primary's own estimate of the time
//   (pg_stat_replication.replay_lag).
// Reports both runs' throughput and p99 with their ratio (what streaming costs the primary),
// the lag's max and p99, and the load average of the machine beside each figure: on a shared
// machine a figure means little without it. Both servers run on this machine with fsync off
// (the throwaway cluster's settings): the lag measured is replay, not disk or network.

const usage = 'npm run bench -- replica [--candidates N] [--rate R] [--seconds D] [--concurrency C]';

type LagSample = { behindBytes: number; replayLagMs: number | null };

const load = () => `load average ${loadavg()[0]!.toFixed(2)} (1 min), ${loadavg()[1]!.toFixed(2)} (5 min)`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function phaseLine(name: string, result: RatePhaseResult, loadLine: string) {
  return (
    `  ${name}: ${result.perSecond.toFixed(0)} submissions/s answered of ${result.offered}/s offered (${result.count} created); ` +
    `p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, max ${ms(result.max)}; ${formatErrors(result.errors)}; ${loadLine}`
  );
}

/** Samples the replica's lag every `everyMs` until stopped: one query on each server per sample. */
function sampleLag(primary: postgres.Sql, replica: postgres.Sql, everyMs: number) {
  const samples: LagSample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const next = performance.now() + everyMs;
      const [current] = await primary<{ lsn: string; replayLagMs: number | null }[]>`
        select pg_current_wal_insert_lsn()::text as lsn,
               (select extract(epoch from replay_lag) * 1000 from pg_stat_replication limit 1)::float8 as "replayLagMs"`;
      const [replayed] = await replica<{ behind: number }[]>`select pg_wal_lsn_diff(${current!.lsn}::pg_lsn, pg_last_wal_replay_lsn())::float8 as behind`;
      samples.push({ behindBytes: Math.max(0, Number(replayed!.behind)), replayLagMs: current!.replayLagMs === null ? null : Number(current!.replayLagMs) });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return samples;
    },
  };
}

async function waitForCatchUp(primary: postgres.Sql, replica: postgres.Sql) {
  const [target] = await primary<{ lsn: string }[]>`select pg_current_wal_insert_lsn()::text as lsn`;
  for (;;) {
    const [row] = await replica<{ done: boolean }[]>`select pg_last_wal_replay_lsn() >= ${target!.lsn}::pg_lsn as done`;
    if (row?.done) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function benchReplica() {
  const { numeric } = readBenchmarkOptions({ candidates: 60_000, rate: 1000, seconds: 20, concurrency: 500, warmup: 2 });
  const options = numeric;
  const needed = options.rate * (2 * options.seconds + options.warmup);
  if (!(options.rate > 0 && options.seconds > 0 && options.concurrency >= 1 && options.warmup >= 0 && options.candidates >= needed)) {
    throw new Error(`bad options ${JSON.stringify(options)} (candidates must cover rate x (2 x seconds + warmup) = ${needed})\nUsage: ${usage}`);
  }
  const describe = () =>
    console.log(
      `options: ${options.candidates.toLocaleString('en')} candidates; ${options.rate} submissions/s offered for ${options.seconds} s, at most ${options.concurrency} under way; ` +
        `baseline without a replica, then with one; lag sampled every 100 ms`,
    );
  await withSeededApi({ name: 'replica', candidates: options.candidates, maxSockets: options.concurrency + 10, describe }, async ({ api, http, world, tokens }) => {
    if (!api.cluster) throw new Error('the replica benchmark makes its own replica of a throwaway cluster: unset DATABASE_URL');
    const { submit } = createSubmitter({ http, world, tokens }, 0);
    const run = () => runRatePhase(options.rate, options.seconds, options.concurrency, () => submit());

    if (options.warmup > 0) {
      const warm = await runRatePhase(options.rate, options.warmup, options.concurrency, () => submit());
      console.log(`warm-up: ${warm.count} submissions in ${options.warmup} s (not counted), ${formatErrors(warm.errors)}`);
    }
    const baselineLoad = { before: load() };
    const baseline = await run();
    const baselineAfter = load();

    let replica: Cluster | undefined;
    const primarySql = postgres(api.cluster.url, { max: 1, onnotice: () => {} });
    let replicaSql: postgres.Sql | undefined;
    try {
      const [size] = await primarySql<{ bytes: string }[]>`select sum(pg_database_size(datname))::text as bytes from pg_database`;
      const started = performance.now();
      replica = await startThrowawayReplica(api.cluster);
      const backupSeconds = (performance.now() - started) / 1000;
      replicaSql = postgres(replica.url, { max: 1, onnotice: () => {} });
      await waitForCatchUp(primarySql, replicaSql);
      console.log(
        `replica made with pg_basebackup -R -X stream of ${(Number(size!.bytes) / 1e6).toFixed(0)} MB and started in ${backupSeconds.toFixed(1)} s (${load()}); caught up`,
      );

      const withLoad = { before: load() };
      const sampler = sampleLag(primarySql, replicaSql, 100);
      const streamed = await run();
      const loadAfter = load();
      const catchUpStarted = performance.now();
      await waitForCatchUp(primarySql, replicaSql);
      const catchUpMs = performance.now() - catchUpStarted;
      const samples = await sampler.stop();

      const bytes = samples.map((s) => s.behindBytes).sort((a, b) => a - b);
      const times = samples.flatMap((s) => (s.replayLagMs === null ? [] : [s.replayLagMs])).sort((a, b) => a - b);
      console.log('');
      console.log('== Summary ==');
      console.log(phaseLine('baseline, primary alone', baseline, `${baselineLoad.before} before, ${baselineAfter} after`));
      console.log(phaseLine('with a streaming replica', streamed, `${withLoad.before} before, ${loadAfter} after`));
      console.log(
        `  ratio with/without the replica: throughput ${(streamed.perSecond / baseline.perSecond).toFixed(2)}, p99 ${(streamed.p99 / baseline.p99).toFixed(2)}`,
      );
      console.log(
        `  replica lag over ${samples.length} samples: WAL behind max ${(bytes.at(-1)! / 1024).toFixed(0)} kB, p99 ${(percentile(bytes, 99) / 1024).toFixed(0)} kB, median ${(percentile(bytes, 50) / 1024).toFixed(0)} kB; ` +
          (times.length > 0
            ? `replay_lag max ${ms(times.at(-1)!)}, p99 ${ms(percentile(times, 99))}, median ${ms(percentile(times, 50))} (${times.length} samples with a value)`
            : 'replay_lag not reported'),
      );
      console.log(`  after the load, the replica had replayed everything ${ms(catchUpMs)} later`);
      const [version] = await primarySql<{ server_version: string }[]>`show server_version`;
      console.log(`  PostgreSQL ${version!.server_version}, primary and replica on this machine`);
    } finally {
      await replicaSql?.end({ timeout: 5 });
      await primarySql.end({ timeout: 5 });
      replica?.stop();
    }
  });
}
