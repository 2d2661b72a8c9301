import { z } from 'zod';
import { isConvertibleToBs, parseBsDate, formatBsIso } from '../calendar/bikram-sambat';
import { COLUMN_RANGES, INSTANT_RANGE, type IntegerColumn } from '../column-ranges';
import { isIsoDate, parseAdDate } from '../calendar/gregorian';
import type { MessageKey } from '../i18n/en';
import { LIMITS } from '../limits';
import { parseNumber, toLatinDigits } from '../numerals';
import { normalizePhoneNumber, phoneKindOf } from '../phone';
import { withMessage } from './with-message';

// Field rules shared by the form schemas. Every field that can hold digits reads Devanagari
// digits too and hands on Latin ones (DESIGN "Numbers and money": numerals convert only at display).

function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** Tries to rewrite a typed date as ISO; leaves it unchanged for the validity check to refuse. */
function normalizeAdDateText(text: string): string {
  try {
    return parseAdDate(text);
  } catch {
    return text;
  }
}

function normalizeBsDateText(text: string): string {
  try {
    return formatBsIso(parseBsDate(text));
  } catch {
    return text;
  }
}

function isBsDateText(text: string): boolean {
  try {
    parseBsDate(text);
    return true;
  } catch {
    return false;
  }
}

// Spec §5: national id pattern XXX-XXX-XXXX; ten bare digits are accepted and given the hyphens.
function normalizeNationalId(text: string): string {
  const digits = toLatinDigits(text);
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}

const emailFormat = z.email();

export function isEmail(text: string): boolean {
  return emailFormat.safeParse(text).success;
}

/** A trimmed string that must not be empty, with the given "required" message. */
export function requiredText(requiredKey: MessageKey = 'validation.required') {
  return z.string(withMessage(requiredKey)).trim().min(1, withMessage(requiredKey, { abort: true }));
}

/** Same as requiredText, reading Devanagari digits as Latin ones. */
export function requiredDigitsText(requiredKey: MessageKey = 'validation.required') {
  return z
    .string(withMessage(requiredKey))
    .trim()
    .overwrite(toLatinDigits)
    .min(1, withMessage(requiredKey, { abort: true }));
}

/** Makes a field optional; an empty or blank value (what an untouched form input sends) counts as absent. */
export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    schema.optional(),
  );
}

// Spec §5 registration: names in English letters only, at most 30 characters; a name of two words
// ("Ram Bahadur") keeps one space between them.
export const englishNameSchema = requiredText()
  .overwrite(collapseSpaces)
  .max(LIMITS.nameMaxLength, withMessage('validation.maxLength'))
  .regex(/^[A-Za-z]+(?: [A-Za-z]+)*$/, withMessage('validation.englishLettersOnly'));

// Spec §5 profile: Nepali name fields must be typed in Nepali. Devanagari letters, signs and digits,
// the zero-width joiners Nepali keyboards emit for half-letters, spaces and light punctuation;
// at least one Devanagari letter, so "१२३" or "..." alone is refused.
// (The joiners sit outside the character class: inside one they read as joining its neighbours.)
const DEVANAGARI_TEXT = /^(?=.*[\u0900-\u0963\u0971-\u097F])(?:[\u0900-\u097F .,()/-]|\u200C|\u200D)+$/;

export const nepaliTextSchema = requiredText()
  .overwrite(collapseSpaces)
  .regex(DEVANAGARI_TEXT, withMessage('validation.nepaliTextOnly'));

export const emailSchema = requiredDigitsText('validation.emailRequired')
  .max(LIMITS.signInUsernameMaxLength, withMessage('validation.maxLength'))
  .refine(isEmail, withMessage('validation.emailInvalid'));

// Spec §5: user name of English letters, digits, hyphen and underscore, at most 30.
export const usernameSchema = requiredDigitsText()
  .max(LIMITS.usernameMaxLength, withMessage('validation.maxLength'))
  .regex(/^[A-Za-z0-9_-]+$/, withMessage('validation.usernameCharacters'));

// Staff user names (spec §2 usercreation) follow the registration rule and may also hold dots
// between the parts, as the commission's own names do ("requisition.officer"): never first,
// last or two together, so a name cannot pass for a path or a host name.
export const staffUsernameSchema = requiredDigitsText()
  .max(LIMITS.usernameMaxLength, withMessage('validation.maxLength'))
  .regex(/^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/, withMessage('validation.staffUsernameCharacters'));

// Spec §5, §9: mobile number of 10 digits, stored in core's one phone form (phone.ts): the
// spaces and hyphens people type for readability, and a +977, are dropped.
export const mobileSchema = requiredDigitsText()
  .overwrite(normalizePhoneNumber)
  .regex(new RegExp(`^\\d{${LIMITS.mobileDigits}}$`), withMessage('validation.mobileInvalid'));

/**
 * A Nepali mobile number by core's phone rules (phone.ts): ten digits from 9, typed in either
 * script with spaces, hyphens or +977; stored in the one national form. Duty SMS go to it.
 */
export const nepaliMobileSchema = requiredDigitsText()
  .overwrite(normalizePhoneNumber)
  .refine((text) => phoneKindOf(text) === 'mobile', withMessage('validation.nepaliMobileInvalid'));

export const nationalIdSchema = requiredDigitsText()
  .overwrite(normalizeNationalId)
  .regex(/^\d{3}-\d{3}-\d{4}$/, withMessage('validation.nationalIdInvalid'));

/**
 * An A.D. date given as 'YYYY-MM-DD' (or with slashes, one-digit month or day, Devanagari digits),
 * handed on as ISO. Refused when not a real date or outside the B.S. table, since every stored
 * date is also shown in B.S. (DESIGN "Dates").
 */
export const adDateSchema = requiredDigitsText()
  .overwrite(normalizeAdDateText)
  .refine(isIsoDate, withMessage('validation.dateInvalid', { abort: true }))
  .refine(isConvertibleToBs, withMessage('validation.dateOutOfRange'))
  // Read by the API's description, and so by the bad-input walk that sends every date field
  // impossible and out-of-range days.
  .meta({ format: 'date' });

/** A B.S. date typed as 'YYYY-MM-DD' or 'YYYY/MM/DD', handed on as 'YYYY-MM-DD' in Latin digits. */
export const bsDateSchema = requiredDigitsText()
  .overwrite(normalizeBsDateText)
  .refine(isBsDateText, withMessage('validation.dateInvalid'))
  .meta({ format: 'bs-date' });

/**
 * A moment (ISO date-time with its offset) or a day (ISO date), as a lock or a ban starts and
 * ends and the audit log is filtered. Its day must lie in INSTANT_RANGE.
 */
export const instantSchema = z
  .union([z.iso.datetime({ offset: true, error: 'validation.dateInvalid' }), z.iso.date({ error: 'validation.dateInvalid' })])
  .refine((text) => {
    const day = text.slice(0, 10);
    return isIsoDate(day) && day >= INSTANT_RANGE.first && day <= INSTANT_RANGE.last;
  }, withMessage('validation.dateOutOfRange'));

/** Reads digits typed in either script as a number; leaves anything else for the number check to refuse. */
function readDigits(value: unknown): unknown {
  return typeof value === 'string' ? (parseNumber(value) ?? value) : value;
}

/**
 * A positive whole-number id, as a number or as digits typed in either script (a select's value or
 * a path parameter), no larger than its column (COLUMN_RANGES) holds: 'integer' for the tables'
 * own ids, 'smallint' for the reference tables' (provinces, districts, local-level types).
 */
export function idSchema(requiredKey: MessageKey = 'validation.required', column: IntegerColumn = 'integer') {
  return z.preprocess(
    readDigits,
    z
      .number(withMessage(requiredKey))
      .int(withMessage(requiredKey))
      .positive(withMessage(requiredKey))
      .max(COLUMN_RANGES[column].max, withMessage('validation.numberTooLarge')),
  );
}

// Spec §5 master data: names required, no space at the start or end. A space there is refused rather
// than trimmed because staff should see that the value they pasted was not what they meant.
export const masterDataNameSchema = z
  .string(withMessage('validation.required'))
  .refine((text) => text.trim() !== '', withMessage('validation.required', { abort: true }))
  .refine((text) => text.trim() === text, withMessage('validation.noSurroundingSpace'))
  .max(LIMITS.masterDataNameMaxLength, withMessage('validation.maxLength'));

// Spec §5, §9 master data: numeric-only fields take numbers only, at most 15 digits. Kept as text
// so leading zeros of a code survive.
export const numericCodeSchema = requiredDigitsText()
  .regex(/^\d+$/, withMessage('validation.numbersOnly', { abort: true }))
  .max(LIMITS.masterDataNumericMaxDigits, withMessage('validation.maxDigits'));
