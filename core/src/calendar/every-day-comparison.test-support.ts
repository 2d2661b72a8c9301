// Test support only (never imported by product code): compares this package's conversion with two
// independent open-source converters on every day of the officially published B.S. range.
import bikramSambat from 'bikram-sambat';
import { ADtoBS, BStoAD } from 'nepali-date-library';
import { expect } from 'vitest';
import { adToBs, bsToAd, daysInBsMonth, formatBsIso } from './bikram-sambat';
import { addDaysAd } from './gregorian';

export const COMPARED_FIRST_BS_DATE = { year: 2000, month: 1, day: 1 };
export const COMPARED_LAST_BS_DATE = { year: 2083, month: 12, day: daysInBsMonth(2083, 12) };

type Disagreement = { ad: string; ours: string; reference: string; package: string };

/**
 * Converts every day both ways and collects every disagreement (rather than stopping at the first)
 * so a failure names all the days and packages involved. Returns how many days were compared.
 */
export function compareEveryDay(): { days: number; disagreements: Disagreement[] } {
  const disagreements: Disagreement[] = [];
  const lastAd = bsToAd(COMPARED_LAST_BS_DATE);
  let days = 0;
  for (let ad = bsToAd(COMPARED_FIRST_BS_DATE); ad <= lastAd; ad = addDaysAd(ad, 1)) {
    const bs = adToBs(ad);
    const ours = formatBsIso(bs);
    const fromBikramSambat = bikramSambat.toBik_euro(ad);
    const fromNepaliDateLibrary = ADtoBS(ad);
    if (fromBikramSambat !== ours) disagreements.push({ ad, ours, reference: fromBikramSambat, package: 'bikram-sambat toBik' });
    if (fromNepaliDateLibrary !== ours) {
      disagreements.push({ ad, ours, reference: fromNepaliDateLibrary, package: 'nepali-date-library ADtoBS' });
    }
    const backFromBikramSambat = bikramSambat.toGreg_text(bs.year, bs.month, bs.day);
    if (backFromBikramSambat !== ad) {
      disagreements.push({ ad, ours, reference: backFromBikramSambat, package: 'bikram-sambat toGreg' });
    }
    const backFromNepaliDateLibrary = BStoAD(ours);
    if (backFromNepaliDateLibrary !== ad) {
      disagreements.push({ ad, ours, reference: backFromNepaliDateLibrary, package: 'nepali-date-library BStoAD' });
    }
    if (bsToAd(bs) !== ad) disagreements.push({ ad, ours, reference: bsToAd(bs), package: '@psc/core bsToAd' });
    days += 1;
  }
  return { days, disagreements };
}

/** Proves the process really runs in the zone the test asked for, so a pass means something. */
export function expectTimeZoneInEffect(timeZone: string, expectedOffsetMinutes: number): void {
  // getTimezoneOffset is minutes *behind* UTC: Los Angeles in January is +480, Kathmandu -345.
  // (The zone's name is not compared: ICU reports Asia/Kathmandu by its old alias Asia/Katmandu.)
  expect(new Date(2024, 0, 15, 12).getTimezoneOffset(), `offset with TZ=${timeZone}`).toBe(expectedOffsetMinutes);
}
