import { useId, useRef } from 'react';
import { useText } from '../i18n/texts';
import { useNepaliTyping } from './nepali-typing';
import type { PlainInputProps } from './plain-field';

type Props = PlainInputProps & {
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  /** The field accepts Devanagari only (core's nepaliTextSchema): romanised typing starts on. */
  nepaliOnly?: boolean;
};

/**
 * spec §5 Nepali names typed in Nepali, with romanised typing (nepali-typing.ts), on the first
 * screens: a plain text input and a switch drawn from a checkbox (styles/plain-controls.css).
 */
export function PlainNepaliTextInput({ value, onChange, maxLength, nepaliOnly = false, ...inputProps }: Props) {
  const { t } = useText();
  const switchId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const typing = useNepaliTyping({ value, onChange, nepaliOnly, getInput: () => inputRef.current });
  return (
    <div className="nepali-input">
      <input {...inputProps} ref={inputRef} type="text" className="plain-input" {...typing.inputProps} maxLength={maxLength} autoComplete="off" />
      <span className="nepali-input__toggle">
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          className="plain-switch"
          checked={typing.isRomanised}
          onChange={(event) => typing.setRomanised(event.target.checked)}
        />
        <label htmlFor={switchId}>{t('nepaliInput.romanised')}</label>
      </span>
    </div>
  );
}
