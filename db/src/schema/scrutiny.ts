import { SCRUTINY_ALLOCATION_ACTIONS, SCRUTINY_DECISIONS, SCRUTINY_STATUSES } from '@psc/core';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { users } from './identity';
import { advertisementQuotas, advertisements } from './recruitment';

// Scrutiny (spec §3 "Scrutiny record", §4 "Scrutiny allocation"; DESIGN "The exam half"): after
// an advertisement's double-fee date every paid application is screened by one officer holding
// the SC privilege. The allocation row is the application's scrutiny record: its officer and its
// scrutiny status. The decisions (per quota on application_quotas, remarks, finalising) build on it.

/**
 * One application's scrutiny: the officer it is allocated to, by whom and when, and its status.
 * The primary key is the application, so no application is ever allocated twice.
 *
 * One allocation writes up to 74,000 rows at once (the largest advertisement's applications), and
 * each foreign key is a check per row: the advertisement is a copy of the application's own,
 * written only from it, and who allocated is the signed-in staff user whom the history row
 * (with its foreign key) names too, so neither has one here. One index, by officer, serves what
 * reads these rows by officer and advertisement, in application order; an advertisement's
 * counts come through its applications.
 */
export const scrutinyAllocations = pgTable(
  'scrutiny_allocations',
  {
    applicationId: integer('application_id')
      .primaryKey()
      .references(() => applications.id),
    advertisementId: integer('advertisement_id').notNull(),
    officerUserId: integer('officer_user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: SCRUTINY_STATUSES }).notNull().default('pending'),
    /** The staff user who made the move; the history row and the audit row name them too. */
    allocatedBy: integer('allocated_by').notNull(),
    /** When the application came to its present officer (allocation, reallocation or switch). */
    allocatedAt: timestamp('allocated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the status last changed; null while it is still the first 'pending'. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /**
     * One more with every decision: a decision names the version its officer was looking at, and
     * one made on an older view is refused (spec §4: two officers never decide one application at once).
     */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    // The queue in the order an officer screens it: next pending after the one open reads one entry.
    index('scrutiny_allocations_officer_idx').on(t.officerUserId, t.advertisementId, t.status, t.applicationId),
    check('scrutiny_allocations_status_check', sql`${t.status} in ('pending', 'approved', 'hold', 'rejected')`),
  ],
);

/**
 * The allocation history (spec §2 scrutiny-allocation-history): one row per move of applications
 * from one officer to another: an allocation (from nobody), a reallocation, either half of a
 * switch. Rows of one action share its time and actor.
 */
export const scrutinyAllocationEvents = pgTable(
  'scrutiny_allocation_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id),
    action: text('action', { enum: SCRUTINY_ALLOCATION_ACTIONS }).notNull(),
    fromOfficerUserId: integer('from_officer_user_id').references(() => users.id),
    toOfficerUserId: integer('to_officer_user_id')
      .notNull()
      .references(() => users.id),
    applicationCount: integer('application_count').notNull(),
    actorUserId: integer('actor_user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scrutiny_allocation_events_advertisement_idx').on(t.advertisementId, t.id),
    check('scrutiny_allocation_events_count_check', sql`${t.applicationCount} >= 0`),
    check('scrutiny_allocation_events_action_check', sql`${t.action} in ('allocate', 'reallocate', 'switch')`),
  ],
);

/**
 * The decisions history (spec §4 "Scrutiny and pre-review status"): every approve, hold, reject
 * and revert, of the whole application (no quota) or of one claimed quota, by whom, when and why:
 * a standard reason's code (core's SCRUTINY_REASONS), a typed remark, or both.
 */
export const scrutinyDecisions = pgTable(
  'scrutiny_decisions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    advertisementQuotaId: integer('advertisement_quota_id').references(() => advertisementQuotas.id),
    decision: text('decision', { enum: SCRUTINY_DECISIONS }).notNull(),
    reasonCode: text('reason_code'),
    remark: text('remark'),
    officerUserId: integer('officer_user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scrutiny_decisions_application_idx').on(t.applicationId, t.id),
    check('scrutiny_decisions_decision_check', sql`${t.decision} in ('approve', 'hold', 'reject', 'revert')`),
    check('scrutiny_decisions_remark_check', sql`char_length(${t.remark}) <= 500`),
  ],
);

/**
 * An advertisement's finalised scrutiny (spec §4 "Scrutiny allocation: ... finalise"): one row per
 * advertisement once it is first finalised. While `reopenedAt` is null the scrutiny is final: no
 * decision, reallocation or switch changes it. An audited reopen (with its remark) sets
 * `reopenedAt`; finalising again clears it. Every finalise and reopen is kept in
 * scrutiny_finalisation_events.
 */
export const scrutinyFinalisations = pgTable('scrutiny_finalisations', {
  advertisementId: integer('advertisement_id')
    .primaryKey()
    .references(() => advertisements.id),
  finalisedBy: integer('finalised_by')
    .notNull()
    .references(() => users.id),
  finalisedAt: timestamp('finalised_at', { withTimezone: true }).notNull().defaultNow(),
  reopenedBy: integer('reopened_by').references(() => users.id),
  reopenedAt: timestamp('reopened_at', { withTimezone: true }),
  reopenRemark: text('reopen_remark'),
});

/** The finalisation history: each finalise and reopen, by whom, when, and the reopen's remark. */
export const scrutinyFinalisationEvents = pgTable(
  'scrutiny_finalisation_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id),
    action: text('action', { enum: ['finalise', 'reopen'] }).notNull(),
    remark: text('remark'),
    actorUserId: integer('actor_user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scrutiny_finalisation_events_advertisement_idx').on(t.advertisementId, t.id),
    check('scrutiny_finalisation_events_action_check', sql`${t.action} in ('finalise', 'reopen')`),
    check('scrutiny_finalisation_events_remark_check', sql`char_length(${t.remark}) <= 500`),
  ],
);
