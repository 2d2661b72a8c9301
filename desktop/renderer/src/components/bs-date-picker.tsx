import { bsPickerLang, formatAdDate, readTypedBsDate, toDevanagariDigits, type Language } from '@psc/core';
import { DatePicker, Typography } from 'antd';
import type { PickerLocale } from 'antd/es/date-picker/generatePicker';
import enUS from 'antd/es/date-picker/locale/en_US';
import type { Dayjs } from 'dayjs';
import { createContext, forwardRef, useContext, useState, type CSSProperties, type InputHTMLAttributes } from 'react';
import { useLanguage, type TextKey } from '../i18n/use-language';
import { bsDayjsConfig } from './bs-date-config';
import './bs-date-picker.css';
import type { FieldAriaProps } from './field-aria';

// spec §1: dates are entered in B.S. first, with the A.D. day beside. antd's DatePicker draws
// its grid from the B.S. adapter in core (month lengths, week days, Nepali month names and
// digits); the value stays the A.D. day.
const BsPicker = DatePicker.generatePicker<Dayjs>(bsDayjsConfig);

/** antd's picker texts in the reader's language; the locale name tells the adapter the digits. */
export function bsPickerLocale(language: Language, t: (key: TextKey) => string): PickerLocale {
  // The month and year buttons' own labels ("Choose a month") would hide the month and year they
  // show from a screen reader (WCAG 2.5.3, label in name): without them, their text names them.
  return { ...enUS, lang: { ...enUS.lang, ...bsPickerLang(language, t), monthSelect: undefined, yearSelect: undefined } as unknown as PickerLocale['lang'] };
}

// The picker renders its own input; this one adds the number pad and tells the picker in context
// every text typed (one component, so the input is never remounted while typing).
const TextListener = createContext<((text: string) => void) | undefined>(undefined);

const NumericInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function NumericInput(props, ref) {
  const onText = useContext(TextListener);
  return (
    <input
      {...props}
      ref={ref}
      inputMode="numeric"
      autoComplete="off"
      onChange={(event) => {
        props.onChange?.(event);
        onText?.(event.target.value);
      }}
    />
  );
});
const PICKER_COMPONENTS = { input: NumericInput };

/** A grid cell: the B.S. day, and the A.D. day small beneath it, as Nepali wall calendars print it. */
function renderCell(current: Dayjs, info: { type: string; originNode: React.ReactElement }, language: Language) {
  if (info.type !== 'date') return info.originNode;
  return (
    <div className="ant-picker-cell-inner bs-date-picker__cell" style={{ display: 'inline-flex', flexDirection: 'column', lineHeight: 1.1, height: 'auto', padding: '2px 4px' }}>
      <span>{bsDayjsConfig.locale.format(language === 'ne' ? 'ne_NP' : 'en_US', current, 'D')}</span>
      <span className="bs-date-picker__ad-day">{language === 'ne' ? toDevanagariDigits(current.date()) : current.date()}</span>
    </div>
  );
}

type BsDatePickerProps = {
  /** The A.D. day, as antd's Form keeps a date picker's value. */
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  testId?: string;
  disabled?: boolean;
  placeholder?: string;
  disabledDate?: (day: Dayjs) => boolean;
  style?: CSSProperties;
} & FieldAriaProps;

/**
 * The workstation's one date input: a B.S. month grid (Nepali month names and Devanagari digits
 * in Nepali), typing in B.S. with either digit set, and the A.D. day written beside it. A typed
 * text that is no B.S. date keeps the day as it was and says so.
 */
export function BsDatePicker({ value, onChange, testId, disabled, placeholder, disabledDate, style, ...aria }: BsDatePickerProps) {
  const { t, language } = useLanguage();
  const locale = bsPickerLocale(language, t);
  const [typed, setTyped] = useState('');
  // A whole date's worth of digits that is no day of the B.S. calendar (a 13th month, a 33rd day).
  const isInvalid = (typed.match(/[0-9०-९]/g) ?? []).length >= 8 && readTypedBsDate(typed) === null;
  const ad = value && value.isValid() ? value.format('YYYY-MM-DD') : null;
  return (
    <div data-testid={testId} style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 8, maxWidth: '100%', ...style }}>
      <TextListener.Provider value={setTyped}>
        <BsPicker
          {...aria}
          locale={locale}
          value={value ?? null}
          onChange={(next) => {
            // A day picked or confirmed replaces whatever was typed; leaving a wrong text empties
            // the value but keeps the text, and the remark on it.
            if (next) setTyped('');
            onChange?.(next ?? null);
          }}
          preserveInvalidOnBlur
          status={isInvalid ? 'error' : undefined}
          disabled={disabled}
          disabledDate={disabledDate}
          placeholder={placeholder ?? t('datePicker.placeholder')}
          components={PICKER_COMPONENTS}
          cellRender={(current, info) => renderCell(current as Dayjs, info, language)}
          data-testid={testId ? `${testId}-input` : undefined}
        />
      </TextListener.Provider>
      {ad ? (
        <Typography.Text type="secondary" data-testid={testId ? `${testId}-ad` : undefined}>
          = {t('datePicker.ad')} {formatAdDate(ad, language, 'long')}
        </Typography.Text>
      ) : null}
      {isInvalid ? (
        <Typography.Text type="danger" style={{ flexBasis: '100%' }}>
          {t('datePicker.invalid')}
        </Typography.Text>
      ) : null}
    </div>
  );
}

type BsDateRangePickerProps = {
  value?: [Dayjs | null, Dayjs | null] | null;
  onChange?: (value: [Dayjs | null, Dayjs | null] | null) => void;
  placeholder?: [string, string];
  testId?: string;
};

/** Two days (from, to) on the same B.S. grid, for filters over a period. */
export function BsDateRangePicker({ value, onChange, placeholder, testId }: BsDateRangePickerProps) {
  const { t, language } = useLanguage();
  const locale = bsPickerLocale(language, t);
  return (
    <BsPicker.RangePicker
      locale={locale}
      value={value ?? null}
      onChange={(range) => onChange?.(range ?? null)}
      placeholder={placeholder}
      components={PICKER_COMPONENTS}
      cellRender={(current, info) => renderCell(current as Dayjs, info, language)}
      data-testid={testId}
    />
  );
}
