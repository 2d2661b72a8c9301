import type { SelectionCandidate } from '@psc/core';
import { sql } from 'drizzle-orm';

// The candidates a written or final selection considers (spec §2 written-selection, finalSelection),
// read once for the API and the demo seed alike.

type CandidateRow = {
  applicationId: number;
  rollNumber: number;
  nameEn: string | null;
  nameNp: string | null;
  quotaCodes: string[];
  writtenMarks: number | null;
  practicalMarks: number | null;
  interviewMarks: number | null;
  qualificationPercent: number | string | null;
  dateOfBirth: string | null;
  isWithheld: boolean;
};

/**
 * Everyone of the advertisement the selection may consider, from verified marks only (spec §4:
 * results are verified before use): approved applications with a roll number who passed every
 * written paper (each verified; a paper not verified yet counts as not passed), their approved
 * quotas, their verified marks by test type, and whether their result is withheld. One statement
 * answering one JSON text: 100,000 candidates are read in one pass and parsed at once rather than
 * row by row. Names only for a written list (it is listed by name); the final merit needs none.
 * `onlyShortlistedIn`: the final selection considers those the published written selection
 * shortlisted, and the withheld.
 */
/** The statement: one row whose `rows` is the JSON text of every candidate (parseSelectionCandidates reads it). */
export function selectionCandidatesStatement(advertisementId: number, onlyShortlistedIn: number | null, withNames: boolean) {
  const shortlistFilter =
    onlyShortlistedIn === null
      ? sql`true`
      : sql`(exists (select 1 from selection_entries se where se.selection_id = ${onlyShortlistedIn} and se.application_id = a.id) or w.application_id is not null)`;
  const names = withNames
    ? sql`(select concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) from users u where u.id = a.user_id) as "nameEn",
        (select nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), '') from users u where u.id = a.user_id) as "nameNp"`
    : sql`null as "nameEn", null as "nameNp"`;
  return sql`
      with written_papers as (
        -- Per paper an index probe (paper_results_advertisement_idx), not a scan of every result.
        select count(*) as papers from exam_papers p
        where p.test_type = 'written' and exists (select 1 from paper_results r where r.advertisement_id = ${advertisementId} and r.exam_paper_id = p.id)
      ),
      marks as (
        select r.application_id,
          sum(r.marks) filter (where p.test_type = 'written') as written_marks,
          sum(r.marks) filter (where p.test_type = 'practical') as practical_marks,
          sum(r.marks) filter (where p.test_type = 'interview') as interview_marks
        from paper_results r join exam_papers p on p.id = r.exam_paper_id
        where r.advertisement_id = ${advertisementId} and r.marks_status = 'verified'
        group by r.application_id
        having count(*) filter (where p.test_type = 'written' and r.is_pass) = (select papers from written_papers) and (select papers from written_papers) > 0
      ),
      withheld as (
        select distinct application_id from result_withholds where advertisement_id = ${advertisementId} and released_at is null
      ),
      -- Rule 31's fourth tie-break: the level the advertisement's post names as its minimum
      -- qualification (post_qualifications, one per post); none named leaves every percentage null.
      required_level as (
        select pq.education_level_id as level_id from advertisements ad join post_qualifications pq on pq.post_id = ad.post_id where ad.id = ${advertisementId}
      )
      select json_agg(json_build_object(
        'applicationId', a.id, 'rollNumber', rn.roll_number, 'quotaCodes', qc.codes,
        'writtenMarks', m.written_marks, 'practicalMarks', m.practical_marks, 'interviewMarks', m.interview_marks,
        -- The candidate's best percentage at that level, one index probe per passing candidate
        -- (candidate_educations_user_idx), none when the post names no level. A GPA (out of 4,
        -- core's GPA_MAX) is on another scale and the project has no rule converting it, so a GPA
        -- holder's percentage stays null (unknown, which core ranks as 0).
        'qualificationPercent', case when rl.level_id is not null then (
          select max(ce.score) from candidate_educations ce where ce.user_id = a.user_id and ce.level_id = rl.level_id and ce.score_type = 'percentage') end,
        'dateOfBirth', cp.date_of_birth, 'isWithheld', w.application_id is not null,
        'nameEn', c."nameEn", 'nameNp', c."nameNp"))::text as rows
      from marks m
      join applications a on a.id = m.application_id
      join roll_numbers rn on rn.application_id = a.id
      -- Read per passing candidate through the primary key: most of a large advertisement fails.
      cross join lateral (
        select array_agg(q.code order by q.code) as codes
        from application_quotas aq_a
        join advertisement_quotas aq on aq.id = aq_a.advertisement_quota_id
        join quotas q on q.id = aq.quota_id
        where aq_a.application_id = a.id and aq_a.status = 'approved'
      ) qc
      left join candidate_profiles cp on cp.user_id = a.user_id
      left join withheld w on w.application_id = a.id
      left join required_level rl on true
      cross join lateral (select ${names}) c
      where a.advertisement_id = ${advertisementId} and a.deleted_at is null and a.status in ('approved', 'partially-approved')
        and qc.codes is not null and ${shortlistFilter}`;
}

/** The statement's answer as core's candidates. */
export function parseSelectionCandidates(json: string | null): SelectionCandidate[] {
  return (JSON.parse(json ?? '[]') as CandidateRow[]).map(toCandidate);
}

function toCandidate(row: CandidateRow): SelectionCandidate {
  return {
    applicationId: row.applicationId,
    rollNumber: Number(row.rollNumber),
    nameEn: row.nameEn ?? '',
    nameNp: row.nameNp ?? row.nameEn ?? '',
    quotaCodes: row.quotaCodes,
    hasPassedWritten: true,
    writtenMarks: row.writtenMarks === null ? 0 : Number(row.writtenMarks),
    practicalMarks: row.practicalMarks === null ? null : Number(row.practicalMarks),
    interviewMarks: row.interviewMarks === null ? null : Number(row.interviewMarks),
    qualificationPercent: row.qualificationPercent === null ? null : Number(row.qualificationPercent),
    dateOfBirth: row.dateOfBirth,
    isWithheld: row.isWithheld,
  };
}

