import type { Catalogue } from './catalogue';

/**
 * The texts the first screens a phone opens by address show (sign-in, registration, FAQ, the
 * public and signed-in frames, the vacancy list, the loader and error screens), with core's
 * messages a server answer or a form's validation can bring there. They come before the first
 * render in a small chunk of their own (first-catalogue-ne.ts); the rest of the language's texts
 * (profile, applications, payments, admit cards, results, staff-only core messages: about four
 * fifths of the catalogue) come with the first page that needs them (withAllTexts in index.ts).
 * first-screen-texts.test.ts fails when a first screen's source names a key left out here.
 */
const FIRST_SCREEN_PREFIXES = [
  // The portal's own.
  'app.',
  'language.',
  'loader.',
  'crash.',
  'notAvailable.',
  'login.',
  'nav.',
  'faq.',
  'register.',
  'password.',
  'passwordHelp.',
  'district.',
  'dualDate.',
  'leave.',
  'nepaliInput.',
  'form.',
  'gender.',
  'vacancy.',
  // core's: server answers, network failures, validation, the account's rules, the date picker.
  'error.',
  'auth.',
  'network.',
  'common.',
  'validation.',
  'account.',
  'profile.',
  'datePicker.',
  'request.',
];

/** Single texts of other sections that a first screen shows (links, the vacancy card's actions). */
const FIRST_SCREEN_KEYS = new Set(['resultLookup.title', 'publishedResults.title', 'apply.feeDouble', 'apply.applied', 'apply.viewApplication', 'apply.open']);

export function isFirstScreenKey(key: string): boolean {
  return FIRST_SCREEN_KEYS.has(key) || FIRST_SCREEN_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** The first screens' part of a language's catalogue. */
export function pickFirstScreenTexts(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(Object.entries(catalogue).filter(([key]) => isFirstScreenKey(key)));
}
