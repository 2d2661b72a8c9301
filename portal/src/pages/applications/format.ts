import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../core';
import { adToBs, formatAdDate, formatBsDate, isConvertibleToBs, toDevanagariDigits } from '../../core-forms';
import { useLanguage } from '../../i18n/use-language';

// Shared display helpers of the apply-and-pay pages: digits and dates in the reading language (spec §1:
// Devanagari digits in Nepali, dates in B.S. with A.D.), money as Rs.

/** A joined name in the reading language, the other when that one is missing. */
export function nameIn(row: object, prefix: string, language: 'ne' | 'en'): string {
  const record = row as Record<string, unknown>;
  const en = record[`${prefix}NameEn`] as string | null | undefined;
  const np = record[`${prefix}NameNp`] as string | null | undefined;
  return (language === 'ne' ? np || en : en || np) ?? '';
}

export function labelOf(row: { nameEn?: string | null; nameNp?: string | null }, language: 'ne' | 'en'): string {
  return (language === 'ne' ? row.nameNp || row.nameEn : row.nameEn || row.nameNp) ?? '';
}

export function useFormat() {
  const { t } = useTranslation();
  const language = useLanguage();
  const digits = (value: string | number | null | undefined) => {
    if (value === null || value === undefined) return '';
    return language === 'ne' ? toDevanagariDigits(String(value)) : String(value);
  };
  /** An A.D. date (or timestamp) as B.S. with A.D. beside it. */
  const date = (value: string | null | undefined) => {
    if (!value) return '—';
    const ad = value.slice(0, 10);
    const adText = formatAdDate(ad, language, 'long');
    if (!isConvertibleToBs(ad)) return adText;
    return t('vacancy.datePair', { bs: formatBsDate(adToBs(ad), language, 'long'), ad: adText });
  };
  // spec §1: currency is shown as Rs.
  const money = (amount: number | null | undefined) => `Rs. ${formatNumber(amount ?? 0, language)}`;
  return { t, language, digits, date, money };
}
