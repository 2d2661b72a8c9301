import { todayAd, type ScrutinyReopenInput } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { applicationsClosed, SCREENED_APPLICATION } from './allocate-scrutiny';
import { isFinal, lockFinalisation } from './scrutiny-open';

// Finalised scrutiny [SM] (spec §4 "Scrutiny allocation: allocate, reallocate, switch, finalise";
// DESIGN "The exam half": what a later stage uses can no longer change without an explicit,
// audited reopen). An advertisement's scrutiny is finalised once none of its paid applications is
// waiting for an officer, pending or on hold; from then on no decision, allocation, reallocation
// or switch of it is taken until a reopen, with its remark, opens it again.
//
// Finalise and reopen lock the advertisement's row (for no key update) like the allocation does,
// and take its finalisation lock alone; a decision holds that lock shared while it decides
// (assertApplicationScrutinyOpen), so a finalise waits for decisions in flight and every
// decision after it sees it.

type Actor = { actorUserId: number; requestId?: string | null; ipAddress?: string | null };
type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type ScrutinyCounts = { unallocated: number; pending: number; hold: number; approved: number; rejected: number; total: number };

/** An advertisement's screened applications by scrutiny status, in one pass over its applications. */
export async function scrutinyCounts(db: Executor, advertisementId: number): Promise<ScrutinyCounts> {
  const [row] = rowsOf<Record<keyof ScrutinyCounts, number>>(
    await db.execute(sql`
      select count(*) filter (where s.application_id is null)::int as unallocated,
        count(*) filter (where s.status = 'pending')::int as pending,
        count(*) filter (where s.status = 'hold')::int as hold,
        count(*) filter (where s.status = 'approved')::int as approved,
        count(*) filter (where s.status = 'rejected')::int as rejected,
        count(*)::int as total
      from applications a left join scrutiny_allocations s on s.application_id = a.id
      where a.advertisement_id = ${advertisementId} and ${SCREENED_APPLICATION}`),
  );
  return {
    unallocated: Number(row?.unallocated ?? 0),
    pending: Number(row?.pending ?? 0),
    hold: Number(row?.hold ?? 0),
    approved: Number(row?.approved ?? 0),
    rejected: Number(row?.rejected ?? 0),
    total: Number(row?.total ?? 0),
  };
}

async function lockClosedAdvertisement(tx: Executor, advertisementId: number, now: Date) {
  const [row] = rowsOf<{ id: number; code: string; closed: boolean }>(
    await tx.execute(sql`
      select ad.id, ad.code, (${applicationsClosed(todayAd(now))}) as closed from advertisements ad
      where ad.id = ${advertisementId} for no key update`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** spec §4 finalise: refused, with the counts, while anything is waiting, pending or on hold. */
export async function finaliseScrutiny(db: Database, advertisementId: number, actor: Actor, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const advertisement = await lockClosedAdvertisement(tx, advertisementId, now);
    await lockFinalisation(tx, advertisementId);
    if (!advertisement.closed) throw new AppError('UNPROCESSABLE', { messageKey: 'scrutiny.notClosed' });
    if (await isFinal(tx, advertisementId)) throw new AppError('UNPROCESSABLE', { messageKey: 'scrutinyFinal.alreadyFinal' });
    const counts = await scrutinyCounts(tx, advertisementId);
    if (counts.unallocated + counts.pending + counts.hold > 0) {
      throw new AppError('UNPROCESSABLE', { messageKey: 'scrutinyFinal.unfinished', messageParams: { pending: counts.pending, hold: counts.hold, unallocated: counts.unallocated } });
    }
    const at = now.toISOString();
    await tx.execute(sql`
      insert into scrutiny_finalisations (advertisement_id, finalised_by, finalised_at)
      values (${advertisementId}, ${actor.actorUserId}, ${at}::timestamptz)
      on conflict (advertisement_id) do update
      set finalised_by = excluded.finalised_by, finalised_at = excluded.finalised_at, reopened_by = null, reopened_at = null, reopen_remark = null`);
    await tx.insert(schema.scrutinyFinalisationEvents).values({ advertisementId, action: 'finalise', actorUserId: actor.actorUserId, at: now });
    await recordAudit(tx, { ...actor, action: 'scrutiny-finalise', entity: 'scrutiny_finalisations', entityId: advertisementId, before: null, after: { code: advertisement.code, counts } });
    return { advertisementId, finalised: true, finalisedAt: at, counts };
  });
}

/** The explicit reopen: only of a finalised scrutiny, with the remark saying why. */
export async function reopenScrutiny(db: Database, advertisementId: number, input: ScrutinyReopenInput, actor: Actor, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const advertisement = await lockClosedAdvertisement(tx, advertisementId, now);
    await lockFinalisation(tx, advertisementId);
    if (!(await isFinal(tx, advertisementId))) throw new AppError('UNPROCESSABLE', { messageKey: 'scrutinyFinal.notFinal' });
    const at = now.toISOString();
    await tx.execute(sql`
      update scrutiny_finalisations set reopened_by = ${actor.actorUserId}, reopened_at = ${at}::timestamptz, reopen_remark = ${input.remark}
      where advertisement_id = ${advertisementId}`);
    await tx.insert(schema.scrutinyFinalisationEvents).values({ advertisementId, action: 'reopen', remark: input.remark, actorUserId: actor.actorUserId, at: now });
    await recordAudit(tx, {
      ...actor,
      action: 'scrutiny-reopen',
      entity: 'scrutiny_finalisations',
      entityId: advertisementId,
      before: { code: advertisement.code, finalised: true },
      after: { finalised: false, remark: input.remark },
    });
    return { advertisementId, finalised: false, reopenedAt: at };
  });
}

export type FinalisationRow = ScrutinyCounts & {
  id: number;
  code: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  finalised: boolean;
  finalisedAt: string | null;
  finalisedBy: string | null;
  reopenedAt: string | null;
  reopenedBy: string | null;
  reopenRemark: string | null;
};

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

/** The advertisements in scrutiny (applications closed), latest first, with counts by status and their finalisation. */
export async function listFinalisations(db: Database, page: { page: number; pageSize: number }, now: Date = new Date()) {
  const closed = applicationsClosed(todayAd(now));
  const [items, count] = await Promise.all([
    db.execute(sql`
      select ad.id, ad.code, ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp",
        c.unallocated, c.pending, c.hold, c.approved, c.rejected, c.total,
        (f.advertisement_id is not null and f.reopened_at is null) as finalised,
        f.finalised_at as "finalisedAt", fu.username as "finalisedBy", f.reopened_at as "reopenedAt", ru.username as "reopenedBy", f.reopen_remark as "reopenRemark"
      from advertisements ad
      left join posts p on p.id = ad.post_id
      left join scrutiny_finalisations f on f.advertisement_id = ad.id
      left join users fu on fu.id = f.finalised_by
      left join users ru on ru.id = f.reopened_by
      cross join lateral (
        select count(*) filter (where s.application_id is null)::int as unallocated,
          count(*) filter (where s.status = 'pending')::int as pending,
          count(*) filter (where s.status = 'hold')::int as hold,
          count(*) filter (where s.status = 'approved')::int as approved,
          count(*) filter (where s.status = 'rejected')::int as rejected,
          count(*)::int as total
        from applications a left join scrutiny_allocations s on s.application_id = a.id
        where a.advertisement_id = ad.id and ${SCREENED_APPLICATION}
      ) c
      where ${closed}
      order by ad.double_fee_last_date desc, ad.id desc
      limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`),
    db.execute(sql`select count(*)::int as total from advertisements ad where ${closed}`),
  ]);
  const rows = rowsOf<FinalisationRow>(items).map((row) => ({
    ...row,
    finalisedAt: iso(row.finalisedAt),
    reopenedAt: iso(row.reopenedAt),
    ...Object.fromEntries((['unallocated', 'pending', 'hold', 'approved', 'rejected', 'total'] as const).map((key) => [key, Number(row[key])])),
  }));
  return { items: rows as FinalisationRow[], total: Number(rowsOf<{ total: number }>(count)[0]?.total ?? 0) };
}

/** The advertisement's finalise and reopen history, latest first. */
export async function listFinalisationEvents(db: Database, advertisementId: number) {
  const rows = rowsOf<{ id: number; action: 'finalise' | 'reopen'; remark: string | null; actor: string; at: string }>(
    await db.execute(sql`
      select e.id, e.action, e.remark, u.username as actor, e.at from scrutiny_finalisation_events e join users u on u.id = e.actor_user_id
      where e.advertisement_id = ${advertisementId} order by e.id desc`),
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), at: iso(row.at)! }));
}
