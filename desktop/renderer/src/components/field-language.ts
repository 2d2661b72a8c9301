import type { Language } from '@psc/core';

/**
 * The language a field's text is written in, read from its name (`nameEn`, `nameNp`), or
 * undefined when it is not one language's. Shown or typed on a screen in the other language, the
 * text carries it as `lang` (WCAG 2.1 3.1.2), so a screen reader reads it in the right voice.
 */
export function fieldLanguage(key: string): Language | undefined {
  if (/En$/.test(key)) return 'en';
  if (/N[pe]$/.test(key)) return 'ne';
  return undefined;
}
