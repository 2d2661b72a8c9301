import type { Language } from '../i18n/language';
import { toDevanagariDigits, toLatinDigits } from '../numerals';
import { BS_MAX_YEAR, BS_MIN_YEAR, bsToEpochDay, daysInBsMonth, epochDayToBs, isValidBsDate, type BsDate } from './bikram-sambat';
import { isoToEpochDay } from './gregorian';
import { BS_MONTH_NAMES, WEEKDAY_SHORT_NAMES } from './month-names';
import { todayAd } from './today';

// A date picker's calendar arithmetic in Bikram Sambat (spec §1: dates in B.S. and A.D.; B.S.
// first). The picker's value stays the date library's A.D. day (what forms send and the database
// stores); only "year", "month" and "day" mean B.S. here, so the picker draws B.S. month grids.
// The shape is the date-adapter contract of antd's DatePicker (rc-picker's GenerateConfig),
// written out here so core needs no UI library: an app passes the result to generatePicker.

/** How the app's date type maps to whole days since 1970-01-01, the unit of core's calendar. */
export type DayCodec<DateType> = {
  toEpochDay: (value: DateType) => number;
  fromEpochDay: (epochDay: number) => DateType;
  isValid: (value: DateType) => boolean;
};

export type BsGenerateConfig<DateType> = {
  getWeekDay: (value: DateType) => number;
  getMillisecond: (value: DateType) => number;
  getSecond: (value: DateType) => number;
  getMinute: (value: DateType) => number;
  getHour: (value: DateType) => number;
  getDate: (value: DateType) => number;
  getMonth: (value: DateType) => number;
  getYear: (value: DateType) => number;
  getNow: () => DateType;
  getFixedDate: (fixed: string) => DateType;
  getEndDate: (value: DateType) => DateType;
  addYear: (value: DateType, diff: number) => DateType;
  addMonth: (value: DateType, diff: number) => DateType;
  addDate: (value: DateType, diff: number) => DateType;
  setYear: (value: DateType, year: number) => DateType;
  setMonth: (value: DateType, month: number) => DateType;
  setDate: (value: DateType, date: number) => DateType;
  setHour: (value: DateType, hour: number) => DateType;
  setMinute: (value: DateType, minute: number) => DateType;
  setSecond: (value: DateType, second: number) => DateType;
  setMillisecond: (value: DateType, millisecond: number) => DateType;
  isAfter: (date1: DateType, date2: DateType) => boolean;
  isValidate: (date: DateType) => boolean;
  locale: {
    getWeekFirstDay: (locale: string) => number;
    getWeekFirstDate: (locale: string, value: DateType) => DateType;
    getWeek: (locale: string, value: DateType) => number;
    format: (locale: string, date: DateType, format: string) => string;
    parse: (locale: string, text: string, formats: string[]) => DateType | null;
    getShortWeekDays: (locale: string) => string[];
    getShortMonths: (locale: string) => string[];
  };
};

/** The picker locale's name ('ne_NP', 'en_US') as the product's language. */
export function pickerLanguageOf(locale: string): Language {
  return locale.toLowerCase().startsWith('ne') ? 'ne' : 'en';
}

const FIRST_EPOCH_DAY = bsToEpochDay({ year: BS_MIN_YEAR, month: 1, day: 1 });
const LAST_EPOCH_DAY = bsToEpochDay({ year: BS_MAX_YEAR, month: 12, day: daysInBsMonth(BS_MAX_YEAR, 12) });

// The grid walks a few days past the month shown and the year panel a year past the decade: at
// the ends of the B.S. table those steps stop at its first or last day instead of failing.
function clampEpochDay(epochDay: number): number {
  return Math.min(LAST_EPOCH_DAY, Math.max(FIRST_EPOCH_DAY, epochDay));
}

/** The B.S. date of a day, the day clamped to the month's length (30 Chaitra -> 30 or the last day). */
function epochDayOfBs(year: number, month: number, day: number): number {
  if (year < BS_MIN_YEAR) return FIRST_EPOCH_DAY;
  if (year > BS_MAX_YEAR) return LAST_EPOCH_DAY;
  return bsToEpochDay({ year, month, day: Math.min(Math.max(day, 1), daysInBsMonth(year, month)) });
}

/** 1970-01-01 was a Thursday; 0 is Sunday, as rc-picker and Date.getDay count. */
export function weekDayOfEpochDay(epochDay: number): number {
  return (((epochDay + 4) % 7) + 7) % 7;
}

// 'YYYY-MM-DD' or 'YYYY/MM/DD' (month and day of one or two digits), or eight digits typed
// without separators on a number pad; Latin or Devanagari digits.
const TYPED_BS_DATE = /^(\d{4})(?:([-/.])(\d{1,2})\2(\d{1,2})|(\d{2})(\d{2}))$/;

/** The B.S. date typed in either digit set; null while it is incomplete or not in the calendar. */
export function readTypedBsDate(text: string): BsDate | null {
  const match = TYPED_BS_DATE.exec(toLatinDigits(text.trim()));
  if (!match) return null;
  const bs = { year: Number(match[1]), month: Number(match[3] ?? match[5]), day: Number(match[4] ?? match[6]) };
  return isValidBsDate(bs) ? bs : null;
}

// Day.js-style tokens, the ones antd's date panels ask for; [text] is literal.
const FORMAT_TOKENS = /\[([^\]]*)\]|YYYY|MMMM|MMM|MM|M|DD|D|dddd|ddd|dd|d/g;

/** A B.S. date written with a format ('YYYY-MM-DD', 'D', 'MMMM YYYY'), digits in the language. */
export function formatBsWith(bs: BsDate, format: string, language: Language): string {
  const digits = (value: number, width: number) => {
    const text = String(value).padStart(width, '0');
    return language === 'ne' ? toDevanagariDigits(text) : text;
  };
  const weekDay = WEEKDAY_SHORT_NAMES[language][weekDayOfEpochDay(bsToEpochDay(bs))]!;
  return format.replace(FORMAT_TOKENS, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'YYYY':
        return digits(bs.year, 4);
      case 'MMMM':
      case 'MMM':
        return BS_MONTH_NAMES[language][bs.month - 1]!;
      case 'MM':
        return digits(bs.month, 2);
      case 'M':
        return digits(bs.month, 1);
      case 'DD':
        return digits(bs.day, 2);
      case 'D':
        return digits(bs.day, 1);
      default:
        return weekDay;
    }
  });
}

/**
 * The B.S. calendar as a date picker's adapter over any date type the codec maps to days: month
 * lengths from core's table, months and years added in B.S. (the day kept, or the last day of a
 * shorter month), week days of the real day, names and digits in the locale's language.
 */
export function createBsGenerateConfig<DateType>(codec: DayCodec<DateType>, today: () => string = todayAd): BsGenerateConfig<DateType> {
  const dayOf = (value: DateType) => clampEpochDay(codec.toEpochDay(value));
  const bsOf = (value: DateType) => epochDayToBs(dayOf(value));
  const fromDay = (epochDay: number) => codec.fromEpochDay(clampEpochDay(epochDay));
  const fromBs = (year: number, month: number, day: number) => codec.fromEpochDay(epochDayOfBs(year, month, day));
  const addMonths = (value: DateType, diff: number) => {
    const bs = bsOf(value);
    const monthIndex = bs.year * 12 + (bs.month - 1) + diff;
    return fromBs(Math.floor(monthIndex / 12), (monthIndex % 12) + 1, bs.day);
  };
  // A date-only picker: its days have no time of day to read or keep.
  const noTime = () => 0;
  const keepDay = (value: DateType) => value;

  return {
    getWeekDay: (value) => weekDayOfEpochDay(dayOf(value)),
    getMillisecond: noTime,
    getSecond: noTime,
    getMinute: noTime,
    getHour: noTime,
    getDate: (value) => bsOf(value).day,
    // Months count from 0, as the adapter contract has them (Baishakh is 0).
    getMonth: (value) => bsOf(value).month - 1,
    getYear: (value) => bsOf(value).year,
    getNow: () => fromDay(isoToEpochDay(today())),
    // A fixed date is written in A.D. ISO, as the picker's own adapters read it.
    getFixedDate: (fixed) => fromDay(isoToEpochDay(fixed)),
    getEndDate: (value) => {
      const bs = bsOf(value);
      return fromBs(bs.year, bs.month, daysInBsMonth(bs.year, bs.month));
    },
    addYear: (value, diff) => addMonths(value, diff * 12),
    addMonth: addMonths,
    addDate: (value, diff) => fromDay(dayOf(value) + diff),
    setYear: (value, year) => {
      const bs = bsOf(value);
      return fromBs(year, bs.month, bs.day);
    },
    // A month past Chaitra is Baishakh of the next year, as the date libraries count (the month
    // panel asks for month 12 to find the end of Chaitra).
    setMonth: (value, month) => {
      const bs = bsOf(value);
      return addMonths(value, month - (bs.month - 1));
    },
    setDate: (value, date) => {
      const bs = bsOf(value);
      return fromBs(bs.year, bs.month, date);
    },
    setHour: keepDay,
    setMinute: keepDay,
    setSecond: keepDay,
    setMillisecond: keepDay,
    isAfter: (date1, date2) => codec.toEpochDay(date1) > codec.toEpochDay(date2),
    isValidate: (value) => {
      if (!codec.isValid(value)) return false;
      const epochDay = codec.toEpochDay(value);
      return epochDay >= FIRST_EPOCH_DAY && epochDay <= LAST_EPOCH_DAY;
    },
    locale: {
      // Nepali calendars start the week on Sunday.
      getWeekFirstDay: () => 0,
      getWeekFirstDate: (_locale, value) => fromDay(dayOf(value) - weekDayOfEpochDay(dayOf(value))),
      getWeek: (_locale, value) => {
        const bs = bsOf(value);
        const yearStart = bsToEpochDay({ year: bs.year, month: 1, day: 1 });
        return Math.floor((dayOf(value) - yearStart + weekDayOfEpochDay(yearStart)) / 7) + 1;
      },
      format: (locale, value, format) => formatBsWith(bsOf(value), format, pickerLanguageOf(locale)),
      parse: (_locale, text) => {
        const bs = readTypedBsDate(text);
        return bs ? codec.fromEpochDay(bsToEpochDay(bs)) : null;
      },
      getShortWeekDays: (locale) => [...WEEKDAY_SHORT_NAMES[pickerLanguageOf(locale)]],
      getShortMonths: (locale) => [...BS_MONTH_NAMES[pickerLanguageOf(locale)]],
    },
  };
}

/** The catalogue keys of a B.S. picker's own texts (both apps' catalogues have them). */
export type BsPickerTextKey =
  | 'datePicker.placeholder'
  | 'datePicker.today'
  | 'datePicker.previousMonth'
  | 'datePicker.nextMonth'
  | 'datePicker.previousYear'
  | 'datePicker.nextYear'
  | 'datePicker.previousDecade'
  | 'datePicker.nextDecade'
  | 'datePicker.previousCentury'
  | 'datePicker.nextCentury'
  | 'datePicker.monthSelect'
  | 'datePicker.yearSelect'
  | 'datePicker.decadeSelect';

/**
 * The `lang` part of the picker's locale for a B.S. grid, in the reader's language: its texts from
 * the app's catalogue, and the locale name, which tells the adapter above the digits and month
 * names to write. An app spreads it over the UI library's English locale.
 */
export function bsPickerLang(language: Language, t: (key: BsPickerTextKey) => string) {
  return {
    locale: language === 'ne' ? 'ne_NP' : 'en_US',
    placeholder: t('datePicker.placeholder'),
    today: t('datePicker.today'),
    previousMonth: t('datePicker.previousMonth'),
    nextMonth: t('datePicker.nextMonth'),
    previousYear: t('datePicker.previousYear'),
    nextYear: t('datePicker.nextYear'),
    previousDecade: t('datePicker.previousDecade'),
    nextDecade: t('datePicker.nextDecade'),
    previousCentury: t('datePicker.previousCentury'),
    nextCentury: t('datePicker.nextCentury'),
    monthSelect: t('datePicker.monthSelect'),
    yearSelect: t('datePicker.yearSelect'),
    decadeSelect: t('datePicker.decadeSelect'),
    fieldDateFormat: 'YYYY-MM-DD',
    cellDateFormat: 'D',
    // The adapter gives the B.S. month and week-day names.
    shortMonths: undefined,
    shortWeekDays: undefined,
  };
}
