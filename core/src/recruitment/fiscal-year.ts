import { adToBs } from '../calendar';

// Nepal's fiscal year runs from 1 Shrawan (B.S. month 4) to the end of Asar, written with the
// B.S. years it spans: 2082/83 runs from 1 Shrawan 2082 to 31 Asar 2083 (spec §9 "2081/82").
const SHRAWAN = 4;

/** The fiscal year an A.D. date (YYYY-MM-DD) falls in, e.g. '2025-11-21' -> '2082/83'. */
export function fiscalYearOf(dateAd: string): string {
  const bs = adToBs(dateAd);
  const first = bs.month >= SHRAWAN ? bs.year : bs.year - 1;
  return `${first}/${String((first + 1) % 100).padStart(2, '0')}`;
}

/**
 * How an advertisement number is printed: the number, then the fiscal year with its leading
 * thousand dropped, as the commission's notices write it ("12/082-83" for 12 of 2082/83).
 */
export function formatAdvertisementNumber(number: number, fiscalYear: string): string {
  const [first, second] = fiscalYear.split('/');
  return `${number}/${first!.slice(1)}-${second}`;
}
