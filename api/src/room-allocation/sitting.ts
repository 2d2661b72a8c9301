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
  if (range.allocationStatus === 'complete') throw new AppError('UNPROCESSABLE', { messageKey: 'roomAllocation.allocationComplete' });
  if (range.allocationStatus !== 'final') throw new AppError('UNPROCESSABLE', { messageKey: 'roomAllocation.notFinalAllocation' });
  return range;
}

export type VenueRoom = { roomId: number; roomNumber: string; floor: string | null; seats: number };

/** The centre's active rooms (unsorted: core's sortRooms puts them in door order). */
export async function venueRooms(db: Executor, venueId: number): Promise<VenueRoom[]> {
  const rows = rowsOf<VenueRoom>(
    await db.execute(sql`select id as "roomId", room_number as "roomNumber", floor, seats from exam_venue_rooms where venue_id = ${venueId} and is_active`),
  );
  return rows.map((row) => ({ ...row, roomId: Number(row.roomId), seats: Number(row.seats) }));
}

/** The range's candidates' roll numbers, ascending: the seat rows the centre's final save wrote. */
export async function rangeRolls(db: Executor, range: Pick<RangeRow, 'allocationId' | 'venueId' | 'rollFrom' | 'rollTo'>): Promise<number[]> {
  const rows = rowsOf<{ rollNumber: unknown }>(
    await db.execute(sql`select roll_number as "rollNumber" from seat_assignments where ${seatsOfRange(range)} order by roll_number`),
  );
  return rows.map((row) => Number(row.rollNumber));
}

export type SavedShare = { roomId: number; rollFrom: number; rollTo: number; candidates: number };

export async function savedShares(db: Executor, rangeId: number): Promise<SavedShare[]> {
  const rows = rowsOf<SavedShare>(
    await db.execute(sql`select room_id as "roomId", roll_from as "rollFrom", roll_to as "rollTo", candidates from room_allocations where range_id = ${rangeId} order by roll_from`),
  );
  return rows.map((row) => ({ roomId: Number(row.roomId), rollFrom: Number(row.rollFrom), rollTo: Number(row.rollTo), candidates: Number(row.candidates) }));
}
