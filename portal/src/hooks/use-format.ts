import { useTranslation } from 'react-i18next';
import { formatDigits, formatMoney, nepalDayOf } from '../core';
import { adToBs, formatAdDate, formatBsDate, isConvertibleToBs } from '../core-forms';
import { useLanguage } from '../i18n/use-language';

// Display helpers of the vacancy, apply, pay and promotion pages: digits and dates in the reading
// language (spec §1: Devanagari digits in Nepali, dates in B.S. with A.D.), money by core's one
// rule (formatMoney: "Rs." and grouped digits).

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
  const digits = (value: string | number | null | undefined) => formatDigits(value, language);
  /** An A.D. date, or a timestamp read on Nepal's clock, as B.S. with A.D. beside it. */
  const date = (value: string | null | undefined) => {
    const ad = value ? nepalDayOf(value) : undefined;
    if (!ad) return '—';
    const adText = formatAdDate(ad, language, 'long');
    if (!isConvertibleToBs(ad)) return adText;
    return t('vacancy.datePair', { bs: formatBsDate(adToBs(ad), language, 'long'), ad: adText });
  };
  const money = (amount: number | null | undefined) => formatMoney(amount ?? 0, language);
  return { t, language, digits, date, money };
}
