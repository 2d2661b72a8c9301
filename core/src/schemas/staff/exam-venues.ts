import { z } from 'zod';
import { SEATING_LIMITS } from '../../exams/seating';
import { idSchema, masterDataNameSchema, optionalField, requiredDigitsText } from '../fields';
import { phoneSchema } from '../profile/address';
import { withMessage } from '../with-message';
import { masterDataNumberSchema } from './master-data';

// Exam centres and their rooms (spec §3 "Exam centre": a school or campus in a city, with rooms
// and seats; spec §5 "Exam centre capacity minimum 1"). Digits typed in Devanagari are read as
// Latin ones, as every numeric input is.

/** Room numbers and floors as painted on the wall: "101", "B-2", "Ground". */
const ROOM_TEXT_MAX = 30;

const roomText = (requiredKey: 'examVenues.roomNumberRequired' | 'validation.required') =>
  requiredDigitsText(requiredKey).max(ROOM_TEXT_MAX, withMessage('validation.maxLength'));

export const examVenueSchema = z.object({
  /** The city: the exam centre (exam_centres) candidates chose when applying. */
  examCentreId: idSchema('examVenues.cityRequired'),
  nameEn: masterDataNameSchema,
  nameNp: masterDataNameSchema,
  addressEn: masterDataNameSchema,
  addressNp: masterDataNameSchema,
  // spec §5: exam centre capacity minimum 1.
  capacity: masterDataNumberSchema({ min: SEATING_LIMITS.venueCapacity.min, max: SEATING_LIMITS.venueCapacity.max }),
  contactPerson: optionalField(masterDataNameSchema).nullable().transform((value) => value ?? null),
  // A landline or a mobile, by core's phone rules (phone.ts), stored in its one national form.
  contactNumber: optionalField(phoneSchema).nullable().transform((value) => value ?? null),
  isActive: z.boolean(withMessage('validation.invalid')).default(true),
});
export type ExamVenueInput = z.input<typeof examVenueSchema>;
export type ExamVenueValues = z.output<typeof examVenueSchema>;

export const examVenueRoomSchema = z.object({
  roomNumber: roomText('examVenues.roomNumberRequired'),
  floor: optionalField(roomText('validation.required')).nullable().transform((value) => value ?? null),
  seats: masterDataNumberSchema({ min: SEATING_LIMITS.roomSeats.min, max: SEATING_LIMITS.roomSeats.max }),
  isActive: z.boolean(withMessage('validation.invalid')).default(true),
});
export type ExamVenueRoomInput = z.input<typeof examVenueRoomSchema>;
export type ExamVenueRoomValues = z.output<typeof examVenueRoomSchema>;

/** ?cityId&search&page&pageSize of the centre list; the city is an id typed in either script. */
export const examVenueListQuerySchema = z.object({
  cityId: optionalField(idSchema('validation.number')),
  search: optionalField(z.string().trim().max(100, withMessage('validation.tooLong'))),
  page: optionalField(idSchema('validation.number')).transform((value) => value ?? 1).pipe(z.number().max(100_000, withMessage('validation.numberTooLarge'))),
  pageSize: optionalField(idSchema('validation.number')).transform((value) => value ?? 50).pipe(z.number().max(500, withMessage('validation.numberTooLarge'))),
});
export type ExamVenueListQuery = z.output<typeof examVenueListQuerySchema>;
