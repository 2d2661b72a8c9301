import type { Language } from './i18n/language';
import { groupSouthAsian, toDevanagariDigits, toLatinDigits } from './numerals';

// DESIGN "Numbers and money": money is integer rupees everywhere; spec §1: shown as "Rs." with
// Devanagari digits in Nepali. The prefix stays "Rs." in both languages because the spec says so.
const CURRENCY_PREFIX = 'Rs.';

export function formatMoney(rupees: number, lang: Language): string {
  if (!Number.isSafeInteger(rupees)) throw new RangeError(`Money must be a whole number of rupees: ${rupees}`);
  const amount = groupSouthAsian(Math.abs(rupees).toString());
  const text = `${rupees < 0 ? '-' : ''}${CURRENCY_PREFIX} ${amount}`;
  return lang === 'ne' ? toDevanagariDigits(text) : text;
}

// People type "Rs.", "Rs", "NPR" or the Nepali "रु."/"रू." before an amount; all mean rupees.
const PREFIX_PATTERN = /^(?:rs\.?|npr|रु\.?|रू\.?)\s*/i;
const AMOUNT_PATTERN = /^[0-9][0-9,]*(?:\.0+)?$/;

/** Reads an amount of whole rupees typed in either digit set; null when it is not one. */
export function parseMoney(text: string): number | null {
  const amount = toLatinDigits(text.trim()).replace(PREFIX_PATTERN, '');
  if (!AMOUNT_PATTERN.test(amount) || amount.includes(',,') || /,(?:\.|$)/.test(amount)) return null;
  const rupees = Number(amount.replaceAll(',', ''));
  return Number.isSafeInteger(rupees) ? rupees : null;
}
