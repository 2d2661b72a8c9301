// Test support only: parse with a schema and read the localized messages per field.
import type { z } from 'zod';
import type { Language } from '../i18n/language';
import { localizeIssues } from './localize-issues';

export function messagesOf(schema: z.ZodType, input: unknown, lang: Language = 'en'): Record<string, string[]> {
  const result = schema.safeParse(input);
  return result.success ? {} : localizeIssues(result.error, lang);
}
