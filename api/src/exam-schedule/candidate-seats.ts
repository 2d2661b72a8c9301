import { sql } from 'drizzle-orm';
import type { Database } from '@psc/db';
import { rowsOf } from '../applications/rows-of';

/** Where a candidate sits for one paper: the centre once final, the room and seat once the centre's rooms are final. */
export type CandidateSeat = {
  centreNameEn: string;
  centreNameNp: string;
  addressEn: string;
  addressNp: string;
  roomNumber: string | null;
  floor: string | null;
  seatNumber: number | null;
};

/**
 * An application's seats by exam paper. The centre appears once the sitting's centre allocation is
 * final (spec §4 "Exam centre assignment ... final save"): staff can still revert a temporary one,
 * and a candidate must never travel to a centre that then changes. The room and seat appear once
 * that centre's rooms are final, which is when the seat row gets them.
 */
export async function candidateSeats(db: Database, applicationId: number): Promise<Map<number, CandidateSeat>> {
  const rows = rowsOf<CandidateSeat & { examPaperId: number }>(
    await db.execute(sql`
      select a.exam_paper_id as "examPaperId", v.name_en as "centreNameEn", v.name_np as "centreNameNp",
        v.address_en as "addressEn", v.address_np as "addressNp",
        r.room_number as "roomNumber", r.floor, s.seat_number as "seatNumber"
      from seat_assignments s
      join centre_allocations a on a.id = s.allocation_id and a.status in ('final', 'complete')
      join exam_venues v on v.id = s.venue_id
      left join exam_venue_rooms r on r.id = s.room_id
      where s.application_id = ${applicationId}`),
  );
  return new Map(rows.map(({ examPaperId, ...seat }) => [Number(examPaperId), { ...seat, seatNumber: seat.seatNumber === null ? null : Number(seat.seatNumber) }]));
}
