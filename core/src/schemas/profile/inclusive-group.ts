import { z } from 'zod';
import { idSchema, optionalField } from '../fields';
import { withMessage } from '../with-message';

// Spec §3 "samuhaBarga (inclusive group) with a supporting file"; the groups of the reservation
// quotas of the Civil Service Act (women, Adivasi/Janajati, Madhesi, Dalit, persons with
// disability, backward area). Spec §5: one group is updated at a time, and its scan is mandatory
// (the file is checked by the API, see PROFILE_UPLOADS).
export const INCLUSIVE_GROUP_CODES = ['women', 'adivasi-janajati', 'madhesi', 'dalit', 'disabled', 'backward-area'] as const;
export type InclusiveGroupCode = (typeof INCLUSIVE_GROUP_CODES)[number];

export const inclusiveGroupSchema = z.object({
  groupCode: z.enum(INCLUSIVE_GROUP_CODES, withMessage('validation.chooseOne')),
  casteGroupId: optionalField(idSchema()),
});

export type InclusiveGroupInput = z.input<typeof inclusiveGroupSchema>;
export type InclusiveGroup = z.output<typeof inclusiveGroupSchema>;
