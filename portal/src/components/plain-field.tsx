import type { ReactNode } from 'react';

/** What the field's control carries: its id, and the error and hint it is tied to. */
export type PlainInputProps = { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

type Props = {
  id: string;
  label: ReactNode;
  error: string | undefined;
  /** A line under the control saying what to write (antd's Form.Item `extra`). */
  hint?: string;
  /** Marks the label "(optional)": most of a form is required, so the few optional fields say so. */
  optionalMark?: string;
  /** A group of controls (radio buttons) is labelled by the label's id instead of pointing at one control. */
  isGroup?: boolean;
  children: (inputProps: PlainInputProps) => ReactNode;
};

/**
 * A labelled field of the first screens, in plain CSS (styles/plain-controls.css) instead of
 * antd's Form.Item. Its message sits in a live region that is always there, so a screen reader
 * announces the message when it appears, and the control names it (aria-describedby).
 */
export function PlainField({ id, label, error, hint, optionalMark, isGroup = false, children }: Props) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  const labelContent = (
    <>
      {label}
      {optionalMark ? <span className="optional-mark">{optionalMark}</span> : null}
    </>
  );
  return (
    <div className={error ? 'plain-field plain-field--error' : 'plain-field'}>
      {isGroup ? (
        <div className="plain-field__label" id={`${id}-label`}>
          {labelContent}
        </div>
      ) : (
        <label className="plain-field__label" htmlFor={id}>
          {labelContent}
        </label>
      )}
      {children({ id, 'aria-invalid': error !== undefined, 'aria-describedby': describedBy })}
      <div id={errorId} className="plain-field__error" aria-live="polite">
        {error}
      </div>
      {hint ? (
        <div id={hintId} className="plain-field__hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
