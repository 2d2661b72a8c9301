import { createElement, useCallback, useMemo, useState, type ReactNode } from 'react';
import { localizeIssues } from '../core-forms';
import { useText } from '../i18n/texts';

type SchemaError = Parameters<typeof localizeIssues>[0];
export type FieldErrors = Record<string, string[]>;

/** Kept as the schema error itself, so a language switch translates the messages again. */
type Shown = { kind: 'schema'; error: SchemaError } | { kind: 'server'; errors: FieldErrors };

export type ItemErrorProps = { validateStatus?: 'error'; help?: ReactNode };

function regroup(errors: FieldErrors, fieldOf: (path: string) => string): FieldErrors {
  const grouped: FieldErrors = {};
  for (const [path, messages] of Object.entries(errors)) {
    const list = (grouped[fieldOf(path)] ??= []);
    for (const message of messages) if (!list.includes(message)) list.push(message);
  }
  return grouped;
}

/**
 * The messages a form shows under its fields: from core's schema before sending (DESIGN
 * "Validation": the same schema the API checks with) or from the server's `errors` (a 409 naming
 * the field). An edited field's old message goes away. `fieldOf` maps a message's path to the
 * form field that shows it (a date's `dateOfBirthBs` to the `dateOfBirth` input).
 */
export function useFieldErrors(fieldOf: (path: string) => string = (path) => path) {
  // The shown language through the small lookup rather than react-i18next: the first screens'
  // plain forms (registration) use this too, before i18next has loaded.
  const { language } = useText();
  const [shown, setShown] = useState<Shown | null>(null);
  const [clearedFields, setClearedFields] = useState<readonly string[]>([]);

  const errors = useMemo<FieldErrors>(() => {
    if (!shown) return {};
    const raw = shown.kind === 'schema' ? localizeIssues(shown.error, language) : shown.errors;
    return regroup(raw, fieldOf);
  }, [shown, language, fieldOf]);

  const showSchemaError = useCallback((error: SchemaError) => {
    setShown({ kind: 'schema', error });
    setClearedFields([]);
  }, []);
  const showServerErrors = useCallback((serverErrors: FieldErrors) => {
    setShown({ kind: 'server', errors: serverErrors });
    setClearedFields([]);
  }, []);
  const clearAll = useCallback(() => {
    setShown(null);
    setClearedFields([]);
  }, []);
  const clearFields = useCallback((names: readonly string[]) => {
    setClearedFields((current) => [...current, ...names.filter((name) => !current.includes(name))]);
  }, []);

  function messagesOf(field: string): string[] {
    return clearedFields.includes(field) ? [] : (errors[field] ?? []);
  }

  /**
   * Spread on a Form.Item: its error state and message. The message is said as it appears (WCAG
   * 2.1 4.1.3, 3.3.1): antd 6 draws it in a plain <div> that it ties to the field with
   * aria-describedby alone, which a screen reader reads only once the field has the focus.
   */
  function itemProps(field: string): ItemErrorProps {
    const messages = messagesOf(field);
    return messages.length > 0 ? { validateStatus: 'error', help: createElement('span', { role: 'alert' }, messages.join(' ')) } : {};
  }

  /** A field's messages as one text, for a plain field (PlainField's `error`); undefined when none. */
  function messageOf(field: string): string | undefined {
    const messages = messagesOf(field);
    return messages.length > 0 ? messages.join(' ') : undefined;
  }

  /** The first of `fields` (in form order) that has a message, to scroll to. */
  function firstFieldWithError(fields: readonly string[]): string | undefined {
    return fields.find((field) => messagesOf(field).length > 0);
  }

  /** Messages about no field of the form (the whole request, or a field it does not show). */
  function otherMessages(fields: readonly string[]): string[] {
    return Object.entries(errors)
      .filter(([field]) => !fields.includes(field) && !clearedFields.includes(field))
      .flatMap(([, messages]) => messages);
  }

  return { showSchemaError, showServerErrors, clearAll, clearFields, itemProps, messageOf, firstFieldWithError, otherMessages, errors };
}
