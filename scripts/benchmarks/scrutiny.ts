import { addDaysAd, todayAd } from '@psc/core';
import { seedRole, seedUser, type Database } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';
import { hashPassword } from '../../api/src/auth/passwords';
import type { createHttpClient } from './apply-load';
import { EXPLAIN_CLUSTER_SETTINGS, explainPlans, prepareExplain } from './reads-explain';
import { seedApplications } from './reads-seed';
import { readBenchmarkOptions, withSeededApi } from './seeded-api';
import { percentile, signIn } from './support';

// `npm run bench -- scrutiny`: one advertisement with 74,000 paid applications (the most one
// advertisement of Nepal's commission draws) and 20 scrutiny officers, on real PostgreSQL.
// - allocation of every application in one action (spec §4 "Scrutiny allocation"), timed over
//   the API, evenly and by typed counts;
// - 20 officers screening at once (next application, its pre-review view with the file list, a
//   decision): first each pausing a second after each decision (a person takes tens of seconds,
//   so this is already 20 times their pace), then with no pause at all (the machine's capacity);
// - the reports of the whole advertisement: the allocation report, the scrutiny report (a page,
//   and all of it in Excel) and the caste classification.
// Baseline, in the same run: the same requests' statements measured inside PostgreSQL
// (auto_explain: EXPLAIN ANALYZE of every statement of one request, summed), so the ratio shows
// what the API adds to the database's own cost.

type Http = ReturnType<typeof createHttpClient>;

const DEFAULTS = { applications: 74_000, officers: 20, seconds: 30, pauseMs: 1000, reports: 10 };

const API = '/api/admin/scrutiny';

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Answers the body's data, or throws with what the API said. */
async function expectData<T>(http: Http, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const answer = await http.call(method, path, token, body);
  if (answer.status !== 200) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body.slice(0, 400)}`);
  return (JSON.parse(answer.body) as { data: T }).data;
}

/** Every application of the advertisement paid online, as a settled eSewa payment leaves it; then its double-fee date passes. */
async function payAndClose(db: Database, advertisementId: number) {
  await db.execute(sql`
    insert into payments (charge_id, user_id, method, gateway, transaction_uuid, gateway_reference, amount, status, paid_on)
    select ch.id, a.user_id, 'online', 'esewa', 'bench-' || ch.id, 'REF' || ch.id, ch.amount, 'completed', now() - interval '20 days'
    from charges ch join applications a on a.id = ch.application_id
    where a.advertisement_id = ${advertisementId}`);
  await db.execute(sql`update charges ch set status = 'paid', paid_at = now() - interval '20 days' from applications a where a.id = ch.application_id and a.advertisement_id = ${advertisementId}`);
  await db.execute(sql`update applications set payment_state = 'paid' where advertisement_id = ${advertisementId}`);
  const today = todayAd();
  await db.execute(sql`
    update advertisements set payment_last_date = ${addDaysAd(today, -10)}, last_date_for_submission = ${addDaysAd(today, -10)},
      double_fee_last_date = ${addDaysAd(today, -3)}
    where id = ${advertisementId}`);
  await db.execute(sql`vacuum analyze applications, charges, payments`);
  await db.execute(sql`checkpoint`);
}

/** The allocator (SA, SD, SM) and the officers (SC), signed in with their passwords through the API. */
async function seedStaff(db: Database, url: string, officers: number) {
  const allocatorRole = await seedRole(db, { name: 'Bench scrutiny allocator', description: 'allocates and reports', codes: ['SA', 'SD', 'SM'] });
  const officerRole = await seedRole(db, { name: 'Bench scrutiny officer', description: 'screens', codes: ['SC'] });
  const password = 'Bench@Scrutiny1';
  const staff = async (username: string, roleId: number) => {
    const id = await seedUser(db, hashPassword, { kind: 'staff', username, email: `${username}@example.com`, password, firstNameEn: 'Bench', lastNameEn: username, roleIds: [roleId] });
    return { id, token: await signIn(url, 'staff', username, password) };
  };
  const allocator = await staff('bench.allocator', allocatorRole);
  const list = [];
  for (let index = 0; index < officers; index += 1) list.push(await staff(`bench.officer.${index + 1}`, officerRole));
  return { allocator, officers: list };
}

type Timing = { label: string; ms: number[] };

const summary = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A foreign-key check PostgreSQL runs inside the statement that writes the row (counted in its time). */
const FOREIGN_KEY_CHECK = /\| SELECT 1 FROM ONLY "public"\."\w+" x WHERE/;

/**
 * Sums the plans auto_explain logged for one request: the database's own time for it. The
 * foreign-key checks of a write are logged as statements of their own but run within it, so
 * they are counted once, in their statement, and listed as one line.
 */
async function databaseCost(db: Database, logFile: string, work: () => Promise<void>, nested = true) {
  const logged = await explainPlans(db, logFile, work, { nested });
  const checks = logged.filter((line) => FOREIGN_KEY_CHECK.test(line));
  const lines = logged.filter((line) => !FOREIGN_KEY_CHECK.test(line));
  const total = lines.reduce((sum, line) => sum + Number(/^([\d.]+) ms/.exec(line)?.[1] ?? 0), 0);
  if (checks.length > 0) lines.push(`(and ${checks.length.toLocaleString('en')} foreign-key checks, within the statements above)`);
  return { total, lines, statements: logged.length - checks.length };
}

export async function benchScrutiny() {
  const { numeric: options } = readBenchmarkOptions(DEFAULTS);
  for (const [name, value] of Object.entries(options)) if (!Number.isInteger(value) || value < (name === 'pauseMs' ? 0 : 1)) throw new Error(`--${name} takes a whole number above 0`);
  const describe = () =>
    console.log(
      `options: ${options.applications.toLocaleString('en')} paid applications on one advertisement, ${options.officers} officers screening for ${options.seconds} s, ` +
        `first with a pause of ${options.pauseMs} ms after each decision, then with none; ${options.reports} reports of the whole advertisement`,
    );
  const setup = { name: 'scrutiny', candidates: options.applications, maxSockets: options.officers * 2 + 10, clusterSettings: EXPLAIN_CLUSTER_SETTINGS, describe };
  await withSeededApi(setup, async ({ api, connection, world, http }) => {
    const db = connection.db;
    const logFile = api.logFile;
    if (!logFile) throw new Error("the scrutiny benchmark reads the throwaway cluster's log for its baseline: run it without DATABASE_URL");
    await prepareExplain(db);
    await seedApplications(db, world, options.applications, 1, (line) => console.log(line), () => 0);
    const advertisementId = world.advertisements[0]!.id;
    await payAndClose(db, advertisementId);
    const { allocator, officers } = await seedStaff(db, api.url, options.officers);
    console.log(`paid every application online and closed the advertisement; signed in 1 allocator and ${officers.length} officers with their passwords`);

    // ── Allocation ──
    const waiting = await expectData<{ total: number }>(http, 'GET', `${API}/advertisements/${advertisementId}/unallocated?page=1&pageSize=1`, allocator.token);
    if (waiting.total !== options.applications) throw new Error(`${waiting.total} applications wait for allocation, not ${options.applications}`);
    const even = { mode: 'even', officers: officers.map((officer) => ({ officerId: officer.id })) };
    const share = Math.floor(options.applications / officers.length);
    const counts = { mode: 'counts', officers: officers.map((officer, index) => ({ officerId: officer.id, count: index === 0 ? options.applications - share * (officers.length - 1) : share })) };
    const allocate = () => expectData<unknown>(http, 'POST', `${API}/advertisements/${advertisementId}/allocations`, allocator.token, even);
    const undo = async () => {
      await db.execute(sql`delete from scrutiny_allocations where advertisement_id = ${advertisementId}`);
      await db.execute(sql`delete from scrutiny_allocation_events where advertisement_id = ${advertisementId}`);
      await db.execute(sql`vacuum analyze scrutiny_allocations, scrutiny_allocation_events`);
    };
    const allocations: Timing[] = [];
    for (const [label, body] of [['even', even], ['by counts', counts], ['even', even]] as const) {
      const started = performance.now();
      await expectData<unknown>(http, 'POST', `${API}/advertisements/${advertisementId}/allocations`, allocator.token, body);
      allocations.push({ label, ms: [performance.now() - started] });
      const [{ allocated }] = (await rows<{ allocated: number }>(db, sql`select count(*)::int as allocated from scrutiny_allocations where advertisement_id = ${advertisementId}`)) as [{ allocated: number }];
      if (Number(allocated) !== options.applications) throw new Error(`allocation ${label} left ${options.applications - Number(allocated)} applications unallocated`);
      await undo();
    }
    const allocationCost = await databaseCost(db, logFile, async () => void (await allocate()), false);
    const loads = await rows<{ officer: number; count: number }>(
      db,
      sql`select officer_user_id as officer, count(*)::int as count from scrutiny_allocations where advertisement_id = ${advertisementId} group by 1`,
    );
    const sizes = loads.map((load) => Number(load.count));
    console.log(`\nallocation of ${options.applications.toLocaleString('en')} applications to ${officers.length} officers in one action, over the API:`);
    for (const timing of allocations) console.log(`  ${timing.label}: ${ms(timing.ms[0]!)}`);
    console.log(`  each officer got ${Math.min(...sizes).toLocaleString('en')} to ${Math.max(...sizes).toLocaleString('en')}`);
    console.log(`  the same allocation inside PostgreSQL (auto_explain, EXPLAIN ANALYZE): ${ms(allocationCost.total)} in ${allocationCost.statements} statements`);
    for (const line of allocationCost.lines) console.log(`    ${line}`);

    // ── Screening ──
    type View = { application: { id: number; version: number }; quotas: { advertisementQuotaId: number; code: string }[]; profile: unknown };
    type Steps = { next: number[]; open: number[]; decide: number[]; whole: number[] };
    let steps: Steps = { next: [], open: [], decide: [], whole: [] };
    let decided = 0;
    let refused = 0;
    const decisionOf = (turn: number, view: View) => {
      // Most are approved; some lose one claimed quota; a few wait on hold (spec §4 decisions).
      if (turn % 10 === 9) return { decision: 'hold', reasonCode: 'document-unclear', version: view.application.version };
      const reserved = view.quotas.find((quota) => quota.code !== 'open');
      if (turn % 4 === 3 && reserved) return { decision: 'reject', advertisementQuotaId: reserved.advertisementQuotaId, reasonCode: 'quota-proof', version: view.application.version };
      return { decision: 'approve', version: view.application.version };
    };
    const timed = async <T>(into: number[], work: () => Promise<T>) => {
      const started = performance.now();
      const value = await work();
      into.push(performance.now() - started);
      return value;
    };
    const screenOne = async (token: string, after: number, turn: number) => {
      const started = performance.now();
      const next = await timed(steps.next, () => expectData<{ id: number | null }>(http, 'GET', `${API}/queue/next?after=${after}&advertisementId=${advertisementId}`, token));
      if (next.id === null) return null;
      const view = await timed(steps.open, () => expectData<View>(http, 'GET', `${API}/applications/${next.id}`, token));
      const answer = await timed(steps.decide, () => http.call('POST', `${API}/applications/${next.id}/decisions`, token, decisionOf(turn, view)));
      if (answer.status === 200) decided += 1;
      else refused += 1;
      steps.whole.push(performance.now() - started);
      return next.id;
    };
    /** Every officer screens her queue for `seconds`, pausing `pauseMs` after each decision. */
    const screen = async (seconds: number, pauseMs: number) => {
      steps = { next: [], open: [], decide: [], whole: [] };
      decided = 0;
      refused = 0;
      const until = performance.now() + seconds * 1000;
      const began = performance.now();
      await Promise.all(
        officers.map(async (officer, index) => {
          // Officers start spread over one pause, as people do, not all in the same millisecond.
          await new Promise((resolve) => setTimeout(resolve, (pauseMs * index) / officers.length));
          // The first pending one after id 1, wrapping round: the queue's first.
          let after = 1;
          let turn = 0;
          while (performance.now() < until) {
            const id = await screenOne(officer.token, after, turn++);
            if (id === null) break;
            after = id;
            if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
          }
        }),
      );
      return { steps, decided, refused, elapsed: (performance.now() - began) / 1000 };
    };
    // Warm-up: each officer screens two, so the measured runs meet prepared statements and a warm cache.
    await screen(2, 0);
    // A person reads an application for tens of seconds; one a second each is already far faster.
    const paced = await screen(options.seconds, options.pauseMs);
    const flat = await screen(options.seconds, 0);
    const sample = officers[0]!;
    const [{ id: sampleId }] = (await rows<{ id: number }>(db, sql`select application_id as id from scrutiny_allocations where officer_user_id = ${sample.id} and status = 'pending' order by application_id limit 1`)) as [{ id: number }];
    const nextCost = await databaseCost(db, logFile, async () => void (await expectData(http, 'GET', `${API}/queue/next?after=1&advertisementId=${advertisementId}`, sample.token)));
    let sampleView: View | undefined;
    const openCost = await databaseCost(db, logFile, async () => void (sampleView = await expectData<View>(http, 'GET', `${API}/applications/${sampleId}`, sample.token)));
    const decideCost = await databaseCost(db, logFile, async () => void (await expectData(http, 'POST', `${API}/applications/${sampleId}/decisions`, sample.token, { decision: 'approve', version: sampleView!.application.version })));
    const line = (label: string, values: number[], cost?: { total: number }) => {
      const s = summary(values);
      console.log(`  ${label}: p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, max ${ms(s.max)} (${s.n.toLocaleString('en')})${cost ? `; in PostgreSQL ${ms(cost.total)}` : ''}`);
    };
    for (const [how, run] of [[`a pause of ${options.pauseMs} ms after each decision`, paced], ['no pause between steps (the machine\'s capacity)', flat]] as const) {
      console.log(
        `\n${officers.length} officers screening at once for ${run.elapsed.toFixed(1)} s, ${how}: ${run.decided.toLocaleString('en')} decisions (${(run.decided / run.elapsed).toFixed(0)}/s)` +
          `${run.refused ? `, ${run.refused} refused` : ''}; per step over the API, then the same step's statements inside PostgreSQL:`,
      );
      line('next application', run.steps.next, nextCost);
      line('open it (pre-review view with the file list)', run.steps.open, openCost);
      line('decide', run.steps.decide, decideCost);
      line('the three together', run.steps.whole);
    }
    for (const [label, cost] of [['next', nextCost], ['open', openCost], ['decide', decideCost]] as const) {
      console.log(`  plans of one "${label}" (auto_explain, EXPLAIN ANALYZE BUFFERS; [rows x loops]):`);
      for (const plan of cost.lines) console.log(`    ${plan}`);
    }

    // ── The reports of the whole advertisement ──
    const [ad] = (await rows<{ code: string; fiscalYear: string; officeId: number }>(
      db,
      sql`select code, fiscal_year as "fiscalYear", organization_id as "officeId" from advertisements where id = ${advertisementId}`,
    )) as [{ code: string; fiscalYear: string; officeId: number }];
    const filters = `officeId=${ad.officeId}&advertisementCode=${encodeURIComponent(ad.code)}&fiscalYear=${encodeURIComponent(ad.fiscalYear)}&examCentreId=${world.advertisements[0]!.examCentreId}`;
    const lastPage = Math.ceil(options.applications / 200);
    // The caste classification is the scrutiny officers' (SC); the others the allocator's.
    const reports: { label: string; path: string; json: boolean; token?: string }[] = [
      { label: 'allocation report (every officer\'s counts and forms)', path: `${API}/allocation-report?advertisementId=${advertisementId}`, json: true },
      { label: 'scrutiny report, first page of 200', path: `${API}/report?${filters}&page=1&pageSize=200`, json: true },
      { label: `scrutiny report, last page (${lastPage})`, path: `${API}/report?${filters}&page=${lastPage}&pageSize=200`, json: true },
      { label: 'scrutiny report in Excel, every application', path: `${API}/report/excel?${filters}`, json: false },
      { label: 'caste classification of the approved', path: `${API}/caste-classification?advertisementCode=${encodeURIComponent(ad.code)}`, json: true, token: officers[0]!.token },
    ];
    console.log(`\nthe reports of the whole advertisement (${officers.length} officers, ${options.applications.toLocaleString('en')} applications), one at a time, ${options.reports} each:`);
    for (const report of reports) {
      const fetchIt = async () => {
        const token = report.token ?? allocator.token;
        if (report.json) return void (await expectData(http, 'GET', report.path, token));
        const answer = await http.call('GET', report.path, token);
        if (answer.status !== 200 || answer.body.length < 1000) throw new Error(`${report.path} answered ${answer.status} with ${answer.body.length} bytes`);
      };
      const times: number[] = [];
      for (let run = 0; run < options.reports; run += 1) await timed(times, fetchIt);
      const cost = await databaseCost(db, logFile, fetchIt);
      line(report.label, times, cost);
      for (const plan of cost.lines.filter((text) => !/role_permissions|refresh_tokens/.test(text))) console.log(`    ${plan}`);
    }
  });
}
