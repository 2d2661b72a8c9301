import { adToBs, bsToAd, formatBsIso, isConvertibleToBs, isIsoDate, parseBsDate, toDevanagariDigits, type Language } from '@psc/core';

// The two calendars of one form date (spec §1: dates in B.S. and A.D.). The form keeps the A.D.
// day (what the API takes); the B.S. text beside it is derived from it, or typed and read back.

/** The B.S. twin of an A.D. day as 'YYYY-MM-DD' in the reader's digits; '' outside the table. */
export function bsTextOf(ad: string | null | undefined, language: Language): string {
  if (!ad || !isIsoDate(ad) || !isConvertibleToBs(ad)) return '';
  const text = formatBsIso(adToBs(ad));
  return language === 'ne' ? toDevanagariDigits(text) : text;
}

/** The A.D. day of a typed B.S. date (Latin or Devanagari digits, - or /); null when it is none. */
export function adOfBsText(text: string): string | null {
  try {
    return bsToAd(parseBsDate(text));
  } catch {
    return null;
  }
}
