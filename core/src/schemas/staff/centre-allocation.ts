import { z } from 'zod';
import { idSchema } from '../fields';
import { withMessage } from '../with-message';
import { ROLL_NUMBER_MAX } from './roll-numbers';

// spec §3 "Exam-centre allocation: ... exam centre, exam paper, roll from, roll to ... required";
// spec §4 "Exam centre assignment: temporary save, then final save". Each centre of the sitting
// takes one range; digits may be typed in either script.

/** A sitting has at most this many centres (150 is a large one). */
export const CENTRE_ALLOCATION_MAX_RANGES = 2_000;

const rollField = (requiredKey: 'centreAllocation.fromRequired' | 'centreAllocation.toRequired') =>
  idSchema(requiredKey, 'bigint').pipe(z.number().max(ROLL_NUMBER_MAX, withMessage('validation.numberTooLarge')));

export const centreAllocationRangeSchema = z
  .object({
    venueId: idSchema('centreAllocation.centreRequired'),
    rollFrom: rollField('centreAllocation.fromRequired'),
    rollTo: rollField('centreAllocation.toRequired'),
  })
  .refine((range) => range.rollTo >= range.rollFrom, { path: ['rollTo'], ...withMessage('centreAllocation.toBeforeFromField') });

export const centreAllocationSaveSchema = z.object({
  ranges: z.array(centreAllocationRangeSchema, withMessage('centreAllocation.rangesRequired')).max(CENTRE_ALLOCATION_MAX_RANGES, withMessage('validation.tooMany')),
});
export type CentreAllocationSaveInput = z.output<typeof centreAllocationSaveSchema>;
