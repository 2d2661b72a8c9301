import { fillMessage, localizeIssuesWith, type Language } from '../core';
import { messageTemplate } from './index';

type SchemaError = Parameters<typeof localizeIssuesWith>[0];

/**
 * core's localizeIssues over the portal's catalogue of the shown language, which holds core's
 * messages too: the portal loads one language's texts, where core's own function would bring both
 * languages' catalogues into every form's chunk. A message that is no catalogue key reads as the
 * generic "This value is not valid.", as in core.
 */
export function localizeIssues(error: SchemaError, language: Language): Record<string, string[]> {
  return localizeIssuesWith(error, (key, params) => fillMessage(messageTemplate(key) ?? messageTemplate('validation.invalid') ?? key, language, params));
}
