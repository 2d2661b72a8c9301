import { z } from 'zod';
import { LIMITS } from '../../limits';
import { nepaliTextSchema, optionalField } from '../fields';
import { withMessage } from '../with-message';
import { personNameSchema } from './common';

const nepaliNameSchema = nepaliTextSchema.max(LIMITS.nameMaxLength, withMessage('validation.maxLength'));

// Spec §3 "Family names" and the Nepali names of "Identity". The English names, citizenship and
// birth details come from registration and are read-only on the profile.
// Spec §5: Nepali name fields must be typed in Nepali.
export const personalDetailsSchema = z.object({
  firstNameNp: nepaliNameSchema,
  middleNameNp: optionalField(nepaliNameSchema),
  lastNameNp: nepaliNameSchema,
  fathersName: personNameSchema,
  mothersName: personNameSchema,
  grandFathersName: personNameSchema,
  husbandWifeName: optionalField(personNameSchema),
});

export type PersonalDetailsInput = z.input<typeof personalDetailsSchema>;
export type PersonalDetails = z.output<typeof personalDetailsSchema>;
