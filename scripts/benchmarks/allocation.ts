import { sql, type SQL } from 'drizzle-orm';
import { availableParallelism, loadavg } from 'node:os';
import { createAllocatableAdvertisement, createVenues } from '../../api/src/centre-allocation/centre-allocation.test-support';
import { createStaffUser } from '../../api/src/requisitions/requisition.test-support';
import { createTestApp } from '../../api/src/test-support/test-app';
import { startThrowawayCluster } from '../lib/postgres-cluster';
import { readBenchmarkOptions } from './seeded-api';

// `npm run bench -- allocation`: one sitting (one scheduled paper) of 100,000 candidates in 5
// cities, seated in 150 exam centres of 20 rooms each (3,000 rooms), on a throwaway PostgreSQL
// cluster (or TEST_POSTGRES_URL). Timed over the API, in process, as staff do it (spec §4 "Exam
// centre assignment", "Room and invigilator allocation"): the sitting's details with the centre
// proposal, its temporary and final save (the seat rows), then every centre's rooms split and
// saved final (room and seat for every candidate) by the two sitting-wide calls; a few centres
// are then redone one at a time, to show what a call costs per centre. Beside it the baseline:
// ONE SQL statement that gives every candidate the same centre, room and seat, run directly; the
// two results are compared row by row. Then 5,000 invigilators on duty get their SMS: the send
// over the API beside one plain insert of the same 5,000 outbox rows.

const DEFAULTS = { candidates: 100_000, cities: 5, centres: 150, rooms: 3_000, runs: 3 };

const loadAverage = () => loadavg().map((value) => value.toFixed(2)).join(', ');
const seconds = (ms: number) => (ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Range = { id: number; venueId: number; rollFrom: number; rollTo: number };

export async function benchAllocation() {
  const { numeric: options } = readBenchmarkOptions(DEFAULTS);
  for (const [name, value] of Object.entries(options)) if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number above 0`);
  const cluster = process.env.TEST_POSTGRES_URL ? undefined : await startThrowawayCluster(['shared_buffers=512MB', 'max_wal_size=4GB']);
  if (cluster) process.env.TEST_POSTGRES_URL = cluster.url;
  process.env.TEST_DATABASE = 'postgres';
  const t = await createTestApp();
  const rows = async <T>(query: SQL) => {
    const result = await t.db.execute(query);
    return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
  };
  try {
    const staff = await createStaffUser(t, { ECA: ['read', 'create', 'update', 'approve'], PEC: ['read', 'create', 'update', 'approve', 'delete'], BIS: ['read', 'create', 'update'] });
    const call = async (method: string, path: string, json?: unknown) => {
      const answer = await t.call(method, path, { token: staff.token, ...(json === undefined ? {} : { json }) });
      if (answer.status !== 200) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      return answer.body.data;
    };

    let at = performance.now();
    const perCity = Math.ceil(options.candidates / options.cities);
    const centresPerCity = Math.ceil(options.centres / options.cities);
    const roomsPerCentre = Math.ceil(options.rooms / options.centres);
    // Rooms of equal seats, their numbers zero-padded so that door order is text order, with 5% to spare.
    const seatsPerRoom = Math.ceil((perCity * 1.05) / (centresPerCity * roomsPerCentre));
    const ad = await createAllocatableAdvertisement(t, {
      cities: Array.from({ length: options.cities }, (_, index) => ({ nameEn: `City ${index + 1}`, candidates: perCity })),
      sittings: [{ examDate: '2027-05-01', startTime: '08:00', durationMinutes: 180 }],
    });
    const rooms = Array.from({ length: roomsPerCentre }, (_, index) => ({ roomNumber: String(index + 1).padStart(3, '0'), seats: seatsPerRoom }));
    for (const city of ad.cities) {
      await createVenues(t, city.examCentreId, Array.from({ length: centresPerCity }, (_, index) => ({ nameEn: `${city.nameEn} school ${index + 1}`, capacity: roomsPerCentre * seatsPerRoom, rooms })));
    }
    await t.db.execute(sql`vacuum analyze roll_numbers, applications, exam_venues, exam_venue_rooms, exam_schedule_papers`);
    const candidates = perCity * options.cities;
    console.log(`options: ${candidates.toLocaleString('en')} candidates of one sitting in ${options.cities} cities, ${centresPerCity * options.cities} centres of ${roomsPerCentre} rooms (${seatsPerRoom} seats each), ${options.runs} runs`);
    console.log(`seeded in ${seconds(performance.now() - at)}; load average ${loadAverage()} on ${availableParallelism()} cores (figures mean little on a busy machine)`);

    const advertisementId = ad.advertisement.advertisementId;
    const sittingPath = `/api/admin/centre-allocations/sittings/${advertisementId}/papers/${ad.paperIds[0]}`;
    const steps = { details: [] as number[], temporary: [] as number[], final: [] as number[], roomSplit: [] as number[], rooms: [] as number[], total: [] as number[] };
    let allocationId = 0;
    let ranges: Range[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      const started = performance.now();
      at = started;
      const sitting = (await call('GET', sittingPath)) as { proposal: { ranges: Omit<Range, 'id'>[]; leftOver: unknown[] } | null; ranges: Omit<Range, 'id'>[] };
      const proposed = (sitting.proposal?.ranges ?? sitting.ranges).map(({ venueId, rollFrom, rollTo }) => ({ venueId, rollFrom, rollTo }));
      if (sitting.proposal?.leftOver.length) throw new Error('the proposal left candidates without a centre');
      steps.details.push(performance.now() - at);
      at = performance.now();
      await call('PUT', sittingPath, { ranges: proposed });
      steps.temporary.push(performance.now() - at);
      at = performance.now();
      await call('POST', `${sittingPath}/final`, { ranges: proposed });
      steps.final.push(performance.now() - at);
      at = performance.now();
      [{ allocationId }] = await rows<{ allocationId: number }>(sql`select id as "allocationId" from centre_allocations where advertisement_id = ${advertisementId}`);
      ranges = await rows<Range>(sql`select id, venue_id as "venueId", roll_from as "rollFrom", roll_to as "rollTo" from centre_allocation_ranges where allocation_id = ${allocationId} order by roll_from`);
      // Every centre's rooms as a section officer seats a big sitting: the default split saved
      // for every centre, then every centre made final, one call each.
      const split = (await call('PUT', `/api/admin/room-allocation/allocations/${allocationId}/default-split`)) as { saved: number; problems: unknown[] };
      if (split.saved !== ranges.length) throw new Error(`the default split saved ${split.saved} of ${ranges.length} centres: ${JSON.stringify(split.problems).slice(0, 300)}`);
      steps.roomSplit.push(performance.now() - at);
      await call('POST', `/api/admin/room-allocation/allocations/${allocationId}/final`);
      steps.rooms.push(performance.now() - at);
      steps.total.push(performance.now() - started);
      const [seated] = await rows<{ seated: number }>(sql`select count(*)::int as seated from seat_assignments where allocation_id = ${allocationId} and seat_number is not null`);
      if (Number(seated!.seated) !== candidates) throw new Error(`${seated!.seated} seated, not ${candidates}`);
      if (run < options.runs - 1) {
        for (const range of ranges) await call('DELETE', `/api/admin/room-allocation/ranges/${range.id}`);
        await call('POST', `${sittingPath}/revert`);
        await t.db.execute(sql`vacuum analyze seat_assignments, centre_allocation_ranges`);
      }
    }

    // One centre at a time, for the per-call cost: the first few centres reverted, then each
    // saved and made final by its own calls (the seats are the same, so the comparison below holds).
    const alone = ranges.slice(0, Math.min(10, ranges.length));
    for (const range of alone) await call('DELETE', `/api/admin/room-allocation/ranges/${range.id}`);
    await t.db.execute(sql`vacuum analyze seat_assignments, centre_allocation_ranges, room_allocations`);
    const perRange = { save: 0, final: 0 };
    for (const range of alone) {
      at = performance.now();
      await call('PUT', `/api/admin/room-allocation/ranges/${range.id}`, {});
      perRange.save += performance.now() - at;
      at = performance.now();
      await call('POST', `/api/admin/room-allocation/ranges/${range.id}/final`);
      perRange.final += performance.now() - at;
    }

    // The API's seats, kept aside, then the baseline: one statement that seats every candidate of
    // the sitting, city by city, through the centres (by id) and their rooms (in door order) seat by seat.
    await t.db.execute(sql`create table bench_api_seats as select application_id, roll_number, venue_id, room_id, seat_number from seat_assignments where allocation_id = ${allocationId}`);
    const baseline = sql`
      insert into seat_assignments (allocation_id, application_id, roll_number, venue_id, room_id, seat_number)
      select ${allocationId}, c.application_id, c.roll_number, s.venue_id, s.room_id, s.seat
      from (
        select application_id, roll_number, exam_centre_id, row_number() over (partition by exam_centre_id order by roll_number) as position
        from roll_numbers where advertisement_id = ${advertisementId}
      ) c
      join (
        select v.exam_centre_id, v.id as venue_id, r.id as room_id, seat,
          row_number() over (partition by v.exam_centre_id order by v.id, r.room_number, seat) as position
        from exam_venues v join exam_venue_rooms r on r.venue_id = v.id and r.is_active
        cross join generate_series(1, r.seats) as seat
        where v.is_active and v.exam_centre_id in (select distinct exam_centre_id from roll_numbers where advertisement_id = ${advertisementId})
      ) s on s.exam_centre_id = c.exam_centre_id and s.position = c.position`;
    const direct: number[] = [];
    for (let run = 0; run < options.runs; run += 1) {
      await t.db.execute(sql`delete from seat_assignments where allocation_id = ${allocationId}`);
      await t.db.execute(sql`vacuum analyze seat_assignments`);
      at = performance.now();
      await t.db.execute(baseline);
      direct.push(performance.now() - at);
    }
    const [difference] = await rows<{ different: number }>(sql`
      select count(*)::int as different from (
        (select application_id, roll_number, venue_id, room_id, seat_number from seat_assignments where allocation_id = ${allocationId} except select * from bench_api_seats)
        union all (select * from bench_api_seats except select application_id, roll_number, venue_id, room_id, seat_number from seat_assignments where allocation_id = ${allocationId})) d`);

    const api = median(steps.total);
    const base = median(direct);
    console.log(`\nseating one sitting, median of ${options.runs} (target: proposal, final save and rooms together at most 5 s):`);
    console.log(`  details with the centre proposal: ${seconds(median(steps.details))} (runs: ${steps.details.map(seconds).join(', ')})`);
    console.log(`  temporary save of ${ranges.length} ranges: ${seconds(median(steps.temporary))} (runs: ${steps.temporary.map(seconds).join(', ')})`);
    console.log(`  final save, ${candidates.toLocaleString('en')} seat rows: ${seconds(median(steps.final))} (runs: ${steps.final.map(seconds).join(', ')})`);
    console.log(
      `  ${ranges.length} centres' rooms split and saved final (2 sitting-wide calls): ${seconds(median(steps.rooms))} (runs: ${steps.rooms.map(seconds).join(', ')}; of which the default split: ${steps.roomSplit.map(seconds).join(', ')})`,
    );
    console.log(`    one centre at a time, ${alone.length} centres: ${seconds(perRange.save / alone.length)} a temporary save, ${seconds(perRange.final / alone.length)} a final save`);
    console.log(`  all of it over the API: ${seconds(api)} (runs: ${steps.total.map(seconds).join(', ')})`);
    console.log(`  the one statement seating the same candidates, run directly: ${seconds(base)} (runs: ${direct.map(seconds).join(', ')})`);
    console.log(`  seats that differ between the two: ${difference!.different}`);
    console.log(`  ratio statement / API: ${(base / api).toFixed(2)}; load average now ${loadAverage()}`);
    // SMS: every centre's chief and its rooms' invigilators (one per room, the rest two) up to 5,000 duties, final.
    const [window] = await rows<{ startsAt: string; endsAt: string }>(sql`
      select (exam_date + start_time) at time zone 'Asia/Kathmandu' as "startsAt", (exam_date + start_time + make_interval(mins => duration_minutes)) at time zone 'Asia/Kathmandu' as "endsAt"
      from exam_schedule_papers where advertisement_id = ${advertisementId} and exam_paper_id = ${ad.paperIds[0]}`);
    await t.db.execute(sql`
      with duties as (
        select g.id as range_id, null::int as room_id, 'chief' as duty, row_number() over () as n from centre_allocation_ranges g where g.allocation_id = ${allocationId}
        union all
        select g.id, r.id, 'room', ${ranges.length} + row_number() over (order by g.id, r.id, k)
        from centre_allocation_ranges g join exam_venue_rooms r on r.venue_id = g.venue_id cross join generate_series(1, 2) k where g.allocation_id = ${allocationId}
      ), people as (
        insert into invigilators (name_en, name_np, mobile) select 'Bench invigilator ' || n, 'बेन्च निरीक्षक ' || n, '98' || lpad(n::text, 8, '0') from generate_series(1, 5000) n returning id
      ), numbered as (select id, row_number() over (order by id) as n from people)
      insert into invigilator_assignments (range_id, room_id, invigilator_id, duty, starts_at, ends_at)
      select d.range_id, d.room_id, p.id, d.duty, ${window!.startsAt}::timestamptz, ${window!.endsAt}::timestamptz from duties d join numbered p on p.n = d.n`);
    await t.db.execute(sql`update centre_allocation_ranges set invigilator_status = 'final' where allocation_id = ${allocationId}`);
    await t.db.execute(sql`vacuum analyze invigilator_assignments, invigilators, sms_outbox`);
    at = performance.now();
    const sent = (await call('POST', `/api/admin/invigilator-sms/sittings/${allocationId}/send`, {})) as { queued: number };
    const smsApi = performance.now() - at;
    const [queued] = await rows<{ bodies: string[] }>(sql`select array_agg(body order by id) as bodies from sms_outbox where kind = 'invigilator-duty'`);
    await t.db.execute(sql`create table bench_sms as select to_number, body, kind from sms_outbox where kind = 'invigilator-duty'`);
    at = performance.now();
    await t.db.execute(sql`insert into sms_outbox (to_number, body, kind) select to_number, body, 'bench-baseline' from bench_sms`);
    const smsDirect = performance.now() - at;

    console.log(`\ninvigilator SMS: ${sent.queued.toLocaleString('en')} duties queued over the API in ${seconds(smsApi)} (target at most 1 s); the same ${queued!.bodies.length.toLocaleString('en')} rows inserted directly in ${seconds(smsDirect)}; ratio ${(smsDirect / smsApi).toFixed(2)}`);
  } finally {
    await t.close();
    cluster?.stop();
  }
}
