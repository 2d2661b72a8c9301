import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { countCandidateDashboard } from '../../api/src/dashboard/count-candidate-dashboard';
import { refreshDashboardCounts } from '../../api/src/dashboard/dashboard-counts';
import { countCandidatesByCountry, countCandidatesByPlace, countStageMovement, countToday, listDashboardFiscalYears } from '../../api/src/dashboard/staff-dashboard';
import { listMyNotifications } from '../../api/src/notifications/candidate-notifications';
import { readPublicStatistics } from '../../api/src/public-statistics/public-statistics';
import { countApplications, listReapplicants } from '../../api/src/reports/application-reports';
import { seedApplications } from './reads-seed';
import { readBenchmarkOptions, withSeededApi } from './seeded-api';

// `npm run bench -- dashboard [--candidates 100000] [--per-candidate 5] [--runs 7]`: the staff
// dashboard's, the reports' and the public feed's queries (spec §2 dashboard, ER reports) on a
// throwaway PostgreSQL cluster holding 100,000 candidates with 500,000 applications over 20
// advertisements: permanent addresses spread over the 77 districts, one candidate in ten living
// abroad in one of ten countries, four in five paid and
// scrutinised, a quarter of the applications with roll numbers and attendance, a written and a
// final list published for one advertisement. Each query runs once to warm up, then `runs` times;
// its median is judged against the target of 300 ms. Baseline in the same run: a plain
// `select count(*) from applications`, and each query's ratio to it. The first line is the
// recount of the counts by place and per advertisement that the job takes every minute off the
// submit path (api/src/dashboard/dashboard-counts.ts): not a read, so judged against the minute
// rather than the 300 ms; the reads after it read what it counted.
// Writes nothing into the repository.

const TARGET_MS = 300;
/** The recount runs once a minute on one API process: a tenth of that minute at most. */
const RECOUNT_TARGET_MS = 6_000;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

async function medianMs(runs: number, work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** What the other stages would have left: addresses, payments, scrutiny, roll numbers, attendance, lists. */
async function spreadOverStages(db: Database, firstUserId: number, candidates: number) {
  const last = firstUserId + candidates - 1;
  await db.execute(sql`
    with numbered as (select id, province_id, row_number() over (order by id) - 1 as place from districts)
    update candidate_addresses ca set district_id = n.id, province_id = n.province_id
    from numbered n where ca.user_id between ${firstUserId}::int and ${last}::int and n.place = (ca.user_id % 77)`);
  // Where Nepali workers abroad mostly are: the Gulf, Malaysia, India, Korea, Japan.
  await db.execute(sql`
    with abroad as (select id, row_number() over (order by code) - 1 as place from countries where code in ('QA', 'AE', 'SA', 'KW', 'BH', 'OM', 'MY', 'IN', 'KR', 'JP'))
    insert into candidate_addresses_abroad (user_id, country_id, address)
    select u.id, abroad.id, 'Street ' || u.id from generate_series(${firstUserId}::int, ${last}::int) as u(id)
    join abroad on abroad.place = (u.id / 10) % 10 where u.id % 10 = 0`);
  await db.execute(sql`update applications set payment_state = 'paid', status = case when id % 10 = 0 then 'rejected' else 'approved' end where id % 5 <> 0`);
  const [actor] = await rows<{ id: number }>(db, sql`select id from users where kind = 'staff' order by id limit 1`);
  await db.execute(sql`
    insert into roll_numbers (application_id, advertisement_id, organization_id, fiscal_year, roll_number, exam_centre_id)
    select a.id, a.advertisement_id, ad.organization_id, ad.fiscal_year, a.id, a.exam_centre_id
    from applications a join advertisements ad on ad.id = a.advertisement_id
    where a.status = 'approved' and a.advertisement_id in (select id from advertisements order by id limit 5)`);
  await db.execute(sql`
    insert into paper_results (application_id, exam_paper_id, advertisement_id, roll_number, is_present, attendance_status, attendance_verified_by, attendance_verified_at)
    select application_id, 1, advertisement_id, roll_number, application_id % 7 <> 0, 'verified', ${actor!.id}::int, now() from roll_numbers`);
  const [first] = await rows<{ id: number }>(db, sql`select min(advertisement_id) as id from roll_numbers`);
  for (const kind of ['written', 'final'] as const) {
    const [selection] = await rows<{ id: number }>(
      db,
      sql`insert into selections (advertisement_id, kind, status, created_by, published_by, published_at)
          values (${first!.id}::int, ${kind}, 'published', ${actor!.id}::int, ${actor!.id}::int, now()) returning id`,
    );
    await db.execute(sql`
      insert into selection_entries (selection_id, application_id, roll_number, quota_code, position, outcome)
      select ${selection!.id}::int, application_id, roll_number, 'open', row_number() over (order by roll_number),
        ${kind === 'written' ? sql`'shortlisted'` : sql`case when row_number() over (order by roll_number) <= 50 then 'selected' else 'alternate' end`}
      from paper_results where advertisement_id = ${first!.id}::int and is_present
      order by roll_number limit ${kind === 'written' ? 2000 : 200}`);
  }
  await db.execute(sql`vacuum analyze`);
}

/**
 * One recount that did recount: the API processes beside the benchmark run the same job every
 * minute, and while theirs holds the lock this one would return at once without counting.
 */
async function recountOnce(db: Database): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await refreshDashboardCounts(db)).refreshed) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the dashboard counts stayed locked by another recount for 10 s');
}

export async function benchDashboard() {
  const { numeric } = readBenchmarkOptions({ candidates: 100_000, 'per-candidate': 5, runs: 7 });
  const options = { candidates: numeric.candidates, perCandidate: numeric['per-candidate'], runs: numeric.runs };
  if (![options.candidates, options.perCandidate, options.runs].every((value) => Number.isInteger(value) && value > 0) || options.perCandidate > 20) {
    throw new Error(`bad options ${JSON.stringify(options)}\nUsage: npm run bench -- dashboard [--candidates N] [--per-candidate K <= 20] [--runs R]`);
  }
  await withSeededApi(
    { name: 'dashboard', candidates: options.candidates, maxSockets: 4, describe: () => console.log(`${options.candidates} candidates, ${options.perCandidate} applications each; median of ${options.runs} runs after one warm-up`) },
    async ({ connection, world }) => {
      const db = connection.db;
      const log = (line: string) => console.log(line);
      await seedApplications(db, world, options.candidates, options.perCandidate, log);
      let started = performance.now();
      await spreadOverStages(db, world.firstUserId, options.candidates);
      const [counts] = await rows<{ applications: number; rolls: number; present: number }>(
        db,
        sql`select (select count(*)::int from applications) as applications, (select count(*)::int from roll_numbers) as rolls, (select count(*)::int from paper_results) as present`,
      );
      log(`spread over the stages in ${((performance.now() - started) / 1000).toFixed(1)} s: ${counts!.applications} applications, ${counts!.rolls} roll numbers, ${counts!.present} attendance rows`);
      const fiscalYear = (await listDashboardFiscalYears(db))[0];
      const candidate = world.firstUserId + 1;

      started = performance.now();
      const baseline = await medianMs(options.runs, () => db.execute(sql`select count(*) from applications`));
      const queries: [string, () => Promise<unknown>][] = [
        ['job: recount of the dashboard counts (every minute)', () => recountOnce(db)],
        ['staff: candidates and applications by province and district', () => countCandidatesByPlace(db)],
        ['staff: candidates and applications by country abroad', () => countCandidatesByCountry(db)],
        [`staff: stage movement of fiscal year ${fiscalYear}`, () => countStageMovement(db, { fiscalYear })],
        ['staff: fiscal years', () => listDashboardFiscalYears(db)],
        ["staff: today's applications and payments", () => countToday(db)],
        ['report: application count (all advertisements)', () => countApplications(db, {})],
        ['report: re-applicants (first page)', () => listReapplicants(db, { page: 1, pageSize: 50 })],
        ['public statistics feed (uncached read)', () => readPublicStatistics(db)],
        ["candidate: home counters", () => countCandidateDashboard(db, candidate)],
        ['candidate: notifications', () => listMyNotifications(db, candidate)],
      ];
      console.log(`\nbaseline: select count(*) from applications: ${baseline.toFixed(1)} ms (median)`);
      console.log(`${'query'.padEnd(62)} ${'median'.padStart(9)} ${'ratio'.padStart(7)}  verdict (target ${TARGET_MS} ms)`);
      let failures = 0;
      for (const [name, work] of queries) {
        const ms = await medianMs(options.runs, work);
        const isWithin = ms <= (work === queries[0]![1] ? RECOUNT_TARGET_MS : TARGET_MS);
        if (!isWithin) failures += 1;
        console.log(`${name.padEnd(62)} ${`${ms.toFixed(1)} ms`.padStart(9)} ${`${(ms / baseline).toFixed(1)}x`.padStart(7)}  ${isWithin ? 'ok' : 'OVER'}`);
      }
      const [check] = await rows<{ counted: number; live: number }>(
        db,
        sql`select (select sum(applications)::int from dashboard_counts where scope = 'advertisement') as counted, (select count(*)::int from applications where deleted_at is null) as live`,
      );
      console.log(`recount check: ${check!.counted} applications counted, ${check!.live} live`);
      console.log(`\n${failures === 0 ? 'every query within' : `${failures} query(ies) over`} ${TARGET_MS} ms (measured in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
    },
  );
}
