import { useSyncExternalStore } from 'react';
import { formatNumber, type Language } from '../core';
import type { Catalogue } from './catalogue';

// The texts of every language loaded so far and the shown language, without i18next: the sign-in
// page, the FAQ and the public frame read them here (useText), so a phone's first screen waits for
// neither i18next's code nor its start. i18next (the project's library for every other page) is
// started from the same texts when a page beyond them is opened (index.ts, i18next-setup.ts), and
// this module stays the one record of the shown language.

const catalogues = new Map<Language, Catalogue>();
let shownLanguage: Language = 'ne';
const listeners = new Set<() => void>();

export function addTexts(language: Language, catalogue: Catalogue): void {
  catalogues.set(language, { ...catalogues.get(language), ...catalogue });
}

/** Every text of a language loaded so far. */
export function textsOf(language: Language): Catalogue {
  return catalogues.get(language) ?? {};
}

export function shownTextLanguage(): Language {
  return shownLanguage;
}

export function showTextLanguage(language: Language): void {
  shownLanguage = language;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A message's template in the shown language, placeholders unfilled; undefined for a key not loaded. */
export function textTemplate(key: string): string | undefined {
  return catalogues.get(shownLanguage)?.[key];
}

export type TextParams = Record<string, string | number>;

/**
 * A text of the shown language with its {name} placeholders filled, a number in {name, number} in
 * core's format (Devanagari digits in Nepali, spec §1), as i18next fills them (index.ts); the key
 * itself when it is not loaded, as i18next shows a missing key.
 */
export function translateText(key: string, params: TextParams = {}): string {
  const template = textTemplate(key);
  if (template === undefined) return key;
  return template.replace(/\{(\w+)(, *number)?\}/g, (whole, name: string, asNumber: string | undefined) => {
    const value = params[name];
    if (value === undefined) return whole;
    return asNumber ? formatNumber(Number(value), shownLanguage) : String(value);
  });
}

/** The shown language and its texts, re-rendering when the language changes. */
export function useText(): { t: (key: string, params?: TextParams) => string; language: Language } {
  const language = useSyncExternalStore(subscribe, shownTextLanguage);
  return { t: translateText, language };
}
