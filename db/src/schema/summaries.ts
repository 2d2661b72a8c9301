import { index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { districts } from './reference';
import { advertisementQuotas, advertisements } from './recruitment';

// Counts of live applications (deleted_at null) kept by triggers on applications and
// application_quotas (migrations 0026 and 0027) in the transaction that changes them, so the staff
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

/**
 * How many counter rows an advertisement's and a quota line's count is spread over: an
 * application counts in the row of its id modulo this. In an advertisement's last days thousands
 * of candidates submit to it every minute, and one counter row would make every submit wait for
 * the one before it to commit (the row stays locked until then); sixteen rows let sixteen commit
 * side by side. Readers add an advertisement's rows up. The triggers (migrations 0026 and 0027)
 * hold the same number.
 */
export const COUNTER_SLOTS = 16;

/** Each advertisement's live applications (the public feed), over COUNTER_SLOTS rows. */
export const advertisementApplicationCounts = pgTable(
  'advertisement_application_counts',
  {
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    /** The counted applications' id modulo COUNTER_SLOTS. */
    slot: smallint('slot').notNull(),
    applications: integer('applications').notNull(),
  },
  (t) => [primaryKey({ columns: [t.advertisementId, t.slot] })],
);

/** Each quota line's claims by live applications (the public feed), over COUNTER_SLOTS rows. */
export const quotaApplicationCounts = pgTable(
  'quota_application_counts',
  {
    advertisementQuotaId: integer('advertisement_quota_id')
      .notNull()
      .references(() => advertisementQuotas.id, { onDelete: 'cascade' }),
    /** The claiming applications' id modulo COUNTER_SLOTS. */
    slot: smallint('slot').notNull(),
    applications: integer('applications').notNull(),
  },
  (t) => [primaryKey({ columns: [t.advertisementQuotaId, t.slot] })],
);
