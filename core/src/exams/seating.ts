// Exam centres, rooms and invigilators (spec §3 "Exam centre", "Exam-centre allocation"; spec §4
// "Exam centre assignment: temporary save, then final save, revert, complete. Room and
// invigilator allocation: temporary save, revert, forward or final save").

/** A paper's centre allocation: staff save it for now, then for good, then close it. */
export const CENTRE_ALLOCATION_STATUSES = ['temporary', 'final', 'complete'] as const;
export type CentreAllocationStatus = (typeof CENTRE_ALLOCATION_STATUSES)[number];

/**
 * One centre's rooms (and, the same way, its invigilators): not yet split, saved for now,
 * forwarded to the approver, or final. Only a final split gives candidates their room and seat.
 */
export const ROOM_ALLOCATION_STATUSES = ['pending', 'temporary', 'forwarded', 'final'] as const;
export type RoomAllocationStatus = (typeof ROOM_ALLOCATION_STATUSES)[number];

/** An invigilator's duty at a centre: the centre's chief, or one room's invigilator. */
export const INVIGILATOR_DUTIES = ['chief', 'room'] as const;
export type InvigilatorDuty = (typeof INVIGILATOR_DUTIES)[number];

/** Bounds the database's checks and the forms' validation share. */
export const SEATING_LIMITS = {
  /** A centre (a school or campus) seats at most this many at one sitting. */
  venueCapacity: { min: 1, max: 100_000 },
  /** A room's seats. */
  roomSeats: { min: 1, max: 1_000 },
} as const;
