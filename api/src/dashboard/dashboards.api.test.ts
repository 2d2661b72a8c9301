import { DEMO_ACCOUNTS } from '@psc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../applications/rows-of';
import { publishSelection } from '../candidate-results/results.test-support';
import { readPublicStatistics, cachedPublicStatistics, PUBLIC_STATISTICS_TTL_MS } from '../public-statistics/public-statistics';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { seedVerifiedResults, type SeededResults } from '../selection/selection.test-support';
import { createPaymentFixture, type PaymentFixture } from '../test-support/payment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { refreshDashboardCounts } from './dashboard-counts';
import { countCandidatesByCountry, countCandidatesByPlace, countStageMovement, countToday, type StageMovement } from './staff-dashboard';

// The staff dashboard (spec §2 "counts for Nepal and the world and subject movement"), the
// candidate's counters and notifications, and the public statistics feed, on seeded data with
// known counts. The demo data is there too, so place and day counts are read as differences.
// The counts of applications by place and per advertisement are the last recount's
// (dashboard-counts.ts), so each test recounts after its changes.

let t: TestApp;
let anyStaff: StaffUser;
let seeded: SeededResults;
let unpaid: PaymentFixture;
let district: { id: number; localLevelId: number; provinceId: number };

const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(query))[0]!;

async function giveAddress(userId: number) {
  await t.db.execute(sql`
    insert into candidate_addresses (user_id, kind, province_id, district_id, local_level_id, ward_no)
    values (${userId}, 'permanent', ${district.provinceId}, ${district.id}, ${district.localLevelId}, 1)`);
}

beforeAll(async () => {
  t = await createTestApp();
  anyStaff = await createStaffUser(t, {});
  district = await one(sql`select d.id, d.province_id as "provinceId", min(l.id) as "localLevelId" from districts d join local_levels l on l.district_id = d.id group by d.id order by d.id desc limit 1`);
});
afterAll(() => t.close());

describe('the staff dashboard', () => {
  let before: { byPlace: Awaited<ReturnType<typeof countCandidatesByPlace>>; today: Awaited<ReturnType<typeof countToday>> };
  beforeAll(async () => {
    await refreshDashboardCounts(t.db);
    before = { byPlace: await countCandidatesByPlace(t.db), today: await countToday(t.db) };
    // Three candidates sat the written paper (the third failed it); a fourth applied and has not paid.
    seeded = await seedVerifiedResults(t.db, {
      quotas: [{ code: 'open', vacancies: 1 }],
      candidates: [
        { nameEn: 'Sita Rai', quotas: ['open'], written: [70] },
        { nameEn: 'Gita Rai', quotas: ['open'], written: [60] },
        { nameEn: 'Rita Rai', quotas: ['open'], written: [30] },
      ],
    });
    unpaid = await createPaymentFixture(t, { advertisement: seeded.advertisement });
    const [first, second] = seeded.candidates;
    await publishSelection(t.db, {
      advertisementId: seeded.advertisement.advertisementId,
      kind: 'written',
      entries: [
        { applicationId: first!.applicationId, marks: 70, outcome: 'shortlisted' },
        { applicationId: second!.applicationId, marks: 60, outcome: 'shortlisted' },
      ],
    });
    await publishSelection(t.db, {
      advertisementId: seeded.advertisement.advertisementId,
      kind: 'final',
      entries: [
        { applicationId: first!.applicationId, marks: 70, outcome: 'selected' },
        { applicationId: second!.applicationId, marks: 60, outcome: 'alternate' },
      ],
    });
    // A draft list counts for nothing.
    await publishSelection(t.db, { advertisementId: seeded.advertisement.advertisementId, kind: 'final', status: 'draft', entries: [{ applicationId: second!.applicationId, marks: 60, outcome: 'selected' }] });
    await giveAddress(first!.userId);
    await giveAddress(unpaid.userId);
    await t.db.execute(sql`
      insert into payments (charge_id, user_id, method, transaction_uuid, amount, status, paid_on)
      values (${unpaid.chargeId}, ${unpaid.userId}, 'online', ${`dash-${unpaid.chargeId}`}, 1000, 'completed', now())`);
    await t.db.execute(sql`
      insert into payments (charge_id, user_id, method, transaction_uuid, amount, status)
      values (${unpaid.chargeId}, ${unpaid.userId}, 'online', ${`dash-failed-${unpaid.chargeId}`}, 1000, 'failed')`);
    await refreshDashboardCounts(t.db);
  });

  it('counts how far each application of an advertisement has moved, stage by stage', async () => {
    const [row] = await countStageMovement(t.db, { advertisementCode: seeded.advertisement.code });
    expect(row).toMatchObject({ advertisementCode: seeded.advertisement.code, submitted: 4, paid: 3, scrutinised: 3, rollNumber: 3, sat: 3, passed: 2, selected: 1 } satisfies Partial<StageMovement>);
    // A deleted application leaves every stage.
    await t.db.execute(sql`update applications set deleted_at = now() where id = ${unpaid.applicationId}`);
    await refreshDashboardCounts(t.db);
    expect((await countStageMovement(t.db, { advertisementCode: seeded.advertisement.code }))[0]!.submitted).toBe(3);
    await t.db.execute(sql`update applications set deleted_at = null where id = ${unpaid.applicationId}`);
    await refreshDashboardCounts(t.db);
  });

  it('counts candidates and their applications by province and district of their permanent address', async () => {
    const after = await countCandidatesByPlace(t.db);
    const inDistrict = (counts: typeof after) => counts.districts.find((row) => row.districtId === district.id)!;
    const inProvince = (counts: typeof after) => counts.provinces.find((row) => row.provinceId === district.provinceId)!;
    expect(inDistrict(after).candidates - inDistrict(before.byPlace).candidates).toBe(2);
    expect(inDistrict(after).applications - inDistrict(before.byPlace).applications).toBe(2);
    expect(inProvince(after).applications - inProvince(before.byPlace).applications).toBe(2);
    // The other two applicants gave no address yet.
    expect(after.withoutAddress.candidates - before.byPlace.withoutAddress.candidates).toBe(2);
    expect(after.withoutAddress.applications - before.byPlace.withoutAddress.applications).toBe(2);
    expect(after.districts).toHaveLength(77);
  });

  it('counts candidates living abroad and their applications by the country of their mailing address there', async () => {
    const beforeAbroad = await countCandidatesByCountry(t.db);
    const qatar = await one<{ id: number }>(sql`select id from countries where code = 'QA'`);
    const saved = await t.call('PUT', '/api/psc/profile/address/abroad', { token: unpaid.token, json: { countryId: qatar.id, address: 'Building 12, Al Sadd, Doha' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const inQatar = (counts: typeof beforeAbroad) => counts.find((row) => row.code === 'QA') ?? { candidates: 0, applications: 0 };
    const after = await countCandidatesByCountry(t.db);
    expect(inQatar(after)).toMatchObject({ nameEn: 'Qatar', nameNp: 'कतार' });
    expect(inQatar(after).candidates - inQatar(beforeAbroad).candidates).toBe(1);
    expect(inQatar(after).applications - inQatar(beforeAbroad).applications).toBe(1);
    // Only countries someone lives in, most candidates first.
    expect(after.every((row) => row.candidates > 0)).toBe(true);
    expect(after.map((row) => row.candidates)).toEqual([...after.map((row) => row.candidates)].sort((a, b) => b - a));
    const answer = await t.call('GET', '/api/staff/dashboard', { token: anyStaff.token });
    expect((answer.body.data as { byCountry: typeof after }).byCountry).toEqual(after);
  });

  it("counts today's applications and settled payments", async () => {
    const after = await countToday(t.db);
    expect(after.applications - before.today.applications).toBe(4);
    expect(after.payments - before.today.payments).toBe(1);
    expect(after.amount - before.today.amount).toBe(1000);
  });

  it('answers any member of staff, and no one else', async () => {
    const answer = await t.call('GET', `/api/staff/dashboard?fiscalYear=${encodeURIComponent(seeded.advertisement.fiscalYear)}`, { token: anyStaff.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = answer.body.data as { fiscalYears: string[]; fiscalYear: string; stages: StageMovement[]; byPlace: { districts: unknown[] }; today: { applications: number } };
    expect(data.fiscalYears).toContain(seeded.advertisement.fiscalYear);
    expect(data.stages.find((row) => row.advertisementCode === seeded.advertisement.code)).toMatchObject({ submitted: 4, selected: 1 });
    expect(data.stages.every((row) => row.fiscalYear === seeded.advertisement.fiscalYear)).toBe(true);
    expect(data.byPlace.districts).toHaveLength(77);
    expect((await t.call('GET', '/api/staff/dashboard?fiscalYear=2082%2F83%2F84', { token: anyStaff.token })).status).toBe(400);
    expect((await t.call('GET', '/api/staff/dashboard')).status).toBe(401);
    expect((await t.call('GET', '/api/staff/dashboard', { token: unpaid.token })).status).toBe(403);
  });
});

describe("the candidate's home", () => {
  it('counts their applications, payments due, admit cards and results', async () => {
    const candidate = await createPaymentFixture(t);
    const answer = await t.call('GET', '/api/psc/dashboard', { token: candidate.token });
    expect(answer.status).toBe(200);
    const counters = Object.fromEntries((answer.body.data as { counters: { key: string; value: number }[] }).counters.map((counter) => [counter.key, counter.value]));
    expect(counters).toMatchObject({ applications: 1, paymentsDue: 1, admitCards: 0, results: 0 });
  });

  it("lists their own messages newest first, hides secrets, and keeps read marks per message", async () => {
    const me = await createPaymentFixture(t);
    const other = await createPaymentFixture(t);
    // Signing in queued a password notice for each; start from an empty outbox.
    await t.db.execute(sql`delete from mail_outbox where user_id in (${me.userId}, ${other.userId})`);
    const mail = await one<{ id: number }>(sql`
      insert into mail_outbox (to_address, subject, body_text, kind, user_id, created_at)
      values ('me@example.com', 'Your temporary password is Secret#123', 'Password: Secret#123', 'temporary-password', ${me.userId}, now() - interval '1 hour') returning id`);
    const sms = await one<{ id: number }>(sql`
      insert into sms_outbox (to_number, body, kind, user_id) values ('9800000001', 'Your application was approved.', 'application-decided', ${me.userId}) returning id`);
    const othersSms = await one<{ id: number }>(sql`
      insert into sms_outbox (to_number, body, kind, user_id) values ('9800000002', 'Someone else''s message', 'application-decided', ${other.userId}) returning id`);

    const mark = async (path: string, token: string) => {
      const answer = await t.call('POST', `/api/psc/notifications${path}`, { token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data;
    };
    const list = async (token: string) => {
      const answer = await t.call('GET', '/api/psc/notifications', { token });
      expect(answer.status).toBe(200);
      return answer.body.data as { items: { channel: string; id: number; kind: string; text: string | null; isRead: boolean }[]; unread: number };
    };
    const first = await list(me.token);
    expect(first.items.map((item) => [item.channel, item.kind, item.text, item.isRead])).toEqual([
      ['sms', 'application-decided', 'Your application was approved.', false],
      ['mail', 'temporary-password', null, false],
    ]);
    expect(first.unread).toBe(2);
    expect(JSON.stringify(first)).not.toContain('Secret#123');

    expect(await mark(`/sms/${sms.id}/read`, me.token)).toEqual({ marked: 1 });
    // Another person's message is passed over, never marked, and never shown.
    expect(await mark(`/sms/${othersSms.id}/read`, me.token)).toEqual({ marked: 0 });
    const second = await list(me.token);
    expect(second.unread).toBe(1);
    expect(second.items.find((item) => item.id === sms.id)!.isRead).toBe(true);
    expect(second.items.some((item) => item.id === othersSms.id && item.channel === 'sms')).toBe(false);
    expect((await list(other.token)).unread).toBe(1);

    expect(await mark('/read', me.token)).toEqual({ marked: 1 });
    expect((await list(me.token)).unread).toBe(0);
    expect(mail.id).toBeGreaterThan(0);

    const bad = await t.call('POST', '/api/psc/notifications/fax/1/read', { token: me.token, lang: 'en' });
    expect(bad.status).toBe(400);
    expect((await t.call('GET', '/api/psc/notifications')).status).toBe(401);
    expect((await t.call('GET', '/api/psc/notifications', { token: anyStaff.token })).status).toBe(403);
  });
});

describe("the demo applicant's home", () => {
  it('lists the three messages the demo stages sent her, unread, and counts her admit card and results', async () => {
    const { accessToken } = await t.signIn(DEMO_ACCOUNTS.applicant.username, DEMO_ACCOUNTS.applicant.password);
    const answer = await t.call('GET', '/api/psc/notifications', { token: accessToken });
    const { items } = answer.body.data as { items: { kind: string; text: string | null; isRead: boolean }[] };
    const demo = items.filter((item) => item.kind !== 'password-notice');
    expect(demo.map((item) => [item.kind, item.isRead])).toEqual([
      ['selection-result', false],
      ['exam-schedule-approved', false],
      ['application-decided', false],
    ]);
    expect(demo.every((item) => item.text !== null)).toBe(true);
    const counters = (await t.call('GET', '/api/psc/dashboard', { token: accessToken })).body.data as { counters: { key: string; value: number }[] };
    const value = (key: string) => counters.counters.find((counter) => counter.key === key)?.value;
    expect(value('applications')).toBeGreaterThan(0);
    expect(value('admitCards')).toBeGreaterThan(0);
    expect(value('results')).toBeGreaterThan(0);
  });
});

describe('the public statistics feed', () => {
  it('counts applications per advertisement and quota and the published lists, with nothing personal', async () => {
    const statistics = await readPublicStatistics(t.db);
    const advertisement = statistics.advertisements.find((row) => row.code === seeded.advertisement.code)!;
    expect(advertisement).toMatchObject({ applications: 4, isOpen: true });
    expect(advertisement.quotas).toEqual([expect.objectContaining({ quotaCode: 'open', vacancies: 1, applications: 4, shortlisted: 2, selected: 1 })]);
    expect(advertisement.results.map((result) => [result.kind, result.listed, result.selected])).toEqual([
      ['written', 2, 0],
      ['final', 2, 1],
    ]);
    const text = JSON.stringify(statistics);
    for (const candidate of seeded.candidates) {
      expect(text).not.toContain(candidate.nameEn);
      expect(text).not.toContain(String(candidate.rollNumber));
    }
  });

  it('leaves a deleted application out of its advertisement and quota line', async () => {
    const code = seeded.advertisement.code;
    const read = async () => (await readPublicStatistics(t.db)).advertisements.find((row) => row.code === code)!;
    const before = await read();
    const [one] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from applications where advertisement_id = ${seeded.advertisement.advertisementId} and deleted_at is null order by id limit 1`),
    );
    await t.db.execute(sql`update applications set deleted_at = now() where id = ${one!.id}`);
    await refreshDashboardCounts(t.db);
    const after = await read();
    await t.db.execute(sql`update applications set deleted_at = null where id = ${one!.id}`);
    await refreshDashboardCounts(t.db);
    expect(after.applications).toBe(before.applications - 1);
    expect(after.quotas[0]!.applications).toBe(before.quotas[0]!.applications - 1);
  });

  it('is served as JSON and CSV without sign-in, cached for a minute', async () => {
    const json = await t.call('GET', '/api/public/statistics.json');
    expect(json.status).toBe(200);
    expect(json.headers.get('cache-control')).toBe('public, max-age=60');
    const csv = await t.app.request('/api/public/statistics.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('advertisementCode,fiscalYear,postNameEn,postNameNp,isOpen,quotaCode,quotaNameEn,quotaNameNp,vacancies,applications,shortlisted,selected');
    expect(lines.find((line) => line.startsWith(`${seeded.advertisement.code},`))).toMatch(/,open,.*,1,4,2,1$/);

    // Within the minute the same read answers; after it, a fresh one.
    const now = Date.now() + 10 * PUBLIC_STATISTICS_TTL_MS;
    const cached = await cachedPublicStatistics(t.db, now);
    await createPaymentFixture(t, { advertisement: seeded.advertisement });
    await refreshDashboardCounts(t.db);
    expect(await cachedPublicStatistics(t.db, now + PUBLIC_STATISTICS_TTL_MS - 1)).toBe(cached);
    const renewed = await cachedPublicStatistics(t.db, now + PUBLIC_STATISTICS_TTL_MS);
    expect(renewed.advertisements.find((row) => row.code === seeded.advertisement.code)!.applications).toBe(5);
  });
});
