import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../applications/rows-of';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createNumberedSitting, createVenue, finalCentreAllocation } from './room-allocation.test-support';

// The sitting-wide room steps (spec §4 "Room and invigilator allocation: temporary save, revert,
// forward or final save"): every centre of a sitting split with the default split and saved for
// now in one call, and every saved or forwarded centre made final in one call, with the same
// states and privileges as one centre's save and final save.

let t: TestApp;
let officer: StaffUser; // PEC, every action
let maker: StaffUser; // PEC, saves and forwards but does not approve
let reader: StaffUser; // PEC, read only
let outsider: StaffUser;

// Sitting 1: school A (7 candidates; rooms "10" of 4, "2" of 3, "1" of 2), school B (5; one room
// of 3: too few seats), school C (4; no room at all), school D (6; one room of 10, saved by hand
// before the sitting-wide save).
let allocation1: number;
let rangeA: number;
let rangeB: number;
let rangeC: number;
let rangeD: number;
let roomsA: number[];
let roomsD: number[];

const call = (method: string, path: string, user: StaffUser = officer, lang: 'en' | 'ne' = 'en', json?: unknown) =>
  t.call(method, `/api/admin${path}`, { token: user.token, lang, ...(json === undefined ? {} : { json }) });
const statusOf = async (rangeId: number) => rowsOf<{ room: string }>(await t.db.execute(sql`select room_status as room from centre_allocation_ranges where id = ${rangeId}`))[0]!.room;
const seatsOf = async (allocationId: number) =>
  rowsOf<{ rollNumber: number; roomId: number | null; seatNumber: number | null }>(
    await t.db.execute(sql`select roll_number::float8 as "rollNumber", room_id as "roomId", seat_number as "seatNumber" from seat_assignments where allocation_id = ${allocationId} order by roll_number`),
  ).map((row) => ({ rollNumber: Number(row.rollNumber), roomId: row.roomId === null ? null : Number(row.roomId), seatNumber: row.seatNumber }));
const sharesOf = async (rangeId: number) =>
  rowsOf<{ roomId: number; rollFrom: number; rollTo: number; candidates: number }>(
    await t.db.execute(sql`select room_id as "roomId", roll_from::float8 as "rollFrom", roll_to::float8 as "rollTo", candidates from room_allocations where range_id = ${rangeId} order by roll_from`),
  ).map((row) => ({ roomId: Number(row.roomId), rollFrom: Number(row.rollFrom), rollTo: Number(row.rollTo), candidates: Number(row.candidates) }));

type Answer = { allocationId: number; saved: number; skipped: number; seated: number; problems: { rangeId: number; venueNameEn: string; rollFrom: number; rollTo: number; messageKey: string; message: string }[] };

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaffUser(t, { PEC: ['read', 'create', 'update', 'delete', 'approve'] });
  maker = await createStaffUser(t, { PEC: ['read', 'create'] });
  reader = await createStaffUser(t, { PEC: ['read'] });
  outsider = await createStaffUser(t, { MC: ['read', 'create'], ES: ['read', 'create', 'approve'], ECA: ['read', 'create', 'approve'] });

  const s1 = await createNumberedSitting(t, { cities: [7, 5, 4, 6], rollFrom: 610001, examDate: '2031-04-10', startTime: '10:00', durationMinutes: 120 });
  const a = await createVenue(t, s1.cityIds[0]!, 'School A', [
    { roomNumber: '10', seats: 4 },
    { roomNumber: '2', seats: 3 },
    { roomNumber: '1', seats: 2 },
  ]);
  roomsA = a.roomIds;
  const b = await createVenue(t, s1.cityIds[1]!, 'School B', [{ roomNumber: '1', seats: 3 }]);
  const c = await createVenue(t, s1.cityIds[2]!, 'School C', []);
  const d = await createVenue(t, s1.cityIds[3]!, 'School D', [
    { roomNumber: '1', seats: 10 },
    { roomNumber: '2', seats: 10 },
  ]);
  roomsD = d.roomIds;
  const made = await finalCentreAllocation(
    t,
    s1,
    [a, b, c, d].map((venue, index) => ({ venueId: venue.venueId, cityId: s1.cityIds[index]! })),
  );
  allocation1 = made.allocationId;
  [rangeA, rangeB, rangeC, rangeD] = made.rangeIds as [number, number, number, number];
});
afterAll(() => t.close());

describe('authorisation', () => {
  it('refuses both sitting-wide routes without the privilege, and the signed-out; saving needs create, the final save approve', async () => {
    for (const [method, path] of [
      ['PUT', `/room-allocation/allocations/${allocation1}/default-split`],
      ['POST', `/room-allocation/allocations/${allocation1}/final`],
    ] as const) {
      expect((await call(method, path, outsider)).status, `${method} ${path}`).toBe(403);
      expect((await call(method, path, reader)).status, `${method} ${path}`).toBe(403);
      expect((await t.call(method, `/api/admin${path}`)).status, `${method} ${path}`).toBe(401);
    }
    // The maker may save but not approve: the final save is the approver's.
    expect((await call('POST', `/room-allocation/allocations/${allocation1}/final`, maker)).status).toBe(403);
    expect(await Promise.all([rangeA, rangeB, rangeC, rangeD].map(statusOf))).toEqual(['pending', 'pending', 'pending', 'pending']);
  });

  it('answers 404 for an unknown sitting and 400 for an id that is not one', async () => {
    const missing = await call('PUT', '/room-allocation/allocations/999999/default-split');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('There is no such sitting allocation.');
    expect((await call('POST', '/room-allocation/allocations/999999/final', officer, 'ne')).body.message).toBe('यस्तो परीक्षाको बाँडफाँट छैन।');
    expect((await call('PUT', '/room-allocation/allocations/abc/default-split')).status).toBe(400);
  });
});

describe('the sitting-wide default split and final save', () => {
  it('saves every pending centre with the default split, leaves a saved one alone and reports the centres whose rooms do not fit', async () => {
    // School D saved by hand first, its split not the default one: left as it is.
    const handSplit = [
      { roomId: roomsD[1]!, rollFrom: 610017, rollTo: 610019 },
      { roomId: roomsD[0]!, rollFrom: 610020, rollTo: 610022 },
    ];
    expect((await call('PUT', `/room-allocation/ranges/${rangeD}`, officer, 'en', { shares: handSplit })).status).toBe(200);

    const answer = await call('PUT', `/room-allocation/allocations/${allocation1}/default-split`, maker);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('The default split has been saved for now at the centres still pending.');
    const data = answer.body.data as Answer;
    expect(data).toMatchObject({ allocationId: allocation1, saved: 1, skipped: 1, seated: 0 });
    expect(data.problems.map((problem) => [problem.rangeId, problem.venueNameEn, problem.rollFrom, problem.rollTo, problem.message])).toEqual([
      [rangeB, 'School B', 610008, 610012, 'The range holds 5 candidates but the rooms of this centre seat 3.'],
      [rangeC, 'School C', 610013, 610016, 'This exam centre has no active rooms: add its rooms in master data first.'],
    ]);
    expect(await Promise.all([rangeA, rangeB, rangeC, rangeD].map(statusOf))).toEqual(['temporary', 'pending', 'pending', 'temporary']);
    // School A: rooms in door order (1, 2, 10), each filled up to its seats.
    const [room10, room2, room1] = roomsA as [number, number, number];
    expect(await sharesOf(rangeA)).toEqual([
      { roomId: room1, rollFrom: 610001, rollTo: 610002, candidates: 2 },
      { roomId: room2, rollFrom: 610003, rollTo: 610005, candidates: 3 },
      { roomId: room10, rollFrom: 610006, rollTo: 610007, candidates: 2 },
    ]);
    expect(await sharesOf(rangeD)).toEqual(handSplit.map((share) => ({ ...share, candidates: 3 })));
    // One audit row per centre saved, as a centre's own save writes, naming the sitting.
    const audit = rowsOf<{ entityId: string; actor: number; sitting: number }>(
      await t.db.execute(sql`
        select entity_id as "entityId", actor_user_id as actor, (after->>'sitting')::int as sitting from audit_log
        where action = 'room-allocation-save' and entity = 'centre_allocation_ranges' and entity_id in (${String(rangeA)}, ${String(rangeB)}, ${String(rangeC)}) order by id`),
    );
    expect(audit.map((row) => [row.entityId, Number(row.actor), Number(row.sitting)])).toEqual([[String(rangeA), maker.userId, allocation1]]);
  });

  it('names the problems in the caller\u2019s language; a second call counts the saved centre as left alone', async () => {
    const answer = await call('PUT', `/room-allocation/allocations/${allocation1}/default-split`, officer, 'ne');
    expect(answer.status).toBe(200);
    const data = answer.body.data as Answer;
    expect(data).toMatchObject({ saved: 0, skipped: 2 });
    expect(data.problems.map((problem) => problem.message)).toEqual(['दायरामा ५ जना उम्मेदवार छन् तर यस केन्द्रका कोठामा ३ सिट मात्र छन्।', 'यस परीक्षा केन्द्रमा सक्रिय कोठा छैन: पहिले मास्टर डाटामा कोठा थप्नुहोस्।']);
  });

  it('makes every saved or forwarded centre final, reporting one whose rooms changed since, and leaves pending ones alone', async () => {
    expect((await call('POST', `/room-allocation/ranges/${rangeD}/forward`, maker)).status).toBe(200);
    // School A's room 1 closes after the save: its share no longer fits, so A is reported and stays saved.
    await t.db.execute(sql`update exam_venue_rooms set is_active = false where id = ${roomsA[2]!}`);
    const answer = await call('POST', `/room-allocation/allocations/${allocation1}/final`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Saved for good at every centre saved or forwarded: their candidates have a room and a seat.');
    const data = answer.body.data as Answer;
    expect(data).toMatchObject({ saved: 1, skipped: 2, seated: 6 });
    expect(data.problems.map((problem) => [problem.rangeId, problem.messageKey])).toEqual([[rangeA, 'roomAllocation.unknownRoom']]);
    expect(await Promise.all([rangeA, rangeB, rangeC, rangeD].map(statusOf))).toEqual(['temporary', 'pending', 'pending', 'final']);
    const [room1D, room2D] = roomsD as [number, number];
    expect((await seatsOf(allocation1)).filter((seat) => seat.rollNumber >= 610017)).toEqual([
      { rollNumber: 610017, roomId: room2D, seatNumber: 1 },
      { rollNumber: 610018, roomId: room2D, seatNumber: 2 },
      { rollNumber: 610019, roomId: room2D, seatNumber: 3 },
      { rollNumber: 610020, roomId: room1D, seatNumber: 1 },
      { rollNumber: 610021, roomId: room1D, seatNumber: 2 },
      { rollNumber: 610022, roomId: room1D, seatNumber: 3 },
    ]);
    expect((await seatsOf(allocation1)).filter((seat) => seat.rollNumber < 610017).every((seat) => seat.roomId === null)).toBe(true);

    // Room 1 open again: A is made final; D, final already, is left alone.
    await t.db.execute(sql`update exam_venue_rooms set is_active = true where id = ${roomsA[2]!}`);
    const again = (await call('POST', `/room-allocation/allocations/${allocation1}/final`)).body.data as Answer;
    expect(again).toMatchObject({ saved: 1, skipped: 3, seated: 7, problems: [] });
    expect((await seatsOf(allocation1)).filter((seat) => seat.rollNumber <= 610007).map((seat) => seat.seatNumber)).toEqual([1, 2, 1, 2, 3, 1, 2]);
    const audit = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from audit_log where action = 'room-allocation-final' and entity = 'centre_allocation_ranges' and (after->>'sitting')::int = ${allocation1}`),
    );
    expect(audit[0]!.n).toBe(2);
  });

  it('refuses both once the sitting is complete, and before its centre allocation is final', async () => {
    for (const [status, message] of [
      ['complete', 'The allocation of this sitting is complete: nothing changes any more.'],
      ['temporary', 'The centre allocation of this sitting is not final: rooms are allocated once every roll number has a centre.'],
    ]) {
      await t.db.execute(sql`update centre_allocations set status = ${status} where id = ${allocation1}`);
      for (const [method, path] of [
        ['PUT', `/room-allocation/allocations/${allocation1}/default-split`],
        ['POST', `/room-allocation/allocations/${allocation1}/final`],
      ] as const) {
        const answer = await call(method, path);
        expect(answer.status).toBe(422);
        expect(answer.body.message).toBe(message);
      }
    }
    await t.db.execute(sql`update centre_allocations set status = 'final' where id = ${allocation1}`);
  });
});

describe('the same seats as one centre at a time', () => {
  it('seats every candidate exactly as the per-centre save and final save do', async () => {
    const sitting = await createNumberedSitting(t, { cities: [23, 9, 14], rollFrom: 620001, examDate: '2031-04-11', startTime: '10:00', durationMinutes: 120 });
    const rooms = (seats: number[]) => seats.map((count, index) => ({ roomNumber: String(index + 1), seats: count }));
    const venues = [
      await createVenue(t, sitting.cityIds[0]!, 'Campus One', rooms([5, 8, 6, 7])),
      await createVenue(t, sitting.cityIds[1]!, 'Campus Two', rooms([4, 4, 4])),
      await createVenue(t, sitting.cityIds[2]!, 'Campus Three', rooms([20])),
    ];
    const { allocationId, rangeIds } = await finalCentreAllocation(
      t,
      sitting,
      venues.map((venue, index) => ({ venueId: venue.venueId, cityId: sitting.cityIds[index]! })),
    );
    for (const rangeId of rangeIds) {
      expect((await call('PUT', `/room-allocation/ranges/${rangeId}`, officer, 'en', {})).status).toBe(200);
      expect((await call('POST', `/room-allocation/ranges/${rangeId}/final`)).status).toBe(200);
    }
    const onePerCentre = await seatsOf(allocationId);
    expect(onePerCentre.every((seat) => seat.seatNumber !== null)).toBe(true);
    for (const rangeId of rangeIds) expect((await call('DELETE', `/room-allocation/ranges/${rangeId}`)).status).toBe(200);
    expect((await seatsOf(allocationId)).every((seat) => seat.seatNumber === null)).toBe(true);

    // A centre saved alone at the same moment as the sitting: both wait their turn on the allocation's lock.
    const [sittingWide, alone] = await Promise.all([call('PUT', `/room-allocation/allocations/${allocationId}/default-split`), call('PUT', `/room-allocation/ranges/${rangeIds[1]}`, officer, 'en', {})]);
    expect([sittingWide.status, alone.status]).toEqual([200, 200]);
    expect((sittingWide.body.data as Answer).saved + (sittingWide.body.data as Answer).skipped).toBe(3);
    const final = await call('POST', `/room-allocation/allocations/${allocationId}/final`);
    expect(final.body.data).toMatchObject({ saved: 3, skipped: 0, seated: 46, problems: [] });
    expect(await seatsOf(allocationId)).toEqual(onePerCentre);
  });
});
