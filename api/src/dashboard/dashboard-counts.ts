import { oncePerDatabase, type Connection, type Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import cron from 'node-cron';
import type { Logger } from '../logger';
import { rowsOf } from '../applications/rows-of';
import { JOB_LOCK_KEYS } from '../messaging/run-with-job-lock';

// The counts of live applications behind the staff dashboard, the application-count report and
// the public statistics feed (spec §2 dashboard), taken by a recount every minute instead of on every read: grouping 500,000
// applications and a million quota claims took 324 ms by place and 708 ms for the feed, over the
// 300 ms a dashboard read may take (scripts/benchmarks/dashboard.ts). Nothing on the submit path
// writes them (counters kept by triggers there cost a quarter to a third of its throughput), so
// they lag the applications by up to a minute, and every reader says when they were counted.

/** How often the job recounts, and the age under which a recount is skipped as just done. */
export const DASHBOARD_COUNTS_SCHEDULE = '* * * * *';
export const DASHBOARD_COUNTS_MIN_AGE_MS = 30_000;

export type DashboardRecount = { refreshed: true; countedAt: string; tookMs: number } | { refreshed: false };

/**
 * Recounts dashboard_counts from the applications, replacing every row in one transaction, so
 * readers see either the last complete count or this one. The transaction first takes the job's
 * advisory lock without waiting: when another API process is recounting, this one leaves it to
 * that one (readers keep the last count). Within one process concurrent calls share one recount.
 * A recount younger than `minAgeMs` is left as it is (the job on several processes, each minute).
 */
export function refreshDashboardCounts(db: Database, options: { minAgeMs?: number } = {}): Promise<DashboardRecount> {
  const state = inFlightOf(db);
  if (state.recount) return state.recount;
  const recount = recountInTransaction(db, options.minAgeMs ?? 0).finally(() => {
    if (state.recount === recount) delete state.recount;
  });
  state.recount = recount;
  return recount;
}

const inFlightOf = oncePerDatabase((): { recount?: Promise<DashboardRecount> } => ({}));

function recountInTransaction(db: Database, minAgeMs: number): Promise<DashboardRecount> {
  return db.transaction(async (tx): Promise<DashboardRecount> => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${JOB_LOCK_KEYS.dashboardCounts}::bigint) as locked`));
    if (!lock?.locked) return { refreshed: false };
    if (minAgeMs > 0) {
      const recent = rowsOf(await tx.execute(sql`select 1 from dashboard_counts_taken where counted_at > now() - make_interval(secs => ${minAgeMs / 1000}::double precision)`));
      if (recent.length > 0) return { refreshed: false };
    }
    const started = performance.now();
    await tx.execute(sql`delete from dashboard_counts`);
    // Each candidate's live applications are counted once (per_user, from
    // applications_live_user_idx alone) and serve both the districts and the candidates without
    // a permanent address.
    await tx.execute(sql`
      insert into dashboard_counts (scope, key, candidates, applications, paid, scrutinised)
      with per_user as (
        select user_id, count(*)::int as applications from applications where deleted_at is null group by user_id
      )
      select 'district', ca.district_id, count(*)::int, coalesce(sum(pu.applications), 0)::int, 0, 0
      from candidate_addresses ca left join per_user pu on pu.user_id = ca.user_id
      where ca.kind = 'permanent' group by ca.district_id
      union all
      select 'unplaced', 0, count(*)::int, coalesce(sum(pu.applications), 0)::int, 0, 0
      from users u left join per_user pu on pu.user_id = u.id
      where u.kind = 'candidate' and u.deactivated_at is null
        and not exists (select 1 from candidate_addresses ca where ca.user_id = u.id and ca.kind = 'permanent')
      union all
      select 'quota', x.advertisement_quota_id, 0, count(*)::int, 0, 0
      from application_quotas x join applications a on a.id = x.application_id
      where a.deleted_at is null group by x.advertisement_quota_id`);
    // Per advertisement, the stage movement's first stages and the application-count report's
    // columns.
    await tx.execute(sql`
      insert into dashboard_counts (scope, key, applications, paid, scrutinised, pending, approved, partially_approved, rejected, expired, verification_pending, unpaid, reapplications)
      select 'advertisement', advertisement_id, count(*)::int,
        (count(*) filter (where payment_state = 'paid'))::int,
        (count(*) filter (where status in ('approved', 'partially-approved', 'rejected')))::int,
        (count(*) filter (where status = 'pending'))::int,
        (count(*) filter (where status = 'approved'))::int,
        (count(*) filter (where status = 'partially-approved'))::int,
        (count(*) filter (where status = 'rejected'))::int,
        (count(*) filter (where status = 'expired'))::int,
        (count(*) filter (where payment_state = 'verification-pending'))::int,
        (count(*) filter (where payment_state = 'unpaid'))::int,
        (count(*) filter (where attempt > 1))::int
      from applications where deleted_at is null group by advertisement_id`);
    const tookMs = Math.round(performance.now() - started);
    const [taken] = rowsOf<{ countedAt: string }>(
      await tx.execute(sql`
        insert into dashboard_counts_taken (id, counted_at, took_ms) values (1, now(), ${tookMs})
        on conflict (id) do update set counted_at = excluded.counted_at, took_ms = excluded.took_ms
        returning counted_at as "countedAt"`),
    );
    return { refreshed: true, countedAt: new Date(taken!.countedAt).toISOString(), tookMs };
  });
}

/** When the counts were taken (ISO), or null when they never have been. */
export async function readDashboardCountedAt(db: Database): Promise<string | null> {
  const [row] = rowsOf<{ countedAt: string | Date }>(await db.execute(sql`select counted_at as "countedAt" from dashboard_counts_taken where id = 1`));
  return row ? new Date(row.countedAt).toISOString() : null;
}

/**
 * The counts' time, counting them first when they never have been (a database just made, before
 * the job's first run): `db` is the primary, which the recount writes to.
 */
export async function ensureDashboardCounts(db: Database): Promise<string | null> {
  const countedAt = await readDashboardCountedAt(db);
  if (countedAt) return countedAt;
  const recount = await refreshDashboardCounts(db);
  return recount.refreshed ? recount.countedAt : readDashboardCountedAt(db);
}

export type DashboardCountsJob = { stop: () => Promise<void> };

/**
 * Recounts once at start and then every minute. Every API process runs the job; the advisory
 * lock and the minimum age leave each minute's recount to one of them.
 */
export function startDashboardCounts(deps: { connection: Connection; logger: Logger }): DashboardCountsJob {
  const logger = deps.logger.child({ job: 'dashboard-counts' });
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = refreshDashboardCounts(deps.connection.db, { minAgeMs: DASHBOARD_COUNTS_MIN_AGE_MS }).then(
      (result) => {
        if (result.refreshed) logger.debug({ tookMs: result.tookMs }, 'dashboard counts taken');
      },
      (error: unknown) => logger.error({ err: error }, 'taking the dashboard counts failed'),
    );
    return running;
  };
  void run();
  const task = cron.schedule(DASHBOARD_COUNTS_SCHEDULE, run, { name: 'dashboard-counts', noOverlap: true });
  return {
    stop: async () => {
      await task.destroy();
      await running;
    },
  };
}
