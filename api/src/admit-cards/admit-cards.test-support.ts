// Admit-card tests start where room allocation leaves a sitting: every paper's centre allocation
// final, each centre's rooms final and every candidate seated. Written straight in SQL, like the
// room-allocation tests' fixtures they build on.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { createVenue, finalCentreAllocation, type Sitting } from '../room-allocation/room-allocation.test-support';
import type { TestApp } from '../test-support/test-app';

/** A venue per city with one room of `seats` seats, and the sitting's centre allocation final (rooms still pending). */
export async function allocateCentres(t: Pick<TestApp, 'db'>, sitting: Sitting, seats = 300) {
  const venues = [];
  for (const [index, cityId] of sitting.cityIds.entries()) {
    const venue = await createVenue(t, cityId, `Admit School ${String.fromCharCode(65 + index)} ${sitting.advertisement.advertisementId}`, [{ roomNumber: '1', seats }]);
    venues.push({ ...venue, cityId });
  }
  const allocation = await finalCentreAllocation(t, sitting, venues);
  return { ...allocation, venues };
}

/** Each centre's rooms final: its candidates in its first room, seat by seat in roll order, as the final save writes them. */
export async function finaliseRooms(t: Pick<TestApp, 'db'>, allocation: Awaited<ReturnType<typeof allocateCentres>>) {
  for (const [index, venue] of allocation.venues.entries()) {
    const rangeId = allocation.rangeIds[index]!;
    const roomId = venue.roomIds[0]!;
    await t.db.execute(sql`
      insert into room_allocations (range_id, room_id, roll_from, roll_to, candidates)
      select id, ${roomId}, roll_from, roll_to, candidates from centre_allocation_ranges where id = ${rangeId}`);
    await t.db.execute(sql`
      update seat_assignments s set room_id = ${roomId}, seat_number = n.seat
      from (select application_id, row_number() over (order by roll_number) as seat from seat_assignments where allocation_id = ${allocation.allocationId} and venue_id = ${venue.venueId}) n
      where s.allocation_id = ${allocation.allocationId} and s.application_id = n.application_id`);
    await t.db.execute(sql`update centre_allocation_ranges set room_status = 'final', invigilator_status = 'final' where id = ${rangeId}`);
  }
}

/** The sitting's applications in roll order. */
export async function applicationsOf(t: Pick<TestApp, 'db'>, sitting: Sitting): Promise<{ id: number; rollNumber: number }[]> {
  return rowsOf<{ id: number; rollNumber: number }>(
    await t.db.execute(sql`select application_id as id, roll_number::int as "rollNumber" from roll_numbers where advertisement_id = ${sitting.advertisement.advertisementId} order by roll_number`),
  ).map((row) => ({ id: Number(row.id), rollNumber: Number(row.rollNumber) }));
}

/** Gives an application to another candidate (one seeded with a full profile, who can sign in). */
export async function giveApplication(t: Pick<TestApp, 'db'>, applicationId: number, userId: number) {
  await t.db.execute(sql`update applications set user_id = ${userId} where id = ${applicationId}`);
}
