import { useTranslation } from 'react-i18next';
import { formatAdDate, formatBsDate, formatPhoneNumber, toDevanagariDigits, toLatinDigits } from '../core-forms';
import { useLanguage } from '../i18n/use-language';

// How the profile shows stored values: dates in B.S. with their A.D. twin (DESIGN "Dates"),
// digits in Devanagari when reading Nepali (spec §1).

export function useProfileFormat() {
  const { t } = useTranslation();
  const language = useLanguage();

  function date(ad: string | null | undefined, bs?: string | null): string {
    if (!ad) return '—';
    const adText = formatAdDate(ad, language, 'long');
    if (!bs) return t('profileForm.dateAd', { date: adText });
    return t('profileForm.datePair', { bs: formatBsDate(bs, language, 'long'), ad: adText });
  }

  function digits(value: string | number | null | undefined): string {
    if (value === null || value === undefined || value === '') return '—';
    return language === 'ne' ? toDevanagariDigits(String(value)) : toLatinDigits(String(value));
  }

  function text(value: string | null | undefined): string {
    return value && value.trim() !== '' ? value : '—';
  }

  /** A stored phone number (digits only) as people write it: "01-4412345", in the reading language's digits. */
  function phone(value: string | null | undefined): string {
    return value ? formatPhoneNumber(value, language) : '—';
  }

  return { date, digits, text, phone, language };
}
