import { z } from 'zod';
import { idSchema } from '../fields';
import { withMessage } from '../with-message';

// Scrutiny allocation [SA] (spec §4 "Scrutiny allocation": allocate, reallocate, switch).
// Counts are whole numbers typed in either script, no larger than an integer column holds.

/** How many officers one allocation may name: more than any commission office has. */
export const MAX_OFFICERS_PER_ALLOCATION = 200;

const countSchema = idSchema('scrutiny.countInvalid');

/**
 * One allocation: evenly among the chosen officers, or by the count typed for each. Whether the
 * counts fit what is waiting is the API's check (it depends on the database).
 */
export const scrutinyAllocationSchema = z
  .object({
    mode: z.enum(['even', 'counts'], withMessage('validation.chooseOne')),
    officers: z
      .array(z.object({ officerId: idSchema('scrutiny.officerRequired'), count: countSchema.optional() }), withMessage('scrutiny.officerRequired'))
      .min(1, withMessage('scrutiny.officerRequired'))
      .max(MAX_OFFICERS_PER_ALLOCATION, withMessage('scrutiny.tooManyOfficers')),
  })
  .superRefine((value, context) => {
    const seen = new Set<number>();
    value.officers.forEach((officer, index) => {
      if (seen.has(officer.officerId)) context.addIssue({ code: 'custom', path: ['officers', index, 'officerId'], message: 'scrutiny.officerRepeated' });
      seen.add(officer.officerId);
      if (value.mode === 'counts' && officer.count === undefined) context.addIssue({ code: 'custom', path: ['officers', index, 'count'], message: 'scrutiny.countInvalid' });
    });
  });
export type ScrutinyAllocationInput = z.output<typeof scrutinyAllocationSchema>;

/** Hand an officer's unfinished applications to another officer: all of them, or `count`. */
export const scrutinyReallocationSchema = z
  .object({
    fromOfficerId: idSchema('scrutiny.officerRequired'),
    toOfficerId: idSchema('scrutiny.officerRequired'),
    count: countSchema.optional(),
  })
  .refine((value) => value.fromOfficerId !== value.toOfficerId, { path: ['toOfficerId'], message: 'scrutiny.sameOfficer' });
export type ScrutinyReallocationInput = z.output<typeof scrutinyReallocationSchema>;

/** Exchange two officers' unfinished applications. */
export const scrutinySwitchSchema = z
  .object({ officerId: idSchema('scrutiny.officerRequired'), otherOfficerId: idSchema('scrutiny.officerRequired') })
  .refine((value) => value.officerId !== value.otherOfficerId, { path: ['otherOfficerId'], message: 'scrutiny.sameOfficer' });
export type ScrutinySwitchInput = z.output<typeof scrutinySwitchSchema>;
