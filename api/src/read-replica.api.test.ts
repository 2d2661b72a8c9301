import { todayAd } from '@psc/core';
import type { SeededAdvertisement } from '@psc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './applications/rows-of';
import { refreshDashboardCounts } from './dashboard/dashboard-counts';
import { countApplications } from './reports/application-reports';
import { createStaffUser, type StaffUser } from './requisitions/requisition.test-support';
import { createPaymentFixture } from './test-support/payment-fixtures';
import { createAdvertisementFixture } from './test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from './test-support/test-app';

// DATABASE_REPLICA_URL: reports read a streaming replica of the primary (deps.readDb). The test
// runner starts a replica of its throwaway cluster (scripts/lib/postgres-cluster.ts) and names it
// in TEST_POSTGRES_REPLICA_URL. PostgreSQL only; under CI a run without the replica fails.
const replicaUrl = process.env.TEST_POSTGRES_REPLICA_URL;
const onPostgres = process.env.TEST_DATABASE === 'postgres';

if (onPostgres && !replicaUrl && process.env.CI === 'true') {
  it('has the replica the test runner starts', () => {
    throw new Error('TEST_POSTGRES_REPLICA_URL is not set: scripts/test.ts starts the replica with pg_basebackup');
  });
}

describe.runIf(onPostgres && replicaUrl !== undefined)('reads from a streaming replica', () => {
  let t: TestApp;
  let reporter: StaffUser;
  let advertisement: SeededAdvertisement;

  const replica = () => t.deps.replica!.db;
  /** Waits until the replica has replayed everything the primary has produced so far. */
  async function replayed() {
    const [primary] = rowsOf<{ lsn: string }>(await t.db.execute(sql`select pg_current_wal_insert_lsn()::text as lsn`));
    for (let waited = 0; waited < 30_000; waited += 20) {
      const [row] = rowsOf<{ done: boolean }>(await replica().execute(sql`select pg_last_wal_replay_lsn() >= ${primary!.lsn}::pg_lsn as done`));
      if (row?.done) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`the replica did not replay up to ${primary!.lsn} within 30 s`);
  }
  async function reportTotal(): Promise<number | undefined> {
    const answer = await t.call('GET', `/api/admin/reports/application-count?advertisementCode=${encodeURIComponent(advertisement.code)}`, { token: reporter.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body.data as { total: number }[])[0]?.total;
  }

  beforeAll(async () => {
    t = await createTestApp({ databaseReplicaUrl: replicaUrl });
    reporter = await createStaffUser(t, { ER: ['read'] });
    advertisement = await createAdvertisementFixture(t.db, { status: 'published' });
  });
  afterAll(async () => {
    // Replay is paused for the whole replica, every test database on it: never leave it so.
    await replica()
      .execute(sql`select pg_wal_replay_resume()`)
      .catch(() => {});
    await t.close();
  });

  it('answers a report with a row written on the primary once the replica has replayed it', async () => {
    expect(t.deps.readDb).not.toBe(t.db);
    await createPaymentFixture(t, { advertisement });
    // The report reads the counts the minute's recount takes on the primary (dashboard-counts).
    await refreshDashboardCounts(t.db);
    await replayed();
    expect(await reportTotal()).toBe(1);
    const health = await t.call('GET', '/api/health');
    expect(health.body.data).toMatchObject({ database: 'up', engine: 'postgres', replica: { state: 'up' } });
  });

  it('reads the replica, not the primary: a row written while replay is paused shows only once it resumes', async () => {
    await replica().execute(sql`select pg_wal_replay_pause()`);
    // Replay resumed whatever happens here: a paused replica would fail every later test on it.
    try {
      for (let waited = 0; ; waited += 20) {
        const [row] = rowsOf<{ state: string }>(await replica().execute(sql`select pg_get_wal_replay_pause_state() as state`));
        if (row?.state === 'paused') break;
        if (waited > 30_000) throw new Error('replay did not pause');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await createPaymentFixture(t, { advertisement });
      await refreshDashboardCounts(t.db);
      // The primary has counted both applications; the report, read on the paused replica, still one.
      expect((await countApplications(t.db, { advertisementCode: advertisement.code }))[0]?.total).toBe(2);
      expect(await reportTotal()).toBe(1);
      const health = await t.call('GET', '/api/health');
      const lag = (health.body.data as { replica: { state: string; behindBytes: number; lagSeconds: number } }).replica;
      expect(lag.state).toBe('up');
      expect(lag.behindBytes).toBeGreaterThan(0);
      expect(lag.lagSeconds).toBeGreaterThanOrEqual(0);
    } finally {
      await replica().execute(sql`select pg_wal_replay_resume()`);
    }
    await replayed();
    expect(await reportTotal()).toBe(2);
  });

  it('drops an advertisement staff close from the public list once the replica has replayed the close', async () => {
    const open = await createAdvertisementFixture(t.db, { status: 'published', publishDate: todayAd() });
    await replayed();
    const listed = async () => {
      const answer = await t.call('GET', `/api/public/advertisements?search=${encodeURIComponent(open.code)}`);
      return (answer.body.data as { items: { code: string }[] }).items.map((item) => item.code);
    };
    expect(await listed()).toEqual([open.code]);
    const admin = (await t.signInAdministrator()).accessToken;
    expect((await t.call('POST', `/api/admin/advertisements/${open.advertisementId}/close`, { token: admin, json: {} })).status).toBe(200);
    await replayed();
    // Within the 3 seconds the list is otherwise kept: the staff write emptied the replica's copy too.
    expect(await listed()).toEqual([]);
  });
});
