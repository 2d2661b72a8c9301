import { z } from 'zod';
import { toLatinDigits } from '../../numerals';
import { withMessage } from '../with-message';

// Bulk invigilator SMS [BIS] (spec §2): one sitting (a centre allocation), all its centres or
// some of them. Ids arrive as numbers or as digits in either script.

const venueId = z.union([z.number(), z.string().overwrite(toLatinDigits)]).pipe(z.coerce.number().int().positive(withMessage('invigilatorSms.centreInvalid')));

export const invigilatorSmsSelectionSchema = z.object({
  venueIds: z.array(venueId).max(1000, withMessage('invigilatorSms.centreInvalid')).optional(),
});
export type InvigilatorSmsSelection = z.output<typeof invigilatorSmsSelectionSchema>;
