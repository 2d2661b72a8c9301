// Bulk invigilator SMS tests: a sitting whose centres, rooms and invigilator duties are written
// straight into the tables, as the allocation stages would leave them (those stages are tested on
// their own). Also used by the workstation's end-to-end test.
import { toDevanagariDigits } from '@psc/core';
import { DEMO_ACCOUNTS, type Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { rowsOf } from '../applications/rows-of';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';

export type SeatedInvigilator = { id: number; nameEn: string; nameNp: string; mobile: string | null };
export type SeatedCentre = { venueId: number; rangeId: number; nameNp: string; rooms: { id: number; roomNumber: string }[]; chief: SeatedInvigilator; roomInvigilators: SeatedInvigilator[] };
export type SeatedSitting = { allocationId: number; advertisementId: number; advertisementCode: string; examDate: string; centres: SeatedCentre[] };

const one = async <T>(db: Database, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;

export type CentrePlan = { nameNp: string; rooms: string[]; invigilatorsPerRoom?: number; mobiles?: (string | null)[]; invigilatorStatus?: 'temporary' | 'forwarded' | 'final' };

/**
 * An advertisement with a scheduled paper on `examDate` at 11:00, its centre allocation, and per
 * centre the rooms given, a chief and `invigilatorsPerRoom` invigilators in each room. Mobiles
 * are 98xxxxxxxx numbers unless `mobiles` gives them (in the order chief, then room by room).
 */
export async function seatSitting(db: Database, centres: CentrePlan[], examDate = '2025-12-06'): Promise<SeatedSitting> {
  const tag = randomBytes(3).toString('hex');
  const admin = await one<{ id: number }>(db, sql`select id from users where username = ${DEMO_ACCOUNTS.administrator.username}`);
  const seeded = await createAdvertisementFixture(db, { status: 'published' });
  const code = seeded.code;
  const advertisement = { id: seeded.advertisementId };
  const organization = { id: seeded.organizationId };
  const post = await one<{ id: number }>(db, sql`select post_id as id from advertisements where id = ${advertisement.id}`);
  const paper = await one<{ id: number }>(
    db,
    sql`insert into exam_papers (post_id, service_group_id, paper_order, test_type, paper_type, subject_name_en, subject_name_np, full_marks, pass_marks, duration_minutes, exam_option, created_by)
        values (${post.id}, null, (select coalesce(max(paper_order), 0) + 1 from exam_papers where post_id = ${post.id} and service_group_id is null), 'written', 'objective', ${`General knowledge ${tag}`}, 'सामान्य ज्ञान', 100, 40, 120, 'compulsory', ${admin.id})
        returning id`,
  );
  await db.execute(sql`insert into exam_schedules (advertisement_id, status, saved_by) values (${advertisement.id}, 'approved', ${admin.id})`);
  await db.execute(sql`insert into exam_schedule_papers (advertisement_id, exam_paper_id, exam_date, start_time, duration_minutes) values (${advertisement.id}, ${paper.id}, ${examDate}, '11:00', 120)`);
  const allocation = await one<{ id: number }>(db, sql`insert into centre_allocations (advertisement_id, exam_paper_id, status, saved_by) values (${advertisement.id}, ${paper.id}, 'final', ${admin.id}) returning id`);
  const city = await one<{ id: number }>(db, sql`insert into exam_centres (organization_id, name_en, name_np, center_capacity) values (${organization.id}, ${`City ${tag}`}, ${`शहर ${tag}`}, 5000) returning id`);
  const startsAt = `${examDate}T11:00:00+05:45`;
  const endsAt = `${examDate}T13:00:00+05:45`;
  const seated: SeatedCentre[] = [];
  let roll = 100000;
  let person = 0;
  for (const [index, plan] of centres.entries()) {
    const venue = await one<{ id: number }>(
      db,
      sql`insert into exam_venues (exam_centre_id, name_en, name_np, address_en, address_np, capacity) values (${city.id}, ${`Centre ${index + 1} ${tag}`}, ${plan.nameNp}, 'Kathmandu', 'काठमाडौं', 5000) returning id`,
    );
    const range = await one<{ id: number }>(
      db,
      sql`insert into centre_allocation_ranges (allocation_id, venue_id, roll_from, roll_to, candidates, room_status, invigilator_status) values (${allocation.id}, ${venue.id}, ${roll}, ${roll + 99}, 100, 'final', ${plan.invigilatorStatus ?? 'final'}) returning id`,
    );
    roll += 100;
    const rooms: { id: number; roomNumber: string }[] = [];
    for (const roomNumber of plan.rooms) {
      rooms.push({ ...(await one<{ id: number }>(db, sql`insert into exam_venue_rooms (venue_id, room_number, seats) values (${venue.id}, ${roomNumber}, 40) returning id`)), roomNumber });
    }
    let mobileIndex = 0;
    const invigilator = async (): Promise<SeatedInvigilator> => {
      person += 1;
      const given = plan.mobiles && mobileIndex < plan.mobiles.length ? plan.mobiles[mobileIndex] : undefined;
      mobileIndex += 1;
      const mobile = given === undefined ? `98${String(10_000_000 + Math.floor(Math.random() * 89_999_999)).padStart(8, '0')}` : given;
      const nameEn = `Invigilator ${person} ${tag}`;
      const nameNp = `निरीक्षक ${toDevanagariDigits(person)}`;
      const row = await one<{ id: number }>(db, sql`insert into invigilators (organization_id, name_en, name_np, mobile) values (${organization.id}, ${nameEn}, ${nameNp}, ${mobile}) returning id`);
      return { id: row.id, nameEn, nameNp, mobile };
    };
    const chief = await invigilator();
    await db.execute(sql`insert into invigilator_assignments (range_id, room_id, invigilator_id, duty, starts_at, ends_at) values (${range.id}, null, ${chief.id}, 'chief', ${startsAt}, ${endsAt})`);
    const roomInvigilators: SeatedInvigilator[] = [];
    for (const room of rooms) {
      for (let n = 0; n < (plan.invigilatorsPerRoom ?? 1); n += 1) {
        const one = await invigilator();
        roomInvigilators.push(one);
        await db.execute(sql`insert into invigilator_assignments (range_id, room_id, invigilator_id, duty, starts_at, ends_at) values (${range.id}, ${room.id}, ${one.id}, 'room', ${startsAt}, ${endsAt})`);
      }
    }
    seated.push({ venueId: venue.id, rangeId: range.id, nameNp: plan.nameNp, rooms, chief, roomInvigilators });
  }
  return { allocationId: allocation.id, advertisementId: advertisement.id, advertisementCode: code, examDate, centres: seated };
}

/** Many duties at once (the 5,000-message queue), written set-based: `count` invigilators in one centre's rooms of 1 each. */
export async function seatManyInvigilators(db: Database, sitting: SeatedSitting, count: number): Promise<void> {
  const centre = sitting.centres[0]!;
  const tag = randomBytes(3).toString('hex');
  await db.execute(sql`
    with rooms as (
      insert into exam_venue_rooms (venue_id, room_number, seats)
      select ${centre.venueId}, ${`M${tag}-`} || n, 40 from generate_series(1, ${count}) n
      returning id, room_number
    ), people as (
      insert into invigilators (name_en, name_np, mobile)
      select ${`Bulk ${tag} `} || n, 'निरीक्षक ' || n, '98' || lpad(n::text, 8, '0') from generate_series(1, ${count}) n
      returning id, name_en
    )
    insert into invigilator_assignments (range_id, room_id, invigilator_id, duty, starts_at, ends_at)
    select ${centre.rangeId}, r.id, p.id, 'room', ${`${sitting.examDate}T11:00:00+05:45`}, ${`${sitting.examDate}T13:00:00+05:45`}
    from rooms r join people p on split_part(r.room_number, '-', 2) = split_part(p.name_en, ' ', 3)`);
}
