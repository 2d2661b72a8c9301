import { describe, expect, it } from 'vitest';
import { adToBs, bsToAd, daysInBsMonth, formatBsIso } from './bikram-sambat';
import { bsPickerLang, createBsGenerateConfig, readTypedBsDate, type DayCodec } from './bs-picker-calendar';
import { epochDayToIso, isIsoDate, isoToEpochDay } from './gregorian';

// The picker's value in these tests is a plain A.D. day, as a form keeps it; the apps use a
// dayjs day the same way.
type Day = { ad: string };
const codec: DayCodec<Day> = {
  toEpochDay: (value) => isoToEpochDay(value.ad),
  fromEpochDay: (epochDay) => ({ ad: epochDayToIso(epochDay) }),
  isValid: (value) => isIsoDate(value.ad),
};
const config = createBsGenerateConfig(codec, () => '2025-11-25');
const bs = (text: string): Day => ({ ad: bsToAd(text) });
const bsText = (value: Day) => formatBsIso(adToBs(value.ad));

describe('the B.S. date adapter of the pickers', () => {
  it('reads year, month (from 0) and day in B.S. from the A.D. value', () => {
    const day = { ad: '2025-04-14' };
    expect([config.getYear(day), config.getMonth(day), config.getDate(day)]).toEqual([2082, 0, 1]);
  });

  it('knows 1 Baishakh 2082 (14 April 2025) was a Monday, and starts weeks on Sunday', () => {
    expect(config.getWeekDay(bs('2082-01-01'))).toBe(1);
    expect(config.locale.getWeekFirstDay('ne_NP')).toBe(0);
    expect(config.locale.getWeekFirstDate('ne_NP', bs('2082-01-01')).ad).toBe('2025-04-13');
  });

  it('ends every month of a year on the length core calendar gives it', () => {
    for (let month = 1; month <= 12; month += 1) {
      const end = config.getEndDate(bs(`2082-${month}-1`));
      expect(bsText(end)).toBe(formatBsIso({ year: 2082, month, day: daysInBsMonth(2082, month) }));
      // The day after the end is the first of the next month.
      expect(config.getDate(config.addDate(end, 1))).toBe(1);
    }
  });

  it('adds months across the end of the B.S. year, keeping the day or taking the last of a shorter month', () => {
    expect(bsText(config.addMonth(bs('2081-12-15'), 1))).toBe('2082-01-15');
    expect(bsText(config.addMonth(bs('2082-01-15'), -1))).toBe('2081-12-15');
    expect(bsText(config.addMonth(bs('2082-11-10'), 14))).toBe('2084-01-10');
    const longest = daysInBsMonth(2082, 2);
    const chaitra = daysInBsMonth(2082, 12);
    expect(longest).toBeGreaterThan(chaitra);
    expect(bsText(config.addMonth(bs(`2082-02-${longest}`), 10))).toBe(`2082-12-${chaitra}`);
    expect(bsText(config.addYear(bs('2082-05-20'), -3))).toBe('2079-05-20');
    expect(bsText(config.setMonth(bs(`2082-02-${longest}`), 11))).toBe(`2082-12-${chaitra}`);
    expect(bsText(config.setYear(bs('2082-05-20'), 2070))).toBe('2070-05-20');
    expect(bsText(config.setMonth(bs('2082-05-20'), 12))).toBe('2083-01-20');
  });

  it('formats in Devanagari digits and Nepali month names in Nepali, Latin and transliterated names in English', () => {
    const day = bs('2082-01-05');
    expect(config.locale.format('ne_NP', day, 'YYYY-MM-DD')).toBe('२०८२-०१-०५');
    expect(config.locale.format('en_US', day, 'YYYY-MM-DD')).toBe('2082-01-05');
    expect(config.locale.format('ne_NP', day, 'D')).toBe('५');
    expect(config.locale.format('ne_NP', day, 'MMMM YYYY')).toBe('बैशाख २०८२');
    expect(config.locale.format('en_US', day, '[B.S.] D MMM')).toBe('B.S. 5 Baishakh');
    expect(config.locale.getShortMonths('ne_NP')).toEqual(['बैशाख', 'जेठ', 'असार', 'साउन', 'भदौ', 'असोज', 'कात्तिक', 'मंसिर', 'पुस', 'माघ', 'फागुन', 'चैत']);
    expect(config.locale.getShortMonths('en_US')[0]).toBe('Baishakh');
    expect(config.locale.getShortWeekDays('ne_NP')[0]).toBe('आइत');
  });

  it('parses a typed B.S. date in either digit set, with or without separators', () => {
    for (const text of ['२०८२-०१-०१', '2082-01-01', '2082/1/1', '20820101', '२०८२०१०१', ' 2082-1-01 ']) {
      expect(config.locale.parse('ne_NP', text, ['YYYY-MM-DD'])?.ad, text).toBe('2025-04-14');
    }
    for (const text of ['', '2082-01', '2082-13-01', `2082-01-${daysInBsMonth(2082, 1) + 1}`, '2025-04-14x', '1999-01-01']) {
      expect(config.locale.parse('en_US', text, ['YYYY-MM-DD']), text).toBeNull();
    }
    expect(readTypedBsDate('२०५७-१०-०१')).toEqual({ year: 2057, month: 10, day: 1 });
  });

  it('takes today in Nepal from core and compares days', () => {
    expect(config.getNow().ad).toBe('2025-11-25');
    expect(config.isAfter(bs('2082-01-02'), bs('2082-01-01'))).toBe(true);
    expect(config.isAfter(bs('2082-01-01'), bs('2082-01-01'))).toBe(false);
    expect(config.isValidate({ ad: '2025-02-30' })).toBe(false);
    expect(config.isValidate({ ad: '1900-01-01' })).toBe(false);
  });

  it('stops at the ends of the B.S. table instead of failing', () => {
    const first = bs('2000-01-01');
    expect(bsText(config.addDate(first, -3))).toBe('2000-01-01');
    expect(bsText(config.addYear(first, -1))).toBe('2000-01-01');
  });
});

describe('bsPickerLang', () => {
  it("names the locale by the reader's language, takes every text from the catalogue and leaves the month names to the adapter", () => {
    const lang = bsPickerLang('ne', (key) => `«${key}»`);
    expect(lang.locale).toBe('ne_NP');
    expect(bsPickerLang('en', (key) => key).locale).toBe('en_US');
    expect(lang.today).toBe('«datePicker.today»');
    expect(lang.decadeSelect).toBe('«datePicker.decadeSelect»');
    expect(lang).toMatchObject({ fieldDateFormat: 'YYYY-MM-DD', cellDateFormat: 'D', shortMonths: undefined, shortWeekDays: undefined });
  });
});
