import { evenShares, todayAd, translate, type Language, type ScrutinyAllocationInput, type ScrutinyReallocationInput, type ScrutinySwitchInput } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { assertScrutinyOpen } from './scrutiny-open';
import { findScrutinyOfficers } from './scrutiny-officers';

// Scrutiny allocation [SA] (spec §2 scrutiny-allocation, scrutiny-reallocation; §4 "Scrutiny
// allocation": allocate, reallocate to another officer, switch). Each action is one transaction
// that first locks the advertisement's row, so two allocations of one advertisement run one
// after the other and the second sees what the first allocated; the primary key of
// scrutiny_allocations (the application) and "on conflict do nothing" are the final guarantee
// that no application is allocated twice. Every write is set-based (DESIGN "Set-wise writes").

type Actor = { actorUserId: number; requestId?: string | null; ipAddress?: string | null };
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * An application scrutiny screens (spec §1): paid, not expired, not deleted. Unpaid applications
 * expire after the double-fee date; an expired or deleted one is never allocated.
 */
export const SCREENED_APPLICATION = sql`a.payment_state = 'paid' and a.status <> 'expired' and a.deleted_at is null`;

/** Applications close after the advertisement's double-fee date (spec §4 deadline rule). */
export function applicationsClosed(today: string): SQL {
  return sql`ad.status in ('published', 'closed') and ad.double_fee_last_date < ${today}::date`;
}

/** Locks the advertisement for this transaction (others' applications may still reference it). */
async function lockAdvertisement(tx: Transaction, advertisementId: number, today: string) {
  const [row] = rowsOf<{ id: number; closed: boolean }>(
    await tx.execute(sql`select ad.id, (${applicationsClosed(today)}) as closed from advertisements ad where ad.id = ${advertisementId} for no key update`),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function assertOfficers(tx: Transaction, lang: Language, officers: { field: string; id: number }[]) {
  const found = await findScrutinyOfficers(tx, officers.map((officer) => officer.id));
  const errors: Record<string, string[]> = {};
  for (const officer of officers) if (!found.has(officer.id)) errors[officer.field] = [translate(lang, 'scrutiny.notOfficer')];
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { errors });
}

async function recordMoves(
  tx: Transaction,
  advertisementId: number,
  action: 'allocate' | 'reallocate' | 'switch',
  moves: { from: number | null; to: number; count: number }[],
  actor: Actor,
  at: Date,
) {
  const rows = moves.filter((move) => move.count > 0);
  if (rows.length === 0) return;
  await tx.insert(schema.scrutinyAllocationEvents).values(
    rows.map((move) => ({ advertisementId, action, fromOfficerUserId: move.from, toOfficerUserId: move.to, applicationCount: move.count, actorUserId: actor.actorUserId, at })),
  );
}

/**
 * Allocates the advertisement's waiting applications in one statement: evenly among the chosen
 * officers, or by the counts typed (their sum at most what is waiting). The waiting applications
 * are numbered in the order they were made, one candidate's applications together, and each
 * officer takes a consecutive run of the numbers, so a candidate's applications to the
 * advertisement go to one officer. The numbering is two window passes over the waiting rows and
 * never joins them with themselves: an estimate made before a rush's rows were counted (one
 * waiting application where there are 74,000) then cannot turn it into a nested loop of 74,000².
 */
export async function allocateScrutiny(db: Database, advertisementId: number, input: ScrutinyAllocationInput, actor: Actor, lang: Language, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const advertisement = await lockAdvertisement(tx, advertisementId, todayAd(now));
    if (!advertisement.closed) throw new AppError('UNPROCESSABLE', { messageKey: 'scrutiny.notClosed' });
    await assertScrutinyOpen(tx, advertisementId);
    await assertOfficers(
      tx,
      lang,
      input.officers.map((officer, index) => ({ field: `officers.${index}.officerId`, id: officer.officerId })),
    );
    const [waiting] = rowsOf<{ count: number }>(
      await tx.execute(sql`
        select count(*)::int as count from applications a
        where a.advertisement_id = ${advertisementId} and ${SCREENED_APPLICATION}
          and not exists (select 1 from scrutiny_allocations s where s.application_id = a.id)`),
    );
    const unallocated = Number(waiting?.count ?? 0);
    if (unallocated === 0) throw new AppError('UNPROCESSABLE', { messageKey: 'scrutiny.nothingToAllocate' });
    const counts = input.mode === 'even' ? evenShares(unallocated, input.officers.length) : input.officers.map((officer) => officer.count!);
    const requested = counts.reduce((sum, count) => sum + count, 0);
    if (requested > unallocated) {
      const messageParams = { requested, unallocated };
      throw new AppError('VALIDATION_FAILED', { messageKey: 'scrutiny.countsOverUnallocated', messageParams, errors: { officers: [translate(lang, 'scrutiny.countsOverUnallocated', messageParams)] } });
    }
    // Each officer's run of positions [first, last] among the waiting applications.
    let next = 1;
    const runs: SQL[] = [];
    input.officers.forEach((officer, index) => {
      const count = counts[index]!;
      if (count > 0) runs.push(sql`(${officer.officerId}::int, ${next}::int, ${next + count - 1}::int)`);
      next += count;
    });
    // Numbering 74,000 candidates sorts them: in memory, not on disk (PostgreSQL's default 4 MB spills).
    await tx.execute(sql`set local work_mem = '32MB'`);
    const inserted = rowsOf<{ officerId: number; count: number }>(
      await tx.execute(sql`
        with waiting as (
          select a.id, min(a.id) over (partition by a.user_id) as first_id
          from applications a
          where a.advertisement_id = ${advertisementId} and ${SCREENED_APPLICATION}
            and not exists (select 1 from scrutiny_allocations s where s.application_id = a.id)
        ), placed as (
          -- A candidate's position is one more than the applications of the candidates before
          -- (rank over their first application); all of theirs share it, so one run holds them.
          select id, rank() over (order by first_id)::int as position from waiting
        ), runs (officer_user_id, first_position, last_position) as (
          values ${sql.join(runs, sql`, `)}
        ), allocated as (
          insert into scrutiny_allocations (application_id, advertisement_id, officer_user_id, allocated_by, allocated_at)
          select p.id, ${advertisementId}, r.officer_user_id, ${actor.actorUserId}, ${now.toISOString()}::timestamptz
          from placed p
          join runs r on p.position between r.first_position and r.last_position
          on conflict (application_id) do nothing
          returning officer_user_id
        )
        select officer_user_id as "officerId", count(*)::int as count from allocated group by officer_user_id`),
    );
    const byOfficer = new Map(inserted.map((row) => [Number(row.officerId), Number(row.count)]));
    const officers = input.officers.map((officer) => ({ officerId: officer.officerId, count: byOfficer.get(officer.officerId) ?? 0 }));
    const allocated = officers.reduce((sum, officer) => sum + officer.count, 0);
    await recordMoves(tx, advertisementId, 'allocate', officers.map((officer) => ({ from: null, to: officer.officerId, count: officer.count })), actor, now);
    const after = { mode: input.mode, allocated, officers };
    await recordAudit(tx, { ...actor, action: 'allocate', entity: 'scrutiny_allocations', entityId: advertisementId, before: null, after });
    return { advertisementId, ...after, unallocated: unallocated - allocated };
  });
}

async function countUnfinished(tx: Transaction, advertisementId: number, officerId: number) {
  const [row] = rowsOf<{ count: number }>(
    await tx.execute(sql`
      select count(*)::int as count from scrutiny_allocations s
      where s.advertisement_id = ${advertisementId} and s.officer_user_id = ${officerId} and s.status in ('pending', 'hold')`),
  );
  return Number(row?.count ?? 0);
}

/**
 * Hands an officer's unfinished applications of the advertisement (pending, then on hold) to
 * another officer: all of them, or the count given. Finished ones stay with who decided them.
 */
export async function reallocateScrutiny(db: Database, advertisementId: number, input: ScrutinyReallocationInput, actor: Actor, lang: Language, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    await lockAdvertisement(tx, advertisementId, todayAd(now));
    await assertScrutinyOpen(tx, advertisementId);
    await assertOfficers(tx, lang, [{ field: 'toOfficerId', id: input.toOfficerId }]);
    const unfinished = await countUnfinished(tx, advertisementId, input.fromOfficerId);
    if (unfinished === 0) throw new AppError('UNPROCESSABLE', { messageKey: 'scrutiny.nothingToReallocate' });
    if (input.count !== undefined && input.count > unfinished) {
      const messageParams = { unfinished };
      throw new AppError('VALIDATION_FAILED', { messageKey: 'scrutiny.countOverUnfinished', messageParams, errors: { count: [translate(lang, 'scrutiny.countOverUnfinished', messageParams)] } });
    }
    const count = input.count ?? unfinished;
    const [moved] = rowsOf<{ count: number }>(
      await tx.execute(sql`
        with chosen as (
          select s.application_id from scrutiny_allocations s
          where s.advertisement_id = ${advertisementId} and s.officer_user_id = ${input.fromOfficerId} and s.status in ('pending', 'hold')
          order by (s.status = 'hold'), s.application_id
          limit ${count}
          for update
        ), moved as (
          update scrutiny_allocations s set officer_user_id = ${input.toOfficerId}, allocated_by = ${actor.actorUserId}, allocated_at = ${now.toISOString()}::timestamptz
          from chosen where s.application_id = chosen.application_id
          returning s.application_id
        )
        select count(*)::int as count from moved`),
    );
    const reallocated = Number(moved?.count ?? 0);
    await recordMoves(tx, advertisementId, 'reallocate', [{ from: input.fromOfficerId, to: input.toOfficerId, count: reallocated }], actor, now);
    const after = { fromOfficerId: input.fromOfficerId, toOfficerId: input.toOfficerId, reallocated };
    await recordAudit(tx, { ...actor, action: 'reallocate', entity: 'scrutiny_allocations', entityId: advertisementId, before: { unfinished }, after });
    return { advertisementId, ...after };
  });
}

/** Exchanges two officers' unfinished applications of the advertisement in one update. */
export async function switchScrutiny(db: Database, advertisementId: number, input: ScrutinySwitchInput, actor: Actor, lang: Language, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    await lockAdvertisement(tx, advertisementId, todayAd(now));
    await assertScrutinyOpen(tx, advertisementId);
    await assertOfficers(tx, lang, [
      { field: 'officerId', id: input.officerId },
      { field: 'otherOfficerId', id: input.otherOfficerId },
    ]);
    const { officerId, otherOfficerId } = input;
    const rows = rowsOf<{ officerId: number; count: number }>(
      await tx.execute(sql`
        with switched as (
          update scrutiny_allocations s
          set officer_user_id = case when s.officer_user_id = ${officerId} then ${otherOfficerId}::int else ${officerId}::int end,
            allocated_by = ${actor.actorUserId}, allocated_at = ${now.toISOString()}::timestamptz
          where s.advertisement_id = ${advertisementId} and s.officer_user_id in (${officerId}, ${otherOfficerId}) and s.status in ('pending', 'hold')
          returning s.officer_user_id
        )
        select officer_user_id as "officerId", count(*)::int as count from switched group by officer_user_id`),
    );
    const received = new Map(rows.map((row) => [Number(row.officerId), Number(row.count)]));
    const toOther = received.get(otherOfficerId) ?? 0;
    const toOfficer = received.get(officerId) ?? 0;
    if (toOther + toOfficer === 0) throw new AppError('UNPROCESSABLE', { messageKey: 'scrutiny.nothingToSwitch' });
    await recordMoves(
      tx,
      advertisementId,
      'switch',
      [
        { from: officerId, to: otherOfficerId, count: toOther },
        { from: otherOfficerId, to: officerId, count: toOfficer },
      ],
      actor,
      now,
    );
    const after = { officerId, otherOfficerId, movedToOther: toOther, movedToOfficer: toOfficer };
    await recordAudit(tx, { ...actor, action: 'switch', entity: 'scrutiny_allocations', entityId: advertisementId, before: null, after });
    return { advertisementId, ...after };
  });
}
