import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../applications/rows-of';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createInvigilators, createNumberedSitting, createVenue, finalCentreAllocation, type Sitting } from './room-allocation.test-support';

// spec §4 "Room and invigilator allocation: temporary save, revert, forward or final save"; §7
// "Room and invigilator allocation: temporary and final save by {id}, revert (DELETE), forward
// advertisement by {id}, existing room allocation by {id}, invigilator allocated by {id}";
// "Attendance and reports: ... gate and room lists".

// On the PostgreSQL tier two requests can run at once and one can wait on another's lock.
const onPostgres = process.env.TEST_DATABASE === 'postgres' && process.env.TEST_POSTGRES_URL !== undefined;

let t: TestApp;
let officer: StaffUser; // PEC, every action
let reader: StaffUser; // PEC, read only
let examSection: StaffUser; // ES, every action
let outsider: StaffUser;

// Sitting 1 (10:00-13:00): city A's 7 candidates at school A (rooms "10" of 4, "2" of 3, "1" of 2);
// city B's 5 at school B (one room of 3: too small until a room is added).
// Sitting 2, another advertisement (12:00-13:00, overlapping sitting 1): 3 candidates at school C.
// Sitting 3, a third advertisement (13:00-14:00, right after sitting 1): 2 candidates at school D.
let s1: Sitting;
let rangeA: number;
let rangeB: number;
let rangeC: number;
let rangeD: number;
let roomsA: number[];
let venueB: number;
let code1: string;
let people: { chiefs: number[]; assistants: number[] };
const examDate = '2031-01-10';

const call = (method: string, path: string, json?: unknown, user: StaffUser = officer, lang: 'en' | 'ne' = 'en') => t.call(method, `/api/admin${path}`, { token: user.token, lang, ...(json === undefined ? {} : { json }) });
const statusOf = async (rangeId: number) =>
  rowsOf<{ room: string; invigilator: string }>(await t.db.execute(sql`select room_status as room, invigilator_status as invigilator from centre_allocation_ranges where id = ${rangeId}`))[0]!;
const seatsOf = async (allocationId: number, venueId?: number) =>
  rowsOf<{ rollNumber: number; roomId: number | null; seatNumber: number | null }>(
    await t.db.execute(sql`
      select roll_number::float8 as "rollNumber", room_id as "roomId", seat_number as "seatNumber" from seat_assignments
      where allocation_id = ${allocationId} ${venueId ? sql`and venue_id = ${venueId}` : sql``} order by roll_number`),
  );

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaffUser(t, { PEC: ['read', 'create', 'update', 'delete', 'approve'] });
  reader = await createStaffUser(t, { PEC: ['read'] });
  examSection = await createStaffUser(t, { ES: ['read', 'create', 'update', 'delete', 'approve'] });
  outsider = await createStaffUser(t, { MC: ['read', 'create'], SA: ['read', 'create'], ECA: ['read', 'create'] });

  s1 = await createNumberedSitting(t, { cities: [7, 5], rollFrom: 710001, examDate, startTime: '10:00', durationMinutes: 180 });
  code1 = s1.advertisement.code;
  const a = await createVenue(t, s1.cityIds[0]!, 'School A', [
    { roomNumber: '10', seats: 4 },
    { roomNumber: '2', seats: 3 },
    { roomNumber: '1', seats: 2 },
    { roomNumber: '3', seats: 50, isActive: false },
  ]);
  roomsA = a.roomIds;
  const b = await createVenue(t, s1.cityIds[1]!, 'School B', [{ roomNumber: '1', seats: 3 }]);
  venueB = b.venueId;
  [rangeA, rangeB] = (
    await finalCentreAllocation(t, s1, [
      { venueId: a.venueId, cityId: s1.cityIds[0]! },
      { venueId: b.venueId, cityId: s1.cityIds[1]! },
    ])
  ).rangeIds as [number, number];

  const s2 = await createNumberedSitting(t, { cities: [3], rollFrom: 720001, examDate, startTime: '12:00', durationMinutes: 60 });
  const c = await createVenue(t, s2.cityIds[0]!, 'School C', [{ roomNumber: '1', seats: 30 }]);
  [rangeC] = (await finalCentreAllocation(t, s2, [{ venueId: c.venueId, cityId: s2.cityIds[0]! }])).rangeIds as [number];
  const s3 = await createNumberedSitting(t, { cities: [2], rollFrom: 730001, examDate, startTime: '13:00', durationMinutes: 60 });
  const d = await createVenue(t, s3.cityIds[0]!, 'School D', [{ roomNumber: '1', seats: 30 }]);
  [rangeD] = (await finalCentreAllocation(t, s3, [{ venueId: d.venueId, cityId: s3.cityIds[0]! }])).rangeIds as [number];

  people = await createInvigilators(t, ['Chief One', 'Chief Two'], ['Asha Invigilator', 'Bimal Invigilator', 'Chandra Invigilator', 'Dipa Invigilator']);
});
afterAll(() => t.close());

describe('authorisation', () => {
  it('refuses every route without the privilege, and the signed-out', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/room-allocation/ranges'],
      ['GET', `/room-allocation/ranges/${rangeA}`],
      ['PUT', `/room-allocation/ranges/${rangeA}`, {}],
      ['POST', `/room-allocation/ranges/${rangeA}/forward`],
      ['POST', `/room-allocation/ranges/${rangeA}/final`],
      ['DELETE', `/room-allocation/ranges/${rangeA}`],
      ['GET', '/exam-centre-reports/sittings'],
      ['GET', `/exam-centre-reports/sittings/1`],
      ['GET', `/exam-centre-reports/ranges/${rangeA}/gate-list`],
      ...['/invigilator-allocation', '/invigilator-duties'].flatMap((prefix): [string, string, unknown?][] => [
        ['GET', `${prefix}/ranges`],
        ['GET', `${prefix}/ranges/${rangeA}`],
        ['GET', `${prefix}/ranges/${rangeA}/candidates`],
        ['PUT', `${prefix}/ranges/${rangeA}`, { entries: [] }],
        ['POST', `${prefix}/ranges/${rangeA}/forward`],
        ['POST', `${prefix}/ranges/${rangeA}/final`],
        ['DELETE', `${prefix}/ranges/${rangeA}`],
      ]),
    ];
    for (const [method, path, json] of calls) {
      expect((await call(method, path, json, outsider)).status, `${method} ${path}`).toBe(403);
      expect((await t.call(method, `/api/admin${path}`, json === undefined ? {} : { json })).status, `${method} ${path}`).toBe(401);
    }
    // Reading is not saving; the examination section's routes are its own.
    expect((await call('PUT', `/room-allocation/ranges/${rangeA}`, {}, reader)).status).toBe(403);
    expect((await call('DELETE', `/room-allocation/ranges/${rangeA}`, undefined, reader)).status).toBe(403);
    expect((await call('GET', `/room-allocation/ranges/${rangeA}`, undefined, examSection)).status).toBe(403);
    expect((await call('GET', `/invigilator-allocation/ranges/${rangeA}`, undefined, examSection)).status).toBe(403);
    expect((await call('GET', `/invigilator-duties/ranges/${rangeA}`, undefined, examSection)).status).toBe(200);
    expect(await statusOf(rangeA)).toEqual({ room: 'pending', invigilator: 'pending' });
  });
});

describe('room allocation', () => {
  it('lists the ranges of final centre allocations with their rooms and seats', async () => {
    const answer = await call('GET', `/room-allocation/ranges?advertisementId=${s1.advertisement.advertisementId}`);
    expect(answer.status).toBe(200);
    const items = (answer.body.data as { items: { id: number; rollFrom: number; rollTo: number; candidates: number; rooms: number; seats: number; roomStatus: string; startsAt: string }[] }).items;
    expect(items.map((row) => [row.id, row.rollFrom, row.rollTo, row.candidates, row.rooms, row.seats, row.roomStatus])).toEqual([
      [rangeA, 710001, 710007, 7, 3, 9, 'pending'],
      [rangeB, 710008, 710012, 5, 1, 3, 'pending'],
    ]);
    // 10:00 in Nepal (+05:45) is 04:15 UTC.
    expect(items[0]!.startsAt).toBe('2031-01-10T04:15:00.000Z');
  });

  it('suggests the default split: rooms in door order, each filled up to its seats, inactive rooms left out', async () => {
    const answer = await call('GET', `/room-allocation/ranges/${rangeA}`);
    expect(answer.status).toBe(200);
    const data = answer.body.data as { suggested: boolean; rooms: { roomNumber: string; share: { rollFrom: number; rollTo: number; candidates: number } | null }[] };
    expect(data.suggested).toBe(true);
    expect(data.rooms.map((room) => [room.roomNumber, room.share?.rollFrom, room.share?.rollTo, room.share?.candidates])).toEqual([
      ['1', 710001, 710002, 2],
      ['2', 710003, 710005, 3],
      ['10', 710006, 710007, 2],
    ]);
  });

  it('refuses a range larger than the rooms seat, and takes it once a room is added', async () => {
    const detail = await call('GET', `/room-allocation/ranges/${rangeB}`);
    expect((detail.body.data as { problem: { messageKey: string } }).problem.messageKey).toBe('roomAllocation.overCapacity');
    const refused = await call('PUT', `/room-allocation/ranges/${rangeB}`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('The range holds 5 candidates but the rooms of this centre seat 3.');
    expect((await call('PUT', `/room-allocation/ranges/${rangeB}`, {}, officer, 'ne')).body.message).toBe('दायरामा ५ जना उम्मेदवार छन् तर यस केन्द्रका कोठामा ३ सिट मात्र छन्।');
    expect(await statusOf(rangeB)).toEqual({ room: 'pending', invigilator: 'pending' });
    await createVenueRoom(venueB, '2', 2);
    expect((await call('PUT', `/room-allocation/ranges/${rangeB}`, {})).status).toBe(200);
    expect((await call('POST', `/room-allocation/ranges/${rangeB}/final`)).status).toBe(200);
  });

  it('validates edited shares: within seats, inside the range, no overlap, covering every candidate', async () => {
    const [room10, room2, room1] = roomsA as [number, number, number];
    const refusals: [unknown[], string][] = [
      [[{ roomId: room1, rollFrom: 710001, rollTo: 710004 }, { roomId: room10, rollFrom: 710005, rollTo: 710007 }], 'Room 1 would hold 4 candidates but seats 2.'],
      [[{ roomId: room1, rollFrom: 710001, rollTo: 710002 }, { roomId: room10, rollFrom: 710002, rollTo: 710005 }], 'The roll numbers of room 10 overlap those of room 1.'],
      [[{ roomId: room1, rollFrom: 710001, rollTo: 710002 }, { roomId: room10, rollFrom: 710003, rollTo: 710006 }], '1 candidates of the range are left without a room.'],
      [[{ roomId: room1, rollFrom: 710000, rollTo: 710002 }], 'Room 1: its roll numbers must lie inside the centre range 710001-710007.'],
      [[{ roomId: roomsA[3], rollFrom: 710001, rollTo: 710007 }], 'A room is not an active room of this centre, or is given twice.'],
    ];
    for (const [shares, message] of refusals) {
      const answer = await call('PUT', `/room-allocation/ranges/${rangeA}`, { shares });
      expect(answer.status, JSON.stringify(shares)).toBe(422);
      expect(answer.body.message).toBe(message);
    }
    expect(await statusOf(rangeA)).toEqual({ room: 'pending', invigilator: 'pending' });
    // Devanagari digits are read as numbers.
    const saved = await call('PUT', `/room-allocation/ranges/${rangeA}`, {
      shares: [
        { roomId: room2, rollFrom: '७१०००१', rollTo: 710003 },
        { roomId: room10, rollFrom: 710004, rollTo: 710007 },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await statusOf(rangeA)).toEqual({ room: 'temporary', invigilator: 'pending' });
    const detail = (await call('GET', `/room-allocation/ranges/${rangeA}`)).body.data as { suggested: boolean; rooms: { roomNumber: string; share: { candidates: number } | null }[] };
    expect(detail.suggested).toBe(false);
    expect(detail.rooms.map((room) => [room.roomNumber, room.share?.candidates ?? 0])).toEqual([
      ['1', 0],
      ['2', 3],
      ['10', 4],
    ]);
  });

  it('forwards, refuses edits once forwarded, then the final save seats every candidate in roll order', async () => {
    expect((await call('POST', `/room-allocation/ranges/${rangeA}/forward`)).status).toBe(200);
    expect(await statusOf(rangeA)).toEqual({ room: 'forwarded', invigilator: 'pending' });
    const edit = await call('PUT', `/room-allocation/ranges/${rangeA}`, {});
    expect(edit.status).toBe(422);
    expect(edit.body.message).toBe('The rooms of this centre are forwarded: this step does not apply.');
    expect((await call('POST', `/room-allocation/ranges/${rangeA}/final`, undefined, reader)).status).toBe(403);
    const final = await call('POST', `/room-allocation/ranges/${rangeA}/final`);
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    expect(final.body.data).toMatchObject({ roomStatus: 'final', seated: 7 });
    const [room10, room2] = roomsA as [number, number];
    const seats = await seatsOf((await allocationOf(rangeA)).allocationId, (await allocationOf(rangeA)).venueId);
    expect(seats).toEqual([
      { rollNumber: 710001, roomId: room2, seatNumber: 1 },
      { rollNumber: 710002, roomId: room2, seatNumber: 2 },
      { rollNumber: 710003, roomId: room2, seatNumber: 3 },
      { rollNumber: 710004, roomId: room10, seatNumber: 1 },
      { rollNumber: 710005, roomId: room10, seatNumber: 2 },
      { rollNumber: 710006, roomId: room10, seatNumber: 3 },
      { rollNumber: 710007, roomId: room10, seatNumber: 4 },
    ]);
    // The candidates' list shows room and seat.
    const list = await call('GET', `/invigilator-duties/ranges/${rangeA}/candidates?roomId=${room10}`, undefined, examSection);
    expect(list.status).toBe(200);
    expect((list.body.data as { total: number; items: { rollNumber: number; roomNumber: string; seatNumber: number }[] }).items.map((row) => [row.rollNumber, row.roomNumber, row.seatNumber])).toEqual([
      [710004, '10', 1],
      [710005, '10', 2],
      [710006, '10', 3],
      [710007, '10', 4],
    ]);
  });

  it('reverts a final split: back to pending, seats cleared, then saved and made final again', async () => {
    const revert = await call('DELETE', `/room-allocation/ranges/${rangeA}`);
    expect(revert.status).toBe(200);
    expect(await statusOf(rangeA)).toEqual({ room: 'pending', invigilator: 'pending' });
    const { allocationId, venueId } = await allocationOf(rangeA);
    expect((await seatsOf(allocationId, venueId)).every((seat) => seat.roomId === null && seat.seatNumber === null)).toBe(true);
    expect(rowsOf(await t.db.execute(sql`select 1 from room_allocations where range_id = ${rangeA}`))).toHaveLength(0);
    // Reverting what is pending does not apply.
    expect((await call('DELETE', `/room-allocation/ranges/${rangeA}`)).status).toBe(422);
    // Saved with the default split and made final directly, without forwarding.
    expect((await call('PUT', `/room-allocation/ranges/${rangeA}`, {})).status).toBe(200);
    expect((await call('POST', `/room-allocation/ranges/${rangeA}/final`)).status).toBe(200);
    expect((await seatsOf(allocationId, venueId)).map((seat) => seat.seatNumber)).toEqual([1, 2, 1, 2, 3, 1, 2]);
  });

  it('refuses changes once the sitting is complete', async () => {
    const { allocationId } = await allocationOf(rangeD);
    await t.db.execute(sql`update centre_allocations set status = 'complete' where id = ${allocationId}`);
    const answer = await call('PUT', `/room-allocation/ranges/${rangeD}`, {});
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('The allocation of this sitting is complete: nothing changes any more.');
    await t.db.execute(sql`update centre_allocations set status = 'final' where id = ${allocationId}`);
  });
});

describe('invigilator allocation', () => {
  const chief = () => people.chiefs[0]!;
  const [asha, bimal, chandra, dipa] = [0, 1, 2, 3].map((index) => () => people.assistants[index]!);
  const roomEntries = (roomIds: number[], invigilators: number[]) => roomIds.map((roomId, index) => ({ invigilatorId: invigilators[index]!, roomId }));
  const roomsWithShares = async (rangeId: number) =>
    rowsOf<{ roomId: number }>(await t.db.execute(sql`select room_id as "roomId" from room_allocations where range_id = ${rangeId} order by roll_from`)).map((row) => Number(row.roomId));

  it('waits for the rooms to be final', async () => {
    const answer = await call('PUT', `/invigilator-allocation/ranges/${rangeC}`, { entries: [{ invigilatorId: chief(), roomId: null }] });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Invigilators are allocated once the rooms of this centre are final.');
  });

  it('shows the rooms with the invigilators each needs', async () => {
    const answer = await call('GET', `/invigilator-allocation/ranges/${rangeA}`);
    expect(answer.status).toBe(200);
    const data = answer.body.data as { seatsPerInvigilator: number; rooms: { roomNumber: string; invigilatorsNeeded: number }[]; invigilators: { id: number; isChief: boolean }[] };
    expect(data.seatsPerInvigilator).toBe(25);
    expect(data.rooms.map((room) => [room.roomNumber, room.invigilatorsNeeded])).toEqual([
      ['1', 1],
      ['2', 1],
      ['10', 1],
    ]);
    expect(data.invigilators.find((row) => row.id === chief())?.isChief).toBe(true);
  });

  it('one chief per centre, from a chief post; every room its invigilators at the final save', async () => {
    const rooms = await roomsWithShares(rangeA);
    const twoChiefs = await call('PUT', `/invigilator-allocation/ranges/${rangeA}`, { entries: [{ invigilatorId: chief(), roomId: null }, { invigilatorId: people.chiefs[1]!, roomId: null }] });
    expect(twoChiefs.status).toBe(422);
    expect(twoChiefs.body.message).toBe('A centre has one chief per sitting: Chief Two would be a second.');
    const notChief = await call('PUT', `/invigilator-allocation/ranges/${rangeA}`, { entries: [{ invigilatorId: asha(), roomId: null }] });
    expect(notChief.body.message).toBe('Asha Invigilator does not hold a chief invigilator post: the chief must.');
    expect((await call('PUT', `/invigilator-allocation/ranges/${rangeA}`, { entries: [{ invigilatorId: asha(), roomId: null }] }, officer, 'ne')).body.message).toBe(
      'Asha Invigilator (ने) प्रमुख निरीक्षकको पदमा हुनुहुन्न: केन्द्राध्यक्ष सो पदमा हुनुपर्छ।',
    );
    const twice = await call('PUT', `/invigilator-allocation/ranges/${rangeA}`, { entries: [{ invigilatorId: asha(), roomId: rooms[0] }, { invigilatorId: asha(), roomId: rooms[1] }] });
    expect(twice.body.message).toBe('Asha Invigilator is chosen twice at this centre.');
    // Saved for now with a room short; the final save refuses it.
    expect((await call('PUT', `/invigilator-allocation/ranges/${rangeA}`, { entries: [{ invigilatorId: chief(), roomId: null }, ...roomEntries(rooms.slice(0, 2), [asha(), bimal()])] })).status).toBe(200);
    const short = await call('POST', `/invigilator-allocation/ranges/${rangeA}/final`);
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('Room 10 needs 1 invigilators; 0 are chosen.');
    const saved = await call('PUT', `/invigilator-allocation/ranges/${rangeA}`, { entries: [{ invigilatorId: chief(), roomId: null }, ...roomEntries(rooms, [asha(), bimal(), chandra()])] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await call('POST', `/invigilator-allocation/ranges/${rangeA}/forward`)).status).toBe(200);
    expect(await statusOf(rangeA)).toEqual({ room: 'final', invigilator: 'forwarded' });
    const final = await call('POST', `/invigilator-duties/ranges/${rangeA}/final`, undefined, examSection);
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    expect(await statusOf(rangeA)).toEqual({ room: 'final', invigilator: 'final' });
  });

  it('never puts one invigilator in two sittings that overlap in time, whatever the advertisement, and names the other duty', async () => {
    // School B is in the same sitting: Asha is already at School A.
    const same = await call('PUT', `/invigilator-allocation/ranges/${rangeB}`, { entries: [{ invigilatorId: asha(), roomId: (await roomsWithShares(rangeB))[0] }] });
    expect(same.status).toBe(422);
    expect(same.body.message).toBe('Asha Invigilator is already on duty at School A in this sitting.');
    // School C, another advertisement at 12:00, overlaps sitting 1 (10:00-13:00).
    expect((await call('PUT', `/room-allocation/ranges/${rangeC}`, {})).status).toBe(200);
    expect((await call('POST', `/room-allocation/ranges/${rangeC}/final`)).status).toBe(200);
    const roomC = (await roomsWithShares(rangeC))[0]!;
    const clash = await call('PUT', `/invigilator-allocation/ranges/${rangeC}`, { entries: [{ invigilatorId: people.chiefs[1]!, roomId: null }, { invigilatorId: bimal(), roomId: roomC }] });
    expect(clash.status).toBe(422);
    expect(clash.body.message).toBe(`Bimal Invigilator is already on duty at School A for advertisement ${code1} (${await paperOf(rangeA, 'en')}) from ${examDate} 10:00, at an overlapping time.`);
    const nepali = await call('PUT', `/invigilator-allocation/ranges/${rangeC}`, { entries: [{ invigilatorId: bimal(), roomId: roomC }] }, officer, 'ne');
    expect(nepali.body.message).toContain('Bimal Invigilator (ने)');
    expect(nepali.body.message).toContain('School A विद्यालय');
    expect(nepali.body.message).toContain(code1);
    // The chief of School A is busy too; Dipa is free.
    const chiefClash = await call('PUT', `/invigilator-allocation/ranges/${rangeC}`, { entries: [{ invigilatorId: chief(), roomId: null }] });
    expect(chiefClash.body.message).toContain('Chief One is already on duty at School A');
    expect((await call('PUT', `/invigilator-allocation/ranges/${rangeC}`, { entries: [{ invigilatorId: people.chiefs[1]!, roomId: null }, { invigilatorId: dipa(), roomId: roomC }] })).status).toBe(200);
    // The list of invigilators marks who is busy at that time.
    const detail = (await call('GET', `/invigilator-allocation/ranges/${rangeC}`)).body.data as { invigilators: { id: number; busy: { code: string } | null }[] };
    expect(detail.invigilators.find((row) => row.id === bimal())?.busy?.code).toBe(code1);
    expect(detail.invigilators.find((row) => row.id === dipa())?.busy).toBeNull();
  });

  it('puts the same invigilators in a sitting that starts when the other ends', async () => {
    expect((await call('PUT', `/room-allocation/ranges/${rangeD}`, {})).status).toBe(200);
    expect((await call('POST', `/room-allocation/ranges/${rangeD}/final`)).status).toBe(200);
    const roomD = (await roomsWithShares(rangeD))[0]!;
    const answer = await call('PUT', `/invigilator-duties/ranges/${rangeD}`, { entries: [{ invigilatorId: chief(), roomId: null }, { invigilatorId: asha(), roomId: roomD }] }, examSection);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await call('POST', `/invigilator-duties/ranges/${rangeD}/final`, undefined, examSection)).status).toBe(200);
  });

  it('reverts the invigilators, and a room revert clears them with the seats', async () => {
    expect((await call('DELETE', `/invigilator-allocation/ranges/${rangeC}`)).status).toBe(200);
    expect(await statusOf(rangeC)).toEqual({ room: 'final', invigilator: 'pending' });
    expect((await call('DELETE', `/room-allocation/ranges/${rangeD}`)).status).toBe(200);
    expect(await statusOf(rangeD)).toEqual({ room: 'pending', invigilator: 'pending' });
    expect(rowsOf(await t.db.execute(sql`select 1 from invigilator_assignments where range_id = ${rangeD}`))).toHaveLength(0);
  });
});

describe('invigilator allocation at the same time', () => {
  it('two officers putting one invigilator in two overlapping sittings at once: one is refused', async () => {
    const dipa = people.assistants[3]!;
    const roomOf = async (rangeId: number) => rowsOf<{ roomId: number }>(await t.db.execute(sql`select room_id as "roomId" from room_allocations where range_id = ${rangeId} limit 1`))[0]!.roomId;
    const [roomB, roomC] = [await roomOf(rangeB), await roomOf(rangeC)];
    const [b, c] = await Promise.all([
      call('PUT', `/invigilator-allocation/ranges/${rangeB}`, { entries: [{ invigilatorId: dipa, roomId: roomB }] }),
      call('PUT', `/invigilator-allocation/ranges/${rangeC}`, { entries: [{ invigilatorId: dipa, roomId: roomC }] }),
    ]);
    expect([b.status, c.status].sort()).toEqual([200, 422]);
    expect([b, c].find((answer) => answer.status === 422)!.body.message).toMatch(/^Dipa Invigilator is already on duty at School [BC]/);
    const duties = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from invigilator_assignments where invigilator_id = ${dipa}`));
    expect(duties[0]!.n).toBe(1);
  });

  // PostgreSQL only: PGlite runs one transaction at a time, so nothing can wait on a lock there.
  it.runIf(onPostgres)("waits while another officer's save holds the invigilator, then sees that duty", async () => {
    const [eka] = (await createInvigilators(t, [], ['Eka Invigilator'])).assistants as [number];
    const roomB = rowsOf<{ roomId: number }>(await t.db.execute(sql`select room_id as "roomId" from room_allocations where range_id = ${rangeB} limit 1`))[0]!.roomId;
    const roomC = rowsOf<{ roomId: number }>(await t.db.execute(sql`select room_id as "roomId" from room_allocations where range_id = ${rangeC} limit 1`))[0]!.roomId;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The other officer's transaction: Eka's row locked and a duty at School B (sitting 1) written, not yet committed.
    const other = t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from invigilators where id = ${eka} for update`);
      await tx.execute(sql`
        insert into invigilator_assignments (range_id, room_id, invigilator_id, duty, starts_at, ends_at)
        values (${rangeB}, ${roomB}, ${eka}, 'room', '2031-01-10T04:15:00Z', '2031-01-10T07:15:00Z')`);
      locked();
      await held;
    });
    await isLocked;
    const save = call('PUT', `/invigilator-allocation/ranges/${rangeC}`, { entries: [{ invigilatorId: eka, roomId: roomC }] });
    let answered = false;
    void save.then(() => (answered = true));
    // The save waits on Eka's row lock: seen in pg_stat_activity (polled, not timed).
    while (!answered) {
      const [waiting] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`));
      if (waiting!.n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(answered).toBe(false);
    release();
    await other;
    const answer = await save;
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(/^Eka Invigilator is already on duty at School B in this sitting|^Eka Invigilator is already on duty at School B for advertisement/);
  });
});

describe('exam-centre reports', () => {
  it("answers a sitting's centres, rooms, ranges, counts and invigilators, and the gate list, also as Excel", async () => {
    const { allocationId } = await allocationOf(rangeA);
    const sittings = (await call('GET', '/exam-centre-reports/sittings')).body.data as { items: { id: number; centres: number; candidates: number; roomsFinal: number }[] };
    expect(sittings.items.find((row) => row.id === allocationId)).toMatchObject({ centres: 2, candidates: 12, roomsFinal: 2 });
    const report = await call('GET', `/exam-centre-reports/sittings/${allocationId}`, undefined, reader);
    expect(report.status).toBe(200);
    const centre = (report.body.data as { centres: { venueNameEn: string; chief: { nameEn: string }; rooms: { roomNumber: string; rollFrom: number; rollTo: number; candidates: number; invigilators: { nameEn: string }[] }[] }[] }).centres[0]!;
    expect(centre.venueNameEn).toBe('School A');
    expect(centre.chief.nameEn).toBe('Chief One');
    expect(centre.rooms.map((room) => [room.roomNumber, room.rollFrom, room.rollTo, room.candidates, room.invigilators.map((row) => row.nameEn)])).toEqual([
      ['1', 710001, 710002, 2, ['Asha Invigilator']],
      ['2', 710003, 710005, 3, ['Bimal Invigilator']],
      ['10', 710006, 710007, 2, ['Chandra Invigilator']],
    ]);
    const gate = await call('GET', `/exam-centre-reports/ranges/${rangeA}/gate-list`);
    expect((gate.body.data as { rooms: { roomNumber: string }[] }).rooms.map((room) => room.roomNumber)).toEqual(['1', '2', '10']);

    const workbook = await download(`/exam-centre-reports/sittings/${allocationId}?format=xlsx`, 'ne');
    expect(workbook.worksheets[0]!.getRow(3).getCell(1).value).toBe('School A विद्यालय');
    const sheet = workbook.worksheets[1]!;
    const values = sheet.getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1) : []));
    expect(values).toContainEqual(['10', 'Ground', 4, 710006, 710007, 2, 'Chandra Invigilator (ने)']);
    const gateBook = await download(`/exam-centre-reports/ranges/${rangeA}/gate-list?format=xlsx`, 'en');
    expect(gateBook.worksheets[0]!.getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1) : []))).toContainEqual(['1', 'Ground', 710001, 710002, 2]);
  });
});

async function download(path: string, lang: 'en' | 'ne') {
  const response = await t.app.request(`/api/admin${path}`, { headers: { authorization: `Bearer ${officer.token}`, 'accept-language': lang } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
  return workbook;
}

async function allocationOf(rangeId: number) {
  const [row] = rowsOf<{ allocationId: number; venueId: number }>(await t.db.execute(sql`select allocation_id as "allocationId", venue_id as "venueId" from centre_allocation_ranges where id = ${rangeId}`));
  return { allocationId: Number(row!.allocationId), venueId: Number(row!.venueId) };
}

async function paperOf(rangeId: number, lang: 'en' | 'ne') {
  const [row] = rowsOf<{ en: string; ne: string }>(
    await t.db.execute(sql`select ep.subject_name_en as en, ep.subject_name_np as ne from centre_allocation_ranges r join centre_allocations ca on ca.id = r.allocation_id join exam_papers ep on ep.id = ca.exam_paper_id where r.id = ${rangeId}`),
  );
  return lang === 'en' ? row!.en : row!.ne;
}

async function createVenueRoom(venueId: number, roomNumber: string, seats: number) {
  await t.db.execute(sql`insert into exam_venue_rooms (venue_id, room_number, seats) values (${venueId}, ${roomNumber}, ${seats})`);
}
