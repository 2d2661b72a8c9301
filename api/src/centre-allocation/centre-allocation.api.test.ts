import { schema } from '@psc/db';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../applications/rows-of';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createAllocatableAdvertisement, createVenues, type AllocatableAdvertisement } from './centre-allocation.test-support';

// Exam-centre allocation [ECA] (spec §3 "Exam-centre allocation"; spec §4 "Exam centre assignment:
// temporary save, then final save, revert, complete"; spec §7 "Exam centre allocation").

let t: TestApp;
let allocator: StaffUser;
let outsider: StaffUser;
beforeAll(async () => {
  t = await createTestApp();
  allocator = await createStaffUser(t, { ECA: ['read', 'create', 'update', 'approve'] });
  outsider = await createStaffUser(t, { ES: ['read', 'create', 'update', 'approve'], BIS: ['read', 'create', 'update'], SA: ['read', 'create', 'update'] });
});
afterAll(() => t.close());

const devanagari = (n: number) => String(n).replace(/\d/g, (d) => '०१२३४५६७८९'[Number(d)]!);

type Range = { venueId: number; rollFrom: number; rollTo: number };
type Sitting = {
  status: string;
  candidates: number;
  allocated: number;
  cities: { examCentreId: number; count: number; rollFrom: number; rollTo: number }[];
  venues: { venueId: number; capacity: number; free: number }[];
  ranges: (Range & { candidates: number; roomStatus: string })[];
  proposal: { source: string; ranges: (Range & { candidates: number })[]; leftOver: { rollFrom: number; rollTo: number; count: number }[] } | null;
};

const path = (ad: AllocatableAdvertisement, paper = 0) => `/api/admin/centre-allocations/sittings/${ad.advertisement.advertisementId}/papers/${ad.paperIds[paper]}`;
const details = async (ad: AllocatableAdvertisement, paper = 0) => {
  const answer = await t.call('GET', path(ad, paper), { token: allocator.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Sitting;
};
const save = (ad: AllocatableAdvertisement, ranges: unknown[], paper = 0, lang: 'en' | 'ne' = 'en') => t.call('PUT', path(ad, paper), { token: allocator.token, json: { ranges }, lang });
const finalSave = (ad: AllocatableAdvertisement, ranges: unknown[], paper = 0, lang: 'en' | 'ne' = 'en') => t.call('POST', `${path(ad, paper)}/final`, { token: allocator.token, json: { ranges }, lang });
const post = (ad: AllocatableAdvertisement, action: 'revert' | 'complete', paper = 0) => t.call('POST', `${path(ad, paper)}/${action}`, { token: allocator.token, lang: 'en' });
const plain = (ranges: Range[]) => ranges.map(({ venueId, rollFrom, rollTo }) => ({ venueId, rollFrom, rollTo }));

async function seatsOf(ad: AllocatableAdvertisement, paper = 0) {
  return rowsOf<{ venueId: number; n: number; low: unknown; high: unknown }>(
    await t.db.execute(sql`
      select s.venue_id as "venueId", count(*)::int as n, min(s.roll_number) as low, max(s.roll_number) as high
      from seat_assignments s join centre_allocations ca on ca.id = s.allocation_id
      where ca.advertisement_id = ${ad.advertisement.advertisementId} and ca.exam_paper_id = ${ad.paperIds[paper]}
      group by s.venue_id order by min(s.roll_number)`),
  ).map((row) => ({ venueId: Number(row.venueId), n: Number(row.n), low: Number(row.low), high: Number(row.high) }));
}

/** Kathmandu (30 candidates) and Pokhara (10); two papers the same day, morning and afternoon. */
async function twoCities() {
  const ad = await createAllocatableAdvertisement(t, {
    cities: [{ nameEn: 'Kathmandu', candidates: 30 }, { nameEn: 'Pokhara', candidates: 10 }],
    sittings: [{ examDate: '2027-03-10', startTime: '08:00', durationMinutes: 120 }, { examDate: '2027-03-10', startTime: '13:00', durationMinutes: 120 }],
  });
  const [ktm, pkr] = ad.cities;
  const [v1, v2] = await createVenues(t, ktm!.examCentreId, [{ nameEn: 'Padma Kanya', capacity: 20 }, { nameEn: 'Durbar High', capacity: 20 }]);
  const [v3, v4] = await createVenues(t, pkr!.examCentreId, [{ nameEn: 'Prithvi Campus', capacity: 8 }, { nameEn: 'Janapriya', capacity: 5 }]);
  return { ad, ktm: ktm!, pkr: pkr!, v1: v1!, v2: v2!, v3: v3!, v4: v4! };
}

describe('exam-center-allocation/allocate', () => {
  it('proposes, saves temporarily, saves final with a seat row per candidate, reverts and completes', async () => {
    const { ad, ktm, pkr, v1, v2, v3, v4 } = await twoCities();
    const first = await details(ad);
    expect(first).toMatchObject({ status: 'pending', candidates: 40, allocated: 0, ranges: [] });
    expect(first.cities).toMatchObject([{ examCentreId: ktm.examCentreId, count: 30 }, { examCentreId: pkr.examCentreId, count: 10 }]);
    expect(first.venues.map((venue) => [venue.venueId, venue.free])).toEqual([[v1, 20], [v2, 20], [v3, 8], [v4, 5]]);
    const k = ktm.rollFrom;
    const p = pkr.rollFrom;
    expect(first.proposal).toEqual({
      source: 'capacity',
      fromExamPaperId: null,
      ranges: [
        { venueId: v1, examCentreId: ktm.examCentreId, rollFrom: k, rollTo: k + 19, candidates: 20 },
        { venueId: v2, examCentreId: ktm.examCentreId, rollFrom: k + 20, rollTo: k + 29, candidates: 10 },
        { venueId: v3, examCentreId: pkr.examCentreId, rollFrom: p, rollTo: p + 7, candidates: 8 },
        { venueId: v4, examCentreId: pkr.examCentreId, rollFrom: p + 8, rollTo: p + 9, candidates: 2 },
      ],
      leftOver: [],
    });

    const saved = await save(ad, plain(first.proposal!.ranges));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ message: 'The centre allocation is saved temporarily.', data: { status: 'temporary', centres: 4, candidates: 40 } });
    const temporary = await details(ad);
    expect(temporary).toMatchObject({ status: 'temporary', allocated: 40, proposal: null });
    expect(temporary.ranges.map((range) => [range.venueId, range.candidates, range.roomStatus])).toEqual([[v1, 20, 'pending'], [v2, 10, 'pending'], [v3, 8, 'pending'], [v4, 2, 'pending']]);
    expect(await seatsOf(ad)).toEqual([]);

    const final = await finalSave(ad, plain(temporary.ranges));
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    expect(final.body.data).toMatchObject({ status: 'final', candidates: 40 });
    expect(await seatsOf(ad)).toEqual([
      { venueId: v1, n: 20, low: k, high: k + 19 },
      { venueId: v2, n: 10, low: k + 20, high: k + 29 },
      { venueId: v3, n: 8, low: p, high: p + 7 },
      { venueId: v4, n: 2, low: p + 8, high: p + 9 },
    ]);
    // A final allocation is not edited, nor its centres removed, until reverted.
    expect((await save(ad, plain(temporary.ranges))).status).toBe(409);
    expect((await t.call('DELETE', `${path(ad)}/centres/${v4}`, { token: allocator.token })).status).toBe(409);

    // The afternoon paper of the same advertisement proposes the morning's centres and ranges.
    const afternoon = await details(ad, 1);
    expect(afternoon.proposal).toMatchObject({ source: 'paper', fromExamPaperId: ad.paperIds[0], ranges: first.proposal!.ranges, leftOver: [] });

    // Allocated candidates: paged, searched by roll number.
    const listed = await t.call('GET', `${path(ad)}/candidates?pageSize=5&page=2`, { token: allocator.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject({ total: 40 });
    expect((listed.body.data as { items: { rollNumber: number }[] }).items.map((row) => row.rollNumber)).toEqual([k + 5, k + 6, k + 7, k + 8, k + 9]);
    const found = await t.call('GET', `${path(ad)}/candidates?search=${encodeURIComponent(String(p + 9).replace(/\d/g, (d) => '०१२३४५६७८९'[Number(d)]!))}`, { token: allocator.token });
    expect(found.body.data).toMatchObject({ total: 1, items: [{ rollNumber: p + 9, venueId: v4, venueEn: 'Janapriya' }] });

    // Complete waits for every centre's rooms and invigilators; revert is refused once rooms are final.
    const notReady = await post(ad, 'complete');
    expect(notReady.status).toBe(422);
    expect(notReady.body.message).toBe('The rooms and invigilators of Padma Kanya are not final yet: the allocation cannot be completed.');
    await t.db.update(schema.centreAllocationRanges).set({ roomStatus: 'final' }).where(eq(schema.centreAllocationRanges.venueId, v2));
    const roomsFinal = await post(ad, 'revert');
    expect(roomsFinal.status).toBe(422);
    expect(roomsFinal.body.message).toBe('The rooms of Durbar High are final: the allocation can no longer be reverted.');
    await t.db.update(schema.centreAllocationRanges).set({ roomStatus: 'temporary', invigilatorStatus: 'temporary' }).where(eq(schema.centreAllocationRanges.venueId, v2));

    const reverted = await post(ad, 'revert');
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
    expect(await seatsOf(ad)).toEqual([]);
    const back = await details(ad);
    expect(back.status).toBe('temporary');
    expect(back.ranges.every((range) => range.roomStatus === 'pending')).toBe(true);
    expect((await post(ad, 'revert')).status).toBe(409);

    // Remove a centre while temporary, then final save needs its rolls covered again.
    const removed = await t.call('DELETE', `${path(ad)}/centres/${v4}`, { token: allocator.token, lang: 'en' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await details(ad)).ranges.map((range) => range.venueId)).toEqual([v1, v2, v3]);
    expect((await finalSave(ad, plain((await details(ad)).ranges))).status).toBe(422);
    expect((await finalSave(ad, plain(first.proposal!.ranges))).status).toBe(200);
    await t.db.update(schema.centreAllocationRanges).set({ roomStatus: 'final', invigilatorStatus: 'final' }).where(sql`${schema.centreAllocationRanges.venueId} in (${v1}, ${v2}, ${v3}, ${v4})`);
    const complete = await post(ad, 'complete');
    expect(complete.status, JSON.stringify(complete.body)).toBe(200);
    expect((await details(ad)).status).toBe('complete');
    expect((await post(ad, 'revert')).status).toBe(409);

    const history = await t.call('GET', `/api/admin/centre-allocations/history?advertisementId=${ad.advertisement.advertisementId}`, { token: allocator.token });
    expect((history.body.data as { items: { action: string; username: string }[] }).items.map((row) => row.action)).toEqual([
      'centre-allocation-complete',
      'centre-allocation-final',
      'centre-allocation-remove',
      'centre-allocation-revert',
      'centre-allocation-final',
      'centre-allocation-temporary',
    ]);

    const report = await t.call('GET', `/api/admin/centre-allocations/report?advertisementCode=${encodeURIComponent(ad.advertisement.code)}`, { token: allocator.token });
    expect(report.body.data).toMatchObject({ total: 4, items: [{ venueId: v1, rollFrom: k, rollTo: k + 19, candidates: 20, status: 'complete' }, { venueId: v2 }, { venueId: v3 }, { venueId: v4 }] });
    // The same report as an Excel workbook, in the caller's language.
    const file = await t.app.request(`/api/admin/centre-allocations/report/excel?advertisementCode=${encodeURIComponent(ad.advertisement.code)}`, { headers: { authorization: `Bearer ${allocator.token}`, 'accept-language': 'en' } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Exam centres');
    expect(sheet.rowCount).toBe(5);
    expect((sheet.getRow(2).values as unknown[]).slice(6)).toEqual(['Padma Kanya', 20, k, k + 19, 20, 'complete']);
    const advertisements = await t.call('GET', `/api/admin/centre-allocations/advertisements?search=${encodeURIComponent(ad.advertisement.code)}`, { token: allocator.token });
    expect(advertisements.body.data).toMatchObject({ total: 1, items: [{ advertisementId: ad.advertisement.advertisementId, sittings: 1, finalSittings: 1, centres: 4 }] });
  });

  it('lists the sittings that can be allocated, not a skipped paper nor an unapproved schedule', async () => {
    const { ad } = await twoCities();
    const pending = await createAllocatableAdvertisement(t, { cities: [{ nameEn: 'Butwal', candidates: 2 }], sittings: [{ examDate: '2027-03-11', startTime: '08:00' }], scheduleStatus: 'review' });
    const listed = await t.call('GET', '/api/admin/centre-allocations/sittings?pageSize=500', { token: allocator.token });
    const items = (listed.body.data as { items: { advertisementId: number; examPaperId: number; status: string; candidates: number }[] }).items;
    expect(items.filter((row) => row.advertisementId === ad.advertisement.advertisementId)).toMatchObject([
      { examPaperId: ad.paperIds[0], status: 'pending', candidates: 40 },
      { examPaperId: ad.paperIds[1], status: 'pending', candidates: 40 },
    ]);
    expect(items.some((row) => row.advertisementId === pending.advertisement.advertisementId)).toBe(false);
    const refused = await t.call('GET', path(pending), { token: allocator.token, lang: 'en' });
    expect(refused.status).toBe(422);
  });
});

describe('refusals', () => {
  it('refuses overlapping ranges, another city’s rolls, an over-full centre and (at final save) rolls left without a centre, in the user’s language, keeping what was saved', async () => {
    const { ad, ktm, pkr, v1, v2, v3, v4 } = await twoCities();
    const k = ktm.rollFrom;
    const p = pkr.rollFrom;
    expect((await save(ad, [{ venueId: v1, rollFrom: k, rollTo: k + 9 }])).status).toBe(200);

    const overlap = await save(ad, [{ venueId: v1, rollFrom: k, rollTo: k + 15 }, { venueId: v2, rollFrom: k + 15, rollTo: k + 29 }]);
    expect(overlap.status).toBe(422);
    expect(overlap.body.message).toBe(`The ranges of Padma Kanya and Durbar High overlap (roll numbers ${k + 15}).`);

    const otherCity = await save(ad, [{ venueId: v2, rollFrom: k + 20, rollTo: p + 1 }], 0, 'ne');
    expect(otherCity.status).toBe(422);
    expect(otherCity.body.message).toBe(`Durbar High विद्यालय को दायरामा ${pkr.nameEn} केन्द्र रोज्ने उम्मेदवारका रोल नम्बर ${devanagari(p)}-${devanagari(p + 1)} परेका छन्।`);

    const full = await save(ad, [{ venueId: v3, rollFrom: p, rollTo: p + 8 }]);
    expect(full.status).toBe(422);
    expect(full.body.message).toBe('Prithvi Campus has 8 free seat(s) at this time but its range holds 9 candidates.');

    // Temporary save takes a partial allocation; final save names the rolls still without a centre.
    const partial = [{ venueId: v1, rollFrom: k, rollTo: k + 19 }, { venueId: v2, rollFrom: k + 20, rollTo: k + 29 }, { venueId: v3, rollFrom: p, rollTo: p + 7 }];
    expect((await save(ad, partial)).status).toBe(200);
    const leftOver = await finalSave(ad, partial);
    expect(leftOver.status).toBe(422);
    expect(leftOver.body.message).toBe(`2 roll number(s) have no centre: ${p + 8}-${p + 9} (${pkr.nameEn}).`);
    expect((await details(ad)).ranges).toHaveLength(3);
    expect(await seatsOf(ad)).toEqual([]);

    // Digits in either script.
    const typed = await finalSave(ad, [...partial, { venueId: devanagari(v4), rollFrom: devanagari(p + 8), rollTo: devanagari(p + 9) }]);
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
  });

  it('shares a centre’s capacity with another advertisement sitting at an overlapping time, not with one after it', async () => {
    const { ad, ktm, v1, v2 } = await twoCities();
    // Advertisement A holds all of Padma Kanya (20) and 10 of Durbar High from 08:00 to 10:00.
    expect((await save(ad, [{ venueId: v1, rollFrom: ktm.rollFrom, rollTo: ktm.rollFrom + 19 }, { venueId: v2, rollFrom: ktm.rollFrom + 20, rollTo: ktm.rollFrom + 29 }])).status).toBe(200);
    const other = await createAllocatableAdvertisement(t, {
      cities: [{ nameEn: 'Kathmandu', candidates: 15, examCentreId: ktm.examCentreId }],
      sittings: [{ examDate: '2027-03-10', startTime: '09:30', durationMinutes: 60 }, { examDate: '2027-03-10', startTime: '10:00', durationMinutes: 60 }],
    });
    const b = other.cities[0]!.rollFrom;
    const overlapping = await details(other);
    expect(overlapping.venues.map((venue) => [venue.venueId, venue.free])).toEqual([[v1, 0], [v2, 10]]);
    expect(overlapping.proposal).toMatchObject({ source: 'capacity', ranges: [{ venueId: v2, rollFrom: b, rollTo: b + 9, candidates: 10 }], leftOver: [{ rollFrom: b + 10, rollTo: b + 14, count: 5 }] });
    const refused = await save(other, [{ venueId: v2, rollFrom: b, rollTo: b + 10 }]);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Durbar High has 10 free seat(s) at this time but its range holds 11 candidates.');
    // The 10:00 paper starts when A's ends: every seat is free.
    expect((await details(other, 1)).venues.map((venue) => [venue.venueId, venue.free])).toEqual([[v1, 20], [v2, 20]]);
    expect((await save(other, [{ venueId: v1, rollFrom: b, rollTo: b + 14 }], 1)).status).toBe(200);
  });

  it('lets only one of two advertisements saving at the same time take a centre’s last seats', async () => {
    const a = await createAllocatableAdvertisement(t, { cities: [{ nameEn: 'Dharan', candidates: 12 }], sittings: [{ examDate: '2027-04-01', startTime: '11:00' }] });
    const b = await createAllocatableAdvertisement(t, { cities: [{ nameEn: 'Dharan', candidates: 12, examCentreId: a.cities[0]!.examCentreId }], sittings: [{ examDate: '2027-04-01', startTime: '11:30' }] });
    const [venue] = await createVenues(t, a.cities[0]!.examCentreId, [{ nameEn: 'Dharan Campus', capacity: 20 }]);
    const answers = await Promise.all([
      save(a, [{ venueId: venue, rollFrom: a.cities[0]!.rollFrom, rollTo: a.cities[0]!.rollTo }]),
      save(b, [{ venueId: venue, rollFrom: b.cities[0]!.rollFrom, rollTo: b.cities[0]!.rollTo }]),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
  });
});

describe('authorisation', () => {
  it('refuses every route to staff without ECA (MC and PEC read two) and to the signed-out', async () => {
    const { ad, v1 } = await twoCities();
    const base = path(ad);
    const ranges = { ranges: [{ venueId: v1, rollFrom: 1, rollTo: 2 }] };
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/centre-allocations/sittings'],
      ['GET', base],
      ['PUT', base, ranges],
      ['POST', `${base}/final`, ranges],
      ['POST', `${base}/revert`],
      ['POST', `${base}/complete`],
      ['DELETE', `${base}/centres/${v1}`],
      ['GET', `${base}/candidates`],
      ['GET', '/api/admin/centre-allocations/report'],
      ['GET', '/api/admin/centre-allocations/advertisements'],
      ['GET', `/api/admin/centre-allocations/report/excel?advertisementCode=${encodeURIComponent(ad.advertisement.code)}`],
      ['GET', '/api/admin/centre-allocations/history'],
    ];
    for (const [method, url, json] of calls) {
      expect((await t.call(method, url, { token: outsider.token, ...(json ? { json } : {}) })).status, `${method} ${url}`).toBe(403);
      expect((await t.call(method, url, json ? { json } : {})).status, `${method} ${url}`).toBe(401);
    }
    // Read only: no save.
    const reader = await createStaffUser(t, { ECA: ['read'] });
    expect((await t.call('GET', base, { token: reader.token })).status).toBe(200);
    expect((await t.call('PUT', base, { token: reader.token, json: ranges })).status).toBe(403);
    // The route table's assign-exam-center [MC] and assigned-exam-center/{id} [PEC] read the
    // advertisements with their centres and the report, and nothing else.
    for (const privileges of [{ MC: ['read'] }, { PEC: ['read'] }] as const) {
      const other = await createStaffUser(t, privileges);
      expect((await t.call('GET', '/api/admin/centre-allocations/advertisements', { token: other.token })).status).toBe(200);
      expect((await t.call('GET', `/api/admin/centre-allocations/report?advertisementId=${ad.advertisement.advertisementId}`, { token: other.token })).status).toBe(200);
      expect((await t.call('GET', base, { token: other.token })).status).toBe(403);
    }
  });
});
