import { numberApplicationsStatement, seedRole, seedUser, type Database } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';
import { hashPassword } from '../../api/src/auth/passwords';
import { seedApplications } from './reads-seed';
import { readBenchmarkOptions, withSeededApi } from './seeded-api';
import { signIn } from './support';

// `npm run bench -- roll-numbers`: one advertisement with 100,000 approved candidates (more than
// the 74,000 the largest of Nepal's commission drew), its scrutiny finalised, spread over 25 exam
// centres, on real PostgreSQL. Generation of every roll number (spec §2 generate/rollNo) is timed
// over the API, first and again (a regeneration deletes the old numbers first), beside the
// baseline: the single set-based statement that numbers the same rows (insert ... select with
// row_number() over the roll order), run directly in PostgreSQL. The ratio is baseline / API:
// 1 means the API adds nothing to the statement's own cost.

const DEFAULTS = { candidates: 100_000, centres: 25, runs: 3 };
export const ROLL_RANGE = { rollFrom: 1_000_001, rollTo: 9_999_999 };

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const seconds = (ms: number) => (ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** After scrutiny: every application approved (one in ten partially), spread over the centres, scrutiny finalised, the office's roll range configured. */
export async function approveAndFinalise(db: Database, advertisementId: number, centres: number, actorUserId: number) {
  const [advertisement] = await rows<{ organizationId: number; fiscalYear: string }>(
    db,
    sql`select organization_id as "organizationId", fiscal_year as "fiscalYear" from advertisements where id = ${advertisementId}`,
  );
  const centreIds = await rows<{ id: number }>(
    db,
    sql`insert into exam_centres (organization_id, name_en, name_np, center_capacity)
      select ${advertisement!.organizationId}, 'Bench centre ' || lpad(n::text, 2, '0'), 'बेन्च केन्द्र ' || n, 5000 from generate_series(1, ${centres}) n
      returning id`,
  );
  await db.execute(sql`
    update applications a set payment_state = 'paid',
      status = case when a.id % 10 = 0 then 'partially-approved' else 'approved' end,
      exam_centre_id = (${`{${centreIds.map((row) => row.id).join(',')}}`}::int[])[1 + (a.id * 7919) % ${centres}]
    where a.advertisement_id = ${advertisementId}`);
  await db.execute(sql`insert into scrutiny_finalisations (advertisement_id, finalised_by) values (${advertisementId}, ${actorUserId})`);
  await db.execute(sql`
    insert into roll_number_ranges (organization_id, fiscal_year, roll_from, roll_to)
    values (${advertisement!.organizationId}, ${advertisement!.fiscalYear}, ${ROLL_RANGE.rollFrom}, ${ROLL_RANGE.rollTo})`);
  await db.execute(sql`vacuum analyze applications, exam_centres, users`);
  await db.execute(sql`checkpoint`);
  return { ...advertisement!, id: advertisementId };
}

export async function benchRollNumbers() {
  const { numeric: options } = readBenchmarkOptions(DEFAULTS);
  for (const [name, value] of Object.entries(options)) if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number above 0`);
  const describe = () => console.log(`options: ${options.candidates.toLocaleString('en')} approved candidates on one advertisement over ${options.centres} exam centres, ${options.runs} runs each`);
  await withSeededApi({ name: 'roll-numbers', candidates: options.candidates, maxSockets: 4, describe }, async ({ api, connection, world, http }) => {
    const db = connection.db;
    await seedApplications(db, world, options.candidates, 1, (line) => console.log(line), () => 0);
    const password = 'Bench@Rolls1';
    const roleId = await seedRole(db, { name: 'Bench roll numbers', description: 'generates roll numbers', codes: ['SA'] });
    const userId = await seedUser(db, hashPassword, { kind: 'staff', username: 'bench.rolls', email: 'bench.rolls@example.com', password, firstNameEn: 'Bench', lastNameEn: 'Rolls', roleIds: [roleId] });
    const token = await signIn(api.url, 'staff', 'bench.rolls', password);
    const advertisement = await approveAndFinalise(db, world.advertisements[0]!.id, options.centres, userId);
    const [{ code }] = (await rows<{ code: string }>(db, sql`select code from advertisements where id = ${advertisement.id}`)) as [{ code: string }];
    console.log(`approved every application, spread them over ${options.centres} centres, finalised the scrutiny and configured the office's roll range; signed in one SA holder`);

    const body = { advertisementCode: code, rollFrom: ROLL_RANGE.rollFrom, rollTo: ROLL_RANGE.rollFrom + options.candidates + 999 };
    const check = async () => {
      const [{ numbered, distinct }] = (await rows<{ numbered: number; distinct: number }>(
        db,
        sql`select count(*)::int as numbered, count(distinct roll_number)::int as distinct from roll_numbers where advertisement_id = ${advertisement.id}`,
      )) as [{ numbered: number; distinct: number }];
      if (Number(numbered) !== options.candidates || Number(distinct) !== options.candidates) throw new Error(`${numbered} numbered (${distinct} distinct), not ${options.candidates}`);
    };
    const clear = async () => {
      await db.execute(sql`delete from roll_numbers where advertisement_id = ${advertisement.id}`);
      await db.execute(sql`delete from roll_number_series where advertisement_id = ${advertisement.id}`);
      await db.execute(sql`vacuum analyze roll_numbers`);
    };
    const overApi = async () => {
      const started = performance.now();
      const answer = await http.call('POST', '/api/admin/roll-numbers/generate', token, body);
      const took = performance.now() - started;
      if (answer.status !== 200) throw new Error(`generate answered ${answer.status}: ${answer.body.slice(0, 400)}`);
      await check();
      return took;
    };

    const first: number[] = [];
    const again: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      await clear();
      first.push(await overApi());
      again.push(await overApi());
    }

    // Baseline: the API's own numbering statement, alone, on an empty set (as a first generation finds it).
    const statement = numberApplicationsStatement({ id: advertisement.id, fiscalYear: advertisement.fiscalYear, organizationId: advertisement.organizationId }, body.rollFrom, false);
    const direct: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      await clear();
      const started = performance.now();
      await db.execute(statement);
      direct.push(performance.now() - started);
      await check();
    }
    const byCentre = await rows<{ centre: string; from: number; to: number; count: number }>(
      db,
      sql`select ec.name_en as centre, min(r.roll_number) as from, max(r.roll_number) as to, count(*)::int as count
        from roll_numbers r join exam_centres ec on ec.id = r.exam_centre_id where r.advertisement_id = ${advertisement.id}
        group by ec.name_en order by min(r.roll_number) limit 3`,
    );

    const api1 = median(first);
    const base = median(direct);
    console.log(`\nroll numbers for ${options.candidates.toLocaleString('en')} approved candidates, median of ${options.runs}:`);
    console.log(`  over the API, first generation: ${seconds(api1)} (runs: ${first.map(seconds).join(', ')}; target at most 5 s)`);
    console.log(`  over the API, regeneration (the old numbers deleted first): ${seconds(median(again))} (runs: ${again.map(seconds).join(', ')})`);
    console.log(`  the one numbering statement run directly in PostgreSQL: ${seconds(base)} (runs: ${direct.map(seconds).join(', ')})`);
    console.log(`  ratio statement / API, first generation: ${(base / api1).toFixed(2)} (target at least 0.5)`);
    console.log(`  the first centres: ${byCentre.map((row) => `${row.centre} ${row.from}-${row.to} (${row.count})`).join('; ')}`);
  });
}
