import { schema, type Database } from '@psc/db';
import { inArray } from 'drizzle-orm';
import { join } from 'node:path';
import { cpuPerCall, findBenchmarkProcesses, formatCpu, formatErrors, runRatePhase, takeCpuSnapshot, type CpuSnapshot, type Outcome, type PhaseResult } from './apply-load';
import { ADVERTISEMENT_COUNT, quotaChoiceOf, type ApplyWorld } from './apply-seed';
import { EXPLAIN_CLUSTER_SETTINGS, explainPlans, prepareExplain, resetStatementCounts, statementLines } from './reads-explain';
import { seedApplications, type SeededApplications } from './reads-seed';
import { findWrk, runWrk, startBareHono, writeRequestList, type LoadRequest, type WrkResult } from './reads-wrk';
import { createSubmitter, readBenchmarkOptions, withSeededApi, type SeededBenchmark } from './seeded-api';

// `npm run bench -- reads [--candidates 100000] [--applied 0.6] [--connections 500] [--seconds 10] [--warmup 3] [--rate 3000] [--rush-rate 2000] [--paths NAME,NAME] [--explain]`
// (the reads benchmark): the apply benchmark's world (N candidates with complete profiles, 20
// open advertisements), of whom a share have applied to two advertisements each. Then, for every
// read path a candidate uses:
// - closed loop with wrk: C connections back to back for D seconds, every request a different
//   candidate's token (and that candidate's own application, receipt, advertisement), so no
//   per-candidate cache makes it trivial; non-2xx answers count as errors;
// - the baseline in the same run: bare Hono in its own process answering a JSON body of the
//   same size at the same connections, and the path's ratio to it.
// Then two open loops (calls arriving on schedule, latency from when each was due), with the
// apply benchmark's Node load generator since Debian's wrk has no fixed rate: the signed-in
// reads at R a second (target p99 < 100 ms), and a rush: 90% reads in a candidate's proportions
// and 10% submits of new applications (target: no error, p99 < 250 ms for both).
// --paths measures only the named paths in the closed loop (public-list, vacancy, ...); --explain
// shows, for each, the statements it runs and their plans (reads-explain.ts).
// Writes nothing into the repository.

const usage = 'npm run bench -- reads [--candidates N] [--applied SHARE] [--connections C] [--seconds D] [--warmup SECONDS] [--rate R] [--rush-rate R] [--paths NAME,NAME] [--explain]';

function readOptions() {
  const { numeric, flags } = readBenchmarkOptions(
    { candidates: 100_000, applied: 0.6, connections: 500, seconds: 10, warmup: 3, rate: 3000, 'rush-rate': 2000 },
    { paths: { type: 'string' }, explain: { type: 'boolean', default: false } },
  );
  const options = {
    candidates: numeric.candidates,
    appliedShare: numeric.applied,
    connections: numeric.connections,
    seconds: numeric.seconds,
    warmupSeconds: numeric.warmup,
    rate: numeric.rate,
    rushRate: numeric['rush-rate'],
    paths: typeof flags.paths === 'string' ? flags.paths.split(',').filter(Boolean) : undefined,
    explain: flags.explain === true,
  };
  const applied = Math.round(options.candidates * options.appliedShare);
  const valid =
    Number.isInteger(options.candidates) &&
    Number.isInteger(options.connections) &&
    options.connections >= 10 &&
    applied >= options.connections &&
    applied < options.candidates &&
    options.seconds > 0 &&
    options.warmupSeconds >= 0 &&
    options.rate >= 0 &&
    options.rushRate >= 0;
  if (!valid) throw new Error(`bad options ${JSON.stringify(options)}\nUsage: ${usage}`);
  return { ...options, applied };
}

/** Each applied candidate applied to this many advertisements: "my applications" lists more than one. */
const APPLICATIONS_PER_CANDIDATE = 2;

/** The paths whose answer is the same for every caller: their target is a share of bare Hono. */
const SHARED_ANSWER_PATHS = new Set(['public-list', 'public-detail']);

type Answer = { data?: Record<string, unknown> & { items?: unknown[]; total?: number } };

type ReadPath = {
  name: string;
  /** As the table shows it. */
  route: string;
  signedIn: boolean;
  /** Rotates over candidates 0..pool-1 (the applied ones for the application paths). */
  pool: number;
  requestOf: (n: number) => LoadRequest;
  /** What is wrong with the answer to requestOf(n), or null: the content check before the load. */
  problemOf: (n: number, answer: Answer) => string | null;
  /** Share of a candidate's reads in the rush (percent). */
  rushShare: number;
};

function readPaths(world: ApplyWorld, tokens: string[], seeded: SeededApplications, codes: string[]): ReadPath[] {
  const all = world.candidates;
  const applied = seeded.applied;
  const advertisementOf = (n: number) => world.advertisements[n % ADVERTISEMENT_COUNT]!;
  const expect = (condition: boolean, problem: string) => (condition ? null : problem);
  // A candidate's reads in a rush, in percent (the rush mix's 90% of calls): the vacancy list is
  // where a candidate lands and returns to, and each vacancy looked at is a detail read
  // (signed-in, or the public pages a visitor not yet signed in reads); eligibility and the fee
  // quote come once or twice per vacancy the candidate goes on to apply for (the quote again
  // when the quota choice changes); "my applications" and one application after submitting and
  // when coming back to pay; the profile before applying; the receipt check is rarest (someone
  // verifying a printed receipt).
  return [
    {
      name: 'public-list',
      route: 'GET /api/public/advertisements',
      signedIn: false,
      pool: all,
      requestOf: () => ({ method: 'GET', path: '/api/public/advertisements?page=1&pageSize=20' }),
      problemOf: (_, answer) => expect((answer.data?.total ?? 0) >= ADVERTISEMENT_COUNT && (answer.data?.items?.length ?? 0) > 0, `lists ${answer.data?.total} advertisements, not ${ADVERTISEMENT_COUNT}`),
      rushShare: 12,
    },
    {
      name: 'public-detail',
      route: 'GET /api/public/advertisements/{code}',
      signedIn: false,
      pool: all,
      requestOf: (n) => ({ method: 'GET', path: `/api/public/advertisements/${encodeURIComponent(codes[n % ADVERTISEMENT_COUNT]!)}` }),
      problemOf: (n, answer) => expect(answer.data?.code === codes[n % ADVERTISEMENT_COUNT], `answered advertisement ${String(answer.data?.code)}`),
      rushShare: 8,
    },
    {
      name: 'vacancies',
      route: 'GET /api/psc/vacancies',
      signedIn: true,
      pool: all,
      requestOf: (n) => ({ method: 'GET', path: '/api/psc/vacancies?page=1&pageSize=20', token: tokens[n] }),
      problemOf: (_, answer) => expect((answer.data?.total ?? 0) >= ADVERTISEMENT_COUNT, `lists ${answer.data?.total} vacancies, not ${ADVERTISEMENT_COUNT}`),
      rushShare: 22,
    },
    {
      name: 'vacancy',
      route: 'GET /api/psc/vacancies/{id}',
      signedIn: true,
      pool: all,
      requestOf: (n) => ({ method: 'GET', path: `/api/psc/vacancies/${advertisementOf(n).id}`, token: tokens[n] }),
      problemOf: (n, answer) => expect(answer.data?.id === advertisementOf(n).id, `answered vacancy ${String(answer.data?.id)}`),
      rushShare: 18,
    },
    {
      name: 'eligibility',
      route: 'GET /api/psc/vacancies/{id}/eligibility',
      signedIn: true,
      pool: all,
      requestOf: (n) => ({ method: 'GET', path: `/api/psc/vacancies/${advertisementOf(n).id}/eligibility`, token: tokens[n] }),
      problemOf: (_, answer) => expect(answer.data?.eligible === true, `a seeded candidate is not eligible: ${JSON.stringify(answer.data?.reasons)}`),
      rushShare: 10,
    },
    {
      name: 'fee-quote',
      route: 'POST /api/psc/vacancies/{id}/fee-quote',
      signedIn: true,
      pool: all,
      // The quotas the candidate may compete in, as the apply form asks while they are ticked.
      requestOf: (n) => ({ method: 'POST', path: `/api/psc/vacancies/${advertisementOf(n).id}/fee-quote`, token: tokens[n], body: { quotaIds: quotaChoiceOf(n, advertisementOf(n)) } }),
      problemOf: (_, answer) => expect(typeof answer.data?.amount === 'number' && answer.data.amount > 0, `quoted ${String(answer.data?.amount)}`),
      rushShare: 10,
    },
    {
      name: 'my-applications',
      route: 'GET /api/psc/applications',
      signedIn: true,
      pool: applied,
      requestOf: (n) => ({ method: 'GET', path: '/api/psc/applications?page=1&pageSize=20', token: tokens[n] }),
      problemOf: (_, answer) => expect(answer.data?.total === seeded.perCandidate, `lists ${answer.data?.total} applications, not ${seeded.perCandidate}`),
      rushShare: 8,
    },
    {
      name: 'application',
      route: 'GET /api/psc/applications/{id}',
      signedIn: true,
      pool: applied,
      requestOf: (n) => ({ method: 'GET', path: `/api/psc/applications/${seeded.firstApplicationIds[n]}`, token: tokens[n] }),
      problemOf: (n, answer) => {
        const timeline = answer.data?.timeline as unknown[] | undefined;
        return expect(answer.data?.applicationId === seeded.firstApplicationIds[n] && (timeline?.length ?? 0) > 0, `answered application ${String(answer.data?.applicationId)} with ${timeline?.length} timeline lines`);
      },
      rushShare: 5,
    },
    {
      name: 'profile',
      route: 'GET /api/psc/profile',
      signedIn: true,
      pool: all,
      requestOf: (n) => ({ method: 'GET', path: '/api/psc/profile', token: tokens[n] }),
      problemOf: (_, answer) => {
        const completeness = answer.data?.completeness as { completed: number; total: number } | undefined;
        return expect(!!completeness && completeness.completed === completeness.total, `profile ${JSON.stringify(completeness)} complete`);
      },
      rushShare: 5,
    },
    {
      name: 'receipt',
      route: 'GET /api/public/receipts/{receiptCode}',
      signedIn: false,
      pool: applied,
      requestOf: (n) => ({ method: 'GET', path: `/api/public/receipts/${encodeURIComponent(seeded.receiptCodes[n]!)}` }),
      problemOf: (n, answer) => expect(answer.data?.receiptCode === seeded.receiptCodes[n], `answered receipt ${String(answer.data?.receiptCode)}`),
      rushShare: 2,
    },
  ];
}

/** The seeded advertisements' codes ("2083/84-0007"), in the order of world.advertisements. */
async function advertisementCodes(db: Database, world: ApplyWorld) {
  const ids = world.advertisements.map((advertisement) => advertisement.id);
  const found = await db.select({ id: schema.advertisements.id, code: schema.advertisements.code }).from(schema.advertisements).where(inArray(schema.advertisements.id, ids));
  return ids.map((id) => {
    const code = found.find((row) => row.id === id)?.code;
    if (!code) throw new Error(`seeded advertisement ${id} has no code`);
    return code;
  });
}

/** Requests of a path for the load: one for each candidate of its pool, in turn. */
const requestsOf = (path: ReadPath) => Array.from({ length: path.pool }, (_, n) => path.requestOf(n));

/**
 * The path answers 200 with real content for a few candidates spread over its pool, or the
 * benchmark stops here: a fast 404 would measure nothing. Answers the mean body size in bytes.
 */
async function checkPath(http: SeededBenchmark['http'], path: ReadPath) {
  const samples = 20;
  let bytes = 0;
  for (let sample = 0; sample < samples; sample += 1) {
    const n = Math.floor((sample * path.pool) / samples);
    const request = path.requestOf(n);
    const answer = await http.call(request.method, request.path, request.token, request.body);
    if (answer.status !== 200) throw new Error(`${path.route} (${request.path}) answered ${answer.status} for candidate ${n}: ${answer.body.slice(0, 400)}`);
    const problem = path.problemOf(n, JSON.parse(answer.body) as Answer);
    if (problem) throw new Error(`${path.route} (${request.path}) for candidate ${n}: ${problem}\n${answer.body.slice(0, 400)}`);
    bytes += Buffer.byteLength(answer.body);
  }
  return Math.round(bytes / samples);
}

/** A fixed order that interleaves the paths by their shares: share s of 100 turns appears s times, spread out. */
function weightedOrder(shares: number[]): number[] {
  return shares
    .flatMap((share, path) => Array.from({ length: share }, (_, turn) => ({ path, at: (turn + 0.5) / share })))
    .sort((a, b) => a.at - b.at)
    .map((turn) => turn.path);
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const latencyLine = (result: Pick<PhaseResult, 'p50' | 'p95' | 'p99'>) => `p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)}`;
const errorCount = (errors: Map<string, number>) => [...errors.values()].reduce((sum, value) => sum + value, 0);

type PathRow = { path: ReadPath; bytes: number; api: WrkResult; bare: WrkResult; cpu: { api: number; postgres: number } };

export async function benchReads() {
  const options = readOptions();
  const wrk = findWrk();
  if (!wrk) throw new Error('wrk not found (Debian: apt-get install wrk)');
  const describe = () =>
    console.log(
      `options: ${options.candidates.toLocaleString('en')} candidates (${options.applied.toLocaleString('en')} applied), ${options.connections} connections, ` +
        `${options.seconds} s measured per path after a ${options.warmupSeconds} s warm-up; open loops at ${options.rate}/s (signed-in reads) and ${options.rushRate}/s (rush)`,
    );
  const setup = { name: 'reads', candidates: options.candidates, maxSockets: options.connections + 10, clusterSettings: options.explain ? EXPLAIN_CLUSTER_SETTINGS : [], describe };
  await withSeededApi(setup, async ({ api, connection, world, tokens, http, folder, cores, workers }) => {
    const logFile = api.logFile;
    if (options.explain && !logFile) throw new Error('--explain reads the throwaway cluster\'s log: run it without DATABASE_URL');
    if (options.explain) await prepareExplain(connection.db);
    const seeded = await seedApplications(connection.db, world, options.applied, APPLICATIONS_PER_CANDIDATE, (line) => console.log(line));
    const codes = await advertisementCodes(connection.db, world);
    const paths = readPaths(world, tokens, seeded, codes);
    const chosen = options.paths ? paths.filter((path) => options.paths!.includes(path.name)) : paths;
    if (chosen.length === 0) throw new Error(`no such path; paths: ${paths.map((path) => path.name).join(', ')}`);

    const sizes = new Map<ReadPath, number>();
    for (const path of paths) sizes.set(path, await checkPath(http, path));
    console.log(`checked through the API: every path answers 200 with its content for 20 candidates across its pool (${paths.map((path) => `${path.name} ${sizes.get(path)} B`).join(', ')})`);

    const bare = await startBareHono(workers);
    const pids = findBenchmarkProcesses(api.databaseUrl);
    const rows: PathRow[] = [];
    try {
      for (const path of chosen) {
        const bytes = sizes.get(path)!;
        const requests = requestsOf(path);
        const apiList = join(folder, `${path.name}.tsv`);
        writeRequestList(apiList, requests);
        // The same requests (token, method, body) to the baseline, for a body of the same size.
        const bareList = join(folder, `${path.name}-bare.tsv`);
        writeRequestList(bareList, requests.map((request) => ({ ...request, path: `/bytes/${bytes}` })));
        const run = (baseUrl: string, listFile: string, seconds: number) => runWrk({ baseUrl, folder, listFile, connections: options.connections, seconds });
        if (options.warmupSeconds > 0) await run(api.url, apiList, options.warmupSeconds);
        if (options.explain) await resetStatementCounts(connection.db);
        const before = takeCpuSnapshot(pids);
        const apiResult = await run(api.url, apiList, options.seconds);
        const after = takeCpuSnapshot(pids);
        if (options.warmupSeconds > 0) await run(bare.url, bareList, options.warmupSeconds);
        const bareResult = await run(bare.url, bareList, options.seconds);
        const cpu = cpuPerCall(before, after, apiResult.requests);
        rows.push({ path, bytes, api: apiResult, bare: bareResult, cpu });
        console.log(
          `${path.route} (${bytes} B, ${path.pool.toLocaleString('en')} candidates in turn): API ${apiResult.perSecond.toFixed(0)} req/s, ${latencyLine(apiResult)}, ${formatErrors(apiResult.errors)}; ` +
            `bare Hono ${bareResult.perSecond.toFixed(0)} req/s, ${latencyLine(bareResult)}; ratio ${(apiResult.perSecond / bareResult.perSecond).toFixed(2)}; CPU ${formatCpu(before, after, cores, 'children', 'wrk')}`,
        );
        if (options.explain && logFile) {
          console.log('  statements of the run, most database time first (pg_stat_statements):');
          for (const line of await statementLines(connection.db, apiResult.requests)) console.log(`    ${line}`);
          const sample = path.requestOf(1);
          const plans = await explainPlans(connection.db, logFile, async () => {
            const answer = await http.call(sample.method, sample.path, sample.token, sample.body);
            if (answer.status !== 200) throw new Error(`${sample.path} answered ${answer.status} while explained`);
          });
          console.log(`  plans of one request (auto_explain, EXPLAIN ANALYZE BUFFERS; [rows x loops]):`);
          for (const line of plans) console.log(`    ${line}`);
        }
      }
    } finally {
      bare.stop();
    }

    // Open loops: the Node load generator (runRatePhase), every call a different candidate's.
    const turnOf = new Map<ReadPath, number>();
    const callPath = (path: ReadPath): Promise<Outcome> => {
      const n = (turnOf.get(path) ?? 0) % path.pool;
      turnOf.set(path, n + 1);
      const request = path.requestOf(n);
      return http
        .call(request.method, request.path, request.token, request.body)
        .then((answer): Outcome => (answer.status >= 200 && answer.status < 300 ? { ok: true } : { ok: false, kind: `${path.name} HTTP ${answer.status}`, detail: answer.body }));
    };
    const mixOf = (mix: ReadPath[]) => {
      const order = weightedOrder(mix.map((path) => path.rushShare));
      let turn = 0;
      return () => callPath(mix[order[turn++ % order.length]!]!);
    };

    let signedIn: { result: PhaseResult; before: CpuSnapshot; after: CpuSnapshot } | undefined;
    const signedInPaths = paths.filter((path) => path.signedIn);
    if (options.rate > 0) {
      const before = takeCpuSnapshot(pids);
      const result = await runRatePhase(options.rate, options.seconds, options.connections, mixOf(signedInPaths));
      signedIn = { result, before, after: takeCpuSnapshot(pids) };
      console.log('');
      console.log(
        `== open loop: signed-in reads at ${options.rate}/s for ${options.seconds} s (${signedInPaths.map((path) => `${path.name} ${path.rushShare}`).join(', ')} in every ${signedInPaths.reduce((sum, path) => sum + path.rushShare, 0)}), at most ${options.connections} under way ==`,
      );
      console.log(`  ${result.perSecond.toFixed(0)} req/s answered; ${latencyLine(result)}, max ${ms(result.max)} from when each was due; ${result.waitedForSlot} waited for a free slot; ${formatErrors(result.errors)}`);
      for (const line of result.firstErrors) console.log(`  first errors: ${line}`);
      console.log(`  CPU: ${formatCpu(before, signedIn.after, cores)}`);
    }

    let rush: { reads: PhaseResult; submits: PhaseResult; ranOut: boolean } | undefined;
    if (options.rushRate > 0) {
      // Submits: candidates who have not applied anywhere, each once, to advertisement index mod 20.
      const { submit, ranOut } = createSubmitter({ http, world, tokens }, seeded.applied);
      const submitSlots = Math.max(1, Math.round(options.connections / 10));
      const before = takeCpuSnapshot(pids);
      const [reads, submits] = await Promise.all([
        runRatePhase(options.rushRate * 0.9, options.seconds, options.connections - submitSlots, mixOf(paths)),
        runRatePhase(options.rushRate * 0.1, options.seconds, submitSlots, submit),
      ]);
      const after = takeCpuSnapshot(pids);
      rush = { reads, submits, ranOut: ranOut() };
      console.log('');
      console.log(
        `== open loop, rush: ${(options.rushRate * 0.9).toFixed(0)} reads/s (${paths.map((path) => `${path.name} ${path.rushShare}%`).join(', ')}) and ${(options.rushRate * 0.1).toFixed(0)} submits/s for ${options.seconds} s ==`,
      );
      console.log(`  reads: ${reads.perSecond.toFixed(0)}/s answered; ${latencyLine(reads)}, max ${ms(reads.max)}; ${formatErrors(reads.errors)}`);
      for (const line of reads.firstErrors) console.log(`  first errors: ${line}`);
      console.log(`  submits: ${submits.perSecond.toFixed(0)}/s created; ${latencyLine(submits)}, max ${ms(submits.max)}; ${formatErrors(submits.errors)}`);
      for (const line of submits.firstErrors) console.log(`  first errors: ${line}`);
      if (rush.ranOut) console.log(`  NOTE: every candidate who had not applied has submitted; the submit rate is over the time they lasted (use --candidates or a smaller --applied)`);
      console.log(`  CPU: ${formatCpu(before, after, cores)}`);
    }

    console.log('');
    console.log(`== Summary: closed loop at ${options.connections} connections (wrk), ${options.seconds} s a path; baseline bare Hono (${workers} worker${workers === '1' ? '' : 's'}) answering the same bytes ==`);
    const table = [
      ['path', 'req/s', 'p50', 'p95', 'p99', 'errors', 'CPU/req API+PG', 'bare req/s', 'ratio'],
      ...rows.map((row) => [
        row.path.route,
        row.api.perSecond.toFixed(0),
        ms(row.api.p50),
        ms(row.api.p95),
        ms(row.api.p99),
        String(errorCount(row.api.errors)),
        `${row.cpu.api.toFixed(2)}+${row.cpu.postgres.toFixed(2)} ms`,
        row.bare.perSecond.toFixed(0),
        (row.api.perSecond / row.bare.perSecond).toFixed(2),
      ]),
    ];
    const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
    for (const line of table) console.log(`  ${line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')}`);
    // The targets: the public advertisement list and detail (the same answer for everyone) at
    // least 0.3 of bare Hono; every per-candidate read (signed in, and the receipt check by code)
    // at least 3,000 a second.
    for (const row of rows) {
      if (SHARED_ANSWER_PATHS.has(row.path.name)) {
        const ratio = row.api.perSecond / row.bare.perSecond;
        console.log(`  ${row.path.route}: ${ratio.toFixed(2)} of bare Hono (target >= 0.3: ${ratio >= 0.3 ? 'met' : 'NOT met'})`);
      } else {
        console.log(`  ${row.path.route}: ${row.api.perSecond.toFixed(0)}/s (target >= 3000/s: ${row.api.perSecond >= 3000 ? 'met' : 'NOT met'})`);
      }
    }
    if (signedIn) {
      const { result } = signedIn;
      console.log(
        `  open loop, signed-in reads at ${options.rate}/s: ${result.perSecond.toFixed(0)} answered/s; ${latencyLine(result)}; ${formatErrors(result.errors)} ` +
          `(target p99 < 100 ms: ${result.p99 < 100 && errorCount(result.errors) === 0 ? 'met' : 'NOT met'})`,
      );
    }
    if (rush) {
      const met = (result: PhaseResult) => (result.p99 < 250 && errorCount(result.errors) === 0 ? 'met' : 'NOT met');
      console.log(`  rush at ${options.rushRate}/s, reads: ${rush.reads.perSecond.toFixed(0)}/s; ${latencyLine(rush.reads)}; ${formatErrors(rush.reads.errors)} (target no error, p99 < 250 ms: ${met(rush.reads)})`);
      console.log(`  rush at ${options.rushRate}/s, submits: ${rush.submits.perSecond.toFixed(0)}/s; ${latencyLine(rush.submits)}; ${formatErrors(rush.submits.errors)} (target no error, p99 < 250 ms: ${met(rush.submits)})`);
    }
  });
}
