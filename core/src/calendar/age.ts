import { bsToEpochDay, daysInBsMonth, epochDayToBs } from './bikram-sambat';
import { daysInAdMonth, fromEpochDay, isoToEpochDay, toEpochDay, type CivilDate } from './gregorian';

export type Age = { years: number; months: number; days: number };

export type AgeCalendar = 'ad' | 'bs';

type CalendarRules = {
  daysInMonth: (year: number, month: number) => number;
  toEpochDay: (date: CivilDate) => number;
  fromEpochDay: (epochDay: number) => CivilDate;
};

const CALENDARS: Record<AgeCalendar, CalendarRules> = {
  ad: { daysInMonth: daysInAdMonth, toEpochDay, fromEpochDay },
  bs: { daysInMonth: daysInBsMonth, toEpochDay: bsToEpochDay, fromEpochDay: epochDayToBs },
};

// A month after the 31st lands on the last day of a shorter month (31 Jan + 1 month = 28/29 Feb),
// so an age never skips a month boundary.
function addMonthsClamped(date: CivilDate, months: number, rules: CalendarRules): CivilDate {
  const monthIndex = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  return { year, month, day: Math.min(date.day, rules.daysInMonth(year, month)) };
}

/**
 * Age on a date in whole years, months and days (spec §3: candidate pre-review shows "age in
 * years, months and days"; the advertisement's cutOffDate is the date of age evaluation).
 * Counts in A.D. months by default; `calendar: 'bs'` counts in B.S. months, as Nepali notices
 * state age limits, and the two can differ by a day or two.
 */
export function ageOn(dobAd: string, onAd: string, calendar: AgeCalendar = 'ad'): Age {
  const rules = CALENDARS[calendar];
  const birthEpochDay = isoToEpochDay(dobAd);
  const onEpochDay = isoToEpochDay(onAd);
  if (onEpochDay < birthEpochDay) throw new RangeError(`Age is asked on ${onAd}, before the birth date ${dobAd}`);
  const birth = rules.fromEpochDay(birthEpochDay);
  const on = rules.fromEpochDay(onEpochDay);
  let wholeMonths = (on.year - birth.year) * 12 + (on.month - birth.month);
  if (rules.toEpochDay(addMonthsClamped(birth, wholeMonths, rules)) > onEpochDay) wholeMonths -= 1;
  const days = onEpochDay - rules.toEpochDay(addMonthsClamped(birth, wholeMonths, rules));
  return { years: Math.floor(wholeMonths / 12), months: wholeMonths % 12, days };
}
