import { todayAd } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { AppError } from '../http/errors';
import { applicationsClosed, SCREENED_APPLICATION } from './allocate-scrutiny';

// What the allocator reads [SA]: the advertisements whose applications have closed, one
// advertisement's waiting applications, the allocation history and the report per officer
// (spec §2 scrutiny-allocation, scrutiny-allocation-history, allocation/report; §3 "Scrutiny record").

export type Page = { page: number; pageSize: number };

const offsetOf = (page: Page) => (page.page - 1) * page.pageSize;

const total = (rows: { total: number }[]) => Number(rows[0]?.total ?? 0);

export type ClosedAdvertisement = {
  id: number;
  code: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  doubleFeeLastDate: string;
  paid: number;
  allocated: number;
  unallocated: number;
};

/** An advertisement's code, post, double-fee date and its paid, allocated and waiting counts. */
const advertisementColumns = sql`
  ad.id, ad.code, ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp",
  ad.double_fee_last_date::text as "doubleFeeLastDate",
  coalesce(c.paid, 0)::int as paid, coalesce(c.allocated, 0)::int as allocated, (coalesce(c.paid, 0) - coalesce(c.allocated, 0))::int as unallocated`;
const advertisementsWithCounts = sql`
  from advertisements ad
  left join posts p on p.id = ad.post_id
  left join lateral (
    select count(*) as paid, count(s.application_id) as allocated
    from applications a left join scrutiny_allocations s on s.application_id = a.id
    where a.advertisement_id = ad.id and ${SCREENED_APPLICATION}
  ) c on true`;

/** Advertisements past their double-fee date, latest first, with paid, allocated and waiting counts. */
export async function listClosedAdvertisements(db: Database, page: Page, now: Date = new Date()) {
  const closed = applicationsClosed(todayAd(now));
  const [items, count] = await Promise.all([
    db.execute(sql`
      select ${advertisementColumns} ${advertisementsWithCounts}
      where ${closed}
      order by ad.double_fee_last_date desc, ad.id desc
      limit ${page.pageSize} offset ${offsetOf(page)}`),
    db.execute(sql`select count(*)::int as total from advertisements ad where ${closed}`),
  ]);
  return { items: rowsOf<ClosedAdvertisement>(items), total: total(rowsOf(count)) };
}

/**
 * One advertisement as the allocation screen heads it (spec §2 scrutiny-allocation/{id}): its
 * counts, and whether its applications have closed (only then may they be allocated).
 */
export async function getScrutinyAdvertisement(db: Database, advertisementId: number, now: Date = new Date()) {
  const [row] = rowsOf<ClosedAdvertisement & { isClosed: boolean }>(
    await db.execute(sql`select ${advertisementColumns}, (${applicationsClosed(todayAd(now))}) as "isClosed" ${advertisementsWithCounts} where ad.id = ${advertisementId}`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The advertisement's paid applications waiting for an officer, oldest first. */
export async function listUnallocatedApplications(db: Database, advertisementId: number, page: Page) {
  await assertAdvertisement(db, advertisementId);
  const waiting = sql`a.advertisement_id = ${advertisementId} and ${SCREENED_APPLICATION}
    and not exists (select 1 from scrutiny_allocations s where s.application_id = a.id)`;
  const [items, count] = await Promise.all([
    db.execute(sql`
      select a.id, a.receipt_code as "receiptCode", a.user_id as "userId", u.master_id as "masterId",
        concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "fullNameEn",
        nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), '') as "fullNameNp",
        to_json(a.submitted_at) #>> '{}' as "submittedAt"
      from applications a join users u on u.id = a.user_id
      where ${waiting}
      order by a.id
      limit ${page.pageSize} offset ${offsetOf(page)}`),
    db.execute(sql`select count(*)::int as total from applications a where ${waiting}`),
  ]);
  const rows = rowsOf<{ id: number; receiptCode: string; userId: number; masterId: number | string; fullNameEn: string; fullNameNp: string | null; submittedAt: Date | string }>(items);
  // Both drivers answer the same: bigint and timestamps as a number and an ISO string.
  return { items: rows.map((row) => ({ ...row, masterId: Number(row.masterId), submittedAt: new Date(row.submittedAt).toISOString() })), total: total(rowsOf(count)) };
}

export async function assertAdvertisement(db: Database, advertisementId: number) {
  const [row] = rowsOf(await db.execute(sql`select 1 as found from advertisements where id = ${advertisementId}`));
  if (!row) throw new AppError('NOT_FOUND');
}

const nameEn = (alias: string) => sql.raw(`concat_ws(' ', ${alias}.first_name_en, ${alias}.middle_name_en, ${alias}.last_name_en)`);
const nameNp = (alias: string) => sql.raw(`nullif(concat_ws(' ', ${alias}.first_name_np, ${alias}.middle_name_np, ${alias}.last_name_np), '')`);

/** The allocation history, latest first: who moved how many applications from whom to whom, when. */
export async function listAllocationHistory(db: Database, filter: Page & { advertisementId?: number | undefined }) {
  const where = filter.advertisementId === undefined ? sql`true` : sql`e.advertisement_id = ${filter.advertisementId}`;
  const [items, count] = await Promise.all([
    db.execute(sql`
      select e.id::int as id, e.advertisement_id as "advertisementId", ad.code as "advertisementCode", e.action,
        e.from_officer_user_id as "fromOfficerId", ${nameEn('f')} as "fromOfficerNameEn", ${nameNp('f')} as "fromOfficerNameNp",
        e.to_officer_user_id as "toOfficerId", ${nameEn('t')} as "toOfficerNameEn", ${nameNp('t')} as "toOfficerNameNp",
        e.application_count as "applicationCount",
        e.actor_user_id as "actorUserId", ${nameEn('x')} as "actorNameEn", ${nameNp('x')} as "actorNameNp", to_json(e.at) #>> '{}' as at
      from scrutiny_allocation_events e
      join advertisements ad on ad.id = e.advertisement_id
      left join users f on f.id = e.from_officer_user_id
      join users t on t.id = e.to_officer_user_id
      join users x on x.id = e.actor_user_id
      where ${where}
      order by e.id desc
      limit ${filter.pageSize} offset ${offsetOf(filter)}`),
    db.execute(sql`select count(*)::int as total from scrutiny_allocation_events e where ${where}`),
  ]);
  const rows = rowsOf<{ at: Date | string }>(items);
  return { items: rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() })), total: total(rowsOf(count)) };
}

/** spec §3 "Scrutiny record" counts. */
export type ScrutinyRecordCounts = {
  allocated: number;
  completed: number;
  remaining: number;
  hold: number;
  pending: number;
  approved: number;
  rejected: number;
  forms: number;
};

export type OfficerReportRow = ScrutinyRecordCounts & {
  officerId: number;
  username: string;
  fullNameEn: string;
  fullNameNp: string | null;
};

const RECORD_COUNT_KEYS = ['allocated', 'completed', 'remaining', 'hold', 'pending', 'approved', 'rejected', 'forms'] as const satisfies readonly (keyof ScrutinyRecordCounts)[];

/**
 * spec §3 "Scrutiny record" counts of a group of allocations: allocated, completed (approved or
 * rejected), remaining (pending or on hold), on hold, pending, approved, rejected, and the number
 * of forms: the quota claims of those applications, each of which scrutiny decides (an application
 * competing in the open, women and Madhesi quotas is three forms). Needs a join `q` of claims.
 */
const statusCounts = sql`
  count(*)::int as allocated,
  count(*) filter (where s.status in ('approved', 'rejected'))::int as completed,
  count(*) filter (where s.status in ('pending', 'hold'))::int as remaining,
  count(*) filter (where s.status = 'hold')::int as hold,
  count(*) filter (where s.status = 'pending')::int as pending,
  count(*) filter (where s.status = 'approved')::int as approved,
  count(*) filter (where s.status = 'rejected')::int as rejected`;
const recordCounts = sql`${statusCounts},
  coalesce(sum(q.claims), 0)::int as forms`;

/** The same for one officer's allocations: at most their own few thousand, looked up each. */
const claimedQuotasEach = sql`left join lateral (select count(*) as claims from application_quotas aq where aq.application_id = a.id) q on true`;

function totalsOf(rows: readonly ScrutinyRecordCounts[]): ScrutinyRecordCounts {
  return Object.fromEntries(RECORD_COUNT_KEYS.map((key) => [key, rows.reduce((sum, row) => sum + Number(row[key]), 0)])) as ScrutinyRecordCounts;
}

/** The counts per officer, of one advertisement or of all, with the totals (spec §2 allocation/report). */
export async function allocationReport(db: Database, filter: { advertisementId?: number | undefined }) {
  // An advertisement's allocations are found through its applications (their index). The status
  // counts and the forms (quota claims) are two aggregates by officer, joined when each is twenty
  // rows: joined before they are counted, a plan made on a low estimate of the claims became a
  // nested loop of 74,000 allocations by 74,000 claims (minutes, not a second).
  const where = filter.advertisementId === undefined ? sql`true` : sql`a.advertisement_id = ${filter.advertisementId}`;
  const officers = rowsOf<OfficerReportRow>(
    await db.execute(sql`
      with counts as (
        select s.officer_user_id, ${statusCounts}
        from scrutiny_allocations s
        join applications a on a.id = s.application_id and a.deleted_at is null
        where ${where}
        group by s.officer_user_id
      ), forms as (
        select s.officer_user_id, count(*)::int as forms
        from scrutiny_allocations s
        join applications a on a.id = s.application_id and a.deleted_at is null
        join application_quotas aq on aq.application_id = s.application_id
        where ${where}
        group by s.officer_user_id
      )
      select c.officer_user_id as "officerId", u.username, ${nameEn('u')} as "fullNameEn", ${nameNp('u')} as "fullNameNp",
        c.allocated, c.completed, c.remaining, c.hold, c.pending, c.approved, c.rejected, coalesce(f.forms, 0)::int as forms
      from counts c
      left join forms f on f.officer_user_id = c.officer_user_id
      join users u on u.id = c.officer_user_id
      order by u.first_name_en, u.last_name_en, c.officer_user_id`),
  );
  return { officers, totals: totalsOf(officers) };
}

export type OfficerAdvertisementRow = ScrutinyRecordCounts & { advertisementId: number; code: string; fiscalYear: string; postNameEn: string | null; postNameNp: string | null };

/**
 * One officer's scrutiny record (spec §2 allocation/reportIndividual/{userDetails} [SD]): the
 * counts per advertisement the officer holds applications of, latest advertisement first, and
 * the totals. A member of staff with nothing allocated has empty rows; anyone else is not found.
 */
export async function officerAllocationReport(db: Database, officerId: number) {
  const [officer] = rowsOf<{ id: number; username: string; fullNameEn: string; fullNameNp: string | null }>(
    await db.execute(sql`
      select u.id, u.username, ${nameEn('u')} as "fullNameEn", ${nameNp('u')} as "fullNameNp"
      from users u where u.id = ${officerId} and u.kind = 'staff'`),
  );
  if (!officer) throw new AppError('NOT_FOUND');
  const advertisements = rowsOf<OfficerAdvertisementRow>(
    await db.execute(sql`
      select ad.id as "advertisementId", ad.code, ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp", ${recordCounts}
      from scrutiny_allocations s
      join applications a on a.id = s.application_id and a.deleted_at is null
      ${claimedQuotasEach}
      join advertisements ad on ad.id = a.advertisement_id
      left join posts p on p.id = ad.post_id
      where s.officer_user_id = ${officerId}
      group by ad.id, ad.code, ad.fiscal_year, p.name_en, p.name_np
      order by ad.id desc`),
  );
  return { officer: { ...officer, id: Number(officer.id) }, advertisements, totals: totalsOf(advertisements) };
}
