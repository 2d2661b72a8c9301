import { z } from 'zod';
import { bsToAd, isConvertibleToBs, parseBsDate } from '../calendar/bikram-sambat';
import { isIsoDate } from '../calendar/gregorian';
import { todayAd } from '../calendar/today';
import type { MessageKey } from '../i18n/en';
import { LIMITS } from '../limits';
import {
  adDateSchema,
  bsDateSchema,
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

import { GENDERS } from './gender';

export { GENDERS, type Gender } from './gender';

const nepaliNameSchema = nepaliTextSchema.max(LIMITS.nameMaxLength, withMessage('validation.maxLength'));

// Spec §5 registration: citizenship number at most 30 characters. Stored normalised (Latin
// digits, no spaces), so that "27-01-75 12345" and "२७-०१-७५-१२३४५" find the same certificate;
// the one-person-one-account rule and the /exisiting-user recovery both match on it.
export const citizenshipNumberSchema = requiredDigitsText()
  .overwrite((text) => text.replace(/\s+/g, ''))
  .max(LIMITS.citizenshipNumberMaxLength, withMessage('validation.maxLength'));

const identityFields = {
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
  citizenshipNumber: citizenshipNumberSchema,
  citizenshipIssueDistrictId: idSchema('validation.districtRequired', 'smallint'),
  gender: z.enum(GENDERS, withMessage('validation.genderRequired')),
};

type IssueSink = { addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: MessageKey }): void };

// A citizenship certificate cannot predate its holder. ISO strings compare as dates; the check
// waits until both dates are valid so it never adds noise to a date already refused.
function checkIssueAfterBirth(dateOfBirth: string | undefined, citizenshipIssueDate: string | undefined, path: string, context: IssueSink) {
  if (dateOfBirth && citizenshipIssueDate && isIsoDate(dateOfBirth) && isIsoDate(citizenshipIssueDate) && citizenshipIssueDate < dateOfBirth) {
    context.addIssue({ code: 'custom', path: [path], message: 'validation.issueDateBeforeBirth' });
  }
}

// Spec §5 registration and §9 limits. Choosing gender "other" asks for confirmation in the form
// (message profile.confirmGenderOther); the schema itself accepts it.
export const registrationSchema = z
  .object({ ...identityFields, dateOfBirth: adDateSchema, citizenshipIssueDate: adDateSchema })
  .superRefine(({ dateOfBirth, citizenshipIssueDate }, context) => {
    checkIssueAfterBirth(dateOfBirth, citizenshipIssueDate, 'citizenshipIssueDate', context);
  });

export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/** The two inputs of one date (DESIGN "Dates": forms accept either calendar): `<name>Ad` and `<name>Bs`. */
export const adOrBsDateFields = <Name extends string>(name: Name) =>
  ({ [`${name}Ad`]: optionalField(adDateSchema), [`${name}Bs`]: optionalField(bsDateSchema) }) as {
    [K in `${Name}Ad` | `${Name}Bs`]: ReturnType<typeof optionalField<typeof adDateSchema>>;
  };

function isGiven(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** The A.D. date of a pair of inputs: the A.D. one when valid, else the B.S. one converted. */
export function readAdOrBsDate(value: Record<string, unknown>, name: string): string | undefined {
  const ad = value[`${name}Ad`];
  const bs = value[`${name}Bs`];
  if (typeof ad === 'string' && isIsoDate(ad) && isConvertibleToBs(ad)) return ad;
  if (typeof bs !== 'string' || !isGiven(bs)) return undefined;
  try {
    return bsToAd(parseBsDate(bs));
  } catch {
    return undefined;
  }
}

/** Reports a date of the pair that lies after today. */
export function checkAdOrBsDate(value: Record<string, unknown>, name: string, context: IssueSink, options: { notInFuture?: boolean } = {}) {
  const date = readAdOrBsDate(value, name);
  if (date !== undefined && options.notInFuture && date > todayAd()) {
    context.addIssue({ code: 'custom', path: [`${name}Ad`], message: 'validation.dateInFuture' });
  }
}

// Runs even when other fields failed, so that one submit lists every problem of the form (but
// not on a body that is not an object at all).
export const evenWithOtherIssues = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

/**
 * Makes each named date pair required: when neither `<name>Ad` nor `<name>Bs` is given, the A.D.
 * field receives a value its own schema refuses as "required". Done before the fields are
 * checked, not in a refinement, because zod skips refinements once a field has failed and a
 * form must list every missing field at once.
 */
export function requireAdOrBsDates<T extends z.ZodType>(names: readonly string[], schema: T): z.ZodType<z.output<T>, z.input<T>> {
  return z.preprocess((raw) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const value = { ...(raw as Record<string, unknown>) };
    for (const name of names) {
      if (!isGiven(value[`${name}Ad`]) && !isGiven(value[`${name}Bs`])) value[`${name}Ad`] = false;
    }
    return value;
  }, schema);
}

/**
 * The body of POST /api/psc/register: the registration with each date given
 * in A.D. (`dateOfBirthAd`) or B.S. (`dateOfBirthBs`), handed on as a Registration with A.D.
 * dates. Neither date may lie in the future.
 */
export const registerRequestSchema = requireAdOrBsDates(
  ['dateOfBirth', 'citizenshipIssueDate'],
  z
    .object({ ...identityFields, ...adOrBsDateFields('dateOfBirth'), ...adOrBsDateFields('citizenshipIssueDate') })
    .superRefine((value, context) => {
      checkAdOrBsDate(value, 'dateOfBirth', context, { notInFuture: true });
      checkAdOrBsDate(value, 'citizenshipIssueDate', context, { notInFuture: true });
      checkIssueAfterBirth(readAdOrBsDate(value, 'dateOfBirth'), readAdOrBsDate(value, 'citizenshipIssueDate'), 'citizenshipIssueDateAd', context);
    }, evenWithOtherIssues)
    .transform((value): Registration => {
      const { dateOfBirthAd: _dobAd, dateOfBirthBs: _dobBs, citizenshipIssueDateAd: _issueAd, citizenshipIssueDateBs: _issueBs, ...identity } = value;
      // Both dates are there: requireAdOrBsDates made a missing one fail its field.
      return { ...identity, dateOfBirth: readAdOrBsDate(value, 'dateOfBirth')!, citizenshipIssueDate: readAdOrBsDate(value, 'citizenshipIssueDate')! };
    }),
);

export type RegisterRequestInput = z.input<typeof registerRequestSchema>;
