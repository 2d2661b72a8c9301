import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../applications/rows-of';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createNumberedSitting, createVenue } from './room-allocation.test-support';

// The seating model's big sitting: 100,000 candidates at one centre of 3,000 rooms. The final
// save seats them in one statement; this checks the seats it writes, not how long it takes.

let t: TestApp;
let officer: StaffUser;
beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaffUser(t, { PEC: ['read', 'create', 'approve'] });
});
afterAll(() => t.close());

it('seats 100,000 candidates across 3,000 rooms, each room from seat 1 in roll order', { timeout: 300_000 }, async () => {
  const sitting = await createNumberedSitting(t, { cities: [1], rollFrom: 900001, examDate: '2031-02-01', startTime: '10:00', durationMinutes: 60 });
  const { venueId } = await createVenue(t, sitting.cityIds[0]!, 'Big Campus', []);
  await t.db.execute(sql`update exam_venues set capacity = 100000 where id = ${venueId}`);
  // 3,000 rooms of 34 seats (102,000 seats): inserted by the database, as the seats below.
  await t.db.execute(sql`insert into exam_venue_rooms (venue_id, room_number, seats) select ${venueId}, n::text, 34 from generate_series(1, 3000) n`);
  const [allocation] = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      insert into centre_allocations (advertisement_id, exam_paper_id, status, saved_by)
      select ${sitting.advertisement.advertisementId}, ${sitting.examPaperId}, 'final', id from users where kind = 'staff' order by id limit 1 returning id`),
  );
  const allocationId = Number(allocation!.id);
  // seat_assignments holds no foreign key to applications (the seating model), so synthetic ids stand in for 100,000 candidates.
  await t.db.execute(sql`insert into seat_assignments (allocation_id, application_id, roll_number, venue_id) select ${allocationId}, 10000000 + n, 1000000 + n, ${venueId} from generate_series(1, 100000) n`);
  const [range] = rowsOf<{ id: number }>(
    await t.db.execute(sql`insert into centre_allocation_ranges (allocation_id, venue_id, roll_from, roll_to, candidates) values (${allocationId}, ${venueId}, 1000001, 1100000, 100000) returning id`),
  );
  const rangeId = Number(range!.id);

  expect((await t.call('PUT', `/api/admin/room-allocation/ranges/${rangeId}`, { token: officer.token, json: {} })).status).toBe(200);
  const final = await t.call('POST', `/api/admin/room-allocation/ranges/${rangeId}/final`, { token: officer.token });
  expect(final.status, JSON.stringify(final.body)).toBe(200);

  const [summary] = rowsOf<{ unseated: number; rooms: number; maxSeat: number; badOrder: number }>(
    await t.db.execute(sql`
      select count(*) filter (where room_id is null)::int as unseated, count(distinct room_id)::int as rooms, max(seat_number)::int as "maxSeat",
        (select count(*)::int from (
          select seat_number, row_number() over (partition by room_id order by roll_number) as expected from seat_assignments where allocation_id = ${allocationId}
        ) ordered where seat_number <> expected) as "badOrder"
      from seat_assignments where allocation_id = ${allocationId}`),
  );
  expect(summary).toEqual({ unseated: 0, rooms: 2942, maxSeat: 34, badOrder: 0 });
});
