import type { Language } from './i18n/language';
import { toDevanagariDigits, toLatinDigits } from './numerals';

// Spec §5 contact: "phone and mobile must be valid". Nepal's numbering plan: a landline is its
// area code and the subscriber's number, nine digits with the trunk 0 (01 for the Kathmandu
// valley then seven digits, 0XX elsewhere then six); a mobile is ten digits from 9, its first
// three the operator's prefix. A number is stored once, in one form: Latin digits only, national
// (no +977), no separators; it is shown grouped as people write it, in the reader's digits.

const LANDLINE = /^0[1-9]\d{7}$/;
const MOBILE = /^9\d{9}$/;
const COUNTRY_CODE = /^(?:\+|00)977/;

export type PhoneKind = 'landline' | 'mobile';

/**
 * The stored form of a typed number: Latin digits, the separators people type ("01-4412345",
 * "(061) 520000", "984 1234567") and the country code dropped. Text that is no phone number
 * comes back reduced the same way, for the schema to refuse.
 */
export function normalizePhoneNumber(text: string): string {
  const compact = toLatinDigits(text).replace(/[\s().\-\u2010-\u2015]/g, '');
  if (!COUNTRY_CODE.test(compact)) return compact;
  const national = compact.replace(COUNTRY_CODE, '');
  // Dialled from abroad a landline loses its trunk 0: +977 1 4412345 is 01-4412345.
  return national.startsWith('9') || national.startsWith('0') ? national : `0${national}`;
}

/** Which kind of Nepali number a stored number is; null when it is neither. */
export function phoneKindOf(normal: string): PhoneKind | null {
  if (LANDLINE.test(normal)) return 'landline';
  if (MOBILE.test(normal)) return 'mobile';
  return null;
}

/** "01-4412345", "061-520000", "984-1234567"; a number of neither kind is shown as stored. */
export function formatPhoneNumber(stored: string, language: Language): string {
  const normal = normalizePhoneNumber(stored);
  const kind = phoneKindOf(normal);
  const areaLength = kind === 'mobile' || !normal.startsWith('01') ? 3 : 2;
  const grouped = kind === null ? stored : `${normal.slice(0, areaLength)}-${normal.slice(areaLength)}`;
  return language === 'ne' ? toDevanagariDigits(grouped) : grouped;
}
