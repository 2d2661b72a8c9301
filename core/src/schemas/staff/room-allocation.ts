import { z } from 'zod';
import { idSchema } from '../fields';
import { withMessage } from '../with-message';
import { ROLL_NUMBER_MAX } from './roll-numbers';

// spec §4 "Room and invigilator allocation: temporary save, revert, forward or final save".
// Numbers read digits typed in either script (idSchema normalises Devanagari digits).

const roll = idSchema('validation.required', 'bigint').pipe(z.number().max(ROLL_NUMBER_MAX, withMessage('validation.numberTooLarge')));

/** One room's share as staff edit it; the candidates are counted on the server. */
export const roomShareSchema = z.object({ roomId: idSchema('validation.required'), rollFrom: roll, rollTo: roll });

/** A centre range's room split: the shares, or none to take the default split. */
export const roomAllocationSaveSchema = z.object({
  shares: z.array(roomShareSchema).max(5_000, withMessage('validation.tooMany')).optional(),
});
export type RoomAllocationSaveInput = z.output<typeof roomAllocationSaveSchema>;

/** A centre range's invigilators: the chief (room null) and each room's invigilators. */
export const invigilatorAllocationSaveSchema = z.object({
  entries: z
    .array(z.object({ invigilatorId: idSchema('validation.required'), roomId: idSchema('validation.required').nullable() }))
    .max(5_000, withMessage('validation.tooMany')),
});
export type InvigilatorAllocationSaveInput = z.output<typeof invigilatorAllocationSaveSchema>;
