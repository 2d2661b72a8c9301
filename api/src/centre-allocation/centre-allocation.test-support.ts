// Seating tests (centre, room and invigilator allocation): an advertisement whose candidates have
// roll numbers by city, its papers on an approved exam schedule (the sittings), and exam centres
// (exam_venues, with rooms) in those cities. Candidates are written with set-based statements so a
// test can ask for tens of thousands.
import { NUMBERED_APPLICATION, numberApplicationsStatement, schema, seedExamPapers, type SeededAdvertisement } from '@psc/db';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';
import { createCentres, createFinalisedAdvertisement, finaliseForTest } from '../roll-numbers/roll-numbers.test-support';
import { findAdministratorId } from '../test-support/recruitment-fixtures';
import type { TestApp } from '../test-support/test-app';

type Db = Pick<TestApp, 'db'>;

/** One paper on the schedule: its A.D. date, start time (HH:MM, Nepal time) and minutes. */
export type SittingTime = { examDate: string; startTime: string; durationMinutes?: number };

/** A city (an exam_centres row) of the advertisement and the roll numbers its candidates got. */
export type CityRolls = { examCentreId: number; nameEn: string; count: number; rollFrom: number; rollTo: number };

export type AllocatableAdvertisement = {
  advertisement: SeededAdvertisement;
  /** The cities in roll order (the order given: their names are prefixed so they sort that way). */
  cities: CityRolls[];
  /** The scheduled papers (sittings) in the order of `sittings`; the rest of the post's papers are skipped. */
  paperIds: number[];
};

let advertisementCounter = 0;

/**
 * Writes `count` approved applications of new candidates choosing `examCentreId`, in one statement
 * each for users and applications; candidates are named `<prefix> <n>` so the roll order (by name)
 * is the order of n.
 */
export async function createBulkApplicants(t: Db, advertisementId: number, examCentreId: number, count: number, namePrefix = 'Candidate') {
  const tag = `eca_${process.pid}_${randomBytes(4).toString('hex')}`;
  await t.db.execute(sql`
    insert into users (kind, username, email, first_name_en, last_name_en, password_hash)
    select 'candidate', ${tag} || '_' || n, ${tag} || '_' || n || '@example.com', ${namePrefix}, lpad(n::text, 7, '0'), 'not-a-password'
    from generate_series(1, ${count}::int) as n`);
  await t.db.execute(sql`
    insert into applications (user_id, advertisement_id, status, payment_state, exam_centre_id, age_years, age_months, age_days, terms_accepted_at, receipt_code)
    select u.id, ${advertisementId}, 'approved', 'paid', ${examCentreId}, 27, 0, 0, now(), 'R' || upper(${tag}) || '_' || u.id
    from users u where u.username like ${`${tag}\\_%`}`);
}

/**
 * An advertisement ready for centre allocation: finalised scrutiny, `cities` with their number of
 * approved candidates (roll numbers generated from `rollFrom`, grouped by city in the order
 * given; a city given by `examCentreId` is shared with another advertisement, so both sit at its
 * exam centres), and an approved schedule with one sitting per entry of `sittings` (the post's papers in
 * order; papers beyond are skipped). Each call takes its own million of roll numbers
 * (the test database's offices share one number space) unless `rollFrom` is given.
 */
export async function createAllocatableAdvertisement(
  t: Db,
  options: { cities: { nameEn: string; candidates: number; examCentreId?: number }[]; sittings: SittingTime[]; rollFrom?: number; scheduleStatus?: 'approved' | 'pending' | 'review' },
): Promise<AllocatableAdvertisement> {
  advertisementCounter += 1;
  const rollFrom = options.rollFrom ?? 100_000_000 + 1_000_000 * advertisementCounter;
  const total = options.cities.reduce((sum, city) => sum + city.candidates, 0);
  const advertisement = await createFinalisedAdvertisement(t);
  const prefix = `${String(advertisementCounter).padStart(3, '0')}-${randomBytes(2).toString('hex')}`;
  const newCities = options.cities.filter((city) => city.examCentreId === undefined);
  const made = newCities.length ? await createCentres(t, advertisement, newCities.map((city) => `${prefix}-${String.fromCharCode(65 + options.cities.indexOf(city))} ${city.nameEn}`)) : [];
  const cityIds = options.cities.map((city) => city.examCentreId ?? made.shift()!);
  for (const [index, city] of options.cities.entries()) await createBulkApplicants(t, advertisement.advertisementId, cityIds[index]!, city.candidates);
  await finaliseForTest(t, advertisement.advertisementId);
  const admin = await findAdministratorId(t.db);
  // Roll numbers as generate/rollNo writes them (one statement, by city then name).
  await t.db.execute(numberApplicationsStatement({ id: advertisement.advertisementId, organizationId: advertisement.organizationId, fiscalYear: advertisement.fiscalYear }, rollFrom, false));
  await t.db.insert(schema.rollNumberSeries).values({
    advertisementId: advertisement.advertisementId,
    organizationId: advertisement.organizationId,
    fiscalYear: advertisement.fiscalYear,
    rollFrom,
    rollTo: rollFrom + Math.max(total, 1),
    generatedBy: admin,
  });

  const paperIds = await schedulePapers(t, advertisement.advertisementId, options.sittings, options.scheduleStatus ?? 'approved');
  const cities = rowsOf<CityRolls>(
    await t.db.execute(sql`
      select r.exam_centre_id as "examCentreId", ec.name_en as "nameEn", count(*)::int as count, min(r.roll_number) as "rollFrom", max(r.roll_number) as "rollTo"
      from roll_numbers r join exam_centres ec on ec.id = r.exam_centre_id
      where r.advertisement_id = ${advertisement.advertisementId}
      group by r.exam_centre_id, ec.name_en order by min(r.roll_number)`),
  ).map((row) => ({ ...row, examCentreId: Number(row.examCentreId), rollFrom: Number(row.rollFrom), rollTo: Number(row.rollTo) }));
  // A city without candidates still belongs to the advertisement's cities.
  const ordered = cityIds.map((id, index) => cities.find((city) => city.examCentreId === id) ?? { examCentreId: id, nameEn: `${prefix}-${String.fromCharCode(65 + index)} ${options.cities[index]!.nameEn}`, count: 0, rollFrom: 0, rollTo: -1 });
  return { advertisement, cities: ordered, paperIds };
}

/** The advertisement's exam papers (the post's, seeded when it has none), scheduled as given and approved. */
async function schedulePapers(t: Db, advertisementId: number, sittings: SittingTime[], status: 'approved' | 'pending' | 'review'): Promise<number[]> {
  const admin = await findAdministratorId(t.db);
  const [ad] = rowsOf<{ postId: number; groupId: number | null }>(await t.db.execute(sql`select post_id as "postId", group_id as "groupId" from advertisements where id = ${advertisementId}`));
  await seedExamPapers(t.db, { postId: Number(ad!.postId), serviceGroupId: ad!.groupId === null ? null : Number(ad!.groupId), actorUserId: admin });
  const papers = rowsOf<{ id: number; durationMinutes: number }>(
    await t.db.execute(sql`
      select p.id, p.duration_minutes as "durationMinutes" from advertisements ad join exam_papers p on p.post_id = ad.post_id
      where ad.id = ${advertisementId}
        and p.service_group_id is not distinct from (
          case when exists (select 1 from exam_papers g where g.post_id = ad.post_id and g.service_group_id = ad.group_id) then ad.group_id end)
      order by p.paper_order, p.id`),
  );
  if (papers.length < sittings.length) throw new Error(`the post has ${papers.length} papers, ${sittings.length} sittings asked`);
  await t.db.insert(schema.examSchedules).values({ advertisementId, status, savedBy: admin, ...(status === 'approved' ? { decidedBy: admin, decidedAt: new Date(), approvals: 1 } : {}) });
  await t.db.insert(schema.examSchedulePapers).values(
    papers.map((paper, index) => {
      const sitting = sittings[index];
      return sitting
        ? { advertisementId, examPaperId: Number(paper.id), examDate: sitting.examDate, startTime: sitting.startTime, durationMinutes: sitting.durationMinutes ?? 120 }
        : { advertisementId, examPaperId: Number(paper.id), skipped: true, skipReason: 'Not examined in this test', durationMinutes: Number(paper.durationMinutes) };
    }),
  );
  return papers.slice(0, sittings.length).map((paper) => Number(paper.id));
}

export type VenueInput = { nameEn: string; capacity: number; rooms?: { roomNumber: string; seats: number; floor?: string }[] };

/** Exam centres (schools) of a city with their rooms; answers their ids in the order given. */
export async function createVenues(t: Db, examCentreId: number, venues: VenueInput[]): Promise<number[]> {
  const ids: number[] = [];
  for (const venue of venues) {
    const [row] = await t.db
      .insert(schema.examVenues)
      .values({ examCentreId, nameEn: venue.nameEn, nameNp: `${venue.nameEn} विद्यालय`, addressEn: `${venue.nameEn} road`, addressNp: 'ठेगाना', capacity: venue.capacity })
      .returning({ id: schema.examVenues.id });
    ids.push(row!.id);
    if (venue.rooms?.length) {
      await t.db.insert(schema.examVenueRooms).values(venue.rooms.map((room) => ({ venueId: row!.id, roomNumber: room.roomNumber, seats: room.seats, floor: room.floor ?? null })));
    }
  }
  return ids;
}

/** Rooms of `capacity` seats split into rooms of at most `seatsPerRoom`, numbered 1, 2, ... */
export function roomsFor(capacity: number, seatsPerRoom = 40): { roomNumber: string; seats: number }[] {
  const rooms: { roomNumber: string; seats: number }[] = [];
  for (let left = capacity, n = 1; left > 0; left -= seatsPerRoom, n += 1) rooms.push({ roomNumber: String(n), seats: Math.min(seatsPerRoom, left) });
  return rooms;
}

/** The approved applicants an allocation must seat (as roll numbers counts them). */
export async function numberedCount(t: Db, advertisementId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from applications a where a.advertisement_id = ${advertisementId} and ${NUMBERED_APPLICATION}`));
  return Number(row?.n ?? 0);
}
