import type { z } from 'zod';
import type { Language } from '../i18n/language';
import { isMessageKey, translate, type MessageParams } from '../i18n/translate';

type LocalizableIssue = {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  params?: Record<string, unknown>;
};

// A limit of the failed rule ({min}, {max}) or parameters a refinement attached, for interpolation.
function readIssueParams(issue: LocalizableIssue): MessageParams {
  const params: MessageParams = {};
  for (const [name, value] of Object.entries(issue.params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  if (issue.code === 'too_small' && issue.minimum !== undefined) params.min = Number(issue.minimum);
  if (issue.code === 'too_big' && issue.maximum !== undefined) params.max = Number(issue.maximum);
  return params;
}

/**
 * Turns a zod error into per-field messages in one language: `{ 'a.b': ['...'] }`, the `errors` of
 * the API's VALIDATION_FAILED envelope and what a form shows under each field. An issue about the
 * whole value has the path ''. A message that is not a catalogue key (a schema written without
 * one) shows as the generic "This value is not valid." rather than as zod's English text.
 */
export function localizeIssues(error: z.ZodError, lang: Language): Record<string, string[]> {
  const messagesByField: Record<string, string[]> = {};
  for (const issue of error.issues as readonly LocalizableIssue[]) {
    const field = issue.path.map(String).join('.');
    const key = isMessageKey(issue.message) ? issue.message : 'validation.invalid';
    const message = translate(lang, key, readIssueParams(issue));
    const messages = (messagesByField[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return messagesByField;
}
