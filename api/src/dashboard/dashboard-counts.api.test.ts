import { connect } from '@psc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAdvertisementQuotaIds, seedApplicant } from '../applications/applications.test-support';
import { rowsOf } from '../applications/rows-of';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createPaymentFixture, type PaymentFixture } from '../test-support/payment-fixtures';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { refreshDashboardCounts } from './dashboard-counts';

// The recounted counts of live applications (dashboard-counts.ts; the dashboard's, the
// application-count report's and the public feed's) against the plain counts they stand for, after submits through the API, status and payment changes, deletions and addresses,
// on PGlite and on PostgreSQL alike; and two recounts at once count nothing twice.

let t: TestApp;
let anyStaff: StaffUser;
beforeAll(async () => {
  t = await createTestApp();
  anyStaff = await createStaffUser(t, {});
});
afterAll(() => t.close());

const COUNTS = ['candidates', 'applications', 'paid', 'scrutinised', 'pending', 'approved', 'partially_approved', 'rejected', 'expired', 'verification_pending', 'unpaid', 'reapplications'] as const;
type Row = { scope: string; key: number } & Record<(typeof COUNTS)[number], number>;
const read = async (query: ReturnType<typeof sql>) =>
  rowsOf<Row>(await t.db.execute(query))
    .map((row) => ({ ...row, key: Number(row.key), ...Object.fromEntries(COUNTS.map((count) => [count, Number(row[count])])) }) as Row)
    .filter((row) => row.candidates !== 0 || row.applications !== 0);

/** The plain counts, grouped from the applications here and now. */
function plainCounts() {
  return read(sql`
    select * from (
      select 'district' as scope, ca.district_id as key, count(*) as candidates,
        coalesce(sum((select count(*) from applications a where a.user_id = ca.user_id and a.deleted_at is null)), 0) as applications, 0 as paid, 0 as scrutinised,
        0 as pending, 0 as approved, 0 as partially_approved, 0 as rejected, 0 as expired, 0 as verification_pending, 0 as unpaid, 0 as reapplications
      from candidate_addresses ca where ca.kind = 'permanent' group by ca.district_id
      union all
      select 'unplaced', 0, count(*), coalesce(sum((select count(*) from applications a where a.user_id = u.id and a.deleted_at is null)), 0), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
      from users u where u.kind = 'candidate' and u.deactivated_at is null
        and u.id not in (select user_id from candidate_addresses where kind = 'permanent')
      union all
      select 'advertisement', advertisement_id, 0, count(*), sum(case when payment_state = 'paid' then 1 else 0 end),
        sum(case when status in ('approved', 'partially-approved', 'rejected') then 1 else 0 end),
        sum(case when status = 'pending' then 1 else 0 end), sum(case when status = 'approved' then 1 else 0 end),
        sum(case when status = 'partially-approved' then 1 else 0 end), sum(case when status = 'rejected' then 1 else 0 end),
        sum(case when status = 'expired' then 1 else 0 end), sum(case when payment_state = 'verification-pending' then 1 else 0 end),
        sum(case when payment_state = 'unpaid' then 1 else 0 end), sum(case when attempt > 1 then 1 else 0 end)
      from applications where deleted_at is null group by advertisement_id
      union all
      select 'quota', x.advertisement_quota_id, 0, count(*), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
      from application_quotas x where exists (select 1 from applications a where a.id = x.application_id and a.deleted_at is null)
      group by x.advertisement_quota_id
    ) plain order by 1, 2`);
}

const summary = () => read(sql`select scope, key, ${sql.raw(COUNTS.join(', '))} from dashboard_counts order by 1, 2`);

async function expectSummaryMatches() {
  const recount = await refreshDashboardCounts(t.db);
  expect(recount.refreshed).toBe(true);
  expect(await summary()).toEqual(await plainCounts());
}

describe('the dashboard counts', () => {
  let first: PaymentFixture;
  let second: PaymentFixture;
  beforeAll(async () => {
    first = await createPaymentFixture(t);
    second = await createPaymentFixture(t, { advertisement: first.advertisement });
  });

  it('equal the plain counts of the demo data and new applications after a recount, and not before', async () => {
    await expectSummaryMatches();
    const advertisement = await createAdvertisementFixture(t.db, { status: 'published', fiscalYear: '2078/79' });
    const quotaIds = await findAdvertisementQuotaIds(t.db, advertisement.advertisementId);
    const applicants = [];
    for (let i = 0; i < 4; i += 1) applicants.push(await seedApplicant(t));
    const body = { advertisementId: advertisement.advertisementId, advertisementQuotaIds: [quotaIds.open, quotaIds.women], examCentreId: advertisement.examCentreIds[0], acceptTerms: true };
    const answers = await Promise.all(applicants.map((applicant) => t.call('POST', '/api/psc/applications', { token: applicant.token, json: body })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(4).fill(200));
    // Nothing on the submit path counts: the summary changes only at the next recount.
    expect((await summary()).find((row) => row.scope === 'advertisement' && row.key === advertisement.advertisementId)).toBeUndefined();
    await expectSummaryMatches();
    const women = (await summary()).find((row) => row.scope === 'quota' && row.key === quotaIds.women);
    expect(women?.applications).toBe(4);
  });

  it('follow payments, scrutiny, deletion and restoring', async () => {
    await t.db.execute(sql`update applications set payment_state = 'paid', status = 'approved' where id = ${first.applicationId}`);
    await t.db.execute(sql`update applications set payment_state = 'paid', status = 'rejected' where id = ${second.applicationId}`);
    await expectSummaryMatches();
    const ofAdvertisement = async () => (await summary()).find((row) => row.scope === 'advertisement' && row.key === first.advertisement.advertisementId);
    expect(await ofAdvertisement()).toMatchObject({ applications: 2, paid: 2, scrutinised: 2, approved: 1, rejected: 1, pending: 0, unpaid: 0 });
    await t.db.execute(sql`update applications set deleted_at = now() where id = ${second.applicationId}`);
    await expectSummaryMatches();
    expect(await ofAdvertisement()).toMatchObject({ applications: 1, paid: 1, scrutinised: 1 });
    await t.db.execute(sql`update applications set deleted_at = null where id = ${second.applicationId}`);
    await expectSummaryMatches();
  });

  it("follow a candidate's permanent address given and moved", async () => {
    const places = rowsOf<{ districtId: number; provinceId: number; localLevelId: number }>(
      await t.db.execute(sql`select d.id as "districtId", d.province_id as "provinceId", min(l.id) as "localLevelId" from districts d join local_levels l on l.district_id = d.id group by d.id order by d.id limit 2`),
    );
    const [place, other] = places;
    await t.db.execute(sql`insert into candidate_addresses (user_id, kind, province_id, district_id, local_level_id, ward_no)
      values (${first.userId}, 'permanent', ${place!.provinceId}, ${place!.districtId}, ${place!.localLevelId}, 1)`);
    await expectSummaryMatches();
    await t.db.execute(sql`update candidate_addresses set province_id = ${other!.provinceId}, district_id = ${other!.districtId}, local_level_id = ${other!.localLevelId}
      where user_id = ${first.userId} and kind = 'permanent'`);
    await expectSummaryMatches();
  });

  it('count nothing twice when two recounts run at once, and a recent count is left alone', async () => {
    const recounts = await Promise.all([refreshDashboardCounts(t.db), refreshDashboardCounts(t.db), refreshDashboardCounts(t.db)]);
    expect(recounts.filter((recount) => recount.refreshed).length).toBeGreaterThanOrEqual(1);
    expect(await summary()).toEqual(await plainCounts());
    expect(await refreshDashboardCounts(t.db, { minAgeMs: 60_000 })).toEqual({ refreshed: false });
  });

  it('count nothing twice when two pools recount at once (PostgreSQL: the advisory lock)', async () => {
    if (t.deps.connection.engine !== 'postgres') return;
    // A second pool on the same database stands for a second API process.
    const [database] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`));
    const url = new URL(process.env.TEST_POSTGRES_URL!);
    url.pathname = `/${database!.name}`;
    const other = await connect({ databaseUrl: url.toString(), maxConnections: 2 });
    try {
      for (let round = 0; round < 3; round += 1) {
        const recounts = await Promise.all([refreshDashboardCounts(t.db), refreshDashboardCounts(other.db)]);
        expect(recounts.filter((recount) => recount.refreshed).length).toBeGreaterThanOrEqual(1);
        expect(await summary()).toEqual(await plainCounts());
      }
    } finally {
      await other.close();
    }
  });

  it('the staff dashboard and the public feed say when the applications were counted', async () => {
    const recount = await refreshDashboardCounts(t.db);
    expect(recount.refreshed).toBe(true);
    const answer = await t.call('GET', '/api/staff/dashboard', { token: anyStaff.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body.data as { countedAt: string }).countedAt).toBe(recount.refreshed ? recount.countedAt : null);
    const feed = await t.call('GET', '/api/public/statistics.json');
    expect(typeof (feed.body.data as { countedAt: string | null }).countedAt).toBe('string');
  });
});
