import { describe, expect, it } from 'vitest';
import { ageOn } from './age';
import { bsToAd } from './bikram-sambat';

describe('ageOn (A.D. months)', () => {
  it.each([
    ['2000-01-15', '2000-01-15', { years: 0, months: 0, days: 0 }],
    ['2000-01-15', '2025-01-15', { years: 25, months: 0, days: 0 }],
    ['2000-01-15', '2025-01-14', { years: 24, months: 11, days: 30 }],
    ['2000-01-15', '2025-03-20', { years: 25, months: 2, days: 5 }],
    // A month from the 31st (or a year from 29 Feb) ends on the last day of the shorter month.
    ['2000-02-29', '2001-02-27', { years: 0, months: 11, days: 29 }],
    ['2000-02-29', '2001-02-28', { years: 1, months: 0, days: 0 }],
    ['2000-02-29', '2001-03-01', { years: 1, months: 0, days: 1 }],
    ['2000-02-29', '2004-02-29', { years: 4, months: 0, days: 0 }],
    ['2001-01-31', '2001-02-27', { years: 0, months: 0, days: 27 }],
    ['2001-01-31', '2001-02-28', { years: 0, months: 1, days: 0 }],
    ['2001-01-31', '2001-03-30', { years: 0, months: 1, days: 30 }],
    ['2001-01-31', '2001-03-31', { years: 0, months: 2, days: 0 }],
    ['2001-01-31', '2001-03-01', { years: 0, months: 1, days: 1 }],
    ['1990-12-31', '2025-01-01', { years: 34, months: 0, days: 1 }],
  ])('born %s, on %s', (dob, on, expected) => {
    expect(ageOn(dob, on)).toEqual(expected);
  });

  it('refuses a date before the birth', () => {
    expect(() => ageOn('2000-01-15', '2000-01-14')).toThrow(RangeError);
  });

  it('refuses text that is not an ISO date', () => {
    expect(() => ageOn('2000-1-15', '2025-01-14')).toThrow(RangeError);
  });
});

describe('ageOn (B.S. months)', () => {
  it('counts B.S. months and days', () => {
    const dob = bsToAd('2055-04-15');
    expect(ageOn(dob, bsToAd('2081-04-15'), 'bs')).toEqual({ years: 26, months: 0, days: 0 });
    // Asar 2081 has 31 days: from Asar 15 to Shrawan 14 is one day short of a month.
    expect(ageOn(dob, bsToAd('2081-04-14'), 'bs')).toEqual({ years: 25, months: 11, days: 30 });
    expect(ageOn(dob, bsToAd('2081-05-01'), 'bs')).toEqual({ years: 26, months: 0, days: 18 });
  });

  it('can differ from the A.D. count because the month lengths differ', () => {
    const dob = bsToAd('2060-01-01');
    const on = bsToAd('2081-01-01');
    expect(ageOn(dob, on, 'bs')).toEqual({ years: 21, months: 0, days: 0 });
    expect(ageOn(dob, on, 'ad')).not.toEqual(ageOn(dob, on, 'bs'));
  });
});
