import { checkInvigilatorPlan, invigilatorsNeeded, sortRooms, type InvigilatorAllocationSaveInput, type Language, type RoomAllocationStatus, type SeatingProblem } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { lockRange, readRange, savedShares, venueRooms, type Actor, type Executor, type RangeRow } from './sitting';

// Invigilator allocation [ES, PEC] (spec §4 "Room and invigilator allocation: temporary save,
// revert, forward or final save"; §7 "invigilator allocated by {id}"). A centre's range gets its
// chief (an invigilator of a chief post, no room) and each room of its final split the invigilators
// it needs (one per configured number of seated candidates). The clash rule: an invigilator is
// never on duty in two sittings whose time windows overlap, whatever the advertisement or centre.

type Plan = { rooms: { roomId: number; roomNumber: string; candidates: number }[] };

async function planRooms(db: Executor, range: RangeRow): Promise<Plan['rooms']> {
  const shares = new Map((await savedShares(db, range.id)).map((share) => [share.roomId, share]));
  return sortRooms(await venueRooms(db, range.venueId))
    .filter((room) => shares.has(room.roomId))
    .map((room) => ({ roomId: room.roomId, roomNumber: room.roomNumber, floor: room.floor, seats: room.seats, candidates: shares.get(room.roomId)!.candidates, rollFrom: shares.get(room.roomId)!.rollFrom, rollTo: shares.get(room.roomId)!.rollTo }));
}

async function assignments(db: Executor, rangeId: number) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ia.invigilator_id as "invigilatorId", ia.room_id as "roomId", ia.duty, i.name_en as "nameEn", i.name_np as "nameNp",
        i.employee_no as "employeeNo", i.mobile, p.name_en as "postNameEn", p.name_np as "postNameNp"
      from invigilator_assignments ia join invigilators i on i.id = ia.invigilator_id left join invigilator_posts p on p.id = i.post_id
      where ia.range_id = ${rangeId} order by ia.duty, ia.room_id nulls first, ia.id`),
  );
  return rows.map((row) => ({ ...row, invigilatorId: Number(row.invigilatorId), roomId: row.roomId === null ? null : Number(row.roomId) }));
}

/**
 * One range's invigilators: its rooms with the number each needs, who is assigned, and the active
 * invigilators to choose from, each with the overlapping duty elsewhere that rules them out.
 */
export async function getInvigilators(db: Database, rangeId: number, seatsPerInvigilator: number) {
  const range = await readRange(db, rangeId);
  const rooms = (await planRooms(db, range)).map((room) => ({ ...room, invigilatorsNeeded: invigilatorsNeeded(room.candidates, seatsPerInvigilator) }));
  const available = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select i.id, i.name_en as "nameEn", i.name_np as "nameNp", i.employee_no as "employeeNo", coalesce(p.is_chief, false) as "isChief",
        p.name_en as "postNameEn", p.name_np as "postNameNp", busy.venue_en as "busyVenueEn", busy.venue_np as "busyVenueNp", busy.code as "busyCode"
      from invigilators i
      left join invigilator_posts p on p.id = i.post_id
      left join lateral (
        select v.name_en as venue_en, v.name_np as venue_np, ad.code
        from invigilator_assignments ia
        join centre_allocation_ranges r on r.id = ia.range_id
        join centre_allocations ca on ca.id = r.allocation_id
        join advertisements ad on ad.id = ca.advertisement_id
        join exam_venues v on v.id = r.venue_id
        where ia.invigilator_id = i.id and ia.range_id <> ${rangeId} and ia.starts_at < ${range.endsAt}::timestamptz and ia.ends_at > ${range.startsAt}::timestamptz
        limit 1
      ) busy on true
      where i.is_active
      order by coalesce(p.is_chief, false) desc, i.name_en, i.id
      limit 5000`),
  );
  return {
    range,
    seatsPerInvigilator,
    rooms,
    assigned: await assignments(db, rangeId),
    invigilators: available.map((row) => ({ ...row, id: Number(row.id), busy: row.busyCode ? { venueEn: row.busyVenueEn, venueNp: row.busyVenueNp, code: row.busyCode } : null })),
  };
}

function requireStatus(range: RangeRow, allowed: RoomAllocationStatus[]) {
  if (range.roomStatus !== 'final') throw new AppError('UNPROCESSABLE', { messageKey: 'invigilatorAllocation.roomsNotFinal' });
  if (!allowed.includes(range.invigilatorStatus)) throw new AppError('UNPROCESSABLE', { messageKey: 'invigilatorAllocation.wrongState', messageParams: { status: range.invigilatorStatus } });
}

type Locked = { id: number; nameEn: string; nameNp: string; isChief: boolean };

/**
 * Locks the chosen invigilators' rows in id order (two officers assigning one invigilator to two
 * sittings at once take turns, and the second sees the first's duty), then refuses any of them
 * already on duty elsewhere at an overlapping time: in this sitting at another centre, or in any
 * other advertisement's sitting.
 */
async function lockAndCheckClashes(tx: Executor, range: RangeRow, ids: number[], lang: Language): Promise<Map<number, Locked>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length === 0) return new Map();
  const idList = sql.join(
    sorted.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<Locked>(
    await tx.execute(sql`
      select i.id, i.name_en as "nameEn", i.name_np as "nameNp",
        coalesce((select p.is_chief from invigilator_posts p where p.id = i.post_id), false) as "isChief"
      from invigilators i where i.id in (${idList}) and i.is_active order by i.id for update`),
  );
  if (rows.length !== sorted.length) throw new AppError('UNPROCESSABLE', { messageKey: 'invigilatorAllocation.unknownInvigilator' });
  const locked = new Map(rows.map((row) => [Number(row.id), { ...row, id: Number(row.id) }]));
  const [clash] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select ia.invigilator_id as "invigilatorId", r.allocation_id = ${range.allocationId} as "sameSitting", v.name_en as "venueEn", v.name_np as "venueNp",
        ad.code, ep.subject_name_en as "paperEn", ep.subject_name_np as "paperNp",
        to_char(ia.starts_at at time zone 'Asia/Kathmandu', 'YYYY-MM-DD HH24:MI') as "starts"
      from invigilator_assignments ia
      join centre_allocation_ranges r on r.id = ia.range_id
      join centre_allocations ca on ca.id = r.allocation_id
      join advertisements ad on ad.id = ca.advertisement_id
      join exam_papers ep on ep.id = ca.exam_paper_id
      join exam_venues v on v.id = r.venue_id
      where ia.invigilator_id in (${idList}) and ia.range_id <> ${range.id}
        and ia.starts_at < ${range.endsAt}::timestamptz and ia.ends_at > ${range.startsAt}::timestamptz
      order by ia.invigilator_id, ia.starts_at
      limit 1`),
  );
  if (clash) {
    const who = locked.get(Number(clash.invigilatorId))!;
    const ne = lang === 'ne';
    const name = ne ? who.nameNp : who.nameEn;
    const venue = String(ne ? clash.venueNp : clash.venueEn);
    if (clash.sameSitting) throw new AppError('UNPROCESSABLE', { messageKey: 'invigilatorAllocation.sameSitting', messageParams: { name, venue } });
    throw new AppError('UNPROCESSABLE', {
      messageKey: 'invigilatorAllocation.clash',
      messageParams: { name, venue, code: String(clash.code), paper: String(ne ? clash.paperNp : clash.paperEn), starts: String(clash.starts) },
    });
  }
  return locked;
}

/** Refuses a plan, naming the invigilator the problem is about in the caller's language. */
function refusePlan(problem: SeatingProblem, locked: Map<number, Locked>, lang: Language): never {
  const who = problem.invigilatorId === undefined ? undefined : locked.get(problem.invigilatorId);
  const messageParams = { ...problem.messageParams, ...(who ? { name: lang === 'ne' ? who.nameNp : who.nameEn } : {}) };
  throw new AppError('UNPROCESSABLE', { messageKey: problem.messageKey, messageParams });
}

/** Temporary save: the chief and the rooms' invigilators, checked within the centre and against every overlapping duty. */
export async function saveInvigilators(db: Database, rangeId: number, input: InvigilatorAllocationSaveInput, actor: Actor, lang: Language, seatsPerInvigilator: number) {
  return db.transaction(async (tx) => {
    const range = await lockRange(tx, rangeId);
    requireStatus(range, ['pending', 'temporary']);
    const rooms = await planRooms(tx, range);
    const locked = await lockAndCheckClashes(tx, range, input.entries.map((entry) => entry.invigilatorId), lang);
    const problem = checkInvigilatorPlan(input.entries, rooms, (id) => locked.get(id)?.isChief ?? false, seatsPerInvigilator, false);
    if (problem) refusePlan(problem, locked, lang);
    await tx.execute(sql`delete from invigilator_assignments where range_id = ${rangeId}`);
    if (input.entries.length > 0)
      await tx.execute(sql`
        insert into invigilator_assignments (range_id, room_id, invigilator_id, duty, starts_at, ends_at)
        values ${sql.join(
          input.entries.map((entry) => sql`(${rangeId}, ${entry.roomId}, ${entry.invigilatorId}, ${entry.roomId === null ? 'chief' : 'room'}, ${range.startsAt}::timestamptz, ${range.endsAt}::timestamptz)`),
          sql`, `,
        )}`);
    await tx.execute(sql`update centre_allocation_ranges set invigilator_status = 'temporary', invigilators_saved_by = ${actor.actorUserId}, invigilators_saved_at = now() where id = ${rangeId}`);
    await recordAudit(tx, { ...actor, action: 'invigilator-allocation-save', entity: 'centre_allocation_ranges', entityId: rangeId, before: { status: range.invigilatorStatus }, after: { entries: input.entries } });
    return { rangeId, invigilatorStatus: 'temporary' as const };
  });
}

export async function forwardInvigilators(db: Database, rangeId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const range = await lockRange(tx, rangeId);
    requireStatus(range, ['temporary']);
    await tx.execute(sql`update centre_allocation_ranges set invigilator_status = 'forwarded' where id = ${rangeId}`);
    await recordAudit(tx, { ...actor, action: 'invigilator-allocation-forward', entity: 'centre_allocation_ranges', entityId: rangeId, before: { status: range.invigilatorStatus }, after: { status: 'forwarded' } });
    return { rangeId, invigilatorStatus: 'forwarded' as const };
  });
}

/** Final save: the plan must be whole (one chief, every room its invigilators) and still free of clashes. */
export async function finaliseInvigilators(db: Database, rangeId: number, actor: Actor, lang: Language, seatsPerInvigilator: number) {
  return db.transaction(async (tx) => {
    const range = await lockRange(tx, rangeId);
    requireStatus(range, ['temporary', 'forwarded']);
    const rooms = await planRooms(tx, range);
    const entries = (await assignments(tx, rangeId)).map((row) => ({ invigilatorId: row.invigilatorId, roomId: row.roomId }));
    const locked = await lockAndCheckClashes(tx, range, entries.map((entry) => entry.invigilatorId), lang);
    const problem = checkInvigilatorPlan(entries, rooms, (id) => locked.get(id)?.isChief ?? false, seatsPerInvigilator, true);
    if (problem) refusePlan(problem, locked, lang);
    await tx.execute(sql`update centre_allocation_ranges set invigilator_status = 'final', invigilators_saved_by = ${actor.actorUserId}, invigilators_saved_at = now() where id = ${rangeId}`);
    await recordAudit(tx, { ...actor, action: 'invigilator-allocation-final', entity: 'centre_allocation_ranges', entityId: rangeId, before: { status: range.invigilatorStatus }, after: { status: 'final', count: entries.length } });
    return { rangeId, invigilatorStatus: 'final' as const };
  });
}

export async function revertInvigilators(db: Database, rangeId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const range = await lockRange(tx, rangeId);
    requireStatus(range, ['temporary', 'forwarded', 'final']);
    await tx.execute(sql`delete from invigilator_assignments where range_id = ${rangeId}`);
    await tx.execute(sql`update centre_allocation_ranges set invigilator_status = 'pending', invigilators_saved_by = null, invigilators_saved_at = null where id = ${rangeId}`);
    await recordAudit(tx, { ...actor, action: 'invigilator-allocation-revert', entity: 'centre_allocation_ranges', entityId: rangeId, before: { status: range.invigilatorStatus }, after: { status: 'pending' } });
    return { rangeId, invigilatorStatus: 'pending' as const };
  });
}
