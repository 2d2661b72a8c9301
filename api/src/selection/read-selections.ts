import { resolveSelectionRules, type QuotaSummary, type SelectionRulesInput } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { AppError } from '../http/errors';
import type { SelectionKind } from './save-selection';

type Executor = Pick<Database, 'execute'>;

const toIso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

/** An advertisement's selections of one kind, newest first (spec §2 written-selection/view, view-new-selection). */
export async function listSelections(db: Executor, kind: SelectionKind, advertisementId: number | undefined) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select s.id, s.advertisement_id as "advertisementId", a.code as "advertisementCode", s.status, s.created_at as "createdAt", s.published_at as "publishedAt",
        s.interview_at as "interviewAt", (select count(*) from selection_entries e where e.selection_id = s.id)::int as entries
      from selections s join advertisements a on a.id = s.advertisement_id
      where s.kind = ${kind} ${advertisementId === undefined ? sql`` : sql`and s.advertisement_id = ${advertisementId}`}
      order by s.id desc
      limit 200`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    advertisementId: Number(row.advertisementId),
    advertisementCode: String(row.advertisementCode),
    status: row.status as 'draft' | 'published',
    createdAt: toIso(row.createdAt),
    publishedAt: toIso(row.publishedAt),
    interviewAt: toIso(row.interviewAt),
    entries: Number(row.entries),
  }));
}

export type SelectionFilters = { quota?: string | undefined; outcome?: 'shortlisted' | 'selected' | 'alternate' | undefined; page: number; pageSize: number };

/**
 * One selection with its rules, what they gave per quota, and its entries (names, roll numbers,
 * quota, place, total, outcome; whether the result is withheld now), filtered by quota and outcome.
 */
export async function getSelection(db: Executor, kind: SelectionKind, selectionId: number, filters: SelectionFilters) {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select s.id, s.advertisement_id as "advertisementId", a.code as "advertisementCode", s.status, s.rules, s.interview_at as "interviewAt",
        s.interview_place_en as "interviewPlaceEn", s.interview_place_np as "interviewPlaceNp", s.notes, s.created_at as "createdAt",
        s.published_at as "publishedAt", cu.username as "createdBy", pu.username as "publishedBy"
      from selections s join advertisements a on a.id = s.advertisement_id
      join users cu on cu.id = s.created_by left join users pu on pu.id = s.published_by
      where s.id = ${selectionId} and s.kind = ${kind}`),
  );
  if (!row) throw new AppError('NOT_FOUND', { messageKey: 'selection.notFound' });
  const stored = (typeof row.rules === 'string' ? JSON.parse(row.rules) : row.rules) as SelectionRulesInput & { report?: { considered: number; quotas: QuotaSummary[]; withheld: unknown[] } };
  const { report, ...rules } = stored;
  const where = sql`e.selection_id = ${selectionId}
    ${filters.quota ? sql`and e.quota_code = ${filters.quota}` : sql``}
    ${filters.outcome ? sql`and e.outcome = ${filters.outcome}` : sql``}`;
  const [count] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from selection_entries e where ${where}`));
  const quotaNames = new Map(
    rowsOf<{ code: string; nameEn: string; nameNp: string }>(await db.execute(sql`select code, name_en as "nameEn", name_np as "nameNp" from quotas`)).map((quota) => [quota.code, quota]),
  );
  const entries = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select e.application_id as "applicationId", e.roll_number as "rollNumber", e.quota_code as "quotaCode", q.name_en as "quotaNameEn", q.name_np as "quotaNameNp",
        e.position, e.total_marks::text as "totalMarks", e.outcome,
        concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "nameEn",
        nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), '') as "nameNp",
        exists (select 1 from result_withholds w where w.application_id = e.application_id and w.released_at is null) as "isWithheld"
      from selection_entries e
      join applications a on a.id = e.application_id
      join users u on u.id = a.user_id
      left join quotas q on q.code = e.quota_code
      where ${where}
      order by e.quota_code, case e.outcome when 'alternate' then 1 else 0 end, e.position
      limit ${filters.pageSize} offset ${(filters.page - 1) * filters.pageSize}`),
  );
  return {
    id: Number(row.id),
    kind,
    advertisementId: Number(row.advertisementId),
    advertisementCode: String(row.advertisementCode),
    status: row.status as 'draft' | 'published',
    rules: resolveSelectionRules(rules),
    considered: report?.considered ?? null,
    quotas: (report?.quotas ?? []).map((quota) => ({ ...quota, quotaNameEn: quotaNames.get(quota.quotaCode)?.nameEn ?? quota.quotaCode, quotaNameNp: quotaNames.get(quota.quotaCode)?.nameNp ?? quota.quotaCode })),
    withheldCount: report?.withheld.length ?? 0,
    interviewAt: toIso(row.interviewAt),
    interviewPlaceEn: (row.interviewPlaceEn as string | null) ?? null,
    interviewPlaceNp: (row.interviewPlaceNp as string | null) ?? null,
    notes: (row.notes as string | null) ?? null,
    createdAt: toIso(row.createdAt),
    createdBy: String(row.createdBy),
    publishedAt: toIso(row.publishedAt),
    publishedBy: (row.publishedBy as string | null) ?? null,
    total: Number(count?.total ?? 0),
    entries: entries.map((entry) => ({
      applicationId: Number(entry.applicationId),
      rollNumber: Number(entry.rollNumber),
      quotaCode: String(entry.quotaCode),
      quotaNameEn: (entry.quotaNameEn as string | null) ?? String(entry.quotaCode),
      quotaNameNp: (entry.quotaNameNp as string | null) ?? String(entry.quotaCode),
      position: Number(entry.position),
      totalMarks: entry.totalMarks === null ? null : Number(entry.totalMarks),
      outcome: entry.outcome as 'shortlisted' | 'selected' | 'alternate',
      nameEn: String(entry.nameEn),
      nameNp: (entry.nameNp as string | null) ?? null,
      isWithheld: entry.isWithheld === true || String(entry.isWithheld) === 'true',
    })),
  };
}

/**
 * The published lists of an advertisement for everyone (spec §1 "view selection results"): roll
 * number, name, quota, outcome and place, as the commission's notice prints them. A withheld
 * result is never published, even one withheld after publication.
 */
export async function readPublishedResults(db: Executor, advertisementCode: string) {
  const selections = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select s.id, s.kind, s.published_at as "publishedAt", s.interview_at as "interviewAt", s.interview_place_en as "interviewPlaceEn", s.interview_place_np as "interviewPlaceNp"
      from selections s join advertisements a on a.id = s.advertisement_id
      where a.code = ${advertisementCode} and s.status = 'published'
      order by s.kind desc`),
  );
  if (selections.length === 0) throw new AppError('NOT_FOUND', { messageKey: 'selection.notPublished' });
  const entries = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select e.selection_id as "selectionId", e.roll_number as "rollNumber", e.quota_code as "quotaCode", q.name_en as "quotaNameEn", q.name_np as "quotaNameNp",
        e.position, e.outcome,
        concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "nameEn",
        nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), '') as "nameNp"
      from selection_entries e
      join applications a on a.id = e.application_id
      join users u on u.id = a.user_id
      left join quotas q on q.code = e.quota_code
      where e.selection_id in (${sql.join(selections.map((row) => sql`${Number(row.id)}`), sql`, `)})
        and not exists (select 1 from result_withholds w where w.application_id = e.application_id and w.released_at is null)
      order by e.selection_id, e.quota_code, case e.outcome when 'alternate' then 1 else 0 end, e.position`),
  );
  return {
    advertisementCode,
    selections: selections.map((selection) => ({
      kind: selection.kind as SelectionKind,
      publishedAt: toIso(selection.publishedAt),
      interviewAt: toIso(selection.interviewAt),
      interviewPlaceEn: (selection.interviewPlaceEn as string | null) ?? null,
      interviewPlaceNp: (selection.interviewPlaceNp as string | null) ?? null,
      entries: entries
        .filter((entry) => Number(entry.selectionId) === Number(selection.id))
        .map((entry) => ({
          rollNumber: Number(entry.rollNumber),
          nameEn: String(entry.nameEn),
          nameNp: (entry.nameNp as string | null) ?? null,
          quotaCode: String(entry.quotaCode),
          quotaNameEn: (entry.quotaNameEn as string | null) ?? String(entry.quotaCode),
          quotaNameNp: (entry.quotaNameNp as string | null) ?? String(entry.quotaCode),
          position: Number(entry.position),
          outcome: entry.outcome as 'shortlisted' | 'selected' | 'alternate',
        })),
    })),
  };
}


/** The advertisements with verified marks, the ones a selection can be made for, with their published selections. */
export async function listSelectionAdvertisements(db: Executor) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select a.id, a.code, count(distinct r.application_id)::int as candidates,
        (select s.id from selections s where s.advertisement_id = a.id and s.kind = 'written' and s.status = 'published') as "writtenPublishedId",
        (select s.id from selections s where s.advertisement_id = a.id and s.kind = 'final' and s.status = 'published') as "finalPublishedId"
      from advertisements a join paper_results r on r.advertisement_id = a.id and r.marks_status = 'verified'
      group by a.id
      order by a.id desc
      limit 500`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    code: String(row.code),
    candidates: Number(row.candidates),
    writtenPublishedId: row.writtenPublishedId === null ? null : Number(row.writtenPublishedId),
    finalPublishedId: row.finalPublishedId === null ? null : Number(row.finalPublishedId),
  }));
}

/** Every selection, newest first, for the check against earlier ones [VS]. */
export async function listAllSelections(db: Executor) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select s.id, s.kind, s.status, a.code as "advertisementCode", (select count(*) from selection_entries e where e.selection_id = s.id)::int as entries
      from selections s join advertisements a on a.id = s.advertisement_id
      order by s.id desc
      limit 500`),
  );
  return rows.map((row) => ({ id: Number(row.id), kind: row.kind as SelectionKind, status: row.status as 'draft' | 'published', advertisementCode: String(row.advertisementCode), entries: Number(row.entries) }));
}
