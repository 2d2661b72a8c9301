import { DEMO_ACCOUNTS, schema, type SeededAdvertisement } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { addApplications, createApplications, createClosedAdvertisement, createScrutinyStaff } from './scrutiny.test-support';

// Scrutiny allocation [SA] (spec §2, §3 "Scrutiny record", §4 "Scrutiny allocation"): paid
// applications of a closed advertisement go to scrutiny officers (SC) evenly or by counts, never
// twice, never unpaid or expired ones; reallocate, switch, history and the report per officer.

let t: TestApp;
let allocator: StaffUser;
let reader: StaffUser;
let officers: StaffUser[];
let clerk: StaffUser;
beforeAll(async () => {
  t = await createTestApp();
  ({ allocator, reader, officers } = await createScrutinyStaff(t));
  // Reads scrutiny but may not record it: not an officer to allocate to.
  clerk = await createStaffUser(t, { SC: ['read'] });
});
afterAll(() => t.close());

const base = (advertisement: SeededAdvertisement) => `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}`;

function allocate(advertisement: SeededAdvertisement, json: unknown, options: { lang?: 'en' | 'ne'; token?: string } = {}) {
  return t.call('POST', `${base(advertisement)}/allocations`, { token: options.token ?? allocator.token, json, lang: options.lang ?? 'en' });
}

async function allocationsOf(advertisement: SeededAdvertisement) {
  return t.db
    .select({ applicationId: schema.scrutinyAllocations.applicationId, officerUserId: schema.scrutinyAllocations.officerUserId, status: schema.scrutinyAllocations.status })
    .from(schema.scrutinyAllocations)
    .where(eq(schema.scrutinyAllocations.advertisementId, advertisement.advertisementId));
}

function countBy<T>(rows: T[], key: (row: T) => number) {
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}

describe('advertisements whose applications have closed', () => {
  it('lists a closed advertisement with its paid, allocated and unallocated counts, and not one still open', async () => {
    const closed = await createClosedAdvertisement(t);
    const open = await createAdvertisementFixture(t.db, { status: 'published' });
    await createApplications(t, closed, 5);
    await createApplications(t, closed, 2, { paymentState: 'unpaid' });
    await createApplications(t, closed, 1, { paymentState: 'verification-pending' });
    await createApplications(t, closed, 1, { paymentState: 'unpaid', status: 'expired' });
    await createApplications(t, closed, 1, { deleted: true });
    await createApplications(t, open, 3);
    expect((await allocate(closed, { mode: 'counts', officers: [{ officerId: officers[0]!.userId, count: 2 }] })).status).toBe(200);

    const answer = await t.call('GET', '/api/admin/scrutiny/advertisements?pageSize=200', { token: reader.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { items, total } = answer.body.data as { items: { id: number; code: string; paid: number; allocated: number; unallocated: number }[]; total: number };
    expect(total).toBeGreaterThanOrEqual(1);
    expect(items.find((item) => item.id === closed.advertisementId)).toMatchObject({ code: closed.code, paid: 5, allocated: 2, unallocated: 3 });
    expect(items.some((item) => item.id === open.advertisementId)).toBe(false);
  });

  it("pages an advertisement's waiting paid applications and lists the officers with their counts", async () => {
    const advertisement = await createClosedAdvertisement(t);
    const paid = await createApplications(t, advertisement, 5);
    await createApplications(t, advertisement, 2, { paymentState: 'unpaid' });
    expect((await allocate(advertisement, { mode: 'counts', officers: [{ officerId: officers[1]!.userId, count: 1 }] })).status).toBe(200);

    const first = await t.call('GET', `${base(advertisement)}/unallocated?page=1&pageSize=3`, { token: reader.token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstPage = first.body.data as { items: { id: number; masterId: number; submittedAt: string }[]; total: number };
    expect(firstPage.total).toBe(4);
    expect(firstPage.items.map((item) => item.id)).toEqual(paid.slice(1, 4).map((row) => row.id));
    expect(typeof firstPage.items[0]!.masterId).toBe('number');
    expect(new Date(firstPage.items[0]!.submittedAt).toISOString()).toBe(firstPage.items[0]!.submittedAt);
    const second = await t.call('GET', `${base(advertisement)}/unallocated?page=2&pageSize=3`, { token: reader.token });
    expect((second.body.data as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([paid[4]!.id]);

    const list = await t.call('GET', `${base(advertisement)}/officers`, { token: reader.token });
    expect(list.status).toBe(200);
    const rows = list.body.data as { id: number; allocated: number; unfinished: number; unfinishedAll: number }[];
    const ids = rows.map((row) => row.id);
    for (const officer of officers) expect(ids).toContain(officer.userId);
    expect(ids).not.toContain(clerk.userId);
    expect(ids).not.toContain(allocator.userId);
    // The demo's scrutiny officer is one to allocate to from the first start.
    const [demoOfficer] = await t.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, DEMO_ACCOUNTS.scrutinyOfficer.username));
    expect(ids).toContain(demoOfficer!.id);
    expect(rows.find((row) => row.id === officers[1]!.userId)).toMatchObject({ allocated: 1, unfinished: 1 });
    expect(rows.find((row) => row.id === officers[1]!.userId)!.unfinishedAll).toBeGreaterThanOrEqual(1);

    expect((await t.call('GET', '/api/admin/scrutiny/advertisements/2147483000/officers', { token: reader.token })).status).toBe(404);
  });

  it('leaves out an officer blocked now', async () => {
    const advertisement = await createClosedAdvertisement(t);
    const blocked = await createStaffUser(t, { SC: ['update'] });
    await t.db.update(schema.users).set({ isBlocked: true, blockReason: 'on leave' }).where(eq(schema.users.id, blocked.userId));
    const rows = (await t.call('GET', `${base(advertisement)}/officers`, { token: reader.token })).body.data as { id: number }[];
    expect(rows.map((row) => row.id)).not.toContain(blocked.userId);
    await createApplications(t, advertisement, 1);
    const answer = await allocate(advertisement, { mode: 'even', officers: [{ officerId: blocked.userId }] });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ 'officers.0.officerId': ['This user is not an active scrutiny officer (SC privilege).'] });
  });
});

describe('allocate', () => {
  it('splits the waiting paid applications evenly, never unpaid, expired or deleted ones, and records history and audit', async () => {
    const advertisement = await createClosedAdvertisement(t);
    const paid = await createApplications(t, advertisement, 10);
    const unpaid = await createApplications(t, advertisement, 2, { paymentState: 'unpaid' });
    const pending = await createApplications(t, advertisement, 1, { paymentState: 'verification-pending' });
    const expired = await createApplications(t, advertisement, 2, { paymentState: 'unpaid', status: 'expired' });
    const deleted = await createApplications(t, advertisement, 1, { deleted: true });
    const chosen = officers.map((officer) => ({ officerId: officer.userId }));

    const answer = await allocate(advertisement, { mode: 'even', officers: chosen });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('The applications have been allocated.');
    expect(answer.body.data).toMatchObject({
      mode: 'even',
      allocated: 10,
      unallocated: 0,
      officers: [
        { officerId: officers[0]!.userId, count: 4 },
        { officerId: officers[1]!.userId, count: 3 },
        { officerId: officers[2]!.userId, count: 3 },
      ],
    });
    const rows = await allocationsOf(advertisement);
    expect(rows.map((row) => row.applicationId).sort((a, b) => a - b)).toEqual(paid.map((row) => row.id));
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
    const never = [...unpaid, ...pending, ...expired, ...deleted].map((row) => row.id);
    expect(rows.some((row) => never.includes(row.applicationId))).toBe(false);
    // The first officer takes the first four in the order they were made.
    expect(rows.filter((row) => row.officerUserId === officers[0]!.userId).map((row) => row.applicationId).sort((a, b) => a - b)).toEqual(paid.slice(0, 4).map((row) => row.id));

    const events = await t.db.select().from(schema.scrutinyAllocationEvents).where(eq(schema.scrutinyAllocationEvents.advertisementId, advertisement.advertisementId));
    expect(events.map((event) => [event.action, event.fromOfficerUserId, event.toOfficerUserId, event.applicationCount, event.actorUserId])).toEqual([
      ['allocate', null, officers[0]!.userId, 4, allocator.userId],
      ['allocate', null, officers[1]!.userId, 3, allocator.userId],
      ['allocate', null, officers[2]!.userId, 3, allocator.userId],
    ]);
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'scrutiny_allocations'), eq(schema.auditLog.entityId, String(advertisement.advertisementId)), eq(schema.auditLog.action, 'allocate')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(allocator.userId);
    expect(audit[0]!.after).toMatchObject({ mode: 'even', allocated: 10 });

    // Everything is allocated: a second allocation has nothing to take, in either language.
    const again = await allocate(advertisement, { mode: 'even', officers: chosen });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('No paid application of this advertisement is waiting to be allocated.');
    const againNe = await allocate(advertisement, { mode: 'even', officers: chosen }, { lang: 'ne' });
    expect(againNe.body.message).toBe('यो विज्ञापनको बाँडफाँड हुन बाँकी भुक्तानी भएको दरखास्त छैन।');
    expect(await allocationsOf(advertisement)).toHaveLength(10);
  });

  it('allocates by the counts typed (digits in either script) and leaves the rest waiting', async () => {
    const advertisement = await createClosedAdvertisement(t);
    await createApplications(t, advertisement, 7);
    const answer = await allocate(advertisement, {
      mode: 'counts',
      officers: [
        { officerId: officers[0]!.userId, count: 2 },
        { officerId: String(officers[1]!.userId), count: '३' },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ mode: 'counts', allocated: 5, unallocated: 2 });
    const counts = countBy(await allocationsOf(advertisement), (row) => row.officerUserId);
    expect(counts.get(officers[0]!.userId)).toBe(2);
    expect(counts.get(officers[1]!.userId)).toBe(3);

    // The rest go in a later allocation, to whoever is chosen then.
    const rest = await allocate(advertisement, { mode: 'even', officers: [{ officerId: officers[2]!.userId }] });
    expect(rest.body.data).toMatchObject({ allocated: 2, unallocated: 0 });
  });

  it('refuses counts that add up to more than is waiting, saying so in English and Nepali', async () => {
    const advertisement = await createClosedAdvertisement(t);
    await createApplications(t, advertisement, 4);
    const body = {
      mode: 'counts',
      officers: [
        { officerId: officers[0]!.userId, count: 3 },
        { officerId: officers[1]!.userId, count: 2 },
      ],
    };
    const en = await allocate(advertisement, body);
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('The counts add up to 5, but only 4 applications are waiting to be allocated.');
    expect(en.body.errors).toEqual({ officers: ['The counts add up to 5, but only 4 applications are waiting to be allocated.'] });
    const ne = await allocate(advertisement, body, { lang: 'ne' });
    expect(ne.status).toBe(400);
    expect(ne.body.message).toBe('सङ्ख्याहरूको जोड ५ भयो, तर बाँडफाँड हुन बाँकी दरखास्त ४ मात्र छन्।');
    expect(await allocationsOf(advertisement)).toHaveLength(0);
  });

  it("keeps a candidate's applications to the advertisement with one officer; a re-applied candidate's expired attempt is never allocated", async () => {
    const advertisement = await createClosedAdvertisement(t);
    const firstAttempts = await createApplications(t, advertisement, 6, { paymentState: 'unpaid', status: 'expired' });
    const secondAttempts = await addApplications(
      t,
      advertisement,
      firstAttempts.map((row) => row.userId),
      { attempt: 2 },
    );
    const others = await createApplications(t, advertisement, 3);
    const answer = await allocate(advertisement, { mode: 'even', officers: officers.slice(0, 2).map((officer) => ({ officerId: officer.userId })) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = await allocationsOf(advertisement);
    expect(rows.map((row) => row.applicationId).sort((a, b) => a - b)).toEqual([...secondAttempts, ...others].map((row) => row.id).sort((a, b) => a - b));
    const userOf = new Map([...firstAttempts, ...secondAttempts, ...others].map((row) => [row.id, row.userId]));
    const officersOfCandidate = new Map<number, Set<number>>();
    for (const row of rows) {
      const userId = userOf.get(row.applicationId)!;
      officersOfCandidate.set(userId, (officersOfCandidate.get(userId) ?? new Set()).add(row.officerUserId));
    }
    for (const held of officersOfCandidate.values()) expect(held.size).toBe(1);
  });

  it('never allocates an application twice when two allocations of one advertisement arrive at once', async () => {
    const advertisement = await createClosedAdvertisement(t);
    const paid = await createApplications(t, advertisement, 30);
    const [first, second] = await Promise.all([
      allocate(advertisement, { mode: 'even', officers: officers.slice(0, 2).map((officer) => ({ officerId: officer.userId })) }),
      allocate(advertisement, { mode: 'even', officers: [{ officerId: officers[2]!.userId }] }),
    ]);
    const answers = [first, second];
    // One takes all 30; the other, made after it, finds nothing waiting.
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(winner.body.data).toMatchObject({ allocated: 30, unallocated: 0 });
    const rows = await allocationsOf(advertisement);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((row) => row.applicationId)).size).toBe(30);
    expect(rows.map((row) => row.applicationId).sort((a, b) => a - b)).toEqual(paid.map((row) => row.id));
  });

  it('refuses an advertisement still open, an unknown one, and a user who is not a scrutiny officer', async () => {
    const open = await createAdvertisementFixture(t.db, { status: 'published' });
    await createApplications(t, open, 2);
    const notClosed = await allocate(open, { mode: 'even', officers: [{ officerId: officers[0]!.userId }] });
    expect(notClosed.status).toBe(422);
    expect(notClosed.body.message).toBe('Applications to this advertisement have not closed yet: they can be allocated after its double-fee date.');
    const notClosedNe = await allocate(open, { mode: 'even', officers: [{ officerId: officers[0]!.userId }] }, { lang: 'ne' });
    expect(notClosedNe.body.message).toBe('यो विज्ञापनको दरखास्त अझै बन्द भएको छैन: दोब्बर दस्तुरको अन्तिम मितिपछि मात्र बाँडफाँड गर्न सकिन्छ।');

    const unknown = await t.call('POST', '/api/admin/scrutiny/advertisements/2147483000/allocations', { token: allocator.token, json: { mode: 'even', officers: [{ officerId: officers[0]!.userId }] } });
    expect(unknown.status).toBe(404);

    const advertisement = await createClosedAdvertisement(t);
    await createApplications(t, advertisement, 2);
    const notOfficer = await allocate(advertisement, { mode: 'even', officers: [{ officerId: officers[0]!.userId }, { officerId: clerk.userId }] }, { lang: 'ne' });
    expect(notOfficer.status).toBe(400);
    expect(notOfficer.body.errors).toEqual({ 'officers.1.officerId': ['यो प्रयोगकर्ता सक्रिय रुजु अधिकृत (SC अधिकार) होइन।'] });
    expect(await allocationsOf(advertisement)).toHaveLength(0);
  });

  it('answers bad input field by field in the caller\'s language', async () => {
    const advertisement = await createClosedAdvertisement(t);
    const cases: { json: unknown; field: string; en: string; ne: string }[] = [
      { json: { mode: 'even', officers: [] }, field: 'officers', en: 'Choose at least one scrutiny officer.', ne: 'कम्तीमा एक जना रुजु अधिकृत छान्नुहोस्।' },
      { json: { mode: 'even' }, field: 'officers', en: 'Choose at least one scrutiny officer.', ne: 'कम्तीमा एक जना रुजु अधिकृत छान्नुहोस्।' },
      {
        json: { mode: 'even', officers: [{ officerId: officers[0]!.userId }, { officerId: officers[0]!.userId }] },
        field: 'officers.1.officerId',
        en: 'Each officer may be chosen only once.',
        ne: 'एउटै अधिकृतलाई एक पटक मात्र छान्न सकिन्छ।',
      },
      {
        json: { mode: 'counts', officers: [{ officerId: officers[0]!.userId }] },
        field: 'officers.0.count',
        en: 'Enter how many applications (a whole number, at least 1).',
        ne: 'कति दरखास्त हो, लेख्नुहोस् (पूर्ण सङ्ख्या, कम्तीमा १)।',
      },
      {
        json: { mode: 'counts', officers: [{ officerId: officers[0]!.userId, count: 0 }] },
        field: 'officers.0.count',
        en: 'Enter how many applications (a whole number, at least 1).',
        ne: 'कति दरखास्त हो, लेख्नुहोस् (पूर्ण सङ्ख्या, कम्तीमा १)।',
      },
      {
        json: { mode: 'counts', officers: [{ officerId: officers[0]!.userId, count: 2_147_483_648 }] },
        field: 'officers.0.count',
        en: 'The number must be at most 2147483647.',
        ne: 'सङ्ख्या बढीमा २१४७४८३६४७ हुनुपर्छ।',
      },
      { json: { mode: 'even', officers: [{ officerId: 2_147_483_648 }] }, field: 'officers.0.officerId', en: 'The number must be at most 2147483647.', ne: 'सङ्ख्या बढीमा २१४७४८३६४७ हुनुपर्छ।' },
      { json: { mode: 'sometimes', officers: [{ officerId: officers[0]!.userId }] }, field: 'mode', en: 'Please choose one of the options.', ne: '' },
      {
        json: { mode: 'even', officers: Array.from({ length: 201 }, (_, index) => ({ officerId: index + 1 })) },
        field: 'officers',
        en: 'At most 200 officers can be chosen in one allocation.',
        ne: 'एक पटकको बाँडफाँडमा बढीमा २०० जना अधिकृत छान्न सकिन्छ।',
      },
    ];
    for (const item of cases) {
      const en = await allocate(advertisement, item.json);
      expect(en.status, JSON.stringify(item.json).slice(0, 80)).toBe(400);
      expect(en.body.errors?.[item.field], JSON.stringify(en.body.errors)).toEqual([item.en]);
      if (item.ne) {
        const ne = await allocate(advertisement, item.json, { lang: 'ne' });
        expect(ne.body.errors?.[item.field]).toEqual([item.ne]);
      }
    }
    const badPath = await t.call('POST', '/api/admin/scrutiny/advertisements/2147483648/allocations', { token: allocator.token, json: { mode: 'even', officers: [{ officerId: officers[0]!.userId }] }, lang: 'en' });
    expect(badPath.status).toBe(400);
    expect(badPath.body.errors?.id).toEqual(['The number must be at most 2147483647.']);
  });
});
