import { schema, type SeededAdvertisement } from '@psc/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createApplications, createClosedAdvertisement, createScrutinyStaff } from './scrutiny.test-support';

// Scrutiny allocation after the first allocation [SA] (spec §4 "Scrutiny allocation": reallocate
// to another officer, switch; §2 scrutiny-allocation-history, allocation/report; §3 "Scrutiny
// record" counts), and the privilege every scrutiny route needs.

let t: TestApp;
let allocator: StaffUser;
let reader: StaffUser;
let officers: StaffUser[];
beforeAll(async () => {
  t = await createTestApp();
  ({ allocator, reader, officers } = await createScrutinyStaff(t));
});
afterAll(() => t.close());

const base = (advertisement: SeededAdvertisement) => `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}`;

/** A closed advertisement with `counts[i]` applications allocated to officer i, in order. */
async function allocated(counts: number[]) {
  const advertisement = await createClosedAdvertisement(t);
  await createApplications(t, advertisement, counts.reduce((sum, count) => sum + count, 0));
  const answer = await t.call('POST', `${base(advertisement)}/allocations`, {
    token: allocator.token,
    json: { mode: 'counts', officers: counts.map((count, index) => ({ officerId: officers[index]!.userId, count })) },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return advertisement;
}

async function heldBy(advertisement: SeededAdvertisement, officer: StaffUser) {
  const rows = await t.db
    .select({ applicationId: schema.scrutinyAllocations.applicationId, status: schema.scrutinyAllocations.status })
    .from(schema.scrutinyAllocations)
    .where(and(eq(schema.scrutinyAllocations.advertisementId, advertisement.advertisementId), eq(schema.scrutinyAllocations.officerUserId, officer.userId)))
    .orderBy(schema.scrutinyAllocations.applicationId);
  return rows;
}

// Decisions come with the decision screens; until then a test writes the status as they will.
async function setStatus(applicationIds: number[], status: 'approved' | 'hold' | 'rejected') {
  await t.db.update(schema.scrutinyAllocations).set({ status, statusChangedAt: new Date() }).where(inArray(schema.scrutinyAllocations.applicationId, applicationIds));
}

const reallocate = (advertisement: SeededAdvertisement, json: unknown, lang: 'en' | 'ne' = 'en', token = allocator.token) =>
  t.call('POST', `${base(advertisement)}/reallocations`, { token, json, lang });
const switchOfficers = (advertisement: SeededAdvertisement, json: unknown, lang: 'en' | 'ne' = 'en', token = allocator.token) =>
  t.call('POST', `${base(advertisement)}/switches`, { token, json, lang });

describe('reallocate', () => {
  it("hands a count of an officer's unfinished applications to another, pending first, and then all the rest; finished ones stay", async () => {
    const advertisement = await allocated([6, 1]);
    const [first, second, third, fourth, fifth, sixth] = (await heldBy(advertisement, officers[0]!)).map((row) => row.applicationId) as [number, number, number, number, number, number];
    await setStatus([first], 'approved');
    await setStatus([second], 'rejected');
    await setStatus([third], 'hold');

    const some = await reallocate(advertisement, { fromOfficerId: officers[0]!.userId, toOfficerId: officers[1]!.userId, count: 2 });
    expect(some.status, JSON.stringify(some.body)).toBe(200);
    expect(some.body.message).toBe('The applications have been handed to the other officer.');
    expect(some.body.data).toMatchObject({ reallocated: 2 });
    // Pending ones go first: the fourth and fifth; the one on hold stays for now.
    expect((await heldBy(advertisement, officers[0]!)).map((row) => row.applicationId)).toEqual([first, second, third, sixth]);

    const tooMany = await reallocate(advertisement, { fromOfficerId: officers[0]!.userId, toOfficerId: officers[1]!.userId, count: 3 }, 'ne');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ count: ['यो अधिकृतसँग यो विज्ञापनको रुजु बाँकी दरखास्त २ मात्र छन्।'] });

    const rest = await reallocate(advertisement, { fromOfficerId: officers[0]!.userId, toOfficerId: officers[1]!.userId });
    expect(rest.body.data).toMatchObject({ reallocated: 2 });
    expect(await heldBy(advertisement, officers[0]!)).toEqual([
      { applicationId: first, status: 'approved' },
      { applicationId: second, status: 'rejected' },
    ]);
    expect((await heldBy(advertisement, officers[1]!)).map((row) => row.applicationId)).toContain(third);
    expect((await heldBy(advertisement, officers[1]!)).map((row) => row.applicationId)).toEqual(expect.arrayContaining([fourth, fifth, sixth]));

    const nothing = await reallocate(advertisement, { fromOfficerId: officers[0]!.userId, toOfficerId: officers[1]!.userId });
    expect(nothing.status).toBe(422);
    expect(nothing.body.message).toBe('This officer has no unfinished application of this advertisement.');

    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'scrutiny_allocations'), eq(schema.auditLog.entityId, String(advertisement.advertisementId)), eq(schema.auditLog.action, 'reallocate')));
    expect(audit.map((row) => row.after)).toEqual([
      { fromOfficerId: officers[0]!.userId, toOfficerId: officers[1]!.userId, reallocated: 2 },
      { fromOfficerId: officers[0]!.userId, toOfficerId: officers[1]!.userId, reallocated: 2 },
    ]);
  });

  it('refuses the same officer twice, a receiver who is not an officer, and a count out of range', async () => {
    const advertisement = await allocated([2]);
    const same = await reallocate(advertisement, { fromOfficerId: officers[0]!.userId, toOfficerId: officers[0]!.userId });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual({ toOfficerId: ['Choose two different officers.'] });
    const notOfficer = await reallocate(advertisement, { fromOfficerId: officers[0]!.userId, toOfficerId: reader.userId });
    expect(notOfficer.status).toBe(400);
    expect(notOfficer.body.errors).toEqual({ toOfficerId: ['This user is not an active scrutiny officer (SC privilege).'] });
    const zero = await reallocate(advertisement, { fromOfficerId: officers[0]!.userId, toOfficerId: officers[1]!.userId, count: 0 }, 'ne');
    expect(zero.body.errors).toEqual({ count: ['कति दरखास्त हो, लेख्नुहोस् (पूर्ण सङ्ख्या, कम्तीमा १)।'] });
    const missing = await reallocate(advertisement, {}, 'en');
    expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual(['fromOfficerId', 'toOfficerId']);
    expect((await heldBy(advertisement, officers[0]!)).length).toBe(2);
  });
});

describe('switch', () => {
  it("exchanges two officers' unfinished applications and leaves the finished ones", async () => {
    const advertisement = await allocated([3, 2]);
    const ofFirst = (await heldBy(advertisement, officers[0]!)).map((row) => row.applicationId);
    const ofSecond = (await heldBy(advertisement, officers[1]!)).map((row) => row.applicationId);
    await setStatus([ofFirst[0]!], 'approved');
    await setStatus([ofSecond[0]!], 'hold');

    const answer = await switchOfficers(advertisement, { officerId: officers[0]!.userId, otherOfficerId: officers[1]!.userId });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe("The two officers' unfinished applications have been switched.");
    expect(answer.body.data).toMatchObject({ movedToOther: 2, movedToOfficer: 2 });
    expect((await heldBy(advertisement, officers[0]!)).map((row) => row.applicationId).sort((a, b) => a - b)).toEqual([ofFirst[0]!, ...ofSecond].sort((a, b) => a - b));
    expect((await heldBy(advertisement, officers[1]!)).map((row) => row.applicationId).sort((a, b) => a - b)).toEqual(ofFirst.slice(1));

    const same = await switchOfficers(advertisement, { officerId: officers[0]!.userId, otherOfficerId: officers[0]!.userId }, 'ne');
    expect(same.body.errors).toEqual({ otherOfficerId: ['फरक फरक दुई जना अधिकृत छान्नुहोस्।'] });
    const idle = await switchOfficers(advertisement, { officerId: officers[2]!.userId, otherOfficerId: officers[2]!.userId + 100_000 });
    expect(idle.status).toBe(400);
    expect(idle.body.errors).toEqual({ otherOfficerId: ['This user is not an active scrutiny officer (SC privilege).'] });
  });

  it('says so when neither officer has anything unfinished', async () => {
    const advertisement = await allocated([1]);
    const answer = await switchOfficers(advertisement, { officerId: officers[1]!.userId, otherOfficerId: officers[2]!.userId }, 'ne');
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('दुवै अधिकृतसँग यो विज्ञापनको रुजु बाँकी दरखास्त छैन।');
  });
});

describe('history and report', () => {
  it('lists every move latest first, paged and by advertisement, and counts per officer as the scrutiny record does', async () => {
    const advertisement = await allocated([4, 3]);
    const ofFirst = (await heldBy(advertisement, officers[0]!)).map((row) => row.applicationId);
    await setStatus([ofFirst[0]!], 'approved');
    await setStatus([ofFirst[1]!], 'rejected');
    await setStatus([ofFirst[2]!], 'hold');
    expect((await reallocate(advertisement, { fromOfficerId: officers[1]!.userId, toOfficerId: officers[2]!.userId, count: 1 })).status).toBe(200);
    expect((await switchOfficers(advertisement, { officerId: officers[1]!.userId, otherOfficerId: officers[2]!.userId })).status).toBe(200);

    const history = await t.call('GET', `/api/admin/scrutiny/allocation-history?advertisementId=${advertisement.advertisementId}&pageSize=2`, { token: reader.token });
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const page = history.body.data as { items: { action: string; fromOfficerId: number | null; toOfficerId: number; applicationCount: number; actorUserId: number; advertisementCode: string; at: string; toOfficerNameEn: string }[]; total: number };
    // allocate x2, reallocate x1, switch x2 (one row per direction).
    expect(page.total).toBe(5);
    expect(page.items.map((item) => [item.action, item.fromOfficerId, item.toOfficerId, item.applicationCount])).toEqual([
      ['switch', officers[2]!.userId, officers[1]!.userId, 1],
      ['switch', officers[1]!.userId, officers[2]!.userId, 2],
    ]);
    expect(page.items[0]).toMatchObject({ actorUserId: allocator.userId, advertisementCode: advertisement.code, toOfficerNameEn: 'Recruitment Officer' });
    expect(new Date(page.items[0]!.at).toISOString()).toBe(page.items[0]!.at);
    const last = await t.call('GET', `/api/admin/scrutiny/allocation-history?advertisementId=${advertisement.advertisementId}&pageSize=2&page=3`, { token: reader.token });
    expect((last.body.data as typeof page).items.map((item) => [item.action, item.fromOfficerId, item.toOfficerId, item.applicationCount])).toEqual([['allocate', null, officers[0]!.userId, 4]]);

    const report = await t.call('GET', `/api/admin/scrutiny/allocation-report?advertisementId=${advertisement.advertisementId}`, { token: reader.token });
    expect(report.status).toBe(200);
    const { officers: rows, totals } = report.body.data as { officers: { officerId: number }[]; totals: Record<string, number> };
    const counts = (officer: StaffUser) => rows.find((row) => row.officerId === officer.userId);
    expect(counts(officers[0]!)).toMatchObject({ allocated: 4, completed: 2, remaining: 2, hold: 1, pending: 1, approved: 1, rejected: 1, forms: 0 });
    // officer 1 had 3, gave 1 away, then switched 2 for officer 2's 1.
    expect(counts(officers[1]!)).toMatchObject({ allocated: 1, completed: 0, remaining: 1, hold: 0, pending: 1, approved: 0, rejected: 0 });
    expect(counts(officers[2]!)).toMatchObject({ allocated: 2, completed: 0, remaining: 2, pending: 2 });
    expect(totals).toEqual({ allocated: 7, completed: 2, remaining: 5, hold: 1, pending: 4, approved: 1, rejected: 1, forms: 0 });

    const everything = await t.call('GET', '/api/admin/scrutiny/allocation-report', { token: reader.token });
    expect((everything.body.data as { totals: { allocated: number } }).totals.allocated).toBeGreaterThanOrEqual(7);
    const badFilter = await t.call('GET', '/api/admin/scrutiny/allocation-history?advertisementId=abc&pageSize=0', { token: reader.token, lang: 'en' });
    expect(badFilter.status).toBe(400);
    expect(Object.keys(badFilter.body.errors ?? {}).sort()).toEqual(['advertisementId', 'pageSize']);
  });
});

describe('who may use the scrutiny allocation routes', () => {
  it('refuses an anonymous caller, a candidate, staff without SA (a scrutiny officer too), and a reader who tries to write', async () => {
    const advertisement = await allocated([1]);
    const candidate = await t.signInCandidate();
    const routes: { method: string; path: string; json?: unknown; action: 'read' | 'write' }[] = [
      { method: 'GET', path: '/api/admin/scrutiny/advertisements', action: 'read' },
      { method: 'GET', path: base(advertisement), action: 'read' },
      { method: 'GET', path: `${base(advertisement)}/unallocated`, action: 'read' },
      { method: 'GET', path: `${base(advertisement)}/officers`, action: 'read' },
      { method: 'POST', path: `${base(advertisement)}/allocations`, json: { mode: 'even', officers: [{ officerId: officers[0]!.userId }] }, action: 'write' },
      { method: 'POST', path: `${base(advertisement)}/reallocations`, json: { fromOfficerId: officers[0]!.userId, toOfficerId: officers[1]!.userId }, action: 'write' },
      { method: 'POST', path: `${base(advertisement)}/switches`, json: { officerId: officers[0]!.userId, otherOfficerId: officers[1]!.userId }, action: 'write' },
      { method: 'GET', path: '/api/admin/scrutiny/allocation-history', action: 'read' },
      { method: 'GET', path: '/api/admin/scrutiny/allocation-report', action: 'read' },
    ];
    for (const route of routes) {
      const label = `${route.method} ${route.path}`;
      const body = route.json === undefined ? {} : { json: route.json };
      expect((await t.call(route.method, route.path, body)).status, label).toBe(401);
      const asCandidate = await t.call(route.method, route.path, { ...body, token: candidate.accessToken });
      expect(asCandidate.status, label).toBe(403);
      const asOfficer = await t.call(route.method, route.path, { ...body, token: officers[0]!.token });
      expect(asOfficer.status, label).toBe(403);
      expect(asOfficer.body.code).toBe('FORBIDDEN');
      if (route.action === 'write') expect((await t.call(route.method, route.path, { ...body, token: reader.token })).status, label).toBe(403);
    }
    // Nothing moved.
    expect(await heldBy(advertisement, officers[0]!)).toHaveLength(1);
  });
});

describe('one advertisement, and one officer\'s record', () => {
  it('answers one advertisement with its counts and whether its applications have closed', async () => {
    const advertisement = await allocated([2]);
    await createApplications(t, advertisement, 3);
    await createApplications(t, advertisement, 1, { paymentState: 'unpaid' });
    const answer = await t.call('GET', base(advertisement), { token: reader.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ id: advertisement.advertisementId, code: advertisement.code, paid: 5, allocated: 2, unallocated: 3, isClosed: true });
    const open = await createAdvertisementFixture(t.db, { status: 'published' });
    expect((await t.call('GET', base(open), { token: reader.token })).body.data).toMatchObject({ paid: 0, isClosed: false });
    expect((await t.call('GET', '/api/admin/scrutiny/advertisements/2147483000', { token: reader.token })).status).toBe(404);
  });

  it('counts per advertisement for one officer, a form per claimed quota, to a holder of the scrutiny report (SD) only', async () => {
    const reportReader = await createStaffUser(t, { SD: ['read'] });
    const officer = await createStaffUser(t, { SC: ['read', 'update'] });
    const first = await createClosedAdvertisement(t, [
      { code: 'open', vacancies: 3 },
      { code: 'women', vacancies: 1 },
    ]);
    const applications = await createApplications(t, first, 3);
    // Two applications compete in both quotas, one in the open quota only: five forms.
    const quotaIds = await t.db.select({ id: schema.advertisementQuotas.id }).from(schema.advertisementQuotas).where(eq(schema.advertisementQuotas.advertisementId, first.advertisementId));
    expect(quotaIds).toHaveLength(2);
    await t.db.insert(schema.applicationQuotas).values([
      ...applications.slice(0, 2).flatMap((row) => quotaIds.map((quota) => ({ applicationId: row.id, advertisementQuotaId: quota.id }))),
      { applicationId: applications[2]!.id, advertisementQuotaId: quotaIds[0]!.id },
    ]);
    const second = await createClosedAdvertisement(t);
    await createApplications(t, second, 2);
    for (const advertisement of [first, second]) {
      const answer = await t.call('POST', `${base(advertisement)}/allocations`, { token: allocator.token, json: { mode: 'even', officers: [{ officerId: officer.userId }] } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    await setStatus([applications[0]!.id], 'approved');
    await setStatus([applications[1]!.id], 'hold');

    const path = `/api/admin/scrutiny/allocation-report/officers/${officer.userId}`;
    const answer = await t.call('GET', path, { token: reportReader.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body.data as { officer: { id: number; username: string }; advertisements: { advertisementId: number; code: string }[]; totals: Record<string, number> };
    expect(report.officer).toMatchObject({ id: officer.userId, fullNameEn: 'Recruitment Officer' });
    expect(report.advertisements).toEqual([
      expect.objectContaining({ advertisementId: second.advertisementId, code: second.code, allocated: 2, completed: 0, remaining: 2, pending: 2, forms: 0 }),
      expect.objectContaining({ advertisementId: first.advertisementId, code: first.code, allocated: 3, completed: 1, remaining: 2, hold: 1, pending: 1, approved: 1, rejected: 0, forms: 5 }),
    ]);
    expect(report.totals).toEqual({ allocated: 5, completed: 1, remaining: 4, hold: 1, pending: 3, approved: 1, rejected: 0, forms: 5 });

    // A member of staff with nothing allocated has an empty record; a candidate or nobody is not found.
    const idle = await t.call('GET', `/api/admin/scrutiny/allocation-report/officers/${reader.userId}`, { token: reportReader.token });
    expect(idle.body.data).toMatchObject({ advertisements: [], totals: { allocated: 0, forms: 0 } });
    const candidate = await t.signInCandidate();
    const [candidateRow] = await t.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.kind, 'candidate')).limit(1);
    expect((await t.call('GET', `/api/admin/scrutiny/allocation-report/officers/${candidateRow!.id}`, { token: reportReader.token })).status).toBe(404);
    expect((await t.call('GET', '/api/admin/scrutiny/allocation-report/officers/2147483000', { token: reportReader.token })).status).toBe(404);
    const badId = await t.call('GET', '/api/admin/scrutiny/allocation-report/officers/abc', { token: reportReader.token, lang: 'en' });
    expect(badId.status).toBe(400);

    // SD, not SA: the allocator and the officer are refused, as are a candidate and an anonymous caller.
    expect((await t.call('GET', path, {})).status).toBe(401);
    expect((await t.call('GET', path, { token: candidate.accessToken })).status).toBe(403);
    expect((await t.call('GET', path, { token: allocator.token })).status).toBe(403);
    expect((await t.call('GET', path, { token: officers[0]!.token })).status).toBe(403);
  });
});
