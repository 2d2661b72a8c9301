import { z } from 'zod';
import { idSchema } from '../fields';
import { withMessage } from '../with-message';

// Bulk invigilator SMS [BIS] (spec §2): one sitting (a centre allocation), all its centres or
// some of them. Ids arrive as numbers or as digits in either script.

export const invigilatorSmsSelectionSchema = z.object({
  venueIds: z.array(idSchema('invigilatorSms.centreInvalid')).max(1000, withMessage('invigilatorSms.centreInvalid')).optional(),
});
export type InvigilatorSmsSelection = z.output<typeof invigilatorSmsSelectionSchema>;
