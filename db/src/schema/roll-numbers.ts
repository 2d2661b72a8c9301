import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { users } from './identity';
import { organizations } from './master';
import { advertisements } from './recruitment';

// Roll numbers (spec §2 generate/rollNo [SA]; §3 Application "roll number"; §5 "Roll generation:
// advertisement code, from and to roll numbers required; to-roll must exceed from-roll"). After an
// advertisement's scrutiny is finalised, every approved and partially approved application gets
// one roll (symbol) number from a range the staff type inside the office's roll-number range of
// master data (roll_number_ranges: office and fiscal year). A number is one office's in one fiscal
// year: two advertisements of one office never share a number that year, so the unique index is
// on (office, fiscal year, number), and an advertisement's typed range may not overlap another's.

/**
 * An advertisement's roll-number series: the range staff reserved for it, who generated it and
 * when, and whether admit cards are issued. Once `admitCardsIssuedAt` is set (by the admit-card
 * stage) the numbers are printed: regenerating is refused, and a late approval takes the next free
 * number of the range instead.
 */
export const rollNumberSeries = pgTable(
  'roll_number_series',
  {
    advertisementId: integer('advertisement_id')
      .primaryKey()
      .references(() => advertisements.id),
    /** Copied from the advertisement: the owner of the number space (office, fiscal year). */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    fiscalYear: text('fiscal_year').notNull(),
    rollFrom: bigint('roll_from', { mode: 'number' }).notNull(),
    rollTo: bigint('roll_to', { mode: 'number' }).notNull(),
    generatedBy: integer('generated_by')
      .notNull()
      .references(() => users.id),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the admit-card stage when it issues the advertisement's admit cards. */
    admitCardsIssuedAt: timestamp('admit_cards_issued_at', { withTimezone: true }),
  },
  (t) => [
    check('roll_number_series_order_check', sql`${t.rollTo} > ${t.rollFrom}`),
    index('roll_number_series_space_idx').on(t.organizationId, t.fiscalYear, t.rollFrom),
  ],
);

/**
 * One application's roll number. The primary key is the application (one number each); the
 * unique index keeps a number one office's once in a fiscal year, whatever the advertisement.
 * One generation writes up to 100,000 rows at once, so the only foreign key is the application's:
 * the series row (written in the same transaction) already names the advertisement.
 */
export const rollNumbers = pgTable(
  'roll_numbers',
  {
    applicationId: integer('application_id')
      .primaryKey()
      .references(() => applications.id),
    advertisementId: integer('advertisement_id').notNull(),
    organizationId: integer('organization_id').notNull(),
    fiscalYear: text('fiscal_year').notNull(),
    rollNumber: bigint('roll_number', { mode: 'number' }).notNull(),
    /** The exam centre the number was given for (the candidate's choice then). */
    examCentreId: integer('exam_centre_id').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roll_numbers_space_idx').on(t.organizationId, t.fiscalYear, t.rollNumber),
    index('roll_numbers_advertisement_idx').on(t.advertisementId, t.rollNumber),
  ],
);

export const ROLL_NUMBER_RUN_ACTIONS = ['generate', 'regenerate', 'assign-late'] as const;

/** The history of generate/rollNo: each generation, regeneration and late assignment, by whom, when, what range, how many. */
export const rollNumberRuns = pgTable(
  'roll_number_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id),
    action: text('action', { enum: ROLL_NUMBER_RUN_ACTIONS }).notNull(),
    rollFrom: bigint('roll_from', { mode: 'number' }).notNull(),
    rollTo: bigint('roll_to', { mode: 'number' }).notNull(),
    /** How many numbers this run gave. */
    assignedCount: integer('assigned_count').notNull(),
    actorUserId: integer('actor_user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('roll_number_runs_advertisement_idx').on(t.advertisementId, t.id),
    check('roll_number_runs_action_check', sql`${t.action} in ('generate', 'regenerate', 'assign-late')`),
    check('roll_number_runs_count_check', sql`${t.assignedCount} >= 0`),
  ],
);
