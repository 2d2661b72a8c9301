import { sql } from 'drizzle-orm';
import { join } from 'node:path';
import { cpuPerCall, findBenchmarkProcesses, formatCpu, formatErrors, takeCpuSnapshot } from './apply-load';
import { seedSeatedAdvertisement } from './admit-card-seed';
import { findWrk, runWrk, startBareHono, writeRequestList, type LoadRequest, type WrkResult } from './reads-wrk';
import { readBenchmarkOptions, withSeededApi } from './seeded-api';

// `npm run bench -- results [--candidates 100000] [--connections 200] [--rate 2200] [--seconds 10] [--warmup 3] [--selected 5000]`
// (the results benchmark): the hour a final result is released, when every candidate looks their
// result up at once. The API in its own process (production mode, API_WORKERS as seeded-api.ts
// starts it) on a throwaway PostgreSQL cluster; N candidates with complete profiles, one
// application each to one advertisement, roll-numbered and seated (admit-card-seed.ts); then, set-
// wise, every candidate's marks of each paper verified and the final selection published (the
// first --selected by marks selected, as many again alternates, the rest not in it).
// POST /api/public/results/lookup with wrk, each request a different candidate's roll number and
// date of birth (the right ones: a lookup that finds a result is what the release rush is). The
// lookup's rate limiter counts only misses (candidate-results/lookup-limits.ts), so these hits are
// never refused although wrk sends them all from one address; the limiter's read still runs on
// each, and the run stops if any answer is not 200. Target: at least 2,000 lookups a second with
// p99 under 100 ms, no error, judged on a run paced at --rate over the same connections; a closed-
// loop run gives the capacity. Beside each: bare Hono answering a JSON body of the same size.
// Writes nothing into the repository.

const usage = 'npm run bench -- results [--candidates N] [--connections C] [--rate R] [--seconds D] [--warmup SECONDS] [--selected S]';

const TARGET = { perSecond: 2000, p99: 100 };

function readOptions() {
  const { numeric } = readBenchmarkOptions({ candidates: 100_000, connections: 200, rate: 2200, seconds: 10, warmup: 3, selected: 5000, centres: 25 });
  const options = {
    candidates: numeric.candidates,
    connections: numeric.connections,
    rate: numeric.rate,
    seconds: numeric.seconds,
    warmupSeconds: numeric.warmup,
    selected: numeric.selected,
    centres: numeric.centres,
  };
  const valid =
    [options.candidates, options.connections, options.selected, options.centres, options.rate].every(Number.isInteger) &&
    options.connections >= 10 &&
    options.rate >= 1 &&
    options.candidates >= 10 * options.connections &&
    options.selected >= 1 &&
    options.selected * 2 <= options.candidates &&
    options.seconds > 0 &&
    options.warmupSeconds >= 0;
  if (!valid) throw new Error(`bad options ${JSON.stringify(options)}\nUsage: ${usage}`);
  return options;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const errorCount = (errors: Map<string, number>) => [...errors.values()].reduce((sum, value) => sum + value, 0);

type Database = Parameters<typeof seedSeatedAdvertisement>[0];

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Every candidate's marks of each scheduled paper verified, and the final selection published. */
async function publishResults(db: Database, advertisementId: number, selected: number) {
  const [actor] = await rows<{ id: number }>(db, sql`select id from users where kind = 'staff' order by id limit 1`);
  const actorId = Number(actor!.id);
  // Marks spread over 0..99.75 by a hash of the application, so ranks are not roll order.
  await db.execute(sql`
    insert into paper_results (application_id, exam_paper_id, advertisement_id, roll_number, is_present, attendance_status, attendance_verified_by, attendance_verified_at,
      marks, is_pass, marks_status, marks_verified_by, marks_verified_at)
    select rn.application_id, sp.exam_paper_id, ${advertisementId}, rn.roll_number, true, 'verified', ${actorId}, now(),
      m.marks, m.marks >= 40, 'verified', ${actorId}, now()
    from roll_numbers rn
    join exam_schedule_papers sp on sp.advertisement_id = rn.advertisement_id and not sp.skipped
    cross join lateral (select ((hashint4(rn.application_id + sp.exam_paper_id) & 511) % 400) / 4.0 as marks) m
    where rn.advertisement_id = ${advertisementId}`);
  const [selection] = await rows<{ id: number }>(
    db,
    sql`insert into selections (advertisement_id, kind, status, created_by, published_by, published_at)
        values (${advertisementId}, 'final', 'published', ${actorId}, ${actorId}, now()) returning id`,
  );
  await db.execute(sql`
    insert into selection_entries (selection_id, application_id, roll_number, quota_code, position, total_marks, outcome)
    select ${selection!.id}, application_id, roll_number, 'open', place, total, case when place <= ${selected} then 'selected' else 'alternate' end
    from (
      select pr.application_id, pr.roll_number, sum(pr.marks) as total, row_number() over (order by sum(pr.marks) desc, pr.roll_number) as place
      from paper_results pr where pr.advertisement_id = ${advertisementId} group by pr.application_id, pr.roll_number) ranked
    where place <= ${selected * 2}`);
  await db.execute(sql`analyze paper_results; analyze selection_entries; analyze selections; analyze roll_numbers`);
}

export async function benchResultsLookup() {
  const options = readOptions();
  if (!findWrk()) throw new Error('wrk not found (Debian: apt-get install wrk)');
  const describe = () =>
    console.log(
      `options: ${options.candidates.toLocaleString('en')} candidates on one advertisement, ${options.selected.toLocaleString('en')} selected and as many alternates, ${options.connections} connections, ` +
        `${options.seconds} s measured after a ${options.warmupSeconds} s warm-up, closed loop then paced at ${options.rate.toLocaleString('en')} requests/s; LOG_LEVEL ${process.env.LOG_LEVEL ?? 'silent'}`,
    );
  const setup = { name: 'results', candidates: options.candidates, maxSockets: options.connections + 10, describe };
  await withSeededApi(setup, async ({ api, connection, world, http, folder, cores, workers }) => {
    const db = connection.db;
    const seated = await seedSeatedAdvertisement(db, world, options.centres, (line) => console.log(line));
    const started = performance.now();
    await publishResults(db, seated.advertisementId, options.selected);
    console.log(`verified every candidate's marks and published the final selection in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const people = await rows<{ rollNumber: string; dateOfBirth: string }>(
      db,
      sql`select rn.roll_number::text as "rollNumber", cp.date_of_birth::text as "dateOfBirth"
          from roll_numbers rn join applications a on a.id = rn.application_id join candidate_profiles cp on cp.user_id = a.user_id
          where rn.advertisement_id = ${seated.advertisementId} order by hashint4(rn.application_id)`,
    );
    if (people.length !== options.candidates) throw new Error(`${people.length} roll numbers, ${options.candidates} candidates`);
    const lookup = (person: { rollNumber: string; dateOfBirth: string }): LoadRequest => ({
      method: 'POST',
      path: '/api/public/results/lookup',
      body: { rollNumber: person.rollNumber, dateOfBirthAd: person.dateOfBirth },
    });

    // 20 samples answer 200 with that candidate's own result, or the benchmark stops.
    let bytes = 0;
    for (let sample = 0; sample < 20; sample += 1) {
      const person = people[Math.floor((sample * people.length) / 20)]!;
      const answer = await http.call('POST', '/api/public/results/lookup', undefined, lookup(person).body);
      if (answer.status !== 200) throw new Error(`the lookup of roll ${person.rollNumber} answered ${answer.status}: ${answer.body.slice(0, 400)}`);
      const items = (JSON.parse(answer.body) as { data?: { items?: { rollNumber: string; papers: unknown[] }[] } }).data?.items ?? [];
      if (items.length !== 1 || items[0]!.rollNumber !== person.rollNumber || items[0]!.papers.length === 0) throw new Error(`the lookup of roll ${person.rollNumber} answered ${answer.body.slice(0, 600)}`);
      bytes += Buffer.byteLength(answer.body);
    }
    bytes = Math.round(bytes / 20);

    const pids = findBenchmarkProcesses(api.databaseUrl);
    const bare = await startBareHono(workers);
    const list = (name: string, requests: LoadRequest[]) => {
      const file = join(folder, `${name}.tsv`);
      writeRequestList(file, requests);
      return file;
    };
    const half = Math.floor(people.length / 2);
    const apiList = list('lookups', people.map(lookup));
    const warmupList = list('lookups-warmup', people.slice(half).concat(people.slice(0, half)).map(lookup));
    const bareList = list('lookups-bare', people.map((person) => ({ ...lookup(person), path: `/bytes/${bytes}` })));
    const run = (baseUrl: string, listFile: string, seconds: number, rate?: number): Promise<WrkResult> => runWrk({ baseUrl, folder, listFile, connections: options.connections, seconds, rate });

    if (options.warmupSeconds > 0) await run(api.url, warmupList, options.warmupSeconds);
    const before = takeCpuSnapshot(pids);
    const closed = await run(api.url, apiList, options.seconds);
    const after = takeCpuSnapshot(pids);
    if (options.warmupSeconds > 0) await run(bare.url, bareList, options.warmupSeconds);
    const bareClosed = await run(bare.url, bareList, options.seconds);
    const paced = await run(api.url, apiList, options.seconds, options.rate);
    const barePaced = await run(bare.url, bareList, options.seconds, options.rate);
    bare.stop();

    const cpu = cpuPerCall(before, after, closed.requests);
    console.log(
      `POST /api/public/results/lookup (${bytes} B) closed loop: API ${closed.perSecond.toFixed(0)} req/s, p50 ${ms(closed.p50)}, p95 ${ms(closed.p95)}, p99 ${ms(closed.p99)}, max ${ms(closed.max)}, ${formatErrors(closed.errors)}; ` +
        `bare Hono ${bareClosed.perSecond.toFixed(0)} req/s, p99 ${ms(bareClosed.p99)}; ratio ${(closed.perSecond / bareClosed.perSecond).toFixed(2)}; ` +
        `CPU per request API ${cpu.api.toFixed(2)} ms + PostgreSQL ${cpu.postgres.toFixed(2)} ms; ${formatCpu(before, after, cores, 'children', 'wrk')}`,
    );
    console.log(
      `  paced at ${options.rate}/s: API ${paced.perSecond.toFixed(0)} req/s, p50 ${ms(paced.p50)}, p95 ${ms(paced.p95)}, p99 ${ms(paced.p99)}, max ${ms(paced.max)}, ${formatErrors(paced.errors)}; ` +
        `bare Hono ${barePaced.perSecond.toFixed(0)} req/s, p99 ${ms(barePaced.p99)}`,
    );
    const isMet = paced.perSecond >= TARGET.perSecond && paced.p99 < TARGET.p99 && errorCount(paced.errors) === 0 && errorCount(closed.errors) === 0;
    console.log('');
    console.log(`== Summary: result lookups of ${options.candidates.toLocaleString('en')} candidates, API with ${workers} worker${workers === '1' ? '' : 's'}, wrk at ${options.connections} connections ==`);
    console.log(
      `  paced: ${paced.perSecond.toFixed(0)}/s, p99 ${ms(paced.p99)}; closed loop ${closed.perSecond.toFixed(0)}/s at p99 ${ms(closed.p99)}; ` +
        `target ${TARGET.perSecond.toLocaleString('en')}/s with p99 under ${TARGET.p99} ms and no error: ${isMet ? 'met' : 'NOT met'}`,
    );
  });
}
