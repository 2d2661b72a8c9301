// Room and invigilator allocation tests start where the centre allocation leaves a sitting (the
// seating model): an advertisement with roll numbers and an approved schedule, its centre
// allocation final, one range per exam centre with rooms and invigilators pending, and a seat row
// per candidate with the centre but no room or seat. Written straight in SQL, so these tests do
// not depend on the centre-allocation screens.
import { numberApplicationsStatement, schema, seedExamPapers, type SeededAdvertisement } from '@psc/db';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { createApprovedApplications, createCentres, createFinalisedAdvertisement, finaliseForTest, type Candidate } from '../roll-numbers/roll-numbers.test-support';
import { findAdministratorId } from '../test-support/recruitment-fixtures';
import type { TestApp } from '../test-support/test-app';

export type Sitting = { advertisement: SeededAdvertisement; examPaperId: number; cityIds: number[] };

/**
 * An advertisement whose candidates (so many per city, named so the roll order is theirs) hold
 * roll numbers from `rollFrom`, and whose first paper is scheduled and approved at the time given
 * (Nepal time).
 */
export async function createNumberedSitting(
  t: Pick<TestApp, 'db'>,
  options: { cities: number[]; rollFrom: number; examDate: string; startTime: string; durationMinutes: number },
): Promise<Sitting> {
  const advertisement = await createFinalisedAdvertisement(t);
  const cityIds = await createCentres(
    t,
    advertisement,
    options.cities.map((_, index) => `City ${String.fromCharCode(65 + index)} ${advertisement.advertisementId}`),
  );
  const candidates: Candidate[] = options.cities.flatMap((count, city) =>
    Array.from({ length: count }, (_, index) => ({ firstNameEn: `Candidate${String(index).padStart(5, '0')}`, lastNameEn: 'Test', centre: cityIds[city]! })),
  );
  await createApprovedApplications(t, advertisement, candidates);
  await finaliseForTest(t, advertisement.advertisementId);
  await t.db.execute(numberApplicationsStatement({ id: advertisement.advertisementId, organizationId: advertisement.organizationId, fiscalYear: advertisement.fiscalYear }, options.rollFrom, false));

  const [post] = await t.db.select({ postId: schema.advertisements.postId, groupId: schema.advertisements.groupId }).from(schema.advertisements).where(eq(schema.advertisements.id, advertisement.advertisementId));
  const administrator = await findAdministratorId(t.db);
  await seedExamPapers(t.db, { postId: post!.postId!, serviceGroupId: post!.groupId, actorUserId: administrator });
  const [paper] = rowsOf<{ id: number }>(
    await t.db.execute(sql`select id from exam_papers where post_id = ${post!.postId} and service_group_id is not distinct from ${post!.groupId} order by id limit 1`),
  );
  await t.db.execute(sql`insert into exam_schedules (advertisement_id, status, saved_by, approvals) values (${advertisement.advertisementId}, 'approved', ${administrator}, 1)`);
  await t.db.execute(sql`
    insert into exam_schedule_papers (advertisement_id, exam_paper_id, exam_date, start_time, duration_minutes)
    values (${advertisement.advertisementId}, ${paper!.id}, ${options.examDate}::date, ${options.startTime}::time, ${options.durationMinutes})`);
  return { advertisement, examPaperId: Number(paper!.id), cityIds };
}

/** An exam centre (school) in a city with the rooms given (room number and seats). */
export async function createVenue(t: Pick<TestApp, 'db'>, cityId: number, nameEn: string, rooms: { roomNumber: string; seats: number; isActive?: boolean }[]) {
  const capacity = Math.max(1, rooms.reduce((sum, room) => sum + room.seats, 0));
  const [venue] = await t.db
    .insert(schema.examVenues)
    .values({ examCentreId: cityId, nameEn, nameNp: `${nameEn} विद्यालय`, addressEn: 'Ward 1', addressNp: 'वडा १', capacity })
    .returning({ id: schema.examVenues.id });
  const roomRows =
    rooms.length === 0
      ? []
      : await t.db
          .insert(schema.examVenueRooms)
          .values(rooms.map((room) => ({ venueId: venue!.id, roomNumber: room.roomNumber, seats: room.seats, floor: 'Ground', isActive: room.isActive ?? true })))
          .returning({ id: schema.examVenueRooms.id });
  return { venueId: venue!.id, roomIds: roomRows.map((row) => row.id) };
}

/**
 * The centre allocation's final state: each venue takes every roll number of its city (one
 * venue per city), ranges pending, and a seat row per candidate with the venue only.
 */
export async function finalCentreAllocation(t: Pick<TestApp, 'db'>, sitting: Sitting, venues: { venueId: number; cityId: number }[]) {
  const administrator = await findAdministratorId(t.db);
  const [allocation] = rowsOf<{ id: number }>(
    await t.db.execute(sql`
      insert into centre_allocations (advertisement_id, exam_paper_id, status, saved_by, finalised_by, finalised_at)
      values (${sitting.advertisement.advertisementId}, ${sitting.examPaperId}, 'final', ${administrator}, ${administrator}, now()) returning id`),
  );
  const allocationId = Number(allocation!.id);
  const rangeIds: number[] = [];
  for (const venue of venues) {
    const [range] = rowsOf<{ id: number }>(
      await t.db.execute(sql`
        insert into centre_allocation_ranges (allocation_id, venue_id, roll_from, roll_to, candidates)
        select ${allocationId}, ${venue.venueId}, min(roll_number), max(roll_number), count(*)::int
        from roll_numbers where advertisement_id = ${sitting.advertisement.advertisementId} and exam_centre_id = ${venue.cityId}
        returning id`),
    );
    rangeIds.push(Number(range!.id));
    await t.db.execute(sql`
      insert into seat_assignments (allocation_id, application_id, roll_number, venue_id)
      select ${allocationId}, application_id, roll_number, ${venue.venueId}
      from roll_numbers where advertisement_id = ${sitting.advertisement.advertisementId} and exam_centre_id = ${venue.cityId}`);
  }
  return { allocationId, rangeIds };
}

/** Invigilator posts (a chief post and an assistant post) and invigilators of each, by name. */
export async function createInvigilators(t: Pick<TestApp, 'db'>, chiefs: string[], assistants: string[]) {
  const [chiefPost, assistantPost] = await t.db
    .insert(schema.invigilatorPosts)
    .values([
      { nameEn: 'Centre chief', nameNp: 'केन्द्राध्यक्ष', isChief: true },
      { nameEn: 'Invigilator', nameNp: 'निरीक्षक', isChief: false },
    ])
    .returning({ id: schema.invigilatorPosts.id });
  const insert = async (names: string[], postId: number) =>
    names.length === 0
      ? []
      : (await t.db.insert(schema.invigilators).values(names.map((nameEn) => ({ nameEn, nameNp: `${nameEn} (ने)`, postId, mobile: '9841000000' }))).returning({ id: schema.invigilators.id })).map((row) => row.id);
  return { chiefs: await insert(chiefs, chiefPost!.id), assistants: await insert(assistants, assistantPost!.id) };
}
