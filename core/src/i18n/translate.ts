import { toDevanagariDigits } from '../numerals';
import { en, type MessageKey } from './en';
import type { Language } from './language';
import { ne } from './ne';

export type MessageParams = Record<string, string | number>;

export const MESSAGES: Record<Language, Record<MessageKey, string>> = { ne, en };

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(en, value);
}

function renderParam(value: string | number, lang: Language): string {
  // Spec §1: numbers render in Devanagari digits in Nepali. Plain digits, no grouping: a
  // parameter may be a year or a roll number, which are never grouped.
  return typeof value === 'number' && lang === 'ne' ? toDevanagariDigits(value) : String(value);
}

/**
 * A message template of `lang` with its {name} placeholders filled from params. For a caller that
 * holds one language's catalogue only (the portal loads the chosen language alone).
 */
export function fillMessage(template: string, lang: Language, params?: MessageParams): string {
  if (!params) return template;
  // A placeholder without a value stays visible rather than vanishing, so the gap is noticed.
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? renderParam(params[name]!, lang) : placeholder,
  );
}

/** The text of a message in a language, with {name} placeholders filled from params. */
export function translate(lang: Language, key: MessageKey, params?: MessageParams): string {
  return fillMessage(MESSAGES[lang][key], lang, params);
}
