import { DEFAULT_LANGUAGE, formatNumber, isLanguage, MESSAGES, type Language } from '@psc/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { ne } from './ne';

const LANGUAGE_STORAGE_KEY = 'psc.staff.language';

/** Shared texts from @psc/core (errors, network, session) plus the workstation's own. */
export const CATALOGUES: Record<Language, Record<string, string>> = {
  ne: { ...MESSAGES.ne, ...ne },
  en: { ...MESSAGES.en, ...en },
};

// Spec §9: Nepali by default; the chosen language is stored.
export function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

export async function setUpI18n(): Promise<void> {
  const language = readStoredLanguage();
  document.documentElement.lang = language;
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: {
      ne: { translation: CATALOGUES.ne },
      en: { translation: CATALOGUES.en },
    },
    // Keys are flat strings with dots in them ('route.userList'), not nested paths.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // A number in a message ({{count, number}}) as core formats numbers: Devanagari digits in
  // Nepali (spec §1), which the Intl of Chromium does not write for Nepali.
  i18next.services.formatter?.add('number', (value, lng) => formatNumber(Number(value), lng && isLanguage(lng) ? lng : DEFAULT_LANGUAGE));
}
