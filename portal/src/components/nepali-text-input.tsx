import { Input, Switch, type InputRef } from 'antd';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNepaliTyping } from './nepali-typing';

// spec §5 Nepali names typed in Nepali, with romanised typing (nepali-typing.ts), on antd's forms.

type Props = {
  /** Given by antd's Form.Item: the label points at the text input. */
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
  /** The field accepts Devanagari only (core's nepaliTextSchema): romanised typing starts on. */
  nepaliOnly?: boolean;
};

export function NepaliTextInput({ id, value, onChange, disabled, maxLength, placeholder, autoComplete = 'off', nepaliOnly = false }: Props) {
  const { t } = useTranslation();
  const switchId = useId();
  const inputRef = useRef<InputRef>(null);
  const typing = useNepaliTyping({ value, onChange, nepaliOnly, getInput: () => inputRef.current?.input });

  return (
    <div className="nepali-input">
      <Input id={id} ref={inputRef} {...typing.inputProps} disabled={disabled} maxLength={maxLength} placeholder={placeholder} autoComplete={autoComplete} />
      <span className="nepali-input__toggle">
        <Switch id={switchId} size="small" checked={typing.isRomanised} disabled={disabled} onChange={typing.setRomanised} />
        <label htmlFor={switchId}>{t('nepaliInput.romanised')}</label>
      </span>
    </div>
  );
}
