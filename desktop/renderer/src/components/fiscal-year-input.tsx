import { toDevanagariDigits, toLatinDigits } from '@psc/core';
import { Input } from 'antd';
import type { CSSProperties } from 'react';
import { useLanguage } from '../i18n/use-language';
import type { FieldAriaProps } from './field-aria';

type FiscalYearInputProps = {
  /** The fiscal year as the API takes it, '2082/83' in Latin digits. */
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  allowClear?: boolean;
  style?: CSSProperties;
  testId?: string;
} & FieldAriaProps;

/** A fiscal year typed in either digit set and shown in the reader's (spec §1: २०८२/८३ in Nepali). */
export function FiscalYearInput({ value, onChange, placeholder, allowClear, style, testId, ...aria }: FiscalYearInputProps) {
  const { language } = useLanguage();
  const shown = language === 'ne' ? toDevanagariDigits(value ?? '') : (value ?? '');
  return (
    <Input
      {...aria}
      value={shown}
      onChange={(event) => onChange?.(toLatinDigits(event.target.value).trim())}
      placeholder={placeholder}
      allowClear={allowClear}
      maxLength={7}
      inputMode="numeric"
      style={style}
      data-testid={testId}
    />
  );
}
