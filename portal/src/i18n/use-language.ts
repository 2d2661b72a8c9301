import { useTranslation } from 'react-i18next';
import { formatNumber, resolveLanguage, type Language } from '../core';

/** The current language, re-rendering on change. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return resolveLanguage(i18n.language);
}

/** spec §1: numbers render in Devanagari digits in Nepali. */
export function useNumberFormat(): (value: number) => string {
  const language = useLanguage();
  return (value) => formatNumber(value, language);
}
