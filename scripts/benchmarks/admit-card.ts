import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { cpuPerCall, findBenchmarkProcesses, formatCpu, formatErrors, takeCpuSnapshot } from './apply-load';
import { generateAndConfirmCards, seedSeatedAdvertisement, storeCandidatePictures } from './admit-card-seed';
import { EXPLAIN_CLUSTER_SETTINGS, explainPlans, prepareExplain, resetStatementCounts, statementLines } from './reads-explain';
import { findWrk, runWrk, startBareHono, writeRequestList, type LoadRequest, type WrkResult } from './reads-wrk';
import { readBenchmarkOptions, withSeededApi, type SeededBenchmark } from './seeded-api';
import { forEachLimited, percentile } from './support';

// `npm run bench -- admit-card [--candidates 100000] [--connections 500] [--rate 1100] [--seconds 10] [--warmup 3] [--centres 25] [--pdf-cards 200] [--pdf-concurrency 20] [--explain]`
// (the admit-card benchmark): the week before an exam, when every candidate of an advertisement
// downloads their admit card at once. The API in its own process (production mode, API_WORKERS
// as seeded-api.ts starts it) on a throwaway PostgreSQL cluster; N candidates with complete
// profiles, each with one approved application to one advertisement whose schedule is approved
// and whose two papers are seated to the seat, rooms final (admit-card-seed.ts, set-wise SQL).
// 1. "My applications" at the release, with wrk (C connections back to back for D seconds, each
//    request a different candidate's token): no card exists yet, so each candidate's first list
//    generates their card (spec §7 "generate": the list is the read that issues cards).
// 2. Every remaining card generated and confirmed (set-wise), then the same list again: every
//    card exists, the list only reads it.
// 3. The card itself, GET /api/psc/admit-cards/{id}, each request a different candidate's own
//    card. Target for 2 and 3: at least 1,000 a second with p99 under 250 ms, no error. Each path
//    runs twice: closed loop (every connection sends again as soon as it is answered: the most
//    the API takes, where the latency is mostly the queue of 500 requests always in flight), then
//    paced at about R requests a second over the same C connections (each waits a random pause
//    before each request, as 500 candidates tapping do: the latency they see at that load). The
//    target is judged on the paced run. Beside each: bare Hono answering a JSON body of the same
//    size at the same connections, closed loop and paced alike.
// 4. The PDF, GET /api/psc/admit-cards/{id}/pdf: P distinct cards downloaded at a concurrency of
//    K, first cold (printed by the API's Chromium, then kept in the file store under the hash of
//    its HTML), then warm (the same cards again: a file read); latency, cards a second and CPU
//    (the API's Node, its Chromium, PostgreSQL) for each, and what 100,000 first downloads cost.
// --explain adds, for 1-3, the statements of the measured run and the plans of one request (reads-explain.ts).
// Writes nothing into the repository.

const usage = 'npm run bench -- admit-card [--candidates N] [--connections C] [--rate R] [--seconds D] [--warmup SECONDS] [--centres N] [--pdf-cards P] [--pdf-concurrency K] [--explain]';

const TARGET = { perSecond: 1000, p99: 250 };

function readOptions() {
  const { numeric, flags } = readBenchmarkOptions(
    { candidates: 100_000, connections: 500, rate: 1100, seconds: 10, warmup: 3, centres: 25, 'pdf-cards': 200, 'pdf-concurrency': 20 },
    { explain: { type: 'boolean', default: false } },
  );
  const options = {
    candidates: numeric.candidates,
    connections: numeric.connections,
    rate: numeric.rate,
    seconds: numeric.seconds,
    warmupSeconds: numeric.warmup,
    centres: numeric.centres,
    pdfCards: numeric['pdf-cards'],
    pdfConcurrency: numeric['pdf-concurrency'],
    explain: flags.explain === true,
  };
  const valid =
    [options.candidates, options.connections, options.centres, options.pdfCards, options.pdfConcurrency].every(Number.isInteger) &&
    options.connections >= 10 &&
    Number.isInteger(options.rate) &&
    options.rate >= 1 &&
    options.candidates >= 10 * options.connections &&
    options.centres >= 1 &&
    options.seconds > 0 &&
    options.warmupSeconds >= 0 &&
    options.pdfCards >= 1 &&
    options.pdfCards * 2 <= options.candidates &&
    options.pdfConcurrency >= 1;
  if (!valid) throw new Error(`bad options ${JSON.stringify(options)}\nUsage: ${usage}`);
  return options;
}

type Answer = { data?: Record<string, unknown> & { items?: Record<string, unknown>[]; total?: number } };

/** The path answers 200 with real content for 20 candidates spread over `pool`, or the benchmark stops; answers the mean body size. */
async function checkPath(http: SeededBenchmark['http'], route: string, pool: number[], requestOf: (n: number) => LoadRequest, problemOf: (n: number, answer: Answer) => string | null) {
  const samples = 20;
  let bytes = 0;
  for (let sample = 0; sample < samples; sample += 1) {
    const n = pool[Math.floor((sample * pool.length) / samples)]!;
    const request = requestOf(n);
    const answer = await http.call(request.method, request.path, request.token);
    if (answer.status !== 200) throw new Error(`${route} (${request.path}) answered ${answer.status} for candidate ${n}: ${answer.body.slice(0, 400)}`);
    const problem = problemOf(n, JSON.parse(answer.body) as Answer);
    if (problem) throw new Error(`${route} (${request.path}) for candidate ${n}: ${problem}\n${answer.body.slice(0, 600)}`);
    bytes += Buffer.byteLength(answer.body);
  }
  return Math.round(bytes / samples);
}

// --- CPU of the API's whole process tree: its Node processes and the Chromium each launched. ---

const ticksPerSecond = 100;

function processTable() {
  const table: { pid: number; ppid: number; ticks: number; node: boolean }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      const command = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
      table.push({ pid: Number(name), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), node: command === 'node' || command.startsWith('node') });
    } catch {
      // The process ended while the table was read.
    }
  }
  return table;
}

type TreeCpu = { at: number; node: number; chromium: number; chromiumProcesses: number };

/** The API process, its workers (Node) and everything they started (Chromium and its helpers). */
function takeTreeCpu(apiPid: number | undefined): TreeCpu {
  const table = processTable();
  const inTree = new Set(apiPid === undefined ? [] : [apiPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const entry of table) {
      if (!inTree.has(entry.pid) && inTree.has(entry.ppid)) {
        inTree.add(entry.pid);
        grew = true;
      }
    }
  }
  let node = 0;
  let chromium = 0;
  let chromiumProcesses = 0;
  for (const entry of table) {
    if (!inTree.has(entry.pid)) continue;
    if (entry.node) node += entry.ticks;
    else {
      chromium += entry.ticks;
      chromiumProcesses += 1;
    }
  }
  return { at: performance.now(), node, chromium, chromiumProcesses };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const errorCount = (errors: Map<string, number>) => [...errors.values()].reduce((sum, value) => sum + value, 0);
const met = (condition: boolean) => (condition ? 'met' : 'NOT met');
const duration = (seconds: number) => (seconds < 120 ? `${seconds.toFixed(0)} s` : seconds < 7200 ? `${(seconds / 60).toFixed(0)} min` : `${(seconds / 3600).toFixed(1)} h`);

type Row = { label: string; route: string; bytes: number; api: WrkResult; bare: WrkResult; paced: { api: WrkResult; bare: WrkResult }; cpu: { api: number; postgres: number }; cpuLine: string; note?: string };

type PdfPhase = { perSecond: number; p50: number; p99: number; max: number; seconds: number; errors: number; firstError?: string; tree: { node: number; chromium: number }; postgres: number; bytes: number; digests: string[] };

export async function benchAdmitCard() {
  const options = readOptions();
  if (!findWrk()) throw new Error('wrk not found (Debian: apt-get install wrk)');
  const describe = () =>
    console.log(
      `options: ${options.candidates.toLocaleString('en')} candidates on one advertisement over ${options.centres} cities, ${options.connections} connections, ` +
        `${options.seconds} s measured per path after a ${options.warmupSeconds} s warm-up, closed loop then paced at ${options.rate.toLocaleString('en')} requests/s; PDFs: ${options.pdfCards} distinct cards at a concurrency of ${options.pdfConcurrency}, cold then warm; ` +
        `LOG_LEVEL ${process.env.LOG_LEVEL ?? 'silent'}`,
    );
  const setup = { name: 'admit-card', candidates: options.candidates, maxSockets: options.connections + 10, clusterSettings: options.explain ? EXPLAIN_CLUSTER_SETTINGS : [], describe };
  await withSeededApi(setup, async ({ api, connection, world, tokens, http, folder, cores, workers }) => {
    const db = connection.db;
    if (options.explain && !api.logFile) throw new Error('--explain reads the throwaway cluster\'s log: run it without DATABASE_URL');
    if (options.explain) await prepareExplain(db);
    const seated = await seedSeatedAdvertisement(db, world, options.centres, (line) => console.log(line));
    const pids = findBenchmarkProcesses(api.databaseUrl);
    const bare = await startBareHono(workers);
    const rows: Row[] = [];
    const everyone = Array.from({ length: options.candidates }, (_, n) => n);

    /** wrk on the API then on bare Hono with the same requests answering the same bytes. */
    const measure = async (label: string, route: string, bytes: number, measured: LoadRequest[], warmup: LoadRequest[], sample: LoadRequest) => {
      const list = (name: string, requests: LoadRequest[]) => {
        const file = join(folder, `${name}.tsv`);
        writeRequestList(file, requests);
        return file;
      };
      const name = label.replace(/\W+/g, '-');
      const apiList = list(name, measured);
      const warmupList = list(`${name}-warmup`, warmup);
      const bareList = list(`${name}-bare`, measured.map((request) => ({ ...request, path: `/bytes/${bytes}` })));
      const run = (baseUrl: string, listFile: string, seconds: number, rate?: number) => runWrk({ baseUrl, folder, listFile, connections: options.connections, seconds, rate });
      if (options.warmupSeconds > 0) await run(api.url, warmupList, options.warmupSeconds);
      if (options.explain) await resetStatementCounts(db);
      const before = takeCpuSnapshot(pids);
      const result = await run(api.url, apiList, options.seconds);
      const after = takeCpuSnapshot(pids);
      if (options.warmupSeconds > 0) await run(bare.url, bareList, options.warmupSeconds);
      const bareResult = await run(bare.url, bareList, options.seconds);
      // Paced: the API then bare Hono, each offered the same rate.
      const paced = { api: await run(api.url, apiList, options.seconds, options.rate), bare: await run(bare.url, bareList, options.seconds, options.rate) };
      const row: Row = { label, route, bytes, api: result, bare: bareResult, paced, cpu: cpuPerCall(before, after, result.requests), cpuLine: formatCpu(before, after, cores, 'children', 'wrk') };
      rows.push(row);
      console.log(
        `${route} [${label}] (${bytes} B): API ${result.perSecond.toFixed(0)} req/s, p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)}, max ${ms(result.max)}, ${formatErrors(result.errors)}; ` +
          `bare Hono ${bareResult.perSecond.toFixed(0)} req/s, p99 ${ms(bareResult.p99)}; ratio ${(result.perSecond / bareResult.perSecond).toFixed(2)}; ` +
          `CPU per request API ${row.cpu.api.toFixed(2)} ms + PostgreSQL ${row.cpu.postgres.toFixed(2)} ms; ${row.cpuLine}`,
      );
      console.log(
        `  paced at ${options.rate}/s: API ${paced.api.perSecond.toFixed(0)} req/s, p50 ${ms(paced.api.p50)}, p95 ${ms(paced.api.p95)}, p99 ${ms(paced.api.p99)}, max ${ms(paced.api.max)}, ${formatErrors(paced.api.errors)}; ` +
          `bare Hono ${paced.bare.perSecond.toFixed(0)} req/s, p99 ${ms(paced.bare.p99)}`,
      );
      if (options.explain && api.logFile) {
        console.log('  statements of the run, most database time first (pg_stat_statements):');
        for (const line of await statementLines(db, result.requests)) console.log(`    ${line}`);
        const plans = await explainPlans(db, api.logFile, async () => {
          const answer = await http.call(sample.method, sample.path, sample.token);
          if (answer.status !== 200) throw new Error(`${sample.path} answered ${answer.status} while explained`);
        });
        console.log('  plans of one request (auto_explain, EXPLAIN ANALYZE BUFFERS; [rows x loops]):');
        for (const line of plans) console.log(`    ${line}`);
      }
      return row;
    };

    // 1. The release: each candidate's first "My applications" generates their card. The
    // warm-up takes the last tenth of the candidates, the measured run the rest from the first.
    const listRequest = (n: number): LoadRequest => ({ method: 'GET', path: '/api/psc/applications?page=1&pageSize=20', token: tokens[n] });
    const tenth = Math.floor(options.candidates / 10);
    const releasePool = everyone.slice(0, options.candidates - tenth);
    const warmupPool = everyone.slice(options.candidates - tenth);
    const listProblem = (expectCard: boolean) => (n: number, answer: Answer) => {
      const item = answer.data?.items?.[0];
      if (answer.data?.total !== 1 || !item) return `lists ${answer.data?.total} applications, not 1`;
      if (item.applicationId !== seated.applicationIds[n]) return `lists application ${String(item.applicationId)}`;
      const card = item.admitCard as { id?: string } | null;
      return expectCard && !card?.id ? 'the application carries no admit card' : null;
    };
    // Checked on the warm-up's candidates: this generates their cards, as their first list would.
    const listBytes = await checkPath(http, 'GET /api/psc/applications', warmupPool, listRequest, listProblem(true));
    const cardsBefore = await countCards(db, seated.advertisementId);
    // The plans' sample: the pool's last candidate, whose card a run short of the whole pool has not generated.
    const release = await measure('release: first list, generates the card', 'GET /api/psc/applications', listBytes, releasePool.map(listRequest), warmupPool.map(listRequest), listRequest(releasePool.length - 1));
    const generatedInRelease = (await countCards(db, seated.advertisementId)) - cardsBefore;
    const releaseRequests = release.api.requests;
    console.log(
      `  cards generated by the lists: ${generatedInRelease.toLocaleString('en')} in the measured run and its warm-up (${(await countCards(db, seated.advertisementId)).toLocaleString('en')} of ${options.candidates.toLocaleString('en')} exist); ` +
        `${releaseRequests.toLocaleString('en')} lists answered in the measured run over a pool of ${releasePool.length.toLocaleString('en')}` +
        (releaseRequests > releasePool.length ? ' (the pool went round: later lists found their card)' : ''),
    );
    release.note = `${generatedInRelease.toLocaleString('en')} cards generated`;

    // 2. Every card generated and confirmed (set-wise), then the same list: it only reads the card.
    const started = performance.now();
    const { cardIds, generated } = await generateAndConfirmCards(db, world, seated);
    console.log(`generated the ${generated.toLocaleString('en')} cards not yet generated (the issue's own statement, all at once) and confirmed all ${options.candidates.toLocaleString('en')} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const listAgainBytes = await checkPath(http, 'GET /api/psc/applications', everyone, listRequest, listProblem(true));
    await measure('list again, card exists', 'GET /api/psc/applications', listAgainBytes, everyone.map(listRequest), everyone.slice().reverse().map(listRequest), listRequest(1));

    // 3. The card view, each candidate's own.
    const viewRequest = (n: number): LoadRequest => ({ method: 'GET', path: `/api/psc/admit-cards/${cardIds[n]}`, token: tokens[n] });
    const viewBytes = await checkPath(http, 'GET /api/psc/admit-cards/{id}', everyone, viewRequest, (n, answer) => {
      const card = answer.data?.card as { papers?: { roomNumber?: string; seatNumber?: number }[]; verificationUrl?: string } | undefined;
      if (answer.data?.id !== cardIds[n]) return `answered card ${String(answer.data?.id)}`;
      if (card?.papers?.length !== seated.sittings || card.papers.some((paper) => !paper.roomNumber || !paper.seatNumber)) return `papers ${JSON.stringify(card?.papers)}`;
      return card.verificationUrl ? null : 'no signed verification address';
    });
    await measure('card view', 'GET /api/psc/admit-cards/{id}', viewBytes, everyone.map(viewRequest), everyone.slice().reverse().map(viewRequest), viewRequest(1));
    bare.stop();

    // 4. The PDF: distinct cards spread over the candidates, their pictures in the file store.
    const pdfCandidates = Array.from({ length: options.pdfCards }, (_, k) => Math.floor(((k + 0.5) * options.candidates) / options.pdfCards));
    // Two cards of other candidates first, one a worker: each API process launches its one
    // Chromium at its first print (pdf-printer.ts), once for the life of the process.
    const primers = [1, 3, 5, 7].map((k) => Math.floor(((k + 0.25) * options.candidates) / 8));
    const pictures = await storeCandidatePictures(db, world, join(folder, 'data'), [...pdfCandidates, ...primers]);
    console.log(`wrote ${pictures.files} pictures (${(pictures.bytes / 1024).toFixed(0)} KB) into the API's file store for the ${options.pdfCards + primers.length} candidates whose PDFs are printed`);
    const download = async (n: number) => {
      const response = await fetch(`${api.url}/api/psc/admit-cards/${cardIds[n]}/pdf`, { headers: { authorization: `Bearer ${tokens[n]}` } });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const isPdf = Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
      if (response.status !== 200 || !isPdf) throw new Error(`PDF of candidate ${n} answered ${response.status}: ${Buffer.from(bytes.subarray(0, 300)).toString('utf8')}`);
      return bytes;
    };
    const primerTimes: number[] = [];
    await forEachLimited(primers, 2, async (n) => {
      const at = performance.now();
      await download(n);
      primerTimes.push(performance.now() - at);
    });
    const chromiumAfterPrimers = takeTreeCpu(pids.apiPid).chromiumProcesses;
    console.log(`first prints (Chromium launched on each worker's first): ${primerTimes.map(ms).join(', ')}; ${chromiumAfterPrimers} Chromium processes under the API now`);
    const filesBefore = countFiles(join(folder, 'data', 'files'));
    const pdfPhase = async (): Promise<PdfPhase> => {
      const latencies: number[] = [];
      const digests = new Array<string>(pdfCandidates.length);
      let errors = 0;
      let firstError: string | undefined;
      let bytes = 0;
      const before = { tree: takeTreeCpu(pids.apiPid), pg: takeCpuSnapshot(pids) };
      const phaseStarted = performance.now();
      await forEachLimited(pdfCandidates, options.pdfConcurrency, async (n, index) => {
        const at = performance.now();
        try {
          const pdf = await download(n);
          latencies.push(performance.now() - at);
          digests[index] = createHash('sha256').update(pdf).digest('hex');
          bytes += pdf.byteLength;
        } catch (error) {
          errors += 1;
          firstError ??= String(error);
        }
      });
      const seconds = (performance.now() - phaseStarted) / 1000;
      const after = { tree: takeTreeCpu(pids.apiPid), pg: takeCpuSnapshot(pids) };
      latencies.sort((a, b) => a - b);
      const perCard = (ticks: number) => (ticks / ticksPerSecond / Math.max(1, latencies.length)) * 1000;
      return {
        perSecond: latencies.length / seconds,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1] ?? NaN,
        seconds,
        errors,
        ...(firstError ? { firstError } : {}),
        tree: { node: perCard(after.tree.node - before.tree.node), chromium: perCard(after.tree.chromium - before.tree.chromium) },
        postgres: cpuPerCall(before.pg, after.pg, latencies.length).postgres,
        bytes: bytes / Math.max(1, latencies.length),
        digests,
      };
    };
    const describePdf = (label: string, phase: PdfPhase) =>
      console.log(
        `GET /api/psc/admit-cards/{id}/pdf ${label}: ${options.pdfCards} cards at a concurrency of ${options.pdfConcurrency} in ${phase.seconds.toFixed(1)} s: ${phase.perSecond.toFixed(1)} cards/s, ` +
          `p50 ${ms(phase.p50)}, p99 ${ms(phase.p99)}, max ${ms(phase.max)}, errors ${phase.errors}${phase.firstError ? ` (first: ${phase.firstError.slice(0, 300)})` : ''}; ` +
          `${(phase.bytes / 1024).toFixed(0)} KB a card; CPU per card: API Node ${phase.tree.node.toFixed(1)} ms, Chromium ${phase.tree.chromium.toFixed(1)} ms, PostgreSQL ${phase.postgres.toFixed(1)} ms`,
      );
    const cold = await pdfPhase();
    describePdf('cold (first download: printed)', cold);
    const kept = countFiles(join(folder, 'data', 'files')) - filesBefore;
    const warm = await pdfPhase();
    describePdf('warm (second download: from the file store)', warm);
    const same = cold.digests.filter((digest, index) => digest !== undefined && digest === warm.digests[index]).length;
    const keptAfterWarm = countFiles(join(folder, 'data', 'files')) - filesBefore;
    console.log(`  the file store gained ${kept} files with the cold downloads and ${keptAfterWarm - kept} more with the warm ones; ${same} of ${options.pdfCards} warm PDFs are byte for byte the cold ones`);

    const coldCpuPerCard = cold.tree.node + cold.tree.chromium + cold.postgres;
    const firstDownloads = 100_000;
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(', ');

    console.log('');
    console.log(`== Summary: admit cards of ${options.candidates.toLocaleString('en')} candidates, API with ${workers} worker${workers === '1' ? '' : 's'}, wrk at ${options.connections} connections for ${options.seconds} s a path; load average at the end ${load} ==`);
    const table = [
      ['path (closed loop: capacity)', 'req/s', 'p50', 'p95', 'p99', 'non-2xx/errors', 'CPU/req API+PG', 'bare req/s', 'ratio'],
      ...rows.map((row) => [
        `${row.route} (${row.label})`,
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
    console.log(`  paced at ${options.rate.toLocaleString('en')} requests/s over the same ${options.connections} connections (the target is judged here):`);
    for (const row of rows) {
      const { api: paced, bare: pacedBare } = row.paced;
      const ok = paced.perSecond >= TARGET.perSecond && paced.p99 < TARGET.p99 && errorCount(paced.errors) === 0 && errorCount(row.api.errors) === 0;
      console.log(
        `  ${row.route} (${row.label}): ${paced.perSecond.toFixed(0)}/s, p50 ${ms(paced.p50)}, p99 ${ms(paced.p99)}, ${formatErrors(paced.errors)}${row.note ? `, ${row.note}` : ''}; ` +
          `bare Hono paced p99 ${ms(pacedBare.p99)}; closed loop ${row.api.perSecond.toFixed(0)}/s at p99 ${ms(row.api.p99)} ` +
          `(target >= ${TARGET.perSecond}/s, p99 < ${TARGET.p99} ms, no error: ${met(ok)})`,
      );
    }
    console.log(`  PDF cold: ${cold.perSecond.toFixed(1)} cards/s, p50 ${ms(cold.p50)}, p99 ${ms(cold.p99)}; CPU ${coldCpuPerCard.toFixed(0)} ms a card (Chromium ${cold.tree.chromium.toFixed(0)}, Node ${cold.tree.node.toFixed(0)}, PostgreSQL ${cold.postgres.toFixed(0)})`);
    console.log(`  PDF warm: ${warm.perSecond.toFixed(1)} cards/s, p50 ${ms(warm.p50)}, p99 ${ms(warm.p99)}; CPU ${(warm.tree.node + warm.tree.chromium + warm.postgres).toFixed(1)} ms a card`);
    console.log(
      `  how a PDF is served: printed on demand at the card's first download, through one Chromium per API worker (one tab, one print at a time), ` +
        `then kept in the file store under the SHA-256 of its HTML; a later download of an unchanged card is a file read (${same} of ${options.pdfCards} identical here)`,
    );
    console.log(
      `  ${firstDownloads.toLocaleString('en')} first downloads at the cold rate: ${duration(firstDownloads / cold.perSecond)} of printing on this machine ` +
        `(${((firstDownloads * coldCpuPerCard) / 1000 / 3600).toFixed(1)} CPU-hours); the warm rate would serve them in ${duration(firstDownloads / warm.perSecond)}`,
    );
    // The machine is often shared while measuring: the CPU a card costs gives the rate its cores would reach alone.
    const ceiling = (cores * 1000) / coldCpuPerCard;
    console.log(`  with all ${cores} cores free for printing: at most ${ceiling.toFixed(1)} cold cards/s, so ${duration(firstDownloads / ceiling)} for ${firstDownloads.toLocaleString('en')} first downloads`);
  });
}

async function countCards(db: SeededBenchmark['connection']['db'], advertisementId: number) {
  const result = await db.execute(sql`select count(*)::int as n from admit_cards where advertisement_id = ${advertisementId}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
  return Number(rows[0]!.n);
}

/** Files under the store's folder (two levels of fan-out). */
function countFiles(folder: string): number {
  let count = 0;
  const walk = (path: string) => {
    let names: string[];
    try {
      names = readdirSync(path);
    } catch {
      return;
    }
    for (const name of names) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) walk(child);
      else count += 1;
    }
  };
  walk(folder);
  return count;
}
