import { describe, expect, it } from 'vitest';
import { fiscalYearOf, formatAdvertisementNumber } from './fiscal-year';

describe('fiscalYearOf', () => {
  it.each([
    ['2025-07-16', '2081/82'], // 31 Asar 2082: the last day of 2081/82
    ['2025-07-17', '2082/83'], // 1 Shrawan 2082
    ['2025-11-21', '2082/83'],
    ['2026-04-14', '2082/83'], // 1 Baisakh 2083: the calendar year changes, the fiscal year does not
    ['2026-07-17', '2083/84'],
    ['2000-07-15', '2056/57'],
    ['2000-07-16', '2057/58'], // 1 Shrawan 2057
    ['2033-07-16', '2090/91'],
  ])('%s is in %s', (ad, expected) => {
    expect(fiscalYearOf(ad)).toBe(expected);
  });
});

describe('formatAdvertisementNumber', () => {
  it('writes the number with the short fiscal year', () => {
    expect(formatAdvertisementNumber(12, '2082/83')).toBe('12/082-83');
    expect(formatAdvertisementNumber(10345, '2099/00')).toBe('10345/099-00');
  });
});
