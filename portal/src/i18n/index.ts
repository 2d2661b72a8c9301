import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../config';
import { formatNumber, resolveLanguage, type Language } from '../core';
import type { Catalogue } from './catalogue';

// spec §1/§9: Nepali by default, English the alternative, the choice stored on the device.
// Keys are flat strings ("login.title"), so the key and namespace separators are switched off;
// core's shared messages (server texts, validation keys, spec §8 network texts) and the portal's
// are one catalogue, with core's {name} placeholders used by both.

export const LANGUAGES: readonly Language[] = ['ne', 'en'];
export const DEFAULT_LANGUAGE: Language = 'ne';

/** Each language's catalogue is a chunk of its own: a phone downloads the language it shows. */
const CATALOGUES: Record<Language, () => Promise<{ catalogue: Catalogue }>> = {
  ne: () => import('./catalogue-ne'),
  en: () => import('./catalogue-en'),
};

/** Loads a language's catalogue if it is not yet (a page that shows the other language, as the profile preview does). */
export async function loadCatalogue(language: Language): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const { catalogue } = await CATALOGUES[language]();
  i18next.addResourceBundle(language, 'translation', catalogue);
}

/**
 * A message's template as the catalogue holds it, placeholders unfilled (core's fillMessage fills
 * them with its digits); undefined for a key the catalogue lacks.
 */
export function messageTemplate(key: string): string | undefined {
  const template: unknown = i18next.getResource(i18next.language, 'translation', key);
  return typeof template === 'string' ? template : undefined;
}

/**
 * A number in a message ({count, number}) as core formats numbers: South Asian grouping and
 * Devanagari digits in Nepali (spec §1). i18next's own number format asks the browser's Intl,
 * which writes Latin digits for Nepali in Chromium.
 */
export function applyCoreNumberFormat(instance: i18n): void {
  instance.services.formatter?.add('number', (value, lng) => formatNumber(Number(value), resolveLanguage(lng ?? DEFAULT_LANGUAGE)));
}

export function readStoredLanguage(storage: Pick<Storage, 'getItem'>): Language {
  const stored = storage.getItem(STORAGE_KEYS.language);
  return stored === 'ne' || stored === 'en' ? stored : DEFAULT_LANGUAGE;
}

function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  if (i18next.isInitialized) document.title = i18next.t('app.name');
}

export async function initI18n(): Promise<void> {
  const language = readStoredLanguage(localStorage);
  applyDocumentLanguage(language);
  // Only the chosen language's catalogue before the first render; the other when chosen.
  const { catalogue } = await CATALOGUES[language]();
  await i18next.use(initReactI18next).init({
    resources: { [language]: { translation: catalogue } },
    partialBundledLanguages: true,
    lng: language,
    // A missing key shows as the key itself (and fails catalogues.test.ts), never as the other language.
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    // React escapes; placeholders are written {name}, as in core's catalogue.
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
    // No advertisement in the candidate's browser console.
    showSupportNotice: false,
  });
  applyCoreNumberFormat(i18next);
  applyDocumentLanguage(language);
}

export function currentLanguage(): Language {
  return resolveLanguage(i18next.language);
}

export async function changeLanguage(language: Language): Promise<void> {
  await loadCatalogue(language);
  localStorage.setItem(STORAGE_KEYS.language, language);
  await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
}

export { i18next };
