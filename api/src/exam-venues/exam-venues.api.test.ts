import { DEMO_INVIGILATORS, schema, seedDemoExamCentres, seedDemoOffice } from '@psc/db';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let master: StaffUser;
let reader: StaffUser;
let allocator: StaffUser;
let examCell: StaffUser;
let outsider: StaffUser;
let cityId: number;
let otherCityId: number;

type Row = Record<string, unknown> & { id: number };
type Room = { id: number; roomNumber: string; floor: string | null; seats: number; isActive: boolean };
const data = <T>(answer: { body: { data?: unknown } }) => answer.body.data as T;

beforeAll(async () => {
  t = await createTestApp();
  master = await createStaffUser(t, { MC: ['read', 'create', 'update', 'delete'] });
  reader = await createStaffUser(t, { MC: ['read'] });
  allocator = await createStaffUser(t, { ECA: ['read'] });
  examCell = await createStaffUser(t, { PEC: ['read'] });
  outsider = await createStaffUser(t, { SA: ['read', 'create', 'update', 'delete'], ES: ['read', 'create', 'update', 'delete'] });
  const cities = await t.db
    .insert(schema.examCentres)
    .values([
      { nameEn: 'Venue Test Kathmandu', nameNp: 'भेन्यु परीक्षण काठमाडौं', centerCapacity: 1000 },
      { nameEn: 'Venue Test Pokhara', nameNp: 'भेन्यु परीक्षण पोखरा', centerCapacity: 1000 },
    ])
    .returning({ id: schema.examCentres.id });
  [cityId, otherCityId] = cities.map((city) => city.id) as [number, number];
});
afterAll(() => t.close());

const venueBody = (overrides: Record<string, unknown> = {}) => ({
  examCentreId: cityId,
  nameEn: 'Padma Kanya Multiple Campus, Bagbazar',
  nameNp: 'पद्मकन्या बहुमुखी क्याम्पस, बागबजार',
  addressEn: 'Bagbazar, Kathmandu',
  addressNp: 'बागबजार, काठमाडौं',
  capacity: '३००',
  contactPerson: 'Sita Sharma',
  contactNumber: '०१-४२२१२३४',
  ...overrides,
});

async function createVenue(overrides: Record<string, unknown> = {}) {
  const answer = await t.call('POST', '/api/admin/exam-venues', { token: master.token, json: venueBody(overrides) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return data<Row>(answer);
}

async function addRoom(venueId: number, json: Record<string, unknown>) {
  return t.call('POST', `/api/admin/exam-venues/${venueId}/rooms`, { token: master.token, lang: 'en', json });
}

describe('exam centres', () => {
  it('adds a centre reading Devanagari digits, lists it by city and search with its rooms and seats, and audits the write', async () => {
    const venue = await createVenue();
    expect(venue).toMatchObject({ capacity: 300, contactNumber: '014221234', isActive: true, examCentreId: cityId });
    expect((await addRoom(venue.id, { roomNumber: '१०१', floor: '१', seats: '४०' })).status).toBe(200);
    expect((await addRoom(venue.id, { roomNumber: '102', seats: 35 })).status).toBe(200);
    const [audit] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'exam-venues'), eq(schema.auditLog.entityId, String(venue.id))))
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ action: 'create', actorUserId: master.userId });

    const page = data<{ items: Row[]; total: number }>(await t.call('GET', `/api/admin/exam-venues?cityId=${cityId}&search=bagbazar`, { token: reader.token }));
    expect(page.items.find((item) => item.id === venue.id)).toMatchObject({ cityNameEn: 'Venue Test Kathmandu', rooms: 2, seats: 75 });
    const devanagariCity = data<{ items: Row[] }>(await t.call('GET', `/api/admin/exam-venues?cityId=${encodeURIComponent(String(cityId).replace(/\d/g, (d) => '०१२३४५६७८९'[Number(d)]!))}`, { token: reader.token }));
    expect(devanagariCity.items.map((item) => item.id)).toContain(venue.id);
    const elsewhere = data<{ items: Row[] }>(await t.call('GET', `/api/admin/exam-venues?cityId=${otherCityId}`, { token: reader.token }));
    expect(elsewhere.items.map((item) => item.id)).not.toContain(venue.id);

    const one = data<Row & { rooms: Room[] }>(await t.call('GET', `/api/admin/exam-venues/${venue.id}`, { token: reader.token }));
    expect(one.rooms.map((room) => [room.roomNumber, room.floor, room.seats])).toEqual([
      ['101', '1', 40],
      ['102', null, 35],
    ]);
  });

  it('refuses a capacity below 1 (spec §5), a bad contact number and a missing city, keeping the centre as it was', async () => {
    const venue = await createVenue({ nameEn: 'Shanti Secondary School' });
    const zero = await t.call('PUT', `/api/admin/exam-venues/${venue.id}`, { token: master.token, lang: 'en', json: venueBody({ nameEn: 'Shanti Secondary School', capacity: 0 }) });
    expect(zero.status).toBe(400);
    expect(zero.body.errors?.capacity).toEqual(['The number must be at least 1.']);
    const nepali = await t.call('POST', '/api/admin/exam-venues', { token: master.token, lang: 'ne', json: venueBody({ capacity: '०', contactNumber: '१२३' }) });
    expect(nepali.status).toBe(400);
    expect(nepali.body.errors?.capacity).toEqual(['सङ्ख्या कम्तीमा १ हुनुपर्छ।']);
    expect(nepali.body.errors?.contactNumber).toBeDefined();
    const noCity = await t.call('POST', '/api/admin/exam-venues', { token: master.token, lang: 'en', json: venueBody({ examCentreId: undefined }) });
    expect(noCity.body.errors?.examCentreId).toEqual(['Please choose the city (exam centre chosen by candidates).']);
    const unknownCity = await t.call('POST', '/api/admin/exam-venues', { token: master.token, lang: 'en', json: venueBody({ examCentreId: 2_000_000_000 }) });
    expect(unknownCity.status).toBe(422);
    expect(unknownCity.body.message).toBe('The chosen city does not exist.');
    expect(data<Row>(await t.call('GET', `/api/admin/exam-venues/${venue.id}`, { token: reader.token })).capacity).toBe(300);
  });

  it('keeps room numbers unique within a centre, not across centres, and checks seats', async () => {
    const first = await createVenue({ nameEn: 'Bhanubhakta Memorial School' });
    const second = await createVenue({ nameEn: 'Durbar High School' });
    expect((await addRoom(first.id, { roomNumber: 'A-1', seats: 30 })).status).toBe(200);
    const again = await addRoom(first.id, { roomNumber: 'A-1', seats: 20 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This centre already has a room with this number.');
    expect((await addRoom(second.id, { roomNumber: 'A-1', seats: 20 })).status).toBe(200);
    const devanagari = await addRoom(first.id, { roomNumber: '२०१', seats: 20 });
    expect(devanagari.status).toBe(200);
    expect((await addRoom(first.id, { roomNumber: '201', seats: 20 })).status).toBe(409);
    const seats = await addRoom(first.id, { roomNumber: 'B-1', seats: '०' });
    expect(seats.status).toBe(400);
    expect(seats.body.errors?.seats).toEqual(['The number must be at least 1.']);
    const blank = await addRoom(first.id, { roomNumber: ' ', seats: 10 });
    expect(blank.body.errors?.roomNumber).toEqual(['Please enter the room number.']);
    const renamed = await t.call('PUT', `/api/admin/exam-venues/${first.id}/rooms/${data<Room>(devanagari).id}`, { token: master.token, json: { roomNumber: 'A-1', seats: 20 } });
    expect(renamed.status).toBe(409);
    // A room is reached only through its own centre.
    expect((await t.call('PUT', `/api/admin/exam-venues/${second.id}/rooms/${data<Room>(devanagari).id}`, { token: master.token, json: { roomNumber: 'Z', seats: 20 } })).status).toBe(404);
  });

  it('refuses with 409 to delete a centre or room an allocation refers to, and lets it be deactivated instead', async () => {
    const venue = await createVenue({ nameEn: 'Ratna Rajya Laxmi Campus' });
    const room = data<Room>(await addRoom(venue.id, { roomNumber: '1', seats: 25 }));
    const spare = data<Room>(await addRoom(venue.id, { roomNumber: '2', seats: 25 }));
    const advertisement = await createAdvertisementFixture(t.db);
    const [paper] = await t.db.select({ id: schema.examPapers.id }).from(schema.examPapers).limit(1);
    const [allocation] = await t.db
      .insert(schema.centreAllocations)
      .values({ advertisementId: advertisement.advertisementId, examPaperId: paper!.id, savedBy: master.userId })
      .returning();
    const [range] = await t.db.insert(schema.centreAllocationRanges).values({ allocationId: allocation!.id, venueId: venue.id, rollFrom: 1, rollTo: 10, candidates: 10 }).returning();
    await t.db.insert(schema.roomAllocations).values({ rangeId: range!.id, roomId: room.id, rollFrom: 1, rollTo: 10, candidates: 10 });

    const roomDelete = await t.call('DELETE', `/api/admin/exam-venues/${venue.id}/rooms/${room.id}`, { token: master.token, lang: 'en' });
    expect(roomDelete.status).toBe(409);
    expect(roomDelete.body.message).toBe('This record is used elsewhere and cannot be deleted.');
    const venueDelete = await t.call('DELETE', `/api/admin/exam-venues/${venue.id}`, { token: master.token });
    expect(venueDelete.status).toBe(409);
    // Nothing was lost: the spare room the delete would have taken along is still there.
    expect(data<{ rooms: Room[] }>(await t.call('GET', `/api/admin/exam-venues/${venue.id}`, { token: master.token })).rooms.map((r) => r.id)).toEqual([room.id, spare.id]);

    const off = await t.call('PUT', `/api/admin/exam-venues/${venue.id}/rooms/${room.id}`, { token: master.token, json: { roomNumber: '1', seats: 25, isActive: false } });
    expect(data<Room>(off).isActive).toBe(false);
    expect((await t.call('PUT', `/api/admin/exam-venues/${venue.id}`, { token: master.token, json: venueBody({ nameEn: 'Ratna Rajya Laxmi Campus', isActive: false }) })).status).toBe(200);

    // A centre nothing refers to goes with its rooms.
    const unused = await createVenue({ nameEn: 'Unused School' });
    await addRoom(unused.id, { roomNumber: '1', seats: 10 });
    expect((await t.call('DELETE', `/api/admin/exam-venues/${unused.id}`, { token: master.token })).status).toBe(200);
    expect((await t.call('GET', `/api/admin/exam-venues/${unused.id}`, { token: master.token })).status).toBe(404);
    expect((await t.call('DELETE', `/api/admin/exam-venues/${venue.id}/rooms/${spare.id}`, { token: master.token })).status).toBe(200);
  });

  it("gives the seating stages each city's active centres with their active rooms and totals", async () => {
    const venue = await createVenue({ examCentreId: otherCityId, nameEn: 'Prithvi Narayan Campus', capacity: 500 });
    await addRoom(venue.id, { roomNumber: '11', seats: 50 });
    await addRoom(venue.id, { roomNumber: '12', seats: 60 });
    const closed = data<Room>(await addRoom(venue.id, { roomNumber: '13', seats: 70 }));
    await t.call('PUT', `/api/admin/exam-venues/${venue.id}/rooms/${closed.id}`, { token: master.token, json: { roomNumber: '13', seats: 70, isActive: false } });
    await createVenue({ examCentreId: otherCityId, nameEn: 'Closed School', isActive: false });
    for (const user of [master, allocator, examCell]) {
      const answer = await t.call('GET', `/api/admin/exam-venue-cities?cityId=${otherCityId}`, { token: user.token });
      expect(answer.status).toBe(200);
      const cities = data<{ cityId: number; capacity: number; rooms: number; seats: number; venues: { nameEn: string; seats: number; rooms: { roomNumber: string }[] }[] }[]>(answer);
      expect(cities).toHaveLength(1);
      expect(cities[0]).toMatchObject({ cityId: otherCityId, capacity: 500, rooms: 2, seats: 110 });
      expect(cities[0]!.venues.map((v) => [v.nameEn, v.seats, v.rooms.map((r) => r.roomNumber)])).toEqual([['Prithvi Narayan Campus', 110, ['11', '12']]]);
    }
  });
});

describe('invigilators and invigilator posts (master data)', () => {
  it('adds a post and an invigilator, reading a Devanagari mobile and refusing one that is no Nepali mobile', async () => {
    const post = await t.call('POST', '/api/admin/master/invigilator-posts', { token: master.token, json: { nameEn: 'Centre chief', nameNp: 'केन्द्राध्यक्ष', isChief: true } });
    expect(post.status).toBe(200);
    const postId = data<Row>(post).id;
    const body = { nameEn: 'Hari Prasad Adhikari', nameNp: 'हरिप्रसाद अधिकारी', employeeNo: '१२३४', postId, mobile: '९८४१२३४५६७' };
    const created = await t.call('POST', '/api/admin/master/invigilators', { token: master.token, json: body });
    expect(created.status).toBe(200);
    expect(data<Row>(created)).toMatchObject({ employeeNo: '1234', postId, mobile: '9841234567' });
    for (const mobile of ['014221234', '1841234567', '98412']) {
      const bad = await t.call('POST', '/api/admin/master/invigilators', { token: master.token, lang: 'en', json: { ...body, mobile } });
      expect(bad.status, mobile).toBe(400);
      expect(bad.body.errors?.mobile).toEqual(['Enter a Nepali mobile number: 10 digits starting with 9, e.g. 9841234567.']);
    }
    const nepali = await t.call('POST', '/api/admin/master/invigilators', { token: master.token, lang: 'ne', json: { ...body, mobile: '१२३' } });
    expect(nepali.body.errors?.mobile).toEqual(['नेपाली मोबाइल नम्बर लेख्नुहोस्: ९ बाट सुरु हुने १० अङ्क, जस्तै ९८४१२३४५६७।']);
    // A post an invigilator holds cannot be deleted.
    expect((await t.call('DELETE', `/api/admin/master/invigilator-posts/${postId}`, { token: master.token })).status).toBe(409);
  });
});

describe('authorisation of the exam-centre routes', () => {
  it('answers 401 without a token and 403 without MC on every route, and lets only MC, ECA or PEC read the cities', async () => {
    const venue = await createVenue({ nameEn: 'Authorisation School' });
    const room = data<Room>(await addRoom(venue.id, { roomNumber: '1', seats: 10 }));
    const routes: [string, string, Record<string, unknown> | undefined][] = [
      ['GET', '/api/admin/exam-venues', undefined],
      ['GET', `/api/admin/exam-venues/${venue.id}`, undefined],
      ['POST', '/api/admin/exam-venues', venueBody()],
      ['PUT', `/api/admin/exam-venues/${venue.id}`, venueBody()],
      ['DELETE', `/api/admin/exam-venues/${venue.id}`, undefined],
      ['POST', `/api/admin/exam-venues/${venue.id}/rooms`, { roomNumber: '9', seats: 9 }],
      ['PUT', `/api/admin/exam-venues/${venue.id}/rooms/${room.id}`, { roomNumber: '9', seats: 9 }],
      ['DELETE', `/api/admin/exam-venues/${venue.id}/rooms/${room.id}`, undefined],
      ['GET', '/api/admin/exam-venue-cities', undefined],
      ['GET', '/api/admin/master/invigilators', undefined],
      ['POST', '/api/admin/master/invigilators', { nameEn: 'A', nameNp: 'अ', mobile: '9841234567' }],
      ['GET', '/api/admin/master/invigilator-posts', undefined],
      ['POST', '/api/admin/master/invigilator-posts', { nameEn: 'A', nameNp: 'अ' }],
    ];
    for (const [method, path, json] of routes) {
      const body = json ? { json } : {};
      expect((await t.call(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await t.call(method, path, { token: outsider.token, ...body })).status, `${method} ${path}`).toBe(403);
      if (method !== 'GET') expect((await t.call(method, path, { token: reader.token, ...body })).status, `${method} ${path} read only`).toBe(403);
      if (path !== '/api/admin/exam-venue-cities') {
        for (const user of [allocator, examCell]) expect((await t.call(method, path, { token: user.token, ...body })).status, `${method} ${path}`).toBe(403);
      }
    }
    const candidate = await t.signInCandidate();
    expect((await t.call('GET', '/api/admin/exam-venue-cities', { token: candidate.accessToken })).status).toBe(403);
    expect(data<{ rooms: Room[] }>(await t.call('GET', `/api/admin/exam-venues/${venue.id}`, { token: master.token })).rooms).toHaveLength(1);
  });
});

describe("the demo's exam centres", () => {
  it('seeds at least two centres of three or four rooms in each demo city, and invigilators with Nepali mobiles, once', async () => {
    const office = await seedDemoOffice(t.db);
    const first = await seedDemoExamCentres({ db: t.db, office });
    const again = await seedDemoExamCentres({ db: t.db, office });
    expect(again).toEqual(first);
    expect(first.venuesByCity.size).toBe(2);
    expect(first.venuesByCity.has(office.examCentreId)).toBe(true);
    const cities = data<{ cityId: number; venues: { id: number; rooms: unknown[] }[] }[]>(await t.call('GET', '/api/admin/exam-venue-cities', { token: examCell.token }));
    for (const [cityId, venues] of first.venuesByCity) {
      expect(venues.length).toBeGreaterThanOrEqual(2);
      const listed = cities.find((city) => city.cityId === cityId)!;
      for (const venue of venues) {
        expect(venue.rooms.length).toBeGreaterThanOrEqual(3);
        expect(venue.rooms.length).toBeLessThanOrEqual(4);
        expect(listed.venues.find((one) => one.id === venue.venueId)?.rooms).toHaveLength(venue.rooms.length);
      }
    }
    expect(first.invigilators).toHaveLength(DEMO_INVIGILATORS.length);
    expect(first.invigilators.filter((one) => one.isChief).length).toBeGreaterThanOrEqual(2);
    const rows = await t.db.select({ mobile: schema.invigilators.mobile }).from(schema.invigilators).where(inArray(schema.invigilators.id, first.invigilators.map((one) => one.invigilatorId)));
    for (const row of rows) expect(row.mobile).toMatch(/^98\d{8}$/);
  });
});

describe('invigilator posts in the change feed', () => {
  it("reach the workstations' cache, from which the invigilator form picks them", async () => {
    const created = await t.call('POST', '/api/admin/master/invigilator-posts', { token: master.token, json: { nameEn: 'Room supervisor', nameNp: 'कोठा सुपरिवेक्षक' } });
    expect(created.status).toBe(200);
    let changes: { type: string; row: Record<string, unknown> | null }[] = [];
    for (let since = 0, more = true; more; ) {
      const page = data<{ changes: typeof changes; lastSeq: number; hasMore: boolean }>(await t.call('GET', `/api/staff/master-data/changes?since=${since}&limit=5000`, { token: master.token }));
      changes = [...changes, ...page.changes];
      since = page.lastSeq;
      more = page.hasMore;
    }
    expect(changes.filter((change) => change.type === 'invigilator-posts').map((change) => change.row?.nameEn)).toContain('Room supervisor');
  });
});
