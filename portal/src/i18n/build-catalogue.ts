import type { Language } from '../core';
import type { Catalogue } from './catalogue';
import { catalogue as en } from './catalogue-en';
import { catalogue as ne } from './catalogue-ne';

/**
 * Both languages' merged catalogues at once, for tests that render in either. The portal itself
 * loads one language's chunk (i18n/index.ts); importing this from the app would bundle both.
 */
export function buildCatalogue(language: Language): Catalogue {
  return language === 'ne' ? ne : en;
}
