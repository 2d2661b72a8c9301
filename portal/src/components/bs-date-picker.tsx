import { DatePicker } from 'antd';
import type { PickerLocale } from 'antd/es/date-picker/generatePicker';
import enUS from 'antd/es/date-picker/locale/en_US';
import dayjs, { type Dayjs } from 'dayjs';
import { createContext, forwardRef, useContext, useRef, type InputHTMLAttributes, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { adToBs, bsPickerLang, createBsGenerateConfig, epochDayToIso, formatBsIso, isoToEpochDay, toDevanagariDigits, type Language } from '../core-forms';
import { readDualDate, type DualDateValue } from './dual-date';
import { useLanguage } from '../i18n/use-language';

// spec §1: dates are entered in B.S. first. antd's DatePicker draws its grid from core's B.S.
// adapter (month lengths, week days, Nepali month names and digits); the value is the A.D. day.
export const bsDayjsConfig = createBsGenerateConfig<Dayjs>({
  toEpochDay: (value) => isoToEpochDay(value.format('YYYY-MM-DD')),
  fromEpochDay: (epochDay) => dayjs(epochDayToIso(epochDay)),
  isValid: (value) => value.isValid(),
});

const BsPicker = DatePicker.generatePicker<Dayjs>(bsDayjsConfig);

function usePickerLocale(language: Language): PickerLocale {
  const { t } = useTranslation();
  // The month and year buttons' own labels ("Choose a month") would hide the month and year
  // they show from a screen reader (WCAG 2.5.3, label in name): without them, their text names them.
  return { ...enUS, lang: { ...enUS.lang, ...bsPickerLang(language, (key) => t(key)), monthSelect: undefined, yearSelect: undefined } as unknown as PickerLocale['lang'] };
}

/** A grid cell: the B.S. day, and the A.D. day small beneath it, as Nepali wall calendars print it. */
function renderCell(current: Dayjs, info: { type: string; originNode: ReactElement }, language: Language) {
  if (info.type !== 'date') return info.originNode;
  return (
    <div className="ant-picker-cell-inner bs-date-picker__cell">
      <span>{bsDayjsConfig.locale.format(language === 'ne' ? 'ne_NP' : 'en_US', current, 'D')}</span>
      <span className="bs-date-picker__ad-day">{language === 'ne' ? toDevanagariDigits(current.date()) : current.date()}</span>
    </div>
  );
}

// The picker renders its own input; this one adds the number pad and tells the listener in
// context every text typed (one component, so the input is never remounted while typing).
const TextListener = createContext<((text: string) => void) | undefined>(undefined);

const DateTextInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function DateTextInput(props, ref) {
  const onText = useContext(TextListener);
  return (
    <input
      {...props}
      ref={ref}
      inputMode="numeric"
      onChange={(event) => {
        props.onChange?.(event);
        onText?.(event.target.value);
      }}
    />
  );
});
const PICKER_COMPONENTS = { input: DateTextInput };

type BsDatePickerProps = {
  id?: string;
  /** The A.D. day the grid shows; null for none. */
  value: Dayjs | null;
  /** A day picked on the grid, or typed and confirmed; null when cleared. */
  onChange: (value: Dayjs | null) => void;
  /** Every keystroke's text, so a half-typed or wrong date is kept and can be remarked on. */
  onText?: (text: string) => void;
  disabled?: boolean;
  placeholder?: string;
  /** The field has a message: the border in the error colour, as antd's Form.Item draws it. */
  status?: 'error';
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean;
};

/**
 * The portal's B.S. date picker: a B.S. month grid with Nepali month names and Devanagari digits
 * in Nepali, the A.D. day small under each B.S. day, and typing in B.S. with either digit set on
 * a phone's number pad.
 */
export function BsDatePicker({ id, value, onChange, onText, disabled, placeholder, status, 'aria-describedby': describedBy, 'aria-invalid': isInvalid }: BsDatePickerProps) {
  const language = useLanguage();
  const locale = usePickerLocale(language);
  return (
    <TextListener.Provider value={onText}>
      <BsPicker
        id={id}
        className="bs-date-picker"
        locale={locale}
        value={value}
        onChange={(next) => onChange(next ?? null)}
        preserveInvalidOnBlur
        disabled={disabled}
        placeholder={placeholder}
        status={status}
        aria-describedby={describedBy}
        aria-invalid={isInvalid}
        components={PICKER_COMPONENTS}
        cellRender={(current, info) => renderCell(current as Dayjs, info, language)}
      />
    </TextListener.Provider>
  );
}

/**
 * A B.S. date's text as the grid's day, and a day picked on the grid as the text. The grid keeps
 * the last whole date while a new one is being typed, so the picker does not wipe the text under
 * the person's fingers; emptying the text empties it.
 */
export function useBsGridValue(current: DualDateValue, onChange: ((value: DualDateValue) => void) | undefined) {
  const reading = readDualDate(current);
  const gridDay = useRef<Dayjs | null>(null);
  if (reading.status === 'valid') gridDay.current = dayjs(reading.ad);
  else if (reading.status === 'empty') gridDay.current = null;

  function pick(day: Dayjs | null) {
    if (!day) {
      onChange?.({ calendar: 'bs', text: '' });
      return;
    }
    const ad = day.format('YYYY-MM-DD');
    // A date typed and confirmed is already the text, in the digits it was typed in.
    if (reading.status === 'valid' && reading.ad === ad) return;
    onChange?.({ calendar: 'bs', text: formatBsIso(adToBs(ad)) });
  }

  return { day: gridDay.current, pick };
}
