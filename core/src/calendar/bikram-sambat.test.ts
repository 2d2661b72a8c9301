import { describe, expect, it } from 'vitest';
import { BS_MONTH_LENGTHS } from './bs-month-lengths';
import {
  adToBs,
  bsToAd,
  daysInBsMonth,
  daysInBsYear,
  isConvertibleToBs,
  isProvisionalBsYear,
  isValidBsDate,
  parseBsDate,
  BS_MAX_YEAR,
  BS_MIN_YEAR,
} from './bikram-sambat';
import { addDaysAd } from './gregorian';

describe('the month-length table', () => {
  it('covers B.S. 2000 through at least 2090', () => {
    expect(BS_MIN_YEAR).toBe(2000);
    expect(BS_MAX_YEAR).toBeGreaterThanOrEqual(2090);
    expect(BS_MONTH_LENGTHS).toHaveLength(BS_MAX_YEAR - BS_MIN_YEAR + 1);
  });

  it('has twelve months of 29 to 32 days and years of 365 or 366 days', () => {
    for (let year = BS_MIN_YEAR; year <= BS_MAX_YEAR; year += 1) {
      for (let month = 1; month <= 12; month += 1) {
        expect(daysInBsMonth(year, month)).toBeGreaterThanOrEqual(29);
        expect(daysInBsMonth(year, month)).toBeLessThanOrEqual(32);
      }
      expect([365, 366]).toContain(daysInBsYear(year));
    }
  });

  it('starts every year in mid-April, where the solar new year falls', () => {
    for (let year = BS_MIN_YEAR; year <= BS_MAX_YEAR; year += 1) {
      expect(bsToAd({ year, month: 1, day: 1 })).toMatch(/^\d{4}-04-1[2-5]$/);
    }
  });

  it('refuses months and years it does not hold', () => {
    expect(() => daysInBsMonth(1999, 1)).toThrow(/outside the supported range/);
    expect(() => daysInBsMonth(BS_MAX_YEAR + 1, 1)).toThrow(RangeError);
    expect(() => daysInBsMonth(2081, 0)).toThrow(/Invalid B\.S\. month/);
    expect(() => daysInBsMonth(2081, 13)).toThrow(RangeError);
  });
});

describe('conversion anchors from published calendars', () => {
  // Dates a reader can check on any printed Nepali calendar or news report.
  it.each([
    ['2000-01-01', '1943-04-14'], // the table's reference epoch
    ['2080-01-01', '2023-04-14'], // Nepali new year 2080
    ['2081-01-01', '2024-04-13'], // Nepali new year 2081
    ['2081-10-01', '2025-01-14'], // Maghe Sankranti 2081
    ['2082-01-01', '2025-04-14'], // Nepali new year 2082
    ['2082-06-16', '2025-10-02'], // Vijaya Dashami 2082
    ['2082-09-17', '2026-01-01'], // A.D. new year 2026
    ['2083-01-01', '2026-04-14'], // Nepali new year 2083
    ['2072-06-03', '2015-09-20'], // Constitution of Nepal promulgated (Asoj 3, 2072)
    ['2063-02-04', '2006-05-18'], // House of Representatives proclamation (Jestha 4, 2063)
  ])('B.S. %s is A.D. %s', (bs, ad) => {
    expect(bsToAd(bs)).toBe(ad);
    expect(adToBs(ad)).toEqual(parseBsDate(bs));
  });
});

describe('adToBs and bsToAd', () => {
  it('walk month and year boundaries consistently', () => {
    const lastDayOf2080 = { year: 2080, month: 12, day: daysInBsMonth(2080, 12) };
    expect(adToBs(addDaysAd(bsToAd(lastDayOf2080), 1))).toEqual({ year: 2081, month: 1, day: 1 });
    expect(adToBs(addDaysAd(bsToAd('2081-04-01'), -1))).toEqual({ year: 2081, month: 3, day: daysInBsMonth(2081, 3) });
  });

  it('cover the whole table and nothing beyond it', () => {
    const first = bsToAd({ year: BS_MIN_YEAR, month: 1, day: 1 });
    const last = bsToAd({ year: BS_MAX_YEAR, month: 12, day: daysInBsMonth(BS_MAX_YEAR, 12) });
    expect(adToBs(first)).toEqual({ year: BS_MIN_YEAR, month: 1, day: 1 });
    expect(() => adToBs(addDaysAd(first, -1))).toThrow(/outside the B\.S\. range/);
    expect(() => adToBs(addDaysAd(last, 1))).toThrow(/outside the B\.S\. range/);
  });

  it('refuses dates that do not exist', () => {
    expect(() => bsToAd({ year: 2081, month: 4, day: 33 })).toThrow(/has 32 days, not 33/);
    expect(() => bsToAd({ year: 2081, month: 13, day: 1 })).toThrow(RangeError);
    expect(() => bsToAd({ year: 2081, month: 4, day: 0 })).toThrow(RangeError);
    expect(() => bsToAd({ year: 1999, month: 4, day: 1 })).toThrow(RangeError);
    expect(() => adToBs('2024-02-30')).toThrow(RangeError);
    expect(() => adToBs('not a date')).toThrow(RangeError);
  });
});

describe('parseBsDate', () => {
  it('accepts dashes or slashes, Latin or Devanagari digits', () => {
    const expected = { year: 2081, month: 4, day: 15 };
    expect(parseBsDate('2081-04-15')).toEqual(expected);
    expect(parseBsDate('2081/04/15')).toEqual(expected);
    expect(parseBsDate('२०८१-०४-१५')).toEqual(expected);
    expect(parseBsDate('२०८१/४/१५')).toEqual(expected);
    expect(parseBsDate(' 2081-4-15 ')).toEqual(expected);
  });

  it.each([
    ['', /expected YYYY-MM-DD/],
    ['2081-04', /expected YYYY-MM-DD/],
    ['2081-04/15', /expected YYYY-MM-DD/],
    ['81-04-15', /expected YYYY-MM-DD/],
    ['2081-13-01', /Invalid B\.S\. month: 13/],
    ['2081-00-01', /Invalid B\.S\. month: 0/],
    ['2081-01-32', /has 31 days, not 32/],
    ['1999-01-01', /outside the supported range/],
  ])('throws a RangeError for %j', (text, message) => {
    expect(() => parseBsDate(text)).toThrow(RangeError);
    expect(() => parseBsDate(text)).toThrow(message);
  });
});

describe('isValidBsDate', () => {
  it('tells real B.S. dates from impossible ones', () => {
    expect(isValidBsDate({ year: 2081, month: 4, day: 32 })).toBe(true);
    expect(isValidBsDate({ year: 2081, month: 9, day: 30 })).toBe(false);
    expect(isValidBsDate({ year: 2081.5, month: 1, day: 1 })).toBe(false);
  });
});

describe('isConvertibleToBs', () => {
  it('tells which A.D. dates the table can show in B.S.', () => {
    expect(isConvertibleToBs('1943-04-14')).toBe(true);
    expect(isConvertibleToBs('1943-04-13')).toBe(false);
    expect(isConvertibleToBs(bsToAd({ year: BS_MAX_YEAR, month: 12, day: daysInBsMonth(BS_MAX_YEAR, 12) }))).toBe(true);
    expect(isConvertibleToBs('2100-01-01')).toBe(false);
    expect(isConvertibleToBs('2024-02-30')).toBe(false);
  });
});

describe('isProvisionalBsYear', () => {
  it('marks years after 2083, whose calendar is not yet published', () => {
    expect(isProvisionalBsYear(2081)).toBe(false);
    expect(isProvisionalBsYear(2083)).toBe(false);
    expect(isProvisionalBsYear(2084)).toBe(true);
    expect(isProvisionalBsYear(2090)).toBe(true);
  });
});
