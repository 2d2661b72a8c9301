import { checkRoomShares, invigilatorsNeeded, sortRooms, splitRangeIntoRooms, translate, type Language, type MessageKey, type RoomAllocationSaveInput, type RoomShare, type SeatingProblem } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { recordAudit, recordAudits } from '../audit/record-audit';
import { AppError } from '../http/errors';
import {
  idList,
  lockAllocationRanges,
  lockRange,
  rangeColumns,
  rangeJoins,
  rangeRolls,
  readRange,
  rollsOfRanges,
  roomsOfVenues,
  savedShares,
  savedSharesOfRanges,
  seatsOfRange,
  seatsOfRangeRow,
  toRange,
  venueRooms,
  type Actor,
  type Executor,
  type RangeRow,
  type VenueRoom,
} from './sitting';

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

// spec §4 maker-checker: the temporary save edits a pending or saved split (the sitting-wide
// default split only touches the pending ones), the final save takes a saved or forwarded one.
const SAVABLE: RangeRow['roomStatus'][] = ['pending', 'temporary'];
const FINALISABLE: RangeRow['roomStatus'][] = ['temporary', 'forwarded'];

/** What checking a split reads: the centres' active rooms and the ranges' roll numbers, a statement each however many ranges. */
type SplitInputs = { rooms: Map<number, VenueRoom[]>; rolls: Map<number, number[]> };

async function readSplitInputs(tx: Executor, ranges: readonly RangeRow[]): Promise<SplitInputs> {
  return {
    rooms: await roomsOfVenues(tx, [...new Set(ranges.map((range) => range.venueId))]),
    rolls: await rollsOfRanges(tx, ranges.map((range) => range.id)),
  };
}

/** Checks the shares given (or the default split when none are) against the range and its rooms as they are now. */
function checkShares(range: RangeRow, inputs: SplitInputs, given: readonly { roomId: number; rollFrom: number; rollTo: number }[] | undefined): { shares: RoomShare[] } | { problem: SeatingProblem } {
  const rooms = inputs.rooms.get(range.venueId) ?? [];
  if (rooms.length === 0) return { problem: { messageKey: 'roomAllocation.noRooms' } };
  const rolls = inputs.rolls.get(range.id) ?? [];
  return given ? checkRoomShares(given, rolls, range, rooms) : splitRangeIntoRooms(rolls, rooms);
}

type Split = { range: RangeRow; shares: RoomShare[] };

/** The shares of the ranges given replace what they had, in one delete and few inserts. */
async function replaceShares(tx: Executor, splits: readonly Split[]) {
  await tx.execute(sql`delete from room_allocations where range_id in ${idList(splits.map((split) => split.range.id))}`);
  const rows = splits.flatMap(({ range, shares }) => shares.map((share) => sql`(${range.id}, ${share.roomId}, ${share.rollFrom}, ${share.rollTo}, ${share.candidates})`));
  // Five parameters a share: 10,000 shares a statement stays under PostgreSQL's 65,535.
  for (let at = 0; at < rows.length; at += 10_000)
    await tx.execute(sql`insert into room_allocations (range_id, room_id, roll_from, roll_to, candidates) values ${sql.join(rows.slice(at, at + 10_000), sql`, `)}`);
}

async function markRanges(tx: Executor, splits: readonly Split[], status: 'temporary' | 'final', actor: Actor) {
  await tx.execute(sql`
    update centre_allocation_ranges set room_status = ${status}, rooms_saved_by = ${actor.actorUserId}, rooms_saved_at = now()
    where id in ${idList(splits.map((split) => split.range.id))}`);
}

/**
 * Temporary save of checked splits: shares stored, ranges temporary, an audit row per range
 * (the range's history reads the same whether it was saved alone or with its sitting).
 */
async function writeTemporary(tx: Executor, splits: readonly Split[], actor: Actor, sittingWide: boolean) {
  if (splits.length === 0) return;
  await replaceShares(tx, splits);
  await markRanges(tx, splits, 'temporary', actor);
  await recordAudits(
    tx,
    splits.map(({ range, shares }) => ({ ...actor, action: 'room-allocation-save', entity: 'centre_allocation_ranges', entityId: range.id, before: { status: range.roomStatus }, after: { shares, ...(sittingWide ? { sitting: range.allocationId } : {}) } })),
  );
}

/**
 * Final save of checked splits of one sitting: shares stored as just counted, then every
 * candidate of those ranges gets the room whose share holds their roll number and seat 1..n in
 * roll order, in ONE UPDATE ... FROM however many ranges (100,000 candidates are one statement,
 * not a loop).
 */
async function writeFinal(tx: Executor, splits: readonly Split[], actor: Actor, sittingWide: boolean) {
  if (splits.length === 0) return;
  const ids = idList(splits.map((split) => split.range.id));
  await replaceShares(tx, splits);
  // The sorts of 100,000 rows fit in memory with this, instead of spilling to disk.
  await tx.execute(sql`set local work_mem = '64MB'`);
  // A share is a contiguous roll sub-range of its range (checked above), so a candidate's room is
  // the share whose roll numbers hold theirs and their seat is their place in it in roll order.
  // Each share numbers its own seat rows, read through the sitting's roll-number index (the
  // window keeps the lateral subquery one index scan per share: 3,000 shares of 35 are 3,000
  // short scans, never a join of every seat row against every share), and each row is updated
  // through the row address (ctid) this same statement read under the allocation's lock. Nothing
  // is left for the planner to misjudge: with a sitting's seat rows just written and their
  // statistics not yet gathered, numbering the whole sitting and joining it back by position took
  // minutes instead of about a second.
  await tx.execute(sql`
    update seat_assignments s set room_id = seated.room_id, seat_number = seated.seat
    from (
      select ra.room_id, place.row_id, place.seat
      from room_allocations ra
      join centre_allocation_ranges r on r.id = ra.range_id
      cross join lateral (
        select sa.ctid as row_id, row_number() over (order by sa.roll_number) as seat
        from seat_assignments sa where ${seatsOfRangeRow('ra')}
      ) place
      where ra.range_id in ${ids}
    ) seated
    where s.ctid = seated.row_id`);
  await markRanges(tx, splits, 'final', actor);
  await recordAudits(
    tx,
    splits.map(({ range, shares }) => ({
      ...actor,
      action: 'room-allocation-final',
      entity: 'centre_allocation_ranges',
      entityId: range.id,
      before: { status: range.roomStatus },
      after: { status: 'final', seated: seatedBy(shares), ...(sittingWide ? { sitting: range.allocationId } : {}) },
    })),
  );
}

const seatedBy = (shares: readonly RoomShare[]) => shares.reduce((sum, share) => sum + share.candidates, 0);

/** Temporary save: the split (the shares typed, or the default split when none are) is stored and stays editable. */
export async function saveRooms(db: Database, rangeId: number, input: RoomAllocationSaveInput, actor: Actor) {
  return db.transaction(async (tx) => {
    const range = await lockRange(tx, rangeId);
    requireRoomStatus(range, SAVABLE);
    const answer = checkShares(range, await readSplitInputs(tx, [range]), input.shares);
    if ('problem' in answer) refuse(answer.problem);
    await writeTemporary(tx, [{ range, shares: answer.shares }], actor, false);
    return { rangeId, roomStatus: 'temporary' as const, shares: answer.shares };
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

/** Final save: the saved split is checked again against the rooms as they are now, then every candidate of the range is seated. */
export async function finaliseRooms(db: Database, rangeId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const range = await lockRange(tx, rangeId);
    requireRoomStatus(range, FINALISABLE);
    const saved = (await savedSharesOfRanges(tx, [rangeId])).get(rangeId) ?? [];
    const answer = checkShares(range, await readSplitInputs(tx, [range]), saved);
    if ('problem' in answer) refuse(answer.problem);
    await writeFinal(tx, [{ range, shares: answer.shares }], actor, false);
    return { rangeId, roomStatus: 'final' as const, seated: seatedBy(answer.shares) };
  });
}

/** A centre of the sitting whose split could not be saved, and why, in the caller's language. */
export type SittingProblem = { rangeId: number; venueId: number; venueNameEn: string; venueNameNp: string; rollFrom: number; rollTo: number; messageKey: MessageKey; message: string };

export type SittingAnswer = { allocationId: number; saved: number; skipped: number; seated: number; problems: SittingProblem[] };

/**
 * Checks every range of the sitting in the state given, in memory; answers those that pass and
 * the problems of those that do not (the others are still saved).
 */
function sortOut(ranges: readonly RangeRow[], check: (range: RangeRow) => { shares: RoomShare[] } | { problem: SeatingProblem }, lang: Language) {
  const splits: Split[] = [];
  const problems: SittingProblem[] = [];
  for (const range of ranges) {
    const answer = check(range);
    if ('shares' in answer) splits.push({ range, shares: answer.shares });
    else
      problems.push({
        rangeId: range.id,
        venueId: range.venueId,
        venueNameEn: range.venueNameEn,
        venueNameNp: range.venueNameNp,
        rollFrom: range.rollFrom,
        rollTo: range.rollTo,
        messageKey: answer.problem.messageKey,
        message: translate(lang, answer.problem.messageKey, answer.problem.messageParams),
      });
  }
  return { splits, problems };
}

/**
 * The sitting-wide temporary save: every centre of the sitting still pending gets the default
 * split (spec §4 "temporary save"), under one lock of the allocation and in a statement or two
 * per step whatever the number of centres. Centres already saved, forwarded or final are left
 * alone and counted; a centre without rooms or with too few seats is reported, the others saved.
 */
export async function saveSittingDefaultSplit(db: Database, allocationId: number, actor: Actor, lang: Language): Promise<SittingAnswer> {
  return db.transaction(async (tx) => {
    const ranges = await lockAllocationRanges(tx, allocationId);
    const pending = ranges.filter((range) => range.roomStatus === 'pending');
    const inputs = await readSplitInputs(tx, pending);
    const { splits, problems } = sortOut(pending, (range) => checkShares(range, inputs, undefined), lang);
    await writeTemporary(tx, splits, actor, true);
    return { allocationId, saved: splits.length, skipped: ranges.length - pending.length, seated: 0, problems };
  });
}

/**
 * The sitting-wide final save, the approver's: every centre saved or forwarded is checked again
 * against its rooms as they are now and seated, in one transaction and one UPDATE of the seats.
 * Centres pending or already final are left alone and counted; a centre whose split no longer
 * fits is reported and stays as it was, the others are made final.
 */
export async function finaliseSitting(db: Database, allocationId: number, actor: Actor, lang: Language): Promise<SittingAnswer> {
  return db.transaction(async (tx) => {
    const ranges = await lockAllocationRanges(tx, allocationId);
    const ready = ranges.filter((range) => FINALISABLE.includes(range.roomStatus));
    const saved = await savedSharesOfRanges(tx, ready.map((range) => range.id));
    const inputs = await readSplitInputs(tx, ready);
    const { splits, problems } = sortOut(ready, (range) => checkShares(range, inputs, saved.get(range.id) ?? []), lang);
    await writeFinal(tx, splits, actor, true);
    return { allocationId, saved: splits.length, skipped: ranges.length - ready.length, seated: splits.reduce((sum, split) => sum + seatedBy(split.shares), 0), problems };
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
