import { adToBs, formatBsIso } from '@psc/core';
import { oncePerDatabase, prepareStatement, type Database } from '@psc/db';
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
    select ad.code as "advertisementCode", ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp",
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

const resultStatementsOf = oncePerDatabase((db: Database) => ({
  own: prepareStatement<ResultRow>(
    db,
    'read_own_results',
    resultsSql(sql`select id, user_id, advertisement_id from applications where user_id = ${sql.placeholder('userId')} and deleted_at is null`),
  ),
  // The roll number is found among the advertisements with a published selection, through
  // roll_numbers' (advertisement_id, roll_number) index: a probe per such advertisement, never a
  // scan; the date of birth must match the application's candidate.
  lookup: prepareStatement<ResultRow>(
    db,
    'look_up_published_result',
    resultsSql(sql`
      select ap.id, ap.user_id, ap.advertisement_id
      from roll_numbers r
      join applications ap on ap.id = r.application_id and ap.deleted_at is null
      join candidate_profiles cp on cp.user_id = ap.user_id and cp.date_of_birth = ${sql.placeholder('dateOfBirth')}::date
      where r.roll_number = ${sql.placeholder('rollNumber')}::bigint
        and r.advertisement_id in (select advertisement_id from selections where status = 'published')`),
  ),
}));

/** The signed-in candidate's results, newest first. */
export async function listMyResults(db: Database, userId: number): Promise<{ items: CandidateResult[] }> {
  const rows = await resultStatementsOf(db).own.all({ userId });
  return { items: rows.map(shapeResult) };
}

/**
 * The published result of whoever holds this roll number and was born on this date (usually
 * one; a roll number is unique per office and fiscal year, so two offices' candidates may share
 * one, and then only those born that day answer).
 */
export async function lookUpPublishedResult(db: Database, input: { rollNumber: number; dateOfBirth: string }): Promise<CandidateResult[]> {
  const rows = await resultStatementsOf(db).lookup.all({ rollNumber: input.rollNumber, dateOfBirth: input.dateOfBirth });
  return rows.map(shapeResult);
}
