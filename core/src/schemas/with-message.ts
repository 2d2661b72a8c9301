import type { MessageKey } from '../i18n/en';

/**
 * zod error options whose message is a catalogue key (typed, so a misspelt key fails to compile);
 * localizeIssues turns the key into text in the reader's language. `abort` stops the remaining
 * checks of that field, so an empty field says "required" and nothing else.
 */
export function withMessage(key: MessageKey, options: { abort?: boolean } = {}): { error: MessageKey; abort?: boolean } {
  return { error: key, ...options };
}
