import { describe, expect, it } from 'vitest';
import { formatAdDate, formatBsDate } from './format';
import { BS_MONTH_NAMES } from './month-names';

describe('formatBsDate', () => {
  it('writes ISO form in the digits of the language', () => {
    expect(formatBsDate({ year: 2081, month: 4, day: 15 }, 'en')).toBe('2081-04-15');
    expect(formatBsDate({ year: 2081, month: 4, day: 15 }, 'ne', 'iso')).toBe('२०८१-०४-१५');
    expect(formatBsDate('२०८१/४/५', 'en')).toBe('2081-04-05');
  });

  it('writes the long form in each language’s order', () => {
    expect(formatBsDate({ year: 2081, month: 4, day: 15 }, 'ne', 'long')).toBe('२०८१ साउन १५');
    expect(formatBsDate({ year: 2081, month: 4, day: 15 }, 'en', 'long')).toBe('15 Shrawan 2081');
    expect(formatBsDate('2082-01-01', 'en', 'long')).toBe('1 Baishakh 2082');
    expect(formatBsDate('2082-12-30', 'ne', 'long')).toBe('२०८२ चैत ३०');
  });

  it('refuses impossible dates', () => {
    expect(() => formatBsDate({ year: 2081, month: 4, day: 40 }, 'en')).toThrow(RangeError);
    expect(() => formatBsDate('2081-4-40', 'ne', 'long')).toThrow(RangeError);
  });
});

describe('formatAdDate', () => {
  it('writes ISO and long forms', () => {
    expect(formatAdDate('2024-07-31', 'en')).toBe('2024-07-31');
    expect(formatAdDate('2024-07-31', 'ne')).toBe('२०२४-०७-३१');
    expect(formatAdDate('2024-07-31', 'en', 'long')).toBe('31 July 2024');
    expect(formatAdDate('2024-07-31', 'ne', 'long')).toBe('२०२४ जुलाई ३१');
  });

  it('refuses text that is not an ISO date', () => {
    expect(() => formatAdDate('2024-7-31', 'en')).toThrow(RangeError);
  });
});

describe('BS_MONTH_NAMES', () => {
  it('names twelve months in both languages', () => {
    expect(BS_MONTH_NAMES.ne).toHaveLength(12);
    expect(BS_MONTH_NAMES.en).toHaveLength(12);
    expect(BS_MONTH_NAMES.ne[3]).toBe('साउन');
    expect(BS_MONTH_NAMES.en[3]).toBe('Shrawan');
  });
});
