import {
  adToBs,
  bsToAd,
  formatAdDate,
  formatBsDate,
  formatBsIso,
  isConvertibleToBs,
  parseAdDate,
  parseBsDate,
  toDevanagariDigits,
  toLatinDigits,
} from '../core-forms';

// DESIGN "Dates": a form takes a date in either calendar and shows the other beside it. The
// typed text is what is sent (as `<name>Bs` or `<name>Ad`), so the server's schema reads exactly
// what the person typed; the conversions here only serve the display.

export type Calendar = 'bs' | 'ad';

/** The value of a DualDateInput: the calendar chosen and the text typed in it. */
export type DualDateValue = { calendar: Calendar; text: string };

export const EMPTY_DUAL_DATE: DualDateValue = Object.freeze({ calendar: 'bs', text: '' });

export type DualDateReading =
  | { status: 'empty' }
  /** Fewer digits than a whole date: still being typed, not yet worth a remark. */
  | { status: 'incomplete' }
  | { status: 'invalid' }
  /** Both forms as ISO 'YYYY-MM-DD' with Latin digits. */
  | { status: 'valid'; ad: string; bs: string };

const DEVANAGARI_DIGIT = /[०-९]/;

function countDigits(text: string): number {
  return (toLatinDigits(text).match(/\d/g) ?? []).length;
}

/**
 * Eight digits typed without separators (a phone's number pad has no hyphen) become
 * 'YYYY-MM-DD', in the digits they were typed in; anything else is left as typed.
 */
export function normalizeTypedDate(text: string): string {
  const trimmed = text.trim();
  if (!/^[0-9०-९]{8}$/.test(trimmed)) return text;
  return `${trimmed.slice(0, 4)}-${trimmed.slice(4, 6)}-${trimmed.slice(6)}`;
}

/** Reads a typed date in its calendar and gives both its A.D. and its B.S. form. */
export function readDualDate(value: DualDateValue | undefined | null): DualDateReading {
  const text = value?.text.trim() ?? '';
  if (text === '') return { status: 'empty' };
  try {
    if (value!.calendar === 'bs') {
      const bs = parseBsDate(text);
      return { status: 'valid', ad: bsToAd(bs), bs: formatBsIso(bs) };
    }
    const ad = parseAdDate(text);
    if (!isConvertibleToBs(ad)) return { status: 'invalid' };
    return { status: 'valid', ad, bs: formatBsIso(adToBs(ad)) };
  } catch {
    return countDigits(text) < 8 ? { status: 'incomplete' } : { status: 'invalid' };
  }
}

/**
 * The same date in the other calendar when the text is a valid date (written in the digits the
 * person used), else the text unchanged: switching calendars never loses what was typed.
 */
export function switchCalendar(value: DualDateValue, calendar: Calendar): DualDateValue {
  if (value.calendar === calendar) return value;
  const reading = readDualDate(value);
  if (reading.status !== 'valid') return { calendar, text: value.text };
  const iso = calendar === 'bs' ? reading.bs : reading.ad;
  return { calendar, text: DEVANAGARI_DIGIT.test(value.text) ? toDevanagariDigits(iso) : iso };
}

export type DatePair<Name extends string> = Partial<Record<`${Name}Ad` | `${Name}Bs`, string>>;

/**
 * The request fields of one date (the API takes `<name>Ad` OR `<name>Bs`): the typed text
 * under the name of its calendar; nothing when nothing was typed (the schema then asks for it).
 */
export function toDatePair<Name extends string>(name: Name, value: DualDateValue | undefined | null): DatePair<Name> {
  const text = value?.text.trim() ?? '';
  if (text === '') return {};
  const key = `${name}${value!.calendar === 'bs' ? 'Bs' : 'Ad'}` as `${Name}Ad` | `${Name}Bs`;
  return { [key]: text } as DatePair<Name>;
}

/**
 * A stored date (the API answers `xAd` with `xBs`) as the input's value, in B.S. (the default
 * calendar of the portal's date inputs).
 */
export function dualDateFromStored(ad: string | null | undefined, bs?: string | null): DualDateValue {
  if (bs) return { calendar: 'bs', text: bs };
  if (ad && isConvertibleToBs(ad)) return { calendar: 'bs', text: formatBsIso(adToBs(ad)) };
  return { calendar: 'bs', text: ad ?? '' };
}

/**
 * The field name a schema or server message about `<name>Ad` / `<name>Bs` belongs to in a form
 * that holds the date as one DualDateInput named `<name>`.
 */
export function dateFieldOf(path: string, dateNames: readonly string[]): string {
  for (const name of dateNames) {
    if (path === `${name}Ad` || path === `${name}Bs`) return name;
  }
  return path;
}

export type DualDateNote = { text: string; tone: 'muted' | 'valid' | 'invalid' };

/**
 * The line under a date input (DESIGN "Dates"): the same date in the other calendar once it is a
 * whole date, how to type it while empty or half typed, that it is no date when it is none
 * (unless the form's own message under the field says so already, `hasFieldMessage`).
 */
export function dualDateNote(
  value: DualDateValue,
  language: 'ne' | 'en',
  t: (key: string, params?: Record<string, string>) => string,
  hasFieldMessage: boolean,
): DualDateNote | null {
  const reading = readDualDate(value);
  const other: Calendar = value.calendar === 'bs' ? 'ad' : 'bs';
  if (reading.status === 'valid') {
    const otherDate = other === 'ad' ? formatAdDate(reading.ad, language, 'long') : formatBsDate(reading.bs, language, 'long');
    return { text: t('dualDate.counterpart', { calendar: t(`dualDate.${other}`), date: otherDate }), tone: 'valid' };
  }
  if (reading.status === 'invalid') {
    return hasFieldMessage ? null : { text: t(value.calendar === 'bs' ? 'dualDate.invalidBs' : 'dualDate.invalidAd'), tone: 'invalid' };
  }
  return { text: t(value.calendar === 'bs' ? 'dualDate.hintBs' : 'dualDate.hintAd'), tone: 'muted' };
}
