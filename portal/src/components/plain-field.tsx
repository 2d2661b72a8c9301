import type { ReactNode } from 'react';

/** What the field's control carries: its id and the error it is tied to. */
export type PlainInputProps = { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

type Props = { id: string; label: string; error: string | undefined; children: (inputProps: PlainInputProps) => ReactNode };

/**
 * A labelled field of the first screens, in plain CSS (styles/plain-controls.css) instead of
 * antd's Form.Item. Its message sits in a live region that is always there, so a screen reader
 * announces the message when it appears, and the control names it (aria-describedby).
 */
export function PlainField({ id, label, error, children }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'plain-field plain-field--error' : 'plain-field'}>
      <label className="plain-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error !== undefined, 'aria-describedby': error ? errorId : undefined })}
      <div id={errorId} className="plain-field__error" aria-live="polite">
        {error}
      </div>
    </div>
  );
}
