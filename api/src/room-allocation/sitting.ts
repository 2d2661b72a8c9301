import type { RoomAllocationStatus } from '@psc/core';
import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { AppError } from '../http/errors';

// What room and invigilator allocation read of a centre's range and its sitting (see the seating
// model: a sitting is one scheduled paper of one advertisement; its window is [exam date + start
// time, + duration) in Nepal time).

export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
export type Actor = { actorUserId: number; requestId?: string | null; ipAddress?: string | null };

export type RangeRow = {
  id: number;
  allocationId: number;
  allocationStatus: 'temporary' | 'final' | 'complete';
  advertisementId: number;
  advertisementCode: string;
  examPaperId: number;
  paperNameEn: string;
  paperNameNp: string;
  examDate: string | null;
  startTime: string | null;
  durationMinutes: number;
  startsAt: string;
  endsAt: string;
  venueId: number;
  venueNameEn: string;
  venueNameNp: string;
  rollFrom: number;
  rollTo: number;
  candidates: number;
  roomStatus: RoomAllocationStatus;
  invigilatorStatus: RoomAllocationStatus;
};

/**
 * A range's seat rows, read through the allocation's roll-number index: a sitting's ranges never
 * overlap, so the range's roll numbers at its centre are its candidates. Filtering the whole
 * sitting by centre instead read all of its 100,000 rows for each of its 150 centres.
 */
export function seatsOfRange(range: Pick<RangeRow, 'allocationId' | 'venueId' | 'rollFrom' | 'rollTo'>, alias?: 'sa') {
  const column = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  return sql`${column('allocation_id')} = ${range.allocationId} and ${column('roll_number')} between ${range.rollFrom} and ${range.rollTo} and ${column('venue_id')} = ${range.venueId}`;
}

/**
 * The same condition joined to the range rows `r` themselves, for statements over many ranges at
 * once; the roll bounds are the range's, or those of a room's share `ra` inside it.
 */
export function seatsOfRangeRow(bounds: 'r' | 'ra' = 'r') {
  const bound = (name: string) => sql.raw(`${bounds}.${name}`);
  return sql`sa.allocation_id = r.allocation_id and sa.roll_number between ${bound('roll_from')} and ${bound('roll_to')} and sa.venue_id = r.venue_id`;
}

/** `in (...)` of the ids given (never empty: the callers return before). */
export const idList = (ids: readonly number[]) => sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;

/** The columns every range answer shares; `r` is the range, `ca` its allocation. */
export const rangeColumns = sql`
  r.id, r.allocation_id as "allocationId", ca.status as "allocationStatus", ca.advertisement_id as "advertisementId",
  ad.code as "advertisementCode", ca.exam_paper_id as "examPaperId", ep.subject_name_en as "paperNameEn", ep.subject_name_np as "paperNameNp",
  to_char(sp.exam_date, 'YYYY-MM-DD') as "examDate", to_char(sp.start_time, 'HH24:MI') as "startTime", sp.duration_minutes as "durationMinutes",
  (sp.exam_date + sp.start_time) at time zone 'Asia/Kathmandu' as "startsAt",
  (sp.exam_date + sp.start_time) at time zone 'Asia/Kathmandu' + make_interval(mins => sp.duration_minutes) as "endsAt",
  r.venue_id as "venueId", v.name_en as "venueNameEn", v.name_np as "venueNameNp",
  r.roll_from as "rollFrom", r.roll_to as "rollTo", r.candidates, r.room_status as "roomStatus", r.invigilator_status as "invigilatorStatus"`;

export const rangeJoins = sql`
  centre_allocation_ranges r
  join centre_allocations ca on ca.id = r.allocation_id
  join advertisements ad on ad.id = ca.advertisement_id
  join exam_papers ep on ep.id = ca.exam_paper_id
  join exam_schedule_papers sp on sp.advertisement_id = ca.advertisement_id and sp.exam_paper_id = ca.exam_paper_id
  join exam_venues v on v.id = r.venue_id`;

export function toRange(row: Record<string, unknown>): RangeRow {
  const iso = (value: unknown) => new Date(value as string).toISOString();
  return {
    ...(row as RangeRow),
    id: Number(row.id),
    allocationId: Number(row.allocationId),
    advertisementId: Number(row.advertisementId),
    examPaperId: Number(row.examPaperId),
    durationMinutes: Number(row.durationMinutes),
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    venueId: Number(row.venueId),
    rollFrom: Number(row.rollFrom),
    rollTo: Number(row.rollTo),
    candidates: Number(row.candidates),
  };
}

export async function readRange(db: Executor, rangeId: number): Promise<RangeRow> {
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${rangeColumns} from ${rangeJoins} where r.id = ${rangeId}`));
  if (!row) throw new AppError('NOT_FOUND', { messageKey: 'roomAllocation.rangeNotFound' });
  return toRange(row);
}

/**
 * Locks the range's allocation, then the range (the seating model: every state change locks the
 * allocation row, so the centre allocation's revert never lands in the middle), and answers the
 * range as it stands. Refused unless the centre allocation is final and not yet complete.
 */
export async function lockRange(tx: Executor, rangeId: number): Promise<RangeRow> {
  const [head] = rowsOf<{ allocationId: number }>(await tx.execute(sql`select allocation_id as "allocationId" from centre_allocation_ranges where id = ${rangeId}`));
  if (!head) throw new AppError('NOT_FOUND', { messageKey: 'roomAllocation.rangeNotFound' });
  await tx.execute(sql`select id from centre_allocations where id = ${head.allocationId} for update`);
  await tx.execute(sql`select id from centre_allocation_ranges where id = ${rangeId} for update`);
  const range = await readRange(tx, rangeId);
  requireFinalAllocation(range.allocationStatus);
  return range;
}

function requireFinalAllocation(status: RangeRow['allocationStatus']) {
  if (status === 'complete') throw new AppError('UNPROCESSABLE', { messageKey: 'roomAllocation.allocationComplete' });
  if (status !== 'final') throw new AppError('UNPROCESSABLE', { messageKey: 'roomAllocation.notFinalAllocation' });
}

/**
 * lockRange for a whole sitting, in the same order: the allocation row first, then all of its
 * ranges (locked and read in one statement, by roll number). Same refusals as lockRange.
 */
export async function lockAllocationRanges(tx: Executor, allocationId: number): Promise<RangeRow[]> {
  const [head] = rowsOf<{ status: RangeRow['allocationStatus'] }>(await tx.execute(sql`select status from centre_allocations where id = ${allocationId} for update`));
  if (!head) throw new AppError('NOT_FOUND', { messageKey: 'roomAllocation.allocationNotFound' });
  requireFinalAllocation(head.status);
  const rows = rowsOf<Record<string, unknown>>(await tx.execute(sql`select ${rangeColumns} from ${rangeJoins} where r.allocation_id = ${allocationId} order by r.roll_from for update of r`));
  return rows.map(toRange);
}

export type VenueRoom = { roomId: number; roomNumber: string; floor: string | null; seats: number };

/** The centre's active rooms (unsorted: core's sortRooms puts them in door order). */
export async function venueRooms(db: Executor, venueId: number): Promise<VenueRoom[]> {
  return (await roomsOfVenues(db, [venueId])).get(venueId) ?? [];
}

/** The active rooms of the centres given, by centre, in one statement (a centre without any is absent). */
export async function roomsOfVenues(db: Executor, venueIds: readonly number[]): Promise<Map<number, VenueRoom[]>> {
  const byVenue = new Map<number, VenueRoom[]>();
  if (venueIds.length === 0) return byVenue;
  const rows = rowsOf<VenueRoom & { venueId: number }>(
    await db.execute(sql`select venue_id as "venueId", id as "roomId", room_number as "roomNumber", floor, seats from exam_venue_rooms where venue_id in ${idList(venueIds)} and is_active`),
  );
  for (const { venueId, ...row } of rows) {
    const rooms = byVenue.get(Number(venueId)) ?? [];
    rooms.push({ ...row, roomId: Number(row.roomId), seats: Number(row.seats) });
    byVenue.set(Number(venueId), rooms);
  }
  return byVenue;
}

/** The range's candidates' roll numbers, ascending: the seat rows the centre's final save wrote. */
export async function rangeRolls(db: Executor, range: Pick<RangeRow, 'id'>): Promise<number[]> {
  return (await rollsOfRanges(db, [range.id])).get(range.id) ?? [];
}

/**
 * The roll numbers of each range given, ascending, in one statement: one array per range
 * (json_agg keeps them numbers) instead of a row per candidate.
 */
export async function rollsOfRanges(db: Executor, rangeIds: readonly number[]): Promise<Map<number, number[]>> {
  if (rangeIds.length === 0) return new Map();
  const rows = rowsOf<{ id: number; rolls: number[] }>(
    await db.execute(sql`
      select r.id, (select coalesce(json_agg(sa.roll_number order by sa.roll_number), '[]'::json) from seat_assignments sa where ${seatsOfRangeRow()}) as rolls
      from centre_allocation_ranges r where r.id in ${idList(rangeIds)}`),
  );
  return new Map(rows.map((row) => [Number(row.id), row.rolls.map(Number)]));
}

export type SavedShare = { roomId: number; rollFrom: number; rollTo: number; candidates: number };

export async function savedShares(db: Executor, rangeId: number): Promise<SavedShare[]> {
  return (await savedSharesOfRanges(db, [rangeId])).get(rangeId) ?? [];
}

/** The saved shares of each range given, by roll number, in one statement (a range without any is absent). */
export async function savedSharesOfRanges(db: Executor, rangeIds: readonly number[]): Promise<Map<number, SavedShare[]>> {
  const byRange = new Map<number, SavedShare[]>();
  if (rangeIds.length === 0) return byRange;
  const rows = rowsOf<SavedShare & { rangeId: number }>(
    await db.execute(sql`
      select range_id as "rangeId", room_id as "roomId", roll_from as "rollFrom", roll_to as "rollTo", candidates
      from room_allocations where range_id in ${idList(rangeIds)} order by range_id, roll_from`),
  );
  for (const row of rows) {
    const shares = byRange.get(Number(row.rangeId)) ?? [];
    shares.push({ roomId: Number(row.roomId), rollFrom: Number(row.rollFrom), rollTo: Number(row.rollTo), candidates: Number(row.candidates) });
    byRange.set(Number(row.rangeId), shares);
  }
  return byRange;
}
