import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyCoreNumberFormat, I18NEXT_OPTIONS } from './index';
import { shownTextLanguage, textsOf } from './texts';
import type { Language } from '../core';

/**
 * Starts i18next over the texts loaded so far (texts.ts), in the shown language: a chunk of its
 * own, loaded with the first page beyond the sign-in page, the FAQ and the public frame.
 */
export async function startI18next(languages: readonly Language[]): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    const language = shownTextLanguage();
    const resources = Object.fromEntries(languages.map((each) => [each, { translation: textsOf(each) }]));
    await i18next.use(initReactI18next).init({ ...I18NEXT_OPTIONS, resources, lng: language });
    applyCoreNumberFormat(i18next);
  }
  return i18next;
}
