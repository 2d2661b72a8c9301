import { adToBs, formatBsIso } from '@psc/core';
import { arrayLiteral, BUSY_STATEMENT_BATCHES, createStatementBatcher, oncePerDatabase, prepareStatement, type Database } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';

// A candidate's result (spec §1 "view selection results"; spec §3 "Result record"; spec §7 "View
// selection results"): for each advertisement of theirs with a published selection (the written
// shortlist or the final selection; the final one once it is out), their marks per paper (verified
// rows only), the quota they count in, their place in it and the outcome. A result held back
// (result_withholds without release) answers 'withheld' and nothing else: never marks, never
// "not selected" (reference "Results": a withheld result is not a fail).

export type PaperResult = {
  nameEn: string;
  nameNp: string;
  fullMarks: number;
  passMarks: number;
  /** Null while the attendance is not verified. */
  isPresent: boolean | null;
  /** Null while the marks are not verified (or the candidate was absent). */
  marks: string | null;
  isPass: boolean | null;
};

export type CandidateResultStatus = 'withheld' | 'selected' | 'alternate' | 'shortlisted' | 'not-selected';

export type CandidateResult = {
  advertisementCode: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  nameEn: string;
  nameNp: string;
  rollNumber: string;
  /** The published selection the result is of: the final one once published, else the written shortlist. */
  stage: 'written' | 'final';
  status: CandidateResultStatus;
  quotaCode: string | null;
  quotaNameEn: string | null;
  quotaNameNp: string | null;
  position: number | null;
  totalMarks: string | null;
  papers: PaperResult[];
  publishedOnAd: string;
  publishedOnBs: string;
};

type ResultRow = {
  n: number;
  advertisementCode: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  firstEn: string;
  middleEn: string | null;
  lastEn: string;
  firstNp: string | null;
  middleNp: string | null;
  lastNp: string | null;
  rollNumber: string;
  stage: 'written' | 'final';
  isWithheld: boolean;
  outcome: 'shortlisted' | 'selected' | 'alternate' | null;
  quotaCode: string | null;
  quotaNameEn: string | null;
  quotaNameNp: string | null;
  position: number | null;
  totalMarks: string | null;
  papers: PaperResult[] | string;
  publishedOnAd: string;
};

/**
 * The result of each application `a` (rows of applications named `a` that `source` yields), of
 * the advertisement's latest published selection: a final selection ranks before the written
 * shortlist. Applications of advertisements with nothing published yield no row.
 */
function resultsSql(source: SQL): SQL {
  return sql`
    select a.n, ad.code as "advertisementCode", ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp",
      u.first_name_en as "firstEn", u.middle_name_en as "middleEn", u.last_name_en as "lastEn",
      u.first_name_np as "firstNp", u.middle_name_np as "middleNp", u.last_name_np as "lastNp",
      rn.roll_number::text as "rollNumber", s.kind as stage,
      exists (select 1 from result_withholds w where w.application_id = a.id and w.advertisement_id = a.advertisement_id and w.released_at is null) as "isWithheld",
      se.outcome, se.quota_code as "quotaCode", q.name_en as "quotaNameEn", q.name_np as "quotaNameNp", se.position, se.total_marks::text as "totalMarks",
      (s.published_at at time zone 'Asia/Kathmandu')::date::text as "publishedOnAd",
      (select coalesce(json_agg(json_build_object(
          'nameEn', ep.subject_name_en, 'nameNp', ep.subject_name_np, 'fullMarks', ep.full_marks, 'passMarks', ep.pass_marks,
          'isPresent', case when pr.attendance_status = 'verified' then pr.is_present end,
          'marks', case when pr.marks_status = 'verified' then pr.marks::text end,
          'isPass', case when pr.marks_status = 'verified' then pr.is_pass end)
          order by ep.paper_order), '[]'::json)
        from paper_results pr join exam_papers ep on ep.id = pr.exam_paper_id
        where pr.application_id = a.id and pr.advertisement_id = a.advertisement_id) as papers
    from (${source}) a
    join lateral (
      select s.id, s.kind, s.published_at from selections s
      where s.advertisement_id = a.advertisement_id and s.status = 'published'
      order by s.kind = 'final' desc limit 1) s on true
    join advertisements ad on ad.id = a.advertisement_id
    left join posts p on p.id = ad.post_id
    join users u on u.id = a.user_id
    join roll_numbers rn on rn.application_id = a.id
    left join selection_entries se on se.selection_id = s.id and se.application_id = a.id
    left join quotas q on q.code = se.quota_code
    order by s.published_at desc, a.id`;
}

const fullName = (...parts: (string | null)[]) => parts.filter((part) => part && part.trim() !== '').join(' ');

function shapeResult(row: ResultRow): CandidateResult {
  const nameEn = fullName(row.firstEn, row.middleEn, row.lastEn);
  const base = {
    advertisementCode: row.advertisementCode,
    fiscalYear: row.fiscalYear,
    postNameEn: row.postNameEn,
    postNameNp: row.postNameNp,
    nameEn,
    nameNp: fullName(row.firstNp, row.middleNp, row.lastNp) || nameEn,
    rollNumber: row.rollNumber,
    stage: row.stage,
    publishedOnAd: row.publishedOnAd,
    publishedOnBs: formatBsIso(adToBs(row.publishedOnAd)),
  };
  if (row.isWithheld) {
    return { ...base, status: 'withheld', quotaCode: null, quotaNameEn: null, quotaNameNp: null, position: null, totalMarks: null, papers: [] };
  }
  const papers = typeof row.papers === 'string' ? (JSON.parse(row.papers) as PaperResult[]) : row.papers;
  return {
    ...base,
    status: row.outcome ?? 'not-selected',
    quotaCode: row.quotaCode,
    quotaNameEn: row.quotaNameEn,
    quotaNameNp: row.quotaNameNp,
    position: row.position === null ? null : Number(row.position),
    totalMarks: row.totalMarks,
    papers,
  };
}

/**
 * The public lookups of a batch, each with the limiter's verdict on it: per input (its place `n`
 * from 1), `refusedFor` (seconds, or null) and its result rows, or one row of nulls when nothing
 * matches. The roll number is found among the advertisements with a published selection through
 * roll_numbers' (advertisement_id, roll_number) index (a probe per such advertisement, never a
 * scan), and the date of birth must be the application's candidate's. The limiter's read follows
 * reservePasswordCheck's rules (lookup-limits.ts says why hits are checked but not counted).
 */
const LOOKUP_SQL = sql`
  with k as (
    select * from unnest(${sql.placeholder('rollNumbers')}::bigint[], ${sql.placeholder('datesOfBirth')}::date[], ${sql.placeholder('pairKeys')}::text[],
      ${sql.placeholder('addressKeys')}::text[], ${sql.placeholder('paceKeys')}::text[]) with ordinality as k(roll_number, date_of_birth, pair_key, address_key, pace_key, n)),
  refused as (
    select k.n, max(ceil(extract(epoch from (case when f.key = k.pace_key then f.window_started_at
        else f.window_started_at + make_interval(secs => ${sql.placeholder('windowSeconds')}::int) end) - now())))::int as seconds_left
    from k join sign_in_failures f on f.key in (k.pair_key, k.address_key, k.pace_key)
    where (f.key = k.pair_key and f.failures >= ${sql.placeholder('maxPerPair')}::int and f.window_started_at + make_interval(secs => ${sql.placeholder('windowSeconds')}::int) > now())
      or (f.key = k.address_key and f.failures >= ${sql.placeholder('maxPerAddress')}::int and f.window_started_at + make_interval(secs => ${sql.placeholder('windowSeconds')}::int) > now())
      or (f.key = k.pace_key and f.window_started_at > now())
    group by k.n)
  select k.n::int as "inputPlace", rf.seconds_left as "refusedFor", res.*
  from k
  left join refused rf on rf.n = k.n
  left join lateral (${resultsSql(sql`
    select ap.id, ap.user_id, ap.advertisement_id, 0 as n
    from roll_numbers r
    join applications ap on ap.id = r.application_id and ap.deleted_at is null
    join candidate_profiles cp on cp.user_id = ap.user_id and cp.date_of_birth = k.date_of_birth
    where r.roll_number = k.roll_number
      and r.advertisement_id in (select advertisement_id from selections where status = 'published')`)}) res on rf.n is null`;

type LookupRow = Omit<ResultRow, 'advertisementCode'> & { inputPlace: number; refusedFor: number | null; advertisementCode: string | null };

export type LookupInput = { rollNumber: number; dateOfBirth: string; keys: { pair: string; address: string; pace: string } };
export type LookupLimits = { maxFailuresPerUser: number; maxFailuresPerAddress: number; windowSeconds: number };
export type LookupAnswer = { refusedFor: number } | { refusedFor: null; items: CandidateResult[] };

const resultStatementsOf = oncePerDatabase((db: Database) => {
  const lookup = prepareStatement<LookupRow>(db, 'look_up_published_results', LOOKUP_SQL);
  return {
    own: prepareStatement<ResultRow>(
      db,
      'read_own_results',
      resultsSql(sql`select id, user_id, advertisement_id, 0 as n from applications where user_id = ${sql.placeholder('userId')} and deleted_at is null`),
    ),
    // At the release every candidate looks up at once: one statement answers every lookup that
    // arrived together (the admit-card view's reason, read-admit-cards.ts).
    lookupBatches: new Map<string, (input: LookupInput) => Promise<LookupAnswer>>(),
    lookup,
  };
});

function lookupBatcherOf(db: Database, limits: LookupLimits) {
  const statements = resultStatementsOf(db);
  const id = `${limits.maxFailuresPerUser}/${limits.maxFailuresPerAddress}/${limits.windowSeconds}`;
  let batcher = statements.lookupBatches.get(id);
  if (!batcher) {
    batcher = createStatementBatcher<LookupInput, LookupAnswer>(async (inputs) => {
      const rows = await statements.lookup.all({
        rollNumbers: arrayLiteral(inputs.map((input) => input.rollNumber)),
        datesOfBirth: arrayLiteral(inputs.map((input) => input.dateOfBirth)),
        pairKeys: arrayLiteral(inputs.map((input) => input.keys.pair)),
        addressKeys: arrayLiteral(inputs.map((input) => input.keys.address)),
        paceKeys: arrayLiteral(inputs.map((input) => input.keys.pace)),
        maxPerPair: limits.maxFailuresPerUser,
        maxPerAddress: limits.maxFailuresPerAddress,
        windowSeconds: limits.windowSeconds,
      });
      return inputs.map((_, index) => {
        const own = rows.filter((row) => Number(row.inputPlace) === index + 1);
        const refusedFor = own.find((row) => row.refusedFor !== null)?.refusedFor;
        if (refusedFor !== undefined && refusedFor !== null) return { refusedFor: Number(refusedFor) };
        return { refusedFor: null, items: own.filter((row) => row.advertisementCode !== null).map((row) => shapeResult(row as ResultRow)) };
      });
    }, BUSY_STATEMENT_BATCHES);
    statements.lookupBatches.set(id, batcher);
  }
  return batcher;
}

/** The signed-in candidate's results, newest first. */
export async function listMyResults(db: Database, userId: number): Promise<{ items: CandidateResult[] }> {
  const rows = await resultStatementsOf(db).own.all({ userId });
  return { items: rows.map(shapeResult) };
}

/**
 * The published result of whoever holds this roll number and was born on this date (usually
 * one; a roll number is unique per office and fiscal year, so two offices' candidates may share
 * one, and then only those born that day answer), unless the limiter refuses the asker now.
 */
export function lookUpPublishedResult(db: Database, input: LookupInput, limits: LookupLimits): Promise<LookupAnswer> {
  return lookupBatcherOf(db, limits)(input);
}
