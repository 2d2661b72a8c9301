import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// Counts of live applications (deleted_at null) taken by a recount every minute, off the submit
// path (api/src/dashboard/dashboard-counts.ts): the staff dashboard, its stage movement, the
// application-count report and the public statistics feed read these few thousand rows instead of grouping 500,000 applications
// and a million quota claims on every read (spec §2 dashboard; 300 ms at 500,000 applications,
// scripts/benchmarks/dashboard.ts). Counters kept by triggers on every submit were tried and cost
// the submit path a quarter to a third of its throughput, so nothing on the submit path writes
// here. The whole table is replaced in one transaction; readers see the last complete count.

/** What a row of dashboard_counts counts, and what its key is. */
export const DASHBOARD_COUNT_SCOPES = {
  /** Candidates with their permanent address in district `key`, and their live applications. */
  district: 'district',
  /** Active candidates with no permanent address yet (key 0), and their live applications. */
  unplaced: 'unplaced',
  /**
   * Live applications to advertisement `key`: all, paid and scrutinised, and by status, payment
   * state and attempt for the application-count report (candidates unused).
   */
  advertisement: 'advertisement',
  /** Live applications claiming the advertisement's quota line `key` (advertisement_quotas.id). */
  quota: 'quota',
} as const;
export type DashboardCountScope = (typeof DASHBOARD_COUNT_SCOPES)[keyof typeof DASHBOARD_COUNT_SCOPES];

export const dashboardCounts = pgTable(
  'dashboard_counts',
  {
    scope: text('scope').$type<DashboardCountScope>().notNull(),
    key: integer('key').notNull(),
    candidates: integer('candidates').notNull().default(0),
    applications: integer('applications').notNull().default(0),
    paid: integer('paid').notNull().default(0),
    scrutinised: integer('scrutinised').notNull().default(0),
    // The application-count report's columns (advertisement rows only).
    pending: integer('pending').notNull().default(0),
    approved: integer('approved').notNull().default(0),
    partiallyApproved: integer('partially_approved').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    expired: integer('expired').notNull().default(0),
    verificationPending: integer('verification_pending').notNull().default(0),
    unpaid: integer('unpaid').notNull().default(0),
    reapplications: integer('reapplications').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('dashboard_counts_scope_check', sql`${t.scope} in ('district', 'unplaced', 'advertisement', 'quota')`),
  ],
);

/** When dashboard_counts was last taken (one row, id 1), and how long the recount took. */
export const dashboardCountsTaken = pgTable(
  'dashboard_counts_taken',
  {
    id: smallint('id').primaryKey().default(1),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
    tookMs: integer('took_ms').notNull(),
  },
  (t) => [check('dashboard_counts_taken_one_row', sql`${t.id} = 1`)],
);
