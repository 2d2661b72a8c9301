import { CENTRE_ALLOCATION_STATUSES, INVIGILATOR_DUTIES, ROOM_ALLOCATION_STATUSES } from '@psc/core';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { examPapers } from './exams';
import { users } from './identity';
import { examVenueRooms, examVenues, invigilators } from './master';
import { advertisements } from './recruitment';

// Seating after roll numbers (spec §3 "Exam-centre allocation: fiscal year, exam centre, exam
// paper, roll from, roll to, centre capacity, room number, roll number, paper number"; spec §4
// "Exam centre assignment: temporary save, then final save, revert, complete. Room and
// invigilator allocation: temporary save, revert, forward or final save").
//
// A sitting is one scheduled paper of one advertisement: its date, start time and duration come
// from exam_schedule_papers. Each sitting's candidates (by roll number) are given to exam centres
// in roll ranges; each centre's range is split across its rooms, each candidate getting a seat;
// each centre gets a chief and each room its invigilators. Centres, rooms and invigilators are
// shared by every advertisement, so the capacity and clash rules look across sittings that
// overlap in time.

/** One sitting's centre allocation and its state. */
export const centreAllocations = pgTable(
  'centre_allocations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id),
    examPaperId: integer('exam_paper_id')
      .notNull()
      .references(() => examPapers.id),
    status: text('status', { enum: CENTRE_ALLOCATION_STATUSES }).notNull().default('temporary'),
    savedBy: integer('saved_by')
      .notNull()
      .references(() => users.id),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    finalisedBy: integer('finalised_by').references(() => users.id),
    finalisedAt: timestamp('finalised_at', { withTimezone: true }),
    completedBy: integer('completed_by').references(() => users.id),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    unique('centre_allocations_sitting_key').on(t.advertisementId, t.examPaperId),
    index('centre_allocations_paper_idx').on(t.examPaperId),
    check('centre_allocations_status_check', sql`${t.status} in ('temporary', 'final', 'complete')`),
  ],
);

/**
 * One centre's roll range in a sitting, with its room and invigilator states. A centre takes one
 * range per sitting; `candidates` is how many roll numbers of the sitting fall in it (the capacity
 * it requires).
 */
export const centreAllocationRanges = pgTable(
  'centre_allocation_ranges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    allocationId: integer('allocation_id')
      .notNull()
      .references(() => centreAllocations.id, { onDelete: 'cascade' }),
    venueId: integer('venue_id')
      .notNull()
      .references(() => examVenues.id),
    rollFrom: bigint('roll_from', { mode: 'number' }).notNull(),
    rollTo: bigint('roll_to', { mode: 'number' }).notNull(),
    candidates: integer('candidates').notNull(),
    roomStatus: text('room_status', { enum: ROOM_ALLOCATION_STATUSES }).notNull().default('pending'),
    roomsSavedBy: integer('rooms_saved_by').references(() => users.id),
    roomsSavedAt: timestamp('rooms_saved_at', { withTimezone: true }),
    invigilatorStatus: text('invigilator_status', { enum: ROOM_ALLOCATION_STATUSES }).notNull().default('pending'),
    invigilatorsSavedBy: integer('invigilators_saved_by').references(() => users.id),
    invigilatorsSavedAt: timestamp('invigilators_saved_at', { withTimezone: true }),
  },
  (t) => [
    unique('centre_allocation_ranges_venue_key').on(t.allocationId, t.venueId),
    index('centre_allocation_ranges_roll_idx').on(t.allocationId, t.rollFrom),
    index('centre_allocation_ranges_venue_idx').on(t.venueId),
    check('centre_allocation_ranges_order_check', sql`${t.rollTo} >= ${t.rollFrom}`),
    check('centre_allocation_ranges_candidates_check', sql`${t.candidates} >= 0`),
    check('centre_allocation_ranges_room_status_check', sql`${t.roomStatus} in ('pending', 'temporary', 'forwarded', 'final')`),
    check('centre_allocation_ranges_invigilator_status_check', sql`${t.invigilatorStatus} in ('pending', 'temporary', 'forwarded', 'final')`),
  ],
);

/** One room's share of a centre's range: a roll sub-range and how many sit in it. */
export const roomAllocations = pgTable(
  'room_allocations',
  {
    rangeId: integer('range_id')
      .notNull()
      .references(() => centreAllocationRanges.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => examVenueRooms.id),
    rollFrom: bigint('roll_from', { mode: 'number' }).notNull(),
    rollTo: bigint('roll_to', { mode: 'number' }).notNull(),
    candidates: integer('candidates').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.rangeId, t.roomId] }),
    index('room_allocations_room_idx').on(t.roomId),
    check('room_allocations_order_check', sql`${t.rollTo} >= ${t.rollFrom}`),
    check('room_allocations_candidates_check', sql`${t.candidates} >= 1`),
  ],
);

/**
 * Where one candidate sits in one sitting. Written at the centre's final save with the centre
 * only, then given the room and seat when the centre's rooms are final. Up to 100,000 rows at
 * once, so no foreign key at all: each is a trigger per row (the allocation's alone was half of a
 * final save's time), and every column comes from rows the same statement reads under the
 * allocation's lock. Revert deletes the rows itself.
 */
export const seatAssignments = pgTable(
  'seat_assignments',
  {
    allocationId: integer('allocation_id').notNull(),
    applicationId: integer('application_id').notNull(),
    rollNumber: bigint('roll_number', { mode: 'number' }).notNull(),
    venueId: integer('venue_id').notNull(),
    roomId: integer('room_id'),
    /** 1 .. the room's seats; null until the room is final. */
    seatNumber: integer('seat_number'),
  },
  (t) => [
    primaryKey({ columns: [t.allocationId, t.applicationId] }),
    index('seat_assignments_roll_idx').on(t.allocationId, t.rollNumber),
    index('seat_assignments_application_idx').on(t.applicationId),
    check('seat_assignments_seat_check', sql`(${t.roomId} is null) = (${t.seatNumber} is null) and (${t.seatNumber} is null or ${t.seatNumber} >= 1)`),
  ],
);

/**
 * An invigilator's duty in a sitting at a centre: its chief (no room) or a room's invigilator.
 * `startsAt`/`endsAt` copy the sitting's time so the rule "never one invigilator in two places at
 * the same time" reads one index.
 */
export const invigilatorAssignments = pgTable(
  'invigilator_assignments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    rangeId: integer('range_id')
      .notNull()
      .references(() => centreAllocationRanges.id, { onDelete: 'cascade' }),
    roomId: integer('room_id').references(() => examVenueRooms.id),
    invigilatorId: integer('invigilator_id')
      .notNull()
      .references(() => invigilators.id),
    duty: text('duty', { enum: INVIGILATOR_DUTIES }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('invigilator_assignments_once_key').on(t.rangeId, t.invigilatorId),
    index('invigilator_assignments_time_idx').on(t.invigilatorId, t.startsAt),
    check('invigilator_assignments_duty_check', sql`(${t.duty} = 'chief') = (${t.roomId} is null)`),
    check('invigilator_assignments_time_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
