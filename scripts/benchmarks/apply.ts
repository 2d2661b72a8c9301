import { type Connection } from '@psc/db';
import { sql } from 'drizzle-orm';
import { findBenchmarkProcesses, formatCpu, formatCpuPerCall, formatErrors, runPhase, runRatePhase, takeCpuSnapshot, type Outcome, type PhaseResult } from './apply-load';
import { buildPgbenchScript, findPgbench, runPgbench, type PgbenchResult, type SubmitSample } from './apply-pgbench';
import { ADVERTISEMENT_COUNT, type ApplyWorld } from './apply-seed';
import { createSubmitter, readBenchmarkOptions, withSeededApi } from './seeded-api';

// `npm run bench -- apply [--candidates 100000] [--concurrency 500] [--seconds 30] [--readers 0.1] [--rate 1000]`
// (the apply benchmark): N candidates with complete profiles and 20 open advertisements seeded in
// bulk. Two runs of D seconds, each submit a distinct candidate applying for the quotas that
// candidate may compete in, a share of the calls reading the vacancy list:
// - closed loop: C clients calling back to back, the most the API can do at that concurrency
//   (by Little's law its latency is then C / throughput, whatever the API);
// - open loop: R submissions a second arriving on schedule (and reads in the same proportion),
//   at most C under way, latency counted from when each was due: the target's "1,000 a second
//   with p99 under 250 ms".
// Then pgbench running the submit's own statement on the same cluster, one application per
// transaction, for the database's ceiling, and the ratio of the two. The API writes the submits
// that arrive together with one statement (createStatementBatcher), so under load it pays less
// per application than pgbench's one-row transactions. Writes nothing into the repository.

const usage = 'npm run bench -- apply [--candidates N] [--concurrency C] [--seconds D] [--readers SHARE] [--warmup SECONDS] [--rate R]';

function readOptions() {
  const { numeric } = readBenchmarkOptions({ candidates: 100_000, concurrency: 500, seconds: 30, readers: 0.1, warmup: 3, rate: 1000 });
  const options = {
    candidates: numeric.candidates,
    concurrency: numeric.concurrency,
    seconds: numeric.seconds,
    readerShare: numeric.readers,
    warmupSeconds: numeric.warmup,
    rate: numeric.rate,
  };
  const valid =
    Number.isInteger(options.candidates) &&
    Number.isInteger(options.concurrency) &&
    options.concurrency >= 2 &&
    options.candidates > options.concurrency &&
    options.seconds > 0 &&
    options.readerShare >= 0 &&
    options.readerShare < 1 &&
    options.warmupSeconds >= 0 &&
    options.rate >= 0;
  if (!valid) throw new Error(`bad options ${JSON.stringify(options)}\nUsage: ${usage}`);
  return options;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const latencyLine = (result: Pick<PhaseResult, 'p50' | 'p95' | 'p99'>) => `p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)}`;

async function sampleSubmit(connection: Connection, world: ApplyWorld): Promise<SubmitSample> {
  const result = await connection.db.execute(sql`
    select a.age_years as "ageYears", a.age_months as "ageMonths", a.age_days as "ageDays", c.lines::text as "chargeLines", e.detail::text as "eventDetail", a.user_id as "actorUserId"
    from applications a join charges c on c.application_id = a.id join application_events e on e.application_id = a.id
    where a.user_id between ${world.firstUserId}::int and ${world.firstUserId + world.candidates - 1}::int
    order by a.id limit 1`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as SubmitSample[];
  if (!row) throw new Error('the API run made no application to copy the shape of');
  return row;
}

async function countRows(connection: Connection, query: ReturnType<typeof sql>) {
  const result = await connection.db.execute(query);
  const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { count: number }[];
  return Number(row?.count ?? 0);
}

async function maxPgbenchClients(connection: Connection) {
  const result = await connection.db.execute(sql`
    select (select setting::int from pg_settings where name = 'max_connections') as "max",
           (select setting::int from pg_settings where name = 'superuser_reserved_connections') as "reserved",
           (select count(*)::int from pg_stat_activity where backend_type = 'client backend') as "used"`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { max: number; reserved: number; used: number }[];
  // A little headroom for the connections pgbench itself opens first.
  return { max: row!.max, used: row!.used, available: row!.max - row!.reserved - row!.used - 2 };
}

function printPgbench(result: PgbenchResult, seconds: number) {
  console.log(
    `  pgbench at ${result.clients} clients over ${seconds} s: ${result.tps.toFixed(0)} transactions/s; ${latencyLine(result)}; ` +
      `${result.transactions} transactions, failed ${result.failed}`,
  );
}

export async function benchApply() {
  const options = readOptions();
  const readers = Math.round(options.concurrency * options.readerShare);
  const submitters = options.concurrency - readers;
  const describe = () =>
    console.log(
      `options: ${options.candidates.toLocaleString('en')} candidates, ${options.concurrency} concurrent clients (${submitters} submitting, ${readers} reading the vacancy list), ` +
        `${options.seconds} s measured after a ${options.warmupSeconds} s warm-up`,
    );
  await withSeededApi({ name: 'apply', candidates: options.candidates, maxSockets: options.concurrency + 10, describe }, async ({ api, connection, world, tokens, http: httpClient, folder, cores, poolSize }) => {
    // Candidates 0..readers-1 read the vacancy list; the others submit, each once, in order.
    const { submit, ranOut } = createSubmitter({ http: httpClient, world, tokens }, readers);
    const readVacancies = (reader: number): Promise<Outcome> =>
      httpClient.call('GET', '/api/psc/vacancies?page=1&pageSize=20', tokens[reader]!).then((answer) => {
        if (answer.status !== 200) return { ok: false, kind: `HTTP ${answer.status}`, detail: answer.body };
        const total = (JSON.parse(answer.body) as { data?: { total?: number } }).data?.total;
        return (total ?? 0) >= ADVERTISEMENT_COUNT ? { ok: true } : { ok: false, kind: `listed ${total} of ${ADVERTISEMENT_COUNT}`, detail: answer.body.slice(0, 200) };
      });
    const runMixed = (seconds: number) =>
      Promise.all([runPhase(submitters, seconds, () => submit()), readers > 0 ? runPhase(readers, seconds, (reader) => readVacancies(reader)) : Promise.resolve(undefined)]);
    let nextReader = 0;
    const readRate = (options.rate * readers) / submitters;
    const runOpen = (seconds: number) =>
      Promise.all([
        runRatePhase(options.rate, seconds, submitters, () => submit()),
        readers > 0 ? runRatePhase(readRate, seconds, readers, () => readVacancies(nextReader++ % readers)) : Promise.resolve(undefined),
      ]);

    if (options.warmupSeconds > 0) {
      const [warmSubmits] = await runMixed(options.warmupSeconds);
      console.log(`warm-up: ${warmSubmits.count} submissions in ${options.warmupSeconds} s (not counted), ${formatErrors(warmSubmits.errors)}`);
    }
    const pids = findBenchmarkProcesses(api.databaseUrl);
    const applicationsBefore = await countRows(connection, sql`select count(*)::int as count from applications`);
    const cpuBefore = takeCpuSnapshot(pids);
    const [submits, reads] = await runMixed(options.seconds);
    const cpuAfter = takeCpuSnapshot(pids);
    const applicationsMade = (await countRows(connection, sql`select count(*)::int as count from applications`)) - applicationsBefore;

    console.log('');
    console.log(`== API: POST /api/psc/applications, ${submitters} concurrent candidates (each submit a distinct candidate), ${submits.seconds.toFixed(1)} s ==`);
    console.log(
      `  ${submits.perSecond.toFixed(0)} submissions/s sustained (${submits.count} created; per-second median ${submits.steadyMedianPerSecond}, lowest ${submits.steadyMinPerSecond}); ` +
        `${latencyLine(submits)}, max ${ms(submits.max)}; ${formatErrors(submits.errors)}`,
    );
    console.log(`  applications in the database made during the run: ${applicationsMade} (the API answered ${submits.count} created)`);
    if (ranOut()) console.log(`  NOTE: all ${options.candidates} candidates had applied before the time was up; the rate is over the time they lasted (use --candidates)`);
    for (const line of submits.firstErrors) console.log(`  first errors: ${line}`);
    if (reads) {
      console.log(`== API: GET /api/psc/vacancies (20 open advertisements, page of 20), ${readers} concurrent readers in the same run ==`);
      console.log(`  ${reads.perSecond.toFixed(0)} req/s; ${latencyLine(reads)}, max ${ms(reads.max)}; ${reads.count} calls, ${formatErrors(reads.errors)}`);
      for (const line of reads.firstErrors) console.log(`  first errors: ${line}`);
    }
    console.log(`  CPU during the run: ${formatCpu(cpuBefore, cpuAfter, cores)}`);
    console.log(`  ${formatCpuPerCall(cpuBefore, cpuAfter, submits.count + (reads?.count ?? 0))} (submits and list reads together)`);

    let open: Awaited<ReturnType<typeof runOpen>> | undefined;
    if (options.rate > 0) {
      const openBefore = takeCpuSnapshot(pids);
      open = await runOpen(options.seconds);
      const openAfter = takeCpuSnapshot(pids);
      const [openSubmits, openReads] = open;
      console.log('');
      console.log(
        `== API, open loop: ${options.rate} submissions/s and ${readRate.toFixed(0)} vacancy reads/s arriving on schedule for ${options.seconds} s, at most ${submitters} + ${readers} under way ==`,
      );
      console.log(
        `  submissions: ${openSubmits.perSecond.toFixed(0)}/s answered (${openSubmits.count} created); ${latencyLine(openSubmits)}, max ${ms(openSubmits.max)} from when each was due; ` +
          `${openSubmits.waitedForSlot} waited for a free slot; ${formatErrors(openSubmits.errors)}`,
      );
      console.log(`  worst latency in each second of the run (ms): ${openSubmits.worstPerSecond.map((value) => value.toFixed(0)).join(' ')}`);
      for (const line of openSubmits.firstErrors) console.log(`  first errors: ${line}`);
      if (openReads) console.log(`  vacancy list: ${openReads.perSecond.toFixed(0)} req/s; ${latencyLine(openReads)}, max ${ms(openReads.max)}; ${formatErrors(openReads.errors)}`);
      console.log(`  CPU: ${formatCpu(openBefore, openAfter, cores)}; ${formatCpuPerCall(openBefore, openAfter, openSubmits.count + (openReads?.count ?? 0))}`);
    }

    const pgbench = findPgbench();
    let ratioLines: string[] = [];
    if (!pgbench) {
      console.log('\npgbench not found (PostgreSQL client tools, /usr/lib/postgresql/*/bin): database ceiling not measured');
    } else {
      const sample = await sampleSubmit(connection, world);
      const script = buildPgbenchScript(world, sample);
      const capacity = await maxPgbenchClients(connection);
      const sameClients = Math.min(options.concurrency, capacity.available);
      const poolClients = Math.min(Number(poolSize), capacity.available);
      console.log('');
      console.log(
        `== PostgreSQL ceiling: pgbench (-M prepared, -j 2) running the submit's insert statement (application on conflict do nothing, its quotas, charge, event), one application per transaction ==`,
      );
      console.log(
        `  max_connections ${capacity.max}, ${capacity.used} in use (the idle API pool and this script)` +
          (sameClients < options.concurrency ? `: ${sameClients} clients is the most the cluster allows, not ${options.concurrency}` : ''),
      );
      const results: { result: PgbenchResult; inserted: number }[] = [];
      // Each pgbench run goes on from the transaction numbers the one before used.
      let offset = 0;
      for (const clients of [...new Set([sameClients, poolClients])]) {
        const before = await countRows(connection, sql`select count(*)::int as count from applications where receipt_code like 'PGB-%'`);
        const cpuStart = takeCpuSnapshot(pids);
        const result = await runPgbench({ program: pgbench, databaseUrl: api.databaseUrl, folder, script, clients, offset, seconds: options.seconds, world, label: `submit-${clients}` });
        const cpuEnd = takeCpuSnapshot(pids);
        const inserted = (await countRows(connection, sql`select count(*)::int as count from applications where receipt_code like 'PGB-%'`)) - before;
        printPgbench(result, options.seconds);
        console.log(`    applications inserted: ${inserted}; CPU: ${formatCpu(cpuStart, cpuEnd, cores, 'children')}; ${formatCpuPerCall(cpuStart, cpuEnd, result.transactions)}`);
        if (inserted < result.transactions) {
          console.log(`    NOTE: ${result.transactions - inserted} transactions met an application already there (every candidate/advertisement pair used up): cheaper than a real insert; use more --candidates`);
        }
        offset = result.nextOffset;
        results.push({ result, inserted });
      }
      ratioLines = results.map(
        ({ result, inserted }) =>
          `  API ${submits.perSecond.toFixed(0)} submissions/s / pgbench ${result.tps.toFixed(0)} transactions/s at ${result.clients} clients = ${(submits.perSecond / result.tps).toFixed(2)}` +
          (inserted < result.transactions ? ` (pgbench overstated: only ${inserted} of its ${result.transactions} transactions inserted)` : ''),
      );
    }

    console.log('');
    console.log('== Summary ==');
    console.log(`  closed loop, ${submitters} candidates back to back: ${submits.perSecond.toFixed(0)} submissions/s; ${latencyLine(submits)}; ${formatErrors(submits.errors)}`);
    if (reads) console.log(`    vacancy list: ${reads.perSecond.toFixed(0)} req/s at ${readers} concurrent readers; ${latencyLine(reads)}; ${formatErrors(reads.errors)}`);
    if (open) {
      const [openSubmits, openReads] = open;
      console.log(
        `  open loop at ${options.rate}/s: ${openSubmits.perSecond.toFixed(0)} submissions/s answered; ${latencyLine(openSubmits)}; ${formatErrors(openSubmits.errors)} (target: >= 1,000/s, p99 < 250 ms, no errors)`,
      );
      if (openReads) console.log(`    vacancy list: ${openReads.perSecond.toFixed(0)} req/s; ${latencyLine(openReads)}; ${formatErrors(openReads.errors)}`);
    }
    for (const line of ratioLines) console.log(line);
  });
}
