import { z } from 'zod';
import { bsToAd, parseBsDate } from '../../calendar/bikram-sambat';
import { isIsoDate } from '../../calendar/gregorian';
import { todayAd } from '../../calendar/today';
import type { MessageKey } from '../../i18n/en';
import { toLatinDigits } from '../../numerals';
import { adDateSchema, bsDateSchema, optionalField, requiredText } from '../fields';
import { withMessage } from '../with-message';

// Field rules shared by the profile sections (spec §3, §5 "Profile", "Training").

/** Long enough for a person's full name of three or four parts, or an institution's name. */
export const PROFILE_TEXT_MAX_LENGTH = 150;
/** Remarks and descriptions. */
export const PROFILE_NOTE_MAX_LENGTH = 1000;

function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, ' ');
}

export function profileText(maxLength: number = PROFILE_TEXT_MAX_LENGTH, requiredKey: MessageKey = 'validation.required') {
  return requiredText(requiredKey).overwrite(collapseSpaces).max(maxLength, withMessage('validation.maxLength'));
}

// Spec §5: "Experience institution name accepts words only", "Institute name required (letters
// only)". Letters of any script with their vowel signs (Nepali is typed in Devanagari), the
// zero-width joiners Nepali keyboards emit, spaces and the punctuation of names such as
// "Nepal Rastra Bank, Pvt. Ltd. (Head Office)" or "Ministry of Home Affairs - Nepal". No digits.
const WORDS = /^(?=.*\p{L})(?:[\p{L}\p{M} .,&'()-]|\u200C|\u200D)+$/u;

export function wordsText(maxLength: number = PROFILE_TEXT_MAX_LENGTH, requiredKey: MessageKey = 'validation.required') {
  return profileText(maxLength, requiredKey).regex(WORDS, withMessage('validation.wordsOnly'));
}

// A person's name (family names of spec §3) in English letters or in Devanagari.
const PERSON_NAME = /^(?=.*\p{L})(?:[\p{L}\p{M} .'-]|\u200C|\u200D)+$/u;

export const personNameSchema = profileText().regex(PERSON_NAME, withMessage('validation.lettersOnly'));

/**
 * A decimal number typed as text or sent as a number: digits and one decimal point only (spec §5
 * "numbers and decimals only"), Devanagari digits read as Latin, at most two decimals (the
 * columns are numeric(5,2)). Handed on as a number.
 */
export function decimalSchema(requiredKey: MessageKey = 'validation.required') {
  return z
    .preprocess(
      (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
      requiredText(requiredKey)
        .overwrite(toLatinDigits)
        .regex(/^\d+(?:\.\d+)?$/, withMessage('validation.decimalOnly', { abort: true }))
        .regex(/^\d+(?:\.\d{1,2})?$/, withMessage('validation.twoDecimalsMax', { abort: true })),
    )
    .transform(Number);
}

/** A yes/no answer: a boolean, or what a form or multipart body sends for one. */
export function yesNoSchema(requiredKey: MessageKey = 'validation.required') {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim().toLowerCase();
    if (['true', 'yes', '1', 'on'].includes(text)) return true;
    if (['false', 'no', '0', 'off'].includes(text)) return false;
    return value;
  }, z.boolean(withMessage(requiredKey)));
}

// Spec §3 education and training "division". Distinction and pass are the grades Nepali boards
// and universities print beside the three divisions.
export const DIVISIONS = ['distinction', 'first', 'second', 'third', 'pass'] as const;
export type Division = (typeof DIVISIONS)[number];
export const divisionSchema = z.enum(DIVISIONS, withMessage('validation.chooseOne'));

/**
 * The two inputs of one date: `<name>Ad` (A.D.) and `<name>Bs` (B.S.); a form may send either or
 * both (the portal shows the other as the user types). Both optional at field level; readDate
 * decides whether the date is present and agrees.
 */
export function datePairFields<Name extends string>(name: Name) {
  return {
    [`${name}Ad`]: optionalField(adDateSchema),
    [`${name}Bs`]: optionalField(bsDateSchema),
  } as { [K in `${Name}Ad` | `${Name}Bs`]: ReturnType<typeof optionalField<typeof adDateSchema>> };
}

type IssueSink = { addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: MessageKey; params?: Record<string, unknown> }): void };

/**
 * The A.D. date given by a pair of inputs (DESIGN "Dates": stored once as A.D.). A B.S. date alone
 * is converted; both given must be the same day. Adds an issue and answers undefined when a
 * required date is missing.
 */
export function readDate(
  value: Record<string, unknown>,
  name: string,
  context: IssueSink,
  options: { required: boolean; notInFuture?: boolean },
): string | undefined {
  const ad = value[`${name}Ad`];
  const bs = value[`${name}Bs`];
  const adFromBs = typeof bs === 'string' ? bsToAd(parseBsDate(bs)) : undefined;
  const date = typeof ad === 'string' && isIsoDate(ad) ? ad : adFromBs;
  if (date === undefined) {
    if (options.required) context.addIssue({ code: 'custom', path: [`${name}Ad`], message: 'validation.required' });
    return undefined;
  }
  if (adFromBs !== undefined && adFromBs !== date) {
    context.addIssue({ code: 'custom', path: [`${name}Bs`], message: 'validation.dateMismatch' });
  }
  if (options.notInFuture && date > todayAd()) {
    context.addIssue({ code: 'custom', path: [`${name}Ad`], message: 'validation.dateInFuture' });
  }
  return date;
}

/** Spec: a from-date comes before its to-date. ISO strings compare as dates. */
export function checkDateOrder(
  from: string | undefined,
  to: string | undefined,
  toName: string,
  context: IssueSink,
  message: MessageKey = 'validation.endDateBeforeStart',
): void {
  if (from !== undefined && to !== undefined && to <= from) {
    context.addIssue({ code: 'custom', path: [`${toName}Ad`], message });
  }
}

/** Requires the text of an "other" choice when that choice is made; drops it otherwise. */
export function readOtherText(
  isOtherChosen: boolean,
  text: string | undefined,
  field: string,
  context: IssueSink,
): string | undefined {
  if (!isOtherChosen) return undefined;
  if (text === undefined) context.addIssue({ code: 'custom', path: [field], message: 'validation.otherTextRequired' });
  return text;
}

/** Drops the B.S. half of every date pair: the output carries each date once, as `<name>Ad`. */
export function omitKeys<T extends Record<string, unknown>, K extends string>(value: T, keys: readonly K[]): Omit<T, K> {
  const copy: Record<string, unknown> = { ...value };
  for (const key of keys) delete copy[key];
  return copy as Omit<T, K>;
}
