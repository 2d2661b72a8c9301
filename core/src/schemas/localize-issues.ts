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
 * Turns a zod error into per-field messages: `{ 'a.b': ['...'] }`, each issue's message (a
 * catalogue key, or a schema's own text) and its parameters written by `render`. An issue about
 * the whole value has the path ''. For a caller holding one language's catalogue only (the
 * portal); localizeIssues below renders from core's catalogues of both.
 */
export function localizeIssuesWith(error: z.ZodError, render: (key: string, params: MessageParams) => string): Record<string, string[]> {
  const messagesByField: Record<string, string[]> = {};
  for (const issue of error.issues as readonly LocalizableIssue[]) {
    const field = issue.path.map(String).join('.');
    const message = render(issue.message, readIssueParams(issue));
    const messages = (messagesByField[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return messagesByField;
}

/**
 * Turns a zod error into per-field messages in one language, the `errors` of the API's
 * VALIDATION_FAILED envelope and what a form shows under each field. A message that is not a
 * catalogue key (a schema written without one) shows as the generic "This value is not valid."
 * rather than as zod's English text.
 */
export function localizeIssues(error: z.ZodError, lang: Language): Record<string, string[]> {
  return localizeIssuesWith(error, (key, params) => translate(lang, isMessageKey(key) ? key : 'validation.invalid', params));
}
