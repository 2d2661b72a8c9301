import type { Language } from '../i18n/language';
import { toDevanagariDigits } from '../numerals';
import { formatBsIso, isValidBsDate, parseBsDate, type BsDate } from './bikram-sambat';
import { formatIsoDate, parseIsoDate } from './gregorian';
import { AD_MONTH_NAMES, BS_MONTH_NAMES } from './month-names';

export type DateStyle = 'iso' | 'long';

function localizeDigits(text: string, lang: Language): string {
  return lang === 'ne' ? toDevanagariDigits(text) : text;
}

function toBsDate(bs: BsDate | string): BsDate {
  if (typeof bs === 'string') return parseBsDate(bs);
  if (!isValidBsDate(bs)) throw new RangeError(`Not a valid B.S. date: ${JSON.stringify(bs)}`);
  return bs;
}

/**
 * iso: '2081-04-15' ('२०८१-०४-१५' in Nepali). long: Nepali writes year month day
 * ('२०८१ साउन १५'), English writes day month year ('15 Shrawan 2081').
 */
export function formatBsDate(bs: BsDate | string, lang: Language, style: DateStyle = 'iso'): string {
  const date = toBsDate(bs);
  if (style === 'iso') return localizeDigits(formatBsIso(date), lang);
  const monthName = BS_MONTH_NAMES[lang][date.month - 1]!;
  return lang === 'ne'
    ? `${toDevanagariDigits(date.year)} ${monthName} ${toDevanagariDigits(date.day)}`
    : `${date.day} ${monthName} ${date.year}`;
}

/** The A.D. twin of formatBsDate: '2024-07-31' or '31 July 2024' / '२०२४ जुलाई ३१'. */
export function formatAdDate(ad: string, lang: Language, style: DateStyle = 'iso'): string {
  const date = parseIsoDate(ad);
  if (style === 'iso') return localizeDigits(formatIsoDate(date), lang);
  const monthName = AD_MONTH_NAMES[lang][date.month - 1]!;
  return lang === 'ne'
    ? `${toDevanagariDigits(date.year)} ${monthName} ${toDevanagariDigits(date.day)}`
    : `${date.day} ${monthName} ${date.year}`;
}
