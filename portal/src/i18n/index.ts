import type { i18n, InitOptions } from 'i18next';
import { STORAGE_KEYS } from '../config';
import { formatNumber, resolveLanguage, type Language } from '../core';
import type { Catalogue } from './catalogue';
import { addTexts, shownTextLanguage, showTextLanguage, textTemplate, translateText } from './texts';

// spec §1/§9: Nepali by default, English the alternative, the choice stored on the device.
// Keys are flat strings ("login.title"), so the key and namespace separators are switched off;
// core's shared messages (server texts, validation keys, spec §8 network texts) and the portal's
// are one catalogue, with core's {name} placeholders used by both.
// The sign-in page, the FAQ and the public frame read the texts without i18next (texts.ts); every
// other page waits for i18next (withI18next, withAllTexts), started over the same texts.

export const LANGUAGES: readonly Language[] = ['ne', 'en'];
export const DEFAULT_LANGUAGE: Language = 'ne';
/**
 * Each language's texts come in two chunks: the first screens' part (first-screen-texts.ts),
 * loaded before the first render, and the whole catalogue, loaded with the first page that needs
 * more (withAllTexts). A phone downloads only the language it shows.
 */
const FIRST_CATALOGUES: Record<Language, () => Promise<{ catalogue: Catalogue }>> = {
  ne: () => import('./first-catalogue-ne'),
  en: () => import('./first-catalogue-en'),
};
const CATALOGUES: Record<Language, () => Promise<{ catalogue: Catalogue }>> = {
  ne: () => import('./catalogue-ne'),
  en: () => import('./catalogue-en'),
};

/** What each language has loaded; once a page wanted all texts, a language switched to loads all. */
const loaded = new Map<Language, 'first' | 'all'>();
let isAllWanted = false;

/** Loads a language's texts if it lacks them (a page that shows the other language, as the profile preview does). */
export async function loadCatalogue(language: Language): Promise<void> {
  const part = isAllWanted ? 'all' : 'first';
  if (loaded.get(language) === 'all' || loaded.get(language) === part) return;
  const { catalogue } = await (part === 'all' ? CATALOGUES : FIRST_CATALOGUES)[language]();
  addTexts(language, catalogue);
  loaded.set(language, part);
  // Texts that arrive while i18next starts are added once it has (a second addition is harmless).
  if (i18nextStart) await i18nextStart.then((instance) => instance.addResourceBundle(language, 'translation', catalogue, true, true));
}

let startedI18next: i18n | undefined;
let i18nextStart: Promise<i18n> | undefined;

/** i18next, started over the texts loaded so far (i18next-setup.ts, a chunk of its own). */
export function loadI18next(): Promise<i18n> {
  i18nextStart ??= import('./i18next-setup').then(async ({ startI18next }) => {
    startedI18next = await startI18next(LANGUAGES.filter((language) => loaded.has(language)));
    return startedI18next;
  });
  return i18nextStart;
}

/** A lazily loaded page's import, resolved once i18next is started too (its components read texts through react-i18next). */
export function withI18next<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadI18next()]))[0];
}

/** Every text of the shown language, for the pages beyond the first screens. */
export function loadAllTexts(): Promise<void> {
  isAllWanted = true;
  return loadCatalogue(currentLanguage());
}

/**
 * A lazily loaded page's import, resolved once the shown language's whole catalogue is there and
 * i18next started too: the three fetched at once, not one after another (loadCatalogue adds texts
 * that arrive while i18next starts).
 */
export function withAllTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadAllTexts(), loadI18next()]))[0];
}

/**
 * A message's template as the catalogue holds it, placeholders unfilled (core's fillMessage fills
 * them with its digits); undefined for a key the catalogue lacks.
 */
export function messageTemplate(key: string): string | undefined {
  return textTemplate(key);
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
  const title = translateText('app.name');
  if (title !== 'app.name') document.title = title;
}

/** How the portal's i18next reads the catalogues (i18next-setup.ts; tests that render in either language). */
export const I18NEXT_OPTIONS = {
  partialBundledLanguages: true,
  // A missing key shows as the key itself (and fails catalogues.test.ts), never as the other language.
  fallbackLng: false,
  keySeparator: false,
  nsSeparator: false,
  // React escapes; placeholders are written {name}, as in core's catalogue.
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  returnNull: false,
  // No advertisement in the candidate's browser console.
  showSupportNotice: false,
} satisfies InitOptions;

export async function initI18n(): Promise<void> {
  const language = readStoredLanguage(localStorage);
  showTextLanguage(language);
  applyDocumentLanguage(language);
  // Only the chosen language's first-screen texts before the first render; the rest when needed.
  await loadCatalogue(language);
  applyDocumentLanguage(language);
}

export function currentLanguage(): Language {
  return shownTextLanguage();
}

export async function changeLanguage(language: Language): Promise<void> {
  await loadCatalogue(language);
  localStorage.setItem(STORAGE_KEYS.language, language);
  await startedI18next?.changeLanguage(language);
  showTextLanguage(language);
  applyDocumentLanguage(language);
}
