import { z } from 'zod';
import { isIsoDate } from '../calendar/gregorian';
import { LIMITS } from '../limits';
import {
  adDateSchema,
  emailSchema,
  englishNameSchema,
  idSchema,
  mobileSchema,
  nationalIdSchema,
  nepaliTextSchema,
  optionalField,
  requiredDigitsText,
  usernameSchema,
} from './fields';
import { withMessage } from './with-message';

export const GENDERS = ['male', 'female', 'other'] as const;

export type Gender = (typeof GENDERS)[number];

const nepaliNameSchema = nepaliTextSchema.max(LIMITS.nameMaxLength, withMessage('validation.maxLength'));

// Spec §5 registration and §9 limits. Choosing gender "other" asks for confirmation in the form
// (message profile.confirmGenderOther); the schema itself accepts it.
export const registrationSchema = z
  .object({
    firstNameEn: englishNameSchema,
    middleNameEn: optionalField(englishNameSchema),
    lastNameEn: englishNameSchema,
    firstNameNp: optionalField(nepaliNameSchema),
    middleNameNp: optionalField(nepaliNameSchema),
    lastNameNp: optionalField(nepaliNameSchema),
    username: usernameSchema,
    email: emailSchema,
    mobile: mobileSchema,
    nationalId: optionalField(nationalIdSchema),
    citizenshipNumber: requiredDigitsText().max(LIMITS.citizenshipNumberMaxLength, withMessage('validation.maxLength')),
    citizenshipIssueDistrictId: idSchema('validation.districtRequired'),
    dateOfBirth: adDateSchema,
    citizenshipIssueDate: adDateSchema,
    gender: z.enum(GENDERS, withMessage('validation.genderRequired')),
  })
  .superRefine(({ dateOfBirth, citizenshipIssueDate }, context) => {
    // A citizenship certificate cannot predate its holder. ISO strings compare as dates; the
    // check waits until both dates are valid so it never adds noise to a date already refused.
    if (isIsoDate(dateOfBirth) && isIsoDate(citizenshipIssueDate) && citizenshipIssueDate < dateOfBirth) {
      context.addIssue({ code: 'custom', path: ['citizenshipIssueDate'], message: 'validation.issueDateBeforeBirth' });
    }
  });

export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;
