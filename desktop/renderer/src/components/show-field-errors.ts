import type { FormInstance } from 'antd';
import type { z } from 'zod';
import type { TextKey } from '../i18n/use-language';

/** Puts a schema's or the API's field errors under the fields of a form; true when there were any. */
export function showFieldErrors(
  form: FormInstance,
  t: (key: TextKey) => string,
  issues: readonly z.core.$ZodIssue[] | Record<string, string[]> | undefined,
): boolean {
  if (!issues) return false;
  const entries = Array.isArray(issues)
    ? (issues as readonly z.core.$ZodIssue[]).map((issue) => [String(issue.path[0] ?? ''), [t(issue.message as TextKey)]] as const)
    : Object.entries(issues as Record<string, string[]>);
  form.setFields(entries.map(([name, errors]) => ({ name, errors: [...errors] })));
  return entries.length > 0;
}
