import { index, integer, pgTable, smallint } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { districts } from './reference';
import { advertisementQuotas, advertisements } from './recruitment';

// Counts of live applications (deleted_at null) kept by triggers on applications and
// application_quotas (migration 0026) in the transaction that changes them, so the staff
// dashboard and the public statistics feed read a few thousand counter rows instead of grouping
// 500,000 applications and a million quota claims (spec §2 dashboard; 300 ms at 500,000
// applications, scripts/benchmarks/dashboard.ts). Nothing in the API writes them.
// live-counts.api.test.ts checks them against the plain counts on both engines.

/**
 * Each candidate's live applications with the district of their permanent address (the
 * dashboard's counts by place and by country): a row for every candidate who has applied or given
 * a permanent address, so that the counts by district read this table alone.
 */
export const candidateApplicationCounts = pgTable(
  'candidate_application_counts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    applications: integer('applications').notNull(),
    /** The permanent address's district; null while there is none. */
    districtId: smallint('district_id').references(() => districts.id),
  },
  (t) => [index('candidate_application_counts_district_idx').on(t.districtId, t.applications)],
);

/** Each advertisement's live applications (the public feed). */
export const advertisementApplicationCounts = pgTable('advertisement_application_counts', {
  advertisementId: integer('advertisement_id')
    .primaryKey()
    .references(() => advertisements.id, { onDelete: 'cascade' }),
  applications: integer('applications').notNull(),
});

/** Each quota line's claims by live applications (the public feed). */
export const quotaApplicationCounts = pgTable('quota_application_counts', {
  advertisementQuotaId: integer('advertisement_quota_id')
    .primaryKey()
    .references(() => advertisementQuotas.id, { onDelete: 'cascade' }),
  applications: integer('applications').notNull(),
});
