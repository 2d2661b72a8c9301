import { DEFAULT_SELECTION_RULES, resolveSelectionRules, selectFinalMerit } from '@psc/core';
import { DEMO_ACCOUNTS, selectionCandidatesStatement } from '@psc/db';
import { sql } from 'drizzle-orm';
import { createStaffUser } from '../../api/src/requisitions/requisition.test-support';
import { readSelectionAdvertisement, readSelectionCandidates } from '../../api/src/selection/read-selection-candidates';
import { createAdvertisementFixture } from '../../api/src/test-support/recruitment-fixtures';
import { createTestApp } from '../../api/src/test-support/test-app';
import { startThrowawayCluster } from '../lib/postgres-cluster';
import { readBenchmarkOptions } from './seeded-api';

// `benchResultsSelection()` (the lead wires it under `results`): one advertisement of 100,000
// candidates with verified marks (two written papers and an interview) over the 7 reservation
// quotas (open and the six groups of Civil Service Act 2049 section 7(7); a third of the
// candidates also in one group), on a throwaway PostgreSQL cluster (or TEST_POSTGRES_URL). Timed:
// core's final merit alone on the candidates already read (target well under 2 s), and the API's
// final selection [FS] in process (read from verified marks, select, store the entries; target at
// most 2 s). The ratio core / API says how much of the API's time is the rule itself.

const DEFAULTS = { candidates: 100_000, runs: 3 };
const QUOTAS = [
  { code: 'open', vacancies: 55 },
  { code: 'women', vacancies: 15 },
  { code: 'adivasi-janajati', vacancies: 12 },
  { code: 'madhesi', vacancies: 10 },
  { code: 'dalit', vacancies: 4 },
  { code: 'disabled', vacancies: 2 },
  { code: 'backward-area', vacancies: 2 },
];

const seconds = (ms: number) => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchResultsSelection() {
  const { numeric: options } = readBenchmarkOptions(DEFAULTS);
  for (const [name, value] of Object.entries(options)) if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number above 0`);
  const cluster = process.env.TEST_POSTGRES_URL ? undefined : await startThrowawayCluster(['shared_buffers=256MB', 'max_wal_size=4GB']);
  if (cluster) process.env.TEST_POSTGRES_URL = cluster.url;
  process.env.TEST_DATABASE = 'postgres';
  const t = await createTestApp();
  try {
    const started = performance.now();
    const officer = await createStaffUser(t, { FS: ['read', 'create'] });
    const [admin] = (await t.db.execute(sql`select id from users where username = ${DEMO_ACCOUNTS.administrator.username}`)) as unknown as { id: number }[];
    const advertisement = await createAdvertisementFixture(t.db, { status: 'published', quotas: QUOTAS });
    const advertisementId = advertisement.advertisementId;
    const tag = `b${advertisementId}x`;
    const [district] = (await t.db.execute(sql`select min(id) as id from districts`)) as unknown as { id: number }[];
    // Candidates, profiles, applications, quotas and roll numbers, each one set-based statement.
    await t.db.execute(sql`
      insert into users (kind, username, email, mobile, first_name_en, last_name_en, password_hash)
      select 'candidate', ${tag} || n, ${tag} || n || '@example.com', '98' || lpad(n::text, 8, '0'), 'Bench', 'Candidate ' || n, 'not-a-password'
      from generate_series(1, ${options.candidates}) n`);
    await t.db.execute(sql`
      insert into candidate_profiles (user_id, citizenship_number, citizenship_issue_district_id, citizenship_issue_date, date_of_birth, gender)
      select u.id, ${tag} || u.id, ${district!.id}, '2015-01-01', date '1985-01-01' + (u.id % 5000), 'female'
      from users u where u.username like ${`${tag}%`}`);
    await t.db.execute(sql`
      insert into applications (user_id, advertisement_id, status, payment_state, exam_centre_id, age_years, age_months, age_days, terms_accepted_at, receipt_code)
      select u.id, ${advertisementId}, 'approved', 'paid', ${advertisement.examCentreIds[0]!}, 27, 0, 0, now(), 'R' || ${tag} || u.id
      from users u where u.username like ${`${tag}%`}`);
    const quotaLines = JSON.stringify(QUOTAS.map((quota, index) => ({ code: quota.code, position: index })));
    await t.db.execute(sql`
      with lines as (
        select aq.id, q.code, l.position from advertisement_quotas aq join quotas q on q.id = aq.quota_id
        join jsonb_to_recordset(${quotaLines}::jsonb) as l(code text, position int) on l.code = q.code
        where aq.advertisement_id = ${advertisementId}
      )
      insert into application_quotas (application_id, advertisement_quota_id, status)
      select a.id, lines.id, 'approved' from applications a join lines
        on lines.position = 0 or (a.id % 3 = 0 and lines.position = 1 + (a.id / 3) % 6)
      where a.advertisement_id = ${advertisementId}`);
    await t.db.execute(sql`
      insert into roll_numbers (application_id, advertisement_id, organization_id, fiscal_year, roll_number, exam_centre_id)
      select a.id, ${advertisementId}, ${advertisement.organizationId}, ${advertisement.fiscalYear}, 1000000 + row_number() over (order by a.id), ${advertisement.examCentreIds[0]!}
      from applications a where a.advertisement_id = ${advertisementId}`);
    const [post] = (await t.db.execute(sql`select post_id as id from advertisements where id = ${advertisementId}`)) as unknown as { id: number }[];
    // Rule 31's qualification tie-break reads the profile: the post names its minimum level, and each
    // candidate has two education rows, one at that level (every tenth a GPA, the rest a percentage
    // with ties) and one a level below.
    const [required] = (await t.db.execute(sql`select id, (select id from education_levels l2 where l2.rank < l.rank order by l2.rank desc limit 1) as "lowerId" from education_levels l order by rank offset 1 limit 1`)) as unknown as { id: number; lowerId: number }[];
    await t.db.execute(sql`insert into post_qualifications (post_id, education_level_id) values (${post!.id}, ${required!.id}) on conflict (post_id) do update set education_level_id = excluded.education_level_id`);
    await t.db.execute(sql`
      insert into candidate_educations (user_id, university_id, level_id, faculty_id, score_type, score, major_subject, education_type, passed_date)
      select a.user_id, (select min(id) from universities), e.level_id, (select min(id) from faculties), e.score_type, e.score, 'Management', 'national', '2010-06-01'
      from applications a, lateral (values
        (${required!.id}::int, case when a.id % 10 = 0 then 'gpa' else 'percentage' end, case when a.id % 10 = 0 then 3.2 else 45 + (a.id % 50) end),
        (${required!.lowerId}::int, 'percentage', 60 + (a.id % 30))) as e(level_id, score_type, score)
      where a.advertisement_id = ${advertisementId}`);
    const papers: { id: number; testType: string }[] = [];
    for (const [index, testType] of ['written', 'written', 'interview'].entries()) {
      const [paper] = (await t.db.execute(sql`
        insert into exam_papers (post_id, service_group_id, paper_order, test_type, paper_type, subject_name_en, subject_name_np, full_marks, pass_marks, duration_minutes, exam_option, created_by)
        values (${post!.id}, null, (select coalesce(max(paper_order), 0) + 1 from exam_papers where post_id = ${post!.id} and service_group_id is null), ${testType},
          ${testType === 'interview' ? 'oral' : 'subjective'}, ${`Bench paper ${index + 1} ${tag}`}, ${`बेन्च पत्र ${index + 1}`}, 100, 40, 60, 'compulsory', ${admin!.id})
        returning id`)) as unknown as { id: number }[];
      papers.push({ id: paper!.id, testType });
    }
    // Marks spread over 0..100 in hundredths; about four in five pass each written paper.
    for (const [index, paper] of papers.entries()) {
      await t.db.execute(sql`
        insert into paper_results (application_id, exam_paper_id, advertisement_id, roll_number, is_present, attendance_status, attendance_verified_by, attendance_verified_at,
          marks, is_pass, marks_status, marks_verified_by, marks_verified_at)
        select r.application_id, ${paper.id}, ${advertisementId}, r.roll_number, true, 'verified', ${admin!.id}, now(), m.marks, m.marks >= 40, 'verified', ${admin!.id}, now()
        from roll_numbers r, lateral (select round((((r.application_id::bigint * ${7919 + index * 104_729}) % 10001) / 100.0)::numeric, 2) as marks) m
        where r.advertisement_id = ${advertisementId}`);
    }
    await t.db.execute(sql`vacuum analyze users, candidate_profiles, candidate_educations, applications, application_quotas, roll_numbers, paper_results`);
    console.log(`options: ${options.candidates.toLocaleString('en')} candidates over ${QUOTAS.length} quotas (${QUOTAS.reduce((sum, quota) => sum + quota.vacancies, 0)} posts), ${options.runs} runs; seeded in ${seconds(performance.now() - started)}`);

    if (process.env.BENCH_EXPLAIN) {
      const plan = (await t.db.execute(sql`explain (analyze, buffers) ${selectionCandidatesStatement(advertisementId, null, false)}`)) as unknown as Record<string, string>[];
      console.log(plan.map((row) => Object.values(row)[0]).join('\n'));
    }
    const rules = resolveSelectionRules({ ...DEFAULT_SELECTION_RULES, defaultAlternateCount: 5 });
    const readAt = performance.now();
    const quotaPosts = (await readSelectionAdvertisement(t.db, advertisementId)).quotaPosts;
    const candidates = await readSelectionCandidates(t.db, advertisementId, null, false);
    const readTook = performance.now() - readAt;
    const core: number[] = [];
    let selected = 0;
    for (let run = 0; run < options.runs; run += 1) {
      const at = performance.now();
      selected = selectFinalMerit(candidates, quotaPosts, rules).entries.length;
      core.push(performance.now() - at);
    }
    const api: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const at = performance.now();
      const answer = await t.call('POST', '/api/admin/finalSelection/add-new-selection', { token: officer.token, json: { advertisementId, rules: { defaultAlternateCount: 5 } } });
      api.push(performance.now() - at);
      if (answer.status !== 200) throw new Error(`add-new-selection answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 400)}`);
    }
    const coreMedian = median(core);
    const apiMedian = median(api);
    console.log(`\nfinal selection of ${candidates.length.toLocaleString('en')} candidates (${selected} listed: selected and alternates), median of ${options.runs}:`);
    console.log(`  core's selectFinalMerit alone: ${seconds(coreMedian)} (runs: ${core.map(seconds).join(', ')}; target well under 2 s)`);
    console.log(`  reading the candidates from verified marks (once): ${seconds(readTook)}`);
    console.log(`  over the API (read, select, store the draft): ${seconds(apiMedian)} (runs: ${api.map(seconds).join(', ')}; target at most 2 s)`);
    console.log(`  ratio core / API: ${(coreMedian / apiMedian).toFixed(2)}`);
  } finally {
    await t.close();
    await cluster?.stop();
  }
}
