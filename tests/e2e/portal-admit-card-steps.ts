import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../api/src/applications/rows-of';

// Data for the admit card e2e test: the seating demo seats paper I of its advertisement and leaves
// the later papers to the seating screens; an admit card is issued only once every paper has its
// centre, room and seat final (spec §7). This seats each later paper as paper I is seated (the
// same centre, room and seat for each candidate), every state final, as the screens would leave it.

export async function seatEveryPaperLikeTheFirst(db: Database): Promise<void> {
  const [first] = rowsOf<{ allocationId: number; advertisementId: number }>(
    await db.execute(sql`
      select ca.id as "allocationId", ca.advertisement_id as "advertisementId" from centre_allocations ca
      join advertisements ad on ad.id = ca.advertisement_id join requisitions rq on rq.id = ad.requisition_id
      where rq.requisition_no like 'DEMO-seating-%' and ca.status = 'final' order by ca.id limit 1`),
  );
  if (!first) throw new Error('the seating demo has no seated paper');
  const unseated = rowsOf<{ examPaperId: number }>(
    await db.execute(sql`
      select sp.exam_paper_id as "examPaperId" from exam_schedule_papers sp
      where sp.advertisement_id = ${first.advertisementId} and not sp.skipped
        and not exists (select 1 from centre_allocations ca where ca.advertisement_id = sp.advertisement_id and ca.exam_paper_id = sp.exam_paper_id)`),
  );
  for (const { examPaperId } of unseated) {
    const [allocation] = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into centre_allocations (advertisement_id, exam_paper_id, status, saved_by, saved_at, finalised_by, finalised_at)
        select advertisement_id, ${examPaperId}, 'final', saved_by, saved_at, finalised_by, finalised_at from centre_allocations where id = ${first.allocationId}
        returning id`),
    );
    const ranges = rowsOf<{ id: number }>(await db.execute(sql`select id from centre_allocation_ranges where allocation_id = ${first.allocationId} order by roll_from`));
    for (const range of ranges) {
      const [copy] = rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into centre_allocation_ranges (allocation_id, venue_id, roll_from, roll_to, candidates, room_status, rooms_saved_by, rooms_saved_at, invigilator_status, invigilators_saved_by, invigilators_saved_at)
          select ${allocation!.id}, venue_id, roll_from, roll_to, candidates, 'final', rooms_saved_by, rooms_saved_at, 'pending', null, null from centre_allocation_ranges where id = ${range.id}
          returning id`),
      );
      await db.execute(sql`
        insert into room_allocations (range_id, room_id, roll_from, roll_to, candidates)
        select ${copy!.id}, room_id, roll_from, roll_to, candidates from room_allocations where range_id = ${range.id}`);
    }
    await db.execute(sql`
      insert into seat_assignments (allocation_id, application_id, roll_number, venue_id, room_id, seat_number)
      select ${allocation!.id}, application_id, roll_number, venue_id, room_id, seat_number from seat_assignments where allocation_id = ${first.allocationId}`);
  }
}

/**
 * The seating demo's exam as if held two months ago: its papers' dates moved back, so its admit
 * card is an old one (spec §2 old-admit-card: the last paper's date has passed).
 */
export async function holdTheSeatingExamInThePast(db: Database): Promise<void> {
  await db.execute(sql`
    update exam_schedule_papers sp set exam_date = sp.exam_date - 60
    from advertisements ad join requisitions rq on rq.id = ad.requisition_id
    where sp.advertisement_id = ad.id and rq.requisition_no like 'DEMO-seating-%' and sp.exam_date is not null`);
}
