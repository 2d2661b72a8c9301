import { checkRoomShares, invigilatorsNeeded, sortRooms, splitRangeIntoRooms, type RoomAllocationSaveInput, type RoomShare, type SeatingProblem } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { lockRange, rangeColumns, rangeJoins, rangeRolls, readRange, savedShares, seatsOfRange, toRange, venueRooms, type Actor, type Executor, type RangeRow } from './sitting';

// Room allocation [PEC] (spec §4 "Room and invigilator allocation: temporary save, revert, forward
// or final save"; §7 "temporary and final save by {id}, revert (DELETE), forward advertisement by
// {id}, existing room allocation by {id}"). A centre's range (one centre's roll numbers in a
// sitting) is split across its rooms; the final save gives every candidate of the range a room
// and a seat in one statement.

function refuse(problem: SeatingProblem): never {
  throw new AppError('UNPROCESSABLE', { messageKey: problem.messageKey, ...(problem.messageParams ? { messageParams: problem.messageParams } : {}) });
}

export type RangeListFilter = { advertisementId?: number | undefined; examPaperId?: number | undefined; status?: string | undefined };

/** The centres' ranges of final centre allocations, by sitting then roll number, with their rooms' seats. */
export async function listRanges(db: Database, filter: RangeListFilter) {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select ${rangeColumns},
        (select count(*)::int from exam_venue_rooms vr where vr.venue_id = r.venue_id and vr.is_active) as "rooms",
        (select coalesce(sum(vr.seats), 0)::int from exam_venue_rooms vr where vr.venue_id = r.venue_id and vr.is_active) as "seats"
      from ${rangeJoins}
      where ca.status in ('final', 'complete')
        ${filter.advertisementId ? sql`and ca.advertisement_id = ${filter.advertisementId}` : sql``}
        ${filter.examPaperId ? sql`and ca.exam_paper_id = ${filter.examPaperId}` : sql``}
        ${filter.status ? sql`and r.room_status = ${filter.status}` : sql``}
      order by sp.exam_date, sp.start_time, ad.code, ca.exam_paper_id, r.roll_from
      limit 2000`),
  );
  return { items: rows.map((row) => ({ ...toRange(row), rooms: Number(row.rooms), seats: Number(row.seats) })) };
}

/**
 * One range with its centre's rooms in door order and each room's share: the saved split, or
 * while nothing is saved the default split (rooms filled in order up to their seats).
 */
export async function getRange(db: Database, rangeId: number, seatsPerInvigilator: number) {
  const range = await readRange(db, rangeId);
  const rooms = sortRooms(await venueRooms(db, range.venueId));
  const saved = await savedShares(db, rangeId);
  let shares = saved;
  let problem: SeatingProblem | null = null;
  if (saved.length === 0) {
    const split = splitRangeIntoRooms(await rangeRolls(db, range), rooms);
    if ('problem' in split) problem = split.problem;
    else shares = split.shares;
  }
  const byRoom = new Map(shares.map((share) => [share.roomId, share]));
  return {
    range,
    suggested: saved.length === 0,
    problem,
    seats: rooms.reduce((sum, room) => sum + room.seats, 0),
    rooms: rooms.map((room) => {
      const share = byRoom.get(room.roomId) ?? null;
      return { ...room, share, invigilatorsNeeded: share ? invigilatorsNeeded(share.candidates, seatsPerInvigilator) : 0 };
    }),
  };
}

function requireRoomStatus(range: RangeRow, allowed: RangeRow['roomStatus'][]) {
  if (!allowed.includes(range.roomStatus)) throw new AppError('UNPROCESSABLE', { messageKey: 'roomAllocation.wrongState', messageParams: { status: range.roomStatus } });
}

/** Checks the shares typed (or the default split when none are) against the range and its rooms. */
async function checkedShares(tx: Executor, range: RangeRow, typed: RoomAllocationSaveInput['shares']) {
  const rooms = await venueRooms(tx, range.venueId);
  if (rooms.length === 0) refuse({ messageKey: 'roomAllocation.noRooms' });
  const rolls = await rangeRolls(tx, range);
  const answer = typed ? checkRoomShares(typed, rolls, range, rooms) : splitRangeIntoRooms(rolls, rooms);
  if ('problem' in answer) refuse(answer.problem);
  return answer.shares;
}

/** A range with no candidate (the centre allocation allows one) has no share to store. */
async function insertShares(tx: Executor, rangeId: number, shares: RoomShare[]) {
  if (shares.length === 0) return;
  await tx.execute(sql`
    insert into room_allocations (range_id, room_id, roll_from, roll_to, candidates)
    values ${sql.join(
      shares.map((share) => sql`(${rangeId}, ${share.roomId}, ${share.rollFrom}, ${share.rollTo}, ${share.candidates})`),
      sql`, `,
    )}`);
}

/** Temporary save: the split is stored and stays editable. */
export async function saveRooms(db: Database, rangeId: number, input: RoomAllocationSaveInput, actor: Actor) {
  return db.transaction(async (tx) => {
    const range = await lockRange(tx, rangeId);
    requireRoomStatus(range, ['pending', 'temporary']);
    const shares = await checkedShares(tx, range, input.shares);
    await tx.execute(sql`delete from room_allocations where range_id = ${rangeId}`);
    await insertShares(tx, rangeId, shares);
    await tx.execute(sql`update centre_allocation_ranges set room_status = 'temporary', rooms_saved_by = ${actor.actorUserId}, rooms_saved_at = now() where id = ${rangeId}`);
    await recordAudit(tx, { ...actor, action: 'room-allocation-save', entity: 'centre_allocation_ranges', entityId: rangeId, before: { status: range.roomStatus }, after: { shares } });
    return { rangeId, roomStatus: 'temporary' as const, shares };
  });
}

/** Forward: the saved split goes to the approver; it can no longer be edited, only reverted or made final. */
export async function forwardRooms(db: Database, rangeId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const range = await lockRange(tx, rangeId);
    requireRoomStatus(range, ['temporary']);
    await tx.execute(sql`update centre_allocation_ranges set room_status = 'forwarded' where id = ${rangeId}`);
    await recordAudit(tx, { ...actor, action: 'room-allocation-forward', entity: 'centre_allocation_ranges', entityId: rangeId, before: { status: range.roomStatus }, after: { status: 'forwarded' } });
    return { rangeId, roomStatus: 'forwarded' as const };
  });
}

/**
 * Final save: the split is checked again against the rooms as they are now, then every candidate
 * of the range gets the room whose share holds their roll number and seat 1..n in roll order, in
 * one UPDATE ... FROM (100,000 candidates are one statement, not a loop).
 */
export async function finaliseRooms(db: Database, rangeId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const range = await lockRange(tx, rangeId);
    requireRoomStatus(range, ['temporary', 'forwarded']);
    const shares = await checkedShares(tx, range, await savedShares(tx, rangeId));
    // The shares are stored as just counted, so the k-th candidate of the range in roll order
    // sits in the share whose running count reaches k. Numbering the candidates once and
    // expanding each share into its seats (generate_series) makes the match an equality join; a
    // range join of 3,000 shares against 100,000 seats would be a nested loop.
    await tx.execute(sql`delete from room_allocations where range_id = ${rangeId}`);
    await insertShares(tx, rangeId, shares);
    // The sorts of 100,000 rows fit in memory with this, instead of spilling to disk.
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`
      update seat_assignments s set room_id = seats.room_id, seat_number = seats.seat
      from (
        select room_id, generate_series(first_position, first_position + candidates - 1) as position, generate_series(1, candidates) as seat
        from (
          select room_id, candidates, sum(candidates) over (order by roll_from) - candidates + 1 as first_position
          from room_allocations where range_id = ${rangeId}
        ) running
      ) seats
      join (
        select application_id, row_number() over (order by roll_number) as position
        from seat_assignments where ${seatsOfRange(range)}
      ) numbered on numbered.position = seats.position
      where s.allocation_id = ${range.allocationId} and s.application_id = numbered.application_id`);
    await tx.execute(sql`update centre_allocation_ranges set room_status = 'final', rooms_saved_by = ${actor.actorUserId}, rooms_saved_at = now() where id = ${rangeId}`);
    const seated = shares.reduce((sum, share) => sum + share.candidates, 0);
    await recordAudit(tx, { ...actor, action: 'room-allocation-final', entity: 'centre_allocation_ranges', entityId: rangeId, before: { status: range.roomStatus }, after: { status: 'final', seated } });
    return { rangeId, roomStatus: 'final' as const, seated };
  });
}

/**
 * Revert: the range goes back to pending; its split, its candidates' rooms and seats, and its
 * invigilators (who keep those rooms) are cleared. Refused once the sitting is complete.
 */
export async function revertRooms(db: Database, rangeId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const range = await lockRange(tx, rangeId);
    requireRoomStatus(range, ['temporary', 'forwarded', 'final']);
    await tx.execute(sql`delete from invigilator_assignments where range_id = ${rangeId}`);
    await tx.execute(sql`delete from room_allocations where range_id = ${rangeId}`);
    if (range.roomStatus === 'final')
      await tx.execute(sql`update seat_assignments set room_id = null, seat_number = null where ${seatsOfRange(range)}`);
    await tx.execute(sql`
      update centre_allocation_ranges set room_status = 'pending', rooms_saved_by = null, rooms_saved_at = null,
        invigilator_status = 'pending', invigilators_saved_by = null, invigilators_saved_at = null
      where id = ${rangeId}`);
    await recordAudit(tx, { ...actor, action: 'room-allocation-revert', entity: 'centre_allocation_ranges', entityId: rangeId, before: { status: range.roomStatus, invigilators: range.invigilatorStatus }, after: { status: 'pending' } });
    return { rangeId, roomStatus: 'pending' as const };
  });
}

export type CandidateFilter = { roomId?: number | undefined; page: number; pageSize: number };

/** The range's candidates with their roll number, name, room and seat, in roll order (a room's when one is named). */
export async function rangeCandidates(db: Database, rangeId: number, filter: CandidateFilter) {
  const range = await readRange(db, rangeId);
  const where = sql`${seatsOfRange(range, 'sa')} ${filter.roomId ? sql`and sa.room_id = ${filter.roomId}` : sql``}`;
  const [count] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from seat_assignments sa where ${where}`));
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select sa.roll_number as "rollNumber", sa.application_id as "applicationId",
        concat_ws(' ', u.first_name_en, u.middle_name_en, u.last_name_en) as "nameEn",
        nullif(concat_ws(' ', u.first_name_np, u.middle_name_np, u.last_name_np), '') as "nameNp",
        sa.room_id as "roomId", vr.room_number as "roomNumber", sa.seat_number as "seatNumber"
      from seat_assignments sa
      join applications a on a.id = sa.application_id
      join users u on u.id = a.user_id
      left join exam_venue_rooms vr on vr.id = sa.room_id
      where ${where}
      order by sa.roll_number
      limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`),
  );
  return {
    range,
    total: Number(count?.total ?? 0),
    items: rows.map((row) => ({
      ...row,
      rollNumber: Number(row.rollNumber),
      applicationId: Number(row.applicationId),
      roomId: row.roomId === null ? null : Number(row.roomId),
      seatNumber: row.seatNumber === null ? null : Number(row.seatNumber),
    })),
  };
}
