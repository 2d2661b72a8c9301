import type { Language } from './i18n/language';

// Spec §1: numbers render in Devanagari digits in Nepali. DESIGN "Numbers and money": numerals
// are converted only at display, and every input accepts either digit set.

const DEVANAGARI_ZERO = 0x0966;
const LATIN_ZERO = 0x30;

export function toDevanagariDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (digit) =>
    String.fromCharCode(DEVANAGARI_ZERO + digit.charCodeAt(0) - LATIN_ZERO),
  );
}

/** Digits read one by one (a number, a code, a roll number): only the script follows the language, no grouping. */
export function formatDigits(value: string | number | null | undefined, lang: Language): string {
  if (value === null || value === undefined) return '';
  return lang === 'ne' ? toDevanagariDigits(value) : String(value);
}

export function toLatinDigits(text: string): string {
  return text.replace(/[०-९]/g, (digit) => String.fromCharCode(LATIN_ZERO + digit.charCodeAt(0) - DEVANAGARI_ZERO));
}

// Commas are accepted anywhere in the whole part (people type both 1,00,000 and 100,000);
// never in the fraction, where a comma is a typo rather than grouping.
const NUMBER_PATTERN = /^([+-]?)([0-9][0-9,]*)(?:\.([0-9]+))?$/;

/** Reads a number typed in either digit set; null when the text is not a plain decimal number. */
export function parseNumber(text: string): number | null {
  const match = NUMBER_PATTERN.exec(toLatinDigits(text.trim()));
  if (!match) return null;
  const [, sign, whole = '', fraction] = match;
  if (whole.endsWith(',') || whole.includes(',,')) return null;
  const value = Number(`${sign}${whole.replaceAll(',', '')}${fraction ? `.${fraction}` : ''}`);
  return Number.isFinite(value) ? value : null;
}

/** Groups the whole part the South Asian way: last three digits, then pairs (1,23,45,678). */
export function groupSouthAsian(wholeDigits: string): string {
  if (wholeDigits.length <= 3) return wholeDigits;
  const lastThree = wholeDigits.slice(-3);
  const rest = wholeDigits.slice(0, -3);
  const pairs = rest.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${lastThree}`;
}

/**
 * Formats a number for display with South Asian grouping in both languages (Nepali readers use
 * lakh/crore grouping whatever the script), Devanagari digits in Nepali.
 */
export function formatNumber(n: number, lang: Language): string {
  if (!Number.isFinite(n)) throw new RangeError(`Cannot format a non-finite number: ${n}`);
  const sign = n < 0 ? '-' : '';
  // toString keeps every significant digit; exponent notation only appears beyond 1e21,
  // far past any count or amount this product shows.
  const [whole = '0', fraction] = Math.abs(n).toString().split('.');
  const latin = `${sign}${groupSouthAsian(whole)}${fraction ? `.${fraction}` : ''}`;
  return lang === 'ne' ? toDevanagariDigits(latin) : latin;
}
