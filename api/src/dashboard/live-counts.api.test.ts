import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../applications/rows-of';
import { findAdvertisementQuotaIds, seedApplicant } from '../applications/applications.test-support';
import { createPaymentFixture, type PaymentFixture } from '../test-support/payment-fixtures';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';

// The counters of live applications that triggers keep (db/src/schema/summaries.ts, migration
// 0026) against the plain counts they stand for, after each way an application or a quota claim
// changes: on PGlite and on PostgreSQL alike (the dashboard and the public feed read them).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Count = { key: number; applications: number };

async function counts(query: ReturnType<typeof sql>): Promise<Count[]> {
  return rowsOf<Count>(await t.db.execute(query)).filter((row) => Number(row.applications) !== 0);
}

/** Each counter table equals its plain count (counters left at zero stand for no row). */
async function expectCountersMatch() {
  expect(await counts(sql`select user_id as key, applications from candidate_application_counts order by 1`)).toEqual(
    await counts(sql`select user_id as key, count(*)::int as applications from applications where deleted_at is null group by 1 order by 1`),
  );
  // Every candidate with a permanent address, with its district, and no other district.
  expect(rowsOf(await t.db.execute(sql`select user_id, district_id from candidate_application_counts where district_id is not null order by 1`))).toEqual(
    rowsOf(await t.db.execute(sql`select user_id, district_id from candidate_addresses where kind = 'permanent' order by 1`)),
  );
  expect(await counts(sql`select advertisement_id as key, sum(applications)::int as applications from advertisement_application_counts group by 1 order by 1`)).toEqual(
    await counts(sql`select advertisement_id as key, count(*)::int as applications from applications where deleted_at is null group by 1 order by 1`),
  );
  expect(await counts(sql`select advertisement_quota_id as key, sum(applications)::int as applications from quota_application_counts group by 1 order by 1`)).toEqual(
    await counts(sql`
      select x.advertisement_quota_id as key, count(*)::int as applications
      from application_quotas x join applications a on a.id = x.application_id where a.deleted_at is null group by 1 order by 1`),
  );
}

describe('the counters of live applications', () => {
  let first: PaymentFixture;
  let second: PaymentFixture;
  let elsewhere: PaymentFixture;
  beforeAll(async () => {
    first = await createPaymentFixture(t);
    second = await createPaymentFixture(t, { advertisement: first.advertisement });
    elsewhere = await createPaymentFixture(t);
  });

  it('count the demo data and new applications with their quota claims', async () => {
    await expectCountersMatch();
    const [row] = rowsOf<{ applications: number }>(await t.db.execute(sql`select sum(applications)::int as applications from advertisement_application_counts where advertisement_id = ${first.advertisement.advertisementId}`));
    expect(row!.applications).toBe(2);
  });

  it('count the applications and claims that concurrent submits write in one statement', async () => {
    // The submit writes an application and its claims in one statement (SUBMIT_APPLICATIONS_SQL),
    // the submits that arrive together in one batch: each claim counts once.
    const advertisement = await createAdvertisementFixture(t.db, { status: 'published', fiscalYear: '2078/79' });
    const quotaIds = await findAdvertisementQuotaIds(t.db, advertisement.advertisementId);
    const applicants = [];
    for (let i = 0; i < 6; i += 1) applicants.push(await seedApplicant(t));
    const body = { advertisementId: advertisement.advertisementId, advertisementQuotaIds: [quotaIds.open, quotaIds.women], examCentreId: advertisement.examCentreIds[0], acceptTerms: true };
    const answers = await Promise.all(applicants.map((applicant) => t.call('POST', '/api/psc/applications', { token: applicant.token, json: body })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    await expectCountersMatch();
    const [row] = rowsOf<{ applications: number }>(
      await t.db.execute(sql`select sum(applications)::int as applications from quota_application_counts where advertisement_quota_id = ${quotaIds.women}`),
    );
    expect(row!.applications).toBe(6);
  });

  it('follow an application deleted and restored', async () => {
    await t.db.execute(sql`update applications set deleted_at = now() where id = ${first.applicationId}`);
    await expectCountersMatch();
    // Deleted again: nothing changes twice.
    await t.db.execute(sql`update applications set deleted_at = now() where id = ${first.applicationId}`);
    await expectCountersMatch();
    await t.db.execute(sql`update applications set deleted_at = null where id = ${first.applicationId}`);
    await expectCountersMatch();
  });

  it('follow quota claims taken off, added and moved, on live and deleted applications', async () => {
    const quotas = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from advertisement_quotas where advertisement_id = ${first.advertisement.advertisementId} order by id`),
    );
    await t.db.execute(sql`delete from application_quotas where application_id = ${second.applicationId}`);
    await expectCountersMatch();
    await t.db.execute(sql`insert into application_quotas (application_id, advertisement_quota_id) values (${second.applicationId}, ${quotas[0]!.id})`);
    await expectCountersMatch();
    await t.db.execute(sql`update application_quotas set application_id = ${first.applicationId} where application_id = ${second.applicationId} and advertisement_quota_id <> all(
      select advertisement_quota_id from application_quotas where application_id = ${first.applicationId})`);
    await expectCountersMatch();
    await t.db.execute(sql`update applications set deleted_at = now() where id = ${second.applicationId}`);
    await t.db.execute(sql`insert into application_quotas (application_id, advertisement_quota_id) values (${second.applicationId}, ${quotas.at(-1)!.id}) on conflict do nothing`);
    await expectCountersMatch();
    await t.db.execute(sql`update applications set deleted_at = null where id = ${second.applicationId}`);
    await expectCountersMatch();
  });

  it("follow a candidate's permanent address given, moved and removed, and leave the mailing one alone", async () => {
    const [place] = rowsOf<{ districtId: number; provinceId: number; localLevelId: number }>(
      await t.db.execute(sql`select d.id as "districtId", d.province_id as "provinceId", min(l.id) as "localLevelId" from districts d join local_levels l on l.district_id = d.id group by d.id order by d.id limit 1`),
    );
    const [other] = rowsOf<{ districtId: number; provinceId: number; localLevelId: number }>(
      await t.db.execute(sql`select d.id as "districtId", d.province_id as "provinceId", min(l.id) as "localLevelId" from districts d join local_levels l on l.district_id = d.id group by d.id order by d.id desc limit 1`),
    );
    for (const kind of ['mailing', 'permanent']) {
      await t.db.execute(sql`insert into candidate_addresses (user_id, kind, province_id, district_id, local_level_id, ward_no)
        values (${first.userId}, ${kind}, ${place!.provinceId}, ${place!.districtId}, ${place!.localLevelId}, 1)`);
      await expectCountersMatch();
    }
    await t.db.execute(sql`update candidate_addresses set province_id = ${other!.provinceId}, district_id = ${other!.districtId}, local_level_id = ${other!.localLevelId}
      where user_id = ${first.userId} and kind = 'permanent'`);
    await expectCountersMatch();
    await t.db.execute(sql`delete from candidate_addresses where user_id = ${first.userId}`);
    await expectCountersMatch();
  });

  it('follow an application given to another applicant, and one removed with its claims', async () => {
    await t.db.execute(sql`update applications set user_id = ${first.userId} where id = ${elsewhere.applicationId}`);
    await expectCountersMatch();
    await t.db.execute(sql`delete from charges where application_id = ${second.applicationId}`);
    await t.db.execute(sql`delete from application_events where application_id = ${second.applicationId}`);
    await t.db.execute(sql`delete from applications where id = ${second.applicationId}`);
    await expectCountersMatch();
  });
});
