import type { QuotaPosts, SelectionCandidate } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { AppError } from '../http/errors';

type Executor = Pick<Database, 'execute'>;

export type SelectionAdvertisement = { id: number; code: string; hasPractical: boolean; quotaPosts: QuotaPosts[] };

/** The advertisement, its posts per quota and whether it has a practical exam (rule 15's second table). */
export async function readSelectionAdvertisement(db: Executor, advertisementId: number): Promise<SelectionAdvertisement> {
  const [advertisement] = rowsOf<{ id: number; code: string }>(await db.execute(sql`select id, code from advertisements where id = ${advertisementId}`));
  if (!advertisement) throw new AppError('NOT_FOUND', { messageKey: 'selection.advertisementNotFound' });
  const quotas = rowsOf<{ quotaCode: string; posts: number }>(
    await db.execute(sql`
      select q.code as "quotaCode", aq.vacancies as posts
      from advertisement_quotas aq join quotas q on q.id = aq.quota_id
      where aq.advertisement_id = ${advertisementId}
      order by q.code`),
  );
  const [practical] = rowsOf<{ hasPractical: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from paper_results r join exam_papers p on p.id = r.exam_paper_id
        where r.advertisement_id = ${advertisementId} and p.test_type = 'practical'
      ) as "hasPractical"`),
  );
  return {
    id: Number(advertisement.id),
    code: advertisement.code,
    hasPractical: practical?.hasPractical === true || String(practical?.hasPractical) === 'true',
    quotaPosts: quotas.map((quota) => ({ quotaCode: quota.quotaCode, posts: Number(quota.posts) })),
  };
}

type CandidateRow = {
  applicationId: number;
  rollNumber: string | number;
  nameEn: string;
  nameNp: string | null;
  quotaCodes: string[] | string;
  writtenPapers: number;
  writtenPassed: number;
  writtenMarks: string | null;
  practicalMarks: string | null;
  interviewMarks: string | null;
  dateOfBirth: string | Date | null;
  isWithheld: boolean | string;
};

/**
 * Everyone of the advertisement the selection may consider, from verified marks only (spec §4:
 * results are verified before use): approved applications with a roll number, their approved
 * quotas, their verified marks by test type, and whether their result is withheld. One statement,
 * grouped in the database (100,000 candidates read in one pass). `onlyShortlistedIn`: the final
 * selection considers those the published written selection shortlisted, and the withheld.
 */
export async function readSelectionCandidates(db: Executor, advertisementId: number, onlyShortlistedIn: number | null): Promise<SelectionCandidate[]> {
  const shortlistFilter =
    onlyShortlistedIn === null
      ? sql`true`
      : sql`(exists (select 1 from selection_entries se where se.selection_id = ${onlyShortlistedIn} and se.application_id = a.id) or w.application_id is not null)`;
  const rows = rowsOf<CandidateRow>(
    await db.execute(sql`
      with written_papers as (
        select distinct r.exam_paper_id from paper_results r join exam_papers p on p.id = r.exam_paper_id
        where r.advertisement_id = ${advertisementId} and p.test_type = 'written'
      ),
      marks as (
        select r.application_id,
          count(*) filter (where p.test_type = 'written' and r.is_pass) as written_passed,
          sum(r.marks) filter (where p.test_type = 'written') as written_marks,
          sum(r.marks) filter (where p.test_type = 'practical') as practical_marks,
          sum(r.marks) filter (where p.test_type = 'interview') as interview_marks
        from paper_results r join exam_papers p on p.id = r.exam_paper_id
        where r.advertisement_id = ${advertisementId} and r.marks_status = 'verified'
        group by r.application_id
      ),
      quota_codes as (
        select aq_a.application_id, array_agg(q.code order by q.code) as codes
        from application_quotas aq_a
        join advertisement_quotas aq on aq.id = aq_a.advertisement_quota_id
        join quotas q on q.id = aq.quota_id
        where aq.advertisement_id = ${advertisementId} and aq_a.status = 'approved'
        group by aq_a.application_id
      ),
      withheld as (
        select distinct application_id from result_withholds where advertisement_id = ${advertisementId} and released_at is null
      )
      select a.id as "applicationId", rn.roll_number as "rollNumber",
        concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "nameEn",
        nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), '') as "nameNp",
        qc.codes as "quotaCodes",
        (select count(*) from written_papers)::int as "writtenPapers",
        coalesce(m.written_passed, 0)::int as "writtenPassed",
        m.written_marks::text as "writtenMarks", m.practical_marks::text as "practicalMarks", m.interview_marks::text as "interviewMarks",
        cp.date_of_birth::text as "dateOfBirth",
        (w.application_id is not null) as "isWithheld"
      from applications a
      join roll_numbers rn on rn.application_id = a.id
      join users u on u.id = a.user_id
      join quota_codes qc on qc.application_id = a.id
      join marks m on m.application_id = a.id
      left join candidate_profiles cp on cp.user_id = a.user_id
      left join withheld w on w.application_id = a.id
      where a.advertisement_id = ${advertisementId} and a.deleted_at is null and a.status in ('approved', 'partially-approved')
        and ${shortlistFilter}`),
  );
  return rows.map((row) => {
    const writtenPapers = Number(row.writtenPapers);
    return {
      applicationId: Number(row.applicationId),
      rollNumber: Number(row.rollNumber),
      nameEn: row.nameEn,
      nameNp: row.nameNp ?? row.nameEn,
      quotaCodes: parseTextArray(row.quotaCodes),
      // Every written paper passed, each verified (a paper not verified yet counts as not passed).
      hasPassedWritten: writtenPapers > 0 && Number(row.writtenPassed) === writtenPapers,
      writtenMarks: row.writtenMarks === null ? 0 : Number(row.writtenMarks),
      practicalMarks: row.practicalMarks === null ? null : Number(row.practicalMarks),
      interviewMarks: row.interviewMarks === null ? null : Number(row.interviewMarks),
      // Not recorded per application yet: rule 31's qualification tie-break has nothing to compare.
      qualificationPercent: null,
      dateOfBirth: row.dateOfBirth === null ? null : String(row.dateOfBirth instanceof Date ? row.dateOfBirth.toISOString() : row.dateOfBirth).slice(0, 10),
      isWithheld: row.isWithheld === true || String(row.isWithheld) === 'true',
    };
  });
}

/** A text[] as drivers answer it: an array (postgres.js) or its literal "{a,b}" (some PGlite paths). */
function parseTextArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value.replace(/^\{|\}$/g, '').split(',').filter(Boolean).map((code) => code.replace(/^"|"$/g, ''));
}
