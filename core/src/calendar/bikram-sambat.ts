import { toLatinDigits } from '../numerals';
import { BS_MONTH_LENGTHS, BS_TABLE_EPOCH_AD, BS_TABLE_FIRST_YEAR } from './bs-month-lengths';
import { epochDayToIso, isIsoDate, isoToEpochDay } from './gregorian';

export type BsDate = { year: number; month: number; day: number };

export const BS_MIN_YEAR = BS_TABLE_FIRST_YEAR;
export const BS_MAX_YEAR = BS_TABLE_FIRST_YEAR + BS_MONTH_LENGTHS.length - 1;

// The last year whose official calendar (Nepal Panchanga Nirnayak Samiti) is published; later
// rows of the table are forecasts on which converters disagree.
const LAST_OFFICIAL_BS_YEAR = 2083;

export function isProvisionalBsYear(year: number): boolean {
  return year > LAST_OFFICIAL_BS_YEAR;
}

function assertBsYearInRange(year: number): void {
  if (!Number.isInteger(year) || year < BS_MIN_YEAR || year > BS_MAX_YEAR) {
    throw new RangeError(`B.S. year ${year} is outside the supported range ${BS_MIN_YEAR}..${BS_MAX_YEAR}`);
  }
}

function monthLengthsOf(year: number): readonly number[] {
  assertBsYearInRange(year);
  return BS_MONTH_LENGTHS[year - BS_MIN_YEAR]!;
}

export function daysInBsMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Invalid B.S. month: ${month}`);
  return monthLengthsOf(year)[month - 1]!;
}

export function daysInBsYear(year: number): number {
  return monthLengthsOf(year).reduce((sum, days) => sum + days, 0);
}

const EPOCH_DAY_OF_TABLE_START = isoToEpochDay(BS_TABLE_EPOCH_AD);

// Epoch day of 1 Baishakh of every year in the table, plus one past the end, computed once.
const YEAR_START_EPOCH_DAYS: readonly number[] = BS_MONTH_LENGTHS.reduce<number[]>(
  (starts, months) => [...starts, starts.at(-1)! + months.reduce((sum, days) => sum + days, 0)],
  [EPOCH_DAY_OF_TABLE_START],
);

/**
 * The A.D. days the B.S. table covers, first and last (ISO). Every date the product stores is also
 * shown in B.S. (DESIGN "Dates"), so this is the range of every date input too.
 */
export const AD_DATE_RANGE = {
  first: BS_TABLE_EPOCH_AD,
  last: epochDayToIso(YEAR_START_EPOCH_DAYS.at(-1)! - 1),
} as const;

export function isValidBsDate(bs: BsDate): boolean {
  return (
    Number.isInteger(bs.year) &&
    bs.year >= BS_MIN_YEAR &&
    bs.year <= BS_MAX_YEAR &&
    Number.isInteger(bs.month) &&
    bs.month >= 1 &&
    bs.month <= 12 &&
    Number.isInteger(bs.day) &&
    bs.day >= 1 &&
    bs.day <= daysInBsMonth(bs.year, bs.month)
  );
}

function assertValidBsDate(bs: BsDate): void {
  assertBsYearInRange(bs.year);
  const maxDay = Number.isInteger(bs.month) && bs.month >= 1 && bs.month <= 12 ? daysInBsMonth(bs.year, bs.month) : 0;
  if (maxDay === 0) throw new RangeError(`Invalid B.S. month: ${bs.month}`);
  if (!Number.isInteger(bs.day) || bs.day < 1 || bs.day > maxDay) {
    throw new RangeError(`Invalid B.S. day: ${bs.year}-${bs.month} has ${maxDay} days, not ${bs.day}`);
  }
}

export function bsToEpochDay(bs: BsDate): number {
  assertValidBsDate(bs);
  const lengths = monthLengthsOf(bs.year);
  const daysBeforeMonth = lengths.slice(0, bs.month - 1).reduce((sum, days) => sum + days, 0);
  return YEAR_START_EPOCH_DAYS[bs.year - BS_MIN_YEAR]! + daysBeforeMonth + bs.day - 1;
}

export function epochDayToBs(epochDay: number): BsDate {
  const lastEpochDay = YEAR_START_EPOCH_DAYS.at(-1)! - 1;
  if (!Number.isInteger(epochDay) || epochDay < EPOCH_DAY_OF_TABLE_START || epochDay > lastEpochDay) {
    throw new RangeError(
      `A.D. date ${Number.isInteger(epochDay) ? epochDayToIso(epochDay) : epochDay} is outside the B.S. range ` +
        `${BS_MIN_YEAR}..${BS_MAX_YEAR} (${epochDayToIso(EPOCH_DAY_OF_TABLE_START)}..${epochDayToIso(lastEpochDay)})`,
    );
  }
  const yearIndex = YEAR_START_EPOCH_DAYS.findLastIndex((start) => start <= epochDay);
  let dayOfYear = epochDay - YEAR_START_EPOCH_DAYS[yearIndex]!;
  const lengths = BS_MONTH_LENGTHS[yearIndex]!;
  let month = 1;
  while (dayOfYear >= lengths[month - 1]!) {
    dayOfYear -= lengths[month - 1]!;
    month += 1;
  }
  return { year: BS_MIN_YEAR + yearIndex, month, day: dayOfYear + 1 };
}

/** True when an ISO A.D. date falls inside the B.S. table, so it can be shown in B.S. too. */
export function isConvertibleToBs(ad: string): boolean {
  if (!isIsoDate(ad)) return false;
  const epochDay = isoToEpochDay(ad);
  return epochDay >= EPOCH_DAY_OF_TABLE_START && epochDay < YEAR_START_EPOCH_DAYS.at(-1)!;
}

export function adToBs(ad: string): BsDate {
  return epochDayToBs(isoToEpochDay(ad));
}

export function bsToAd(bs: BsDate | string): string {
  return epochDayToIso(bsToEpochDay(typeof bs === 'string' ? parseBsDate(bs) : bs));
}

const BS_TEXT_PATTERN = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/;

/**
 * Reads a B.S. date typed as 'YYYY-MM-DD' or 'YYYY/MM/DD' (month and day may be one digit) in
 * Latin or Devanagari digits. Throws RangeError saying what is wrong.
 */
export function parseBsDate(text: string): BsDate {
  const match = BS_TEXT_PATTERN.exec(toLatinDigits(text.trim()));
  if (!match) throw new RangeError(`Not a B.S. date (expected YYYY-MM-DD or YYYY/MM/DD): "${text}"`);
  const bs = { year: Number(match[1]), month: Number(match[3]), day: Number(match[4]) };
  assertValidBsDate(bs);
  return bs;
}

export function formatBsIso(bs: BsDate): string {
  return `${bs.year}-${String(bs.month).padStart(2, '0')}-${String(bs.day).padStart(2, '0')}`;
}
