import { toLatinDigits } from '../numerals';

// A.D. dates are ISO strings 'YYYY-MM-DD' or whole-day counts since 1970-01-01 ("epoch days").
// All arithmetic is on integers so the answer never depends on the time zone of the machine
// (a local-time Date would move a date by one day east or west of UTC).

export type CivilDate = { year: number; month: number; day: number };

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOOSE_AD_PATTERN = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/;

export function isLeapYearAd(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS_IN_AD_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export function daysInAdMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Invalid A.D. month: ${month}`);
  return month === 2 && isLeapYearAd(year) ? 29 : DAYS_IN_AD_MONTH[month - 1]!;
}

function isValidCivilDate({ year, month, day }: CivilDate): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInAdMonth(year, month)
  );
}

/** True for a real calendar date written exactly as 'YYYY-MM-DD' with Latin digits. */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE_PATTERN.exec(text);
  return match !== null && isValidCivilDate({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) });
}

/**
 * Reads an A.D. date typed as 'YYYY-MM-DD' or 'YYYY/MM/DD' (month and day may be one digit),
 * in Latin or Devanagari digits, and returns it as ISO. Throws RangeError when it is not a real date.
 */
export function parseAdDate(text: string): string {
  const match = LOOSE_AD_PATTERN.exec(toLatinDigits(text.trim()));
  const date = match && { year: Number(match[1]), month: Number(match[3]), day: Number(match[4]) };
  if (!date || !isValidCivilDate(date)) {
    throw new RangeError(`Not a valid A.D. date (expected YYYY-MM-DD): "${text}"`);
  }
  return formatIsoDate(date);
}

export function parseIsoDate(ad: string): CivilDate {
  const match = ISO_DATE_PATTERN.exec(ad);
  const date = match && { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (!date || !isValidCivilDate(date)) throw new RangeError(`Not a valid ISO A.D. date (YYYY-MM-DD): "${ad}"`);
  return date;
}

export function formatIsoDate({ year, month, day }: CivilDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// Days from 1970-01-01 for a proleptic Gregorian date: Howard Hinnant's days_from_civil, which
// counts in 400-year eras starting in March so the leap day falls at the end of each year.
export function toEpochDay({ year, month, day }: CivilDate): number {
  const shiftedYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(shiftedYear / 400);
  const yearOfEra = shiftedYear - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

// The inverse: Hinnant's civil_from_days.
export function fromEpochDay(epochDay: number): CivilDate {
  if (!Number.isInteger(epochDay)) throw new RangeError(`Epoch day must be a whole number: ${epochDay}`);
  const shifted = epochDay + 719468;
  const era = Math.floor(shifted / 146097);
  const dayOfEra = shifted - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function isoToEpochDay(ad: string): number {
  return toEpochDay(parseIsoDate(ad));
}

export function epochDayToIso(epochDay: number): string {
  return formatIsoDate(fromEpochDay(epochDay));
}

export function addDaysAd(ad: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Days to add must be a whole number: ${n}`);
  return epochDayToIso(isoToEpochDay(ad) + n);
}

/** Whole days from b to a (a − b): positive when a is later, as date-fns differenceInCalendarDays. */
export function diffDaysAd(a: string, b: string): number {
  return isoToEpochDay(a) - isoToEpochDay(b);
}
