import { SCRUTINY_STATUSES, toLatinDigits, type ScrutinyQueueQuery } from '@psc/core';
import type { Database } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';

// The officer's own queue [SC read] (spec §2 pre-review, §4 "Scrutiny and pre-review status"):
// the applications allocated to the calling officer, by status, searched by name, master id or
// citizenship number, with the count in each status; and the next pending one after a given one.

const NAME_EN = sql.raw(`concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en)`);
const NAME_NP = sql.raw(`nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), '')`);

/** Text the officer typed, as a LIKE pattern matching it literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function searchOf(q: string | undefined): SQL {
  if (q === undefined) return sql`true`;
  const text = toLatinDigits(q);
  const pattern = containing(text);
  return sql`(${NAME_EN} ilike ${pattern} or coalesce(${NAME_NP}, '') ilike ${pattern}
    or u.master_id::text = ${text} or cp.citizenship_number = ${text})`;
}

export async function listOfficerQueue(db: Database, officerUserId: number, query: ScrutinyQueueQuery) {
  const base = sql`s.officer_user_id = ${officerUserId} and a.deleted_at is null
    and ${query.advertisementId === undefined ? sql`true` : sql`s.advertisement_id = ${query.advertisementId}`}
    and ${searchOf(query.q)}`;
  const where = query.status === undefined ? base : sql`${base} and s.status = ${query.status}`;
  const from = sql`from scrutiny_allocations s
    join applications a on a.id = s.application_id
    join users u on u.id = a.user_id
    left join candidate_profiles cp on cp.user_id = a.user_id`;
  const [items, counts] = await Promise.all([
    db.execute(sql`
      select a.id, a.receipt_code as "receiptCode", u.master_id as "masterId", ${NAME_EN} as "fullNameEn", ${NAME_NP} as "fullNameNp",
        cp.citizenship_number as "citizenshipNumber", s.advertisement_id as "advertisementId", ad.code as "advertisementCode",
        s.status, s.version, a.status as "applicationStatus", to_json(a.submitted_at) #>> '{}' as "submittedAt",
        to_json(s.status_changed_at) #>> '{}' as "statusChangedAt"
      ${from}
      join advertisements ad on ad.id = s.advertisement_id
      where ${where}
      order by a.id
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute(sql`select s.status, count(*)::int as count ${from} where ${base} group by s.status`),
  ]);
  const byStatus = new Map(rowsOf<{ status: string; count: number }>(counts).map((row) => [row.status, Number(row.count)]));
  const countsByStatus = Object.fromEntries(SCRUTINY_STATUSES.map((status) => [status, byStatus.get(status) ?? 0])) as Record<(typeof SCRUTINY_STATUSES)[number], number>;
  const total = query.status === undefined ? Object.values(countsByStatus).reduce((sum, count) => sum + count, 0) : countsByStatus[query.status];
  const rows = rowsOf<{ masterId: number | string; version: number | string }>(items);
  return { items: rows.map((row) => ({ ...row, masterId: Number(row.masterId), version: Number(row.version) })), total, counts: countsByStatus };
}

/**
 * spec §4 "next with one key": the officer's first pending application after `afterId`, wrapping
 * round to the first one; null when nothing is pending. Each half reads the officer's queue index
 * from where it starts (scrutiny_allocations_officer_idx), so the answer costs one index entry
 * however long the queue; an advertisement's queue is what the screen asks for.
 */
export async function nextPendingApplication(db: Database, officerUserId: number, afterId: number, advertisementId?: number) {
  const scope = advertisementId === undefined ? sql`true` : sql`s.advertisement_id = ${advertisementId}`;
  const first = (turn: number, from: SQL) => sql`
    select s.application_id as id, s.advertisement_id as "advertisementId", ${turn}::int as turn
    from scrutiny_allocations s join applications a on a.id = s.application_id and a.deleted_at is null
    where s.officer_user_id = ${officerUserId} and ${scope} and s.status = 'pending' and ${from}
    order by s.application_id
    limit 1`;
  const [row] = rowsOf<{ id: number; advertisementId: number; advertisementCode: string; organizationId: number }>(
    await db.execute(sql`
      select found.id, found."advertisementId", ad.code as "advertisementCode", ad.organization_id as "organizationId" from (
        (${first(0, sql`s.application_id > ${afterId}`)})
        union all
        (${first(1, sql`s.application_id <= ${afterId}`)})
      ) found
      join advertisements ad on ad.id = found."advertisementId"
      order by found.turn
      limit 1`),
  );
  // The advertisement comes along, so the workstation links the view without another read.
  if (!row) return { id: null };
  return { id: Number(row.id), advertisementId: Number(row.advertisementId), advertisementCode: row.advertisementCode, organizationId: Number(row.organizationId) };
}

/**
 * The advertisements the calling officer holds applications of, latest first, each with the
 * count in every status (spec §2 scrutiny [SC]; §3 "Scrutiny record" counts), and the totals.
 */
export async function listOfficerAdvertisements(db: Database, officerUserId: number) {
  const rows = rowsOf<{ id: number; code: string; fiscalYear: string; organizationId: number; postNameEn: string | null; postNameNp: string | null; status: string; count: number }>(
    await db.execute(sql`
      select ad.id, ad.code, ad.fiscal_year as "fiscalYear", ad.organization_id as "organizationId", p.name_en as "postNameEn", p.name_np as "postNameNp",
        s.status, count(*)::int as count
      from scrutiny_allocations s
      join applications a on a.id = s.application_id and a.deleted_at is null
      join advertisements ad on ad.id = s.advertisement_id
      left join posts p on p.id = ad.post_id
      where s.officer_user_id = ${officerUserId}
      group by ad.id, p.name_en, p.name_np, s.status
      order by ad.id desc`),
  );
  const zero = () => Object.fromEntries(SCRUTINY_STATUSES.map((status) => [status, 0])) as Record<(typeof SCRUTINY_STATUSES)[number], number>;
  const byAdvertisement = new Map<number, { id: number; code: string; fiscalYear: string; organizationId: number; postNameEn: string | null; postNameNp: string | null; counts: ReturnType<typeof zero>; total: number }>();
  const totals = zero();
  for (const { status, count, ...advertisement } of rows) {
    const id = Number(advertisement.id);
    const entry = byAdvertisement.get(id) ?? { ...advertisement, id, organizationId: Number(advertisement.organizationId), counts: zero(), total: 0 };
    const key = status as keyof typeof totals;
    entry.counts[key] += Number(count);
    entry.total += Number(count);
    totals[key] += Number(count);
    byAdvertisement.set(id, entry);
  }
  return { items: [...byAdvertisement.values()], totals };
}
