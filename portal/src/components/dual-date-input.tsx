import { Form, Input, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { adToBs, formatAdDate, formatBsDate, formatBsIso } from '../core-forms';
import { useLanguage } from '../i18n/use-language';
import { BsDatePicker } from './bs-date-picker';
import './dual-date-input.css';
import { EMPTY_DUAL_DATE, normalizeTypedDate, readDualDate, switchCalendar, type Calendar, type DualDateValue } from './dual-date';

type Props = {
  /** Given by antd's Form.Item: the label points at the text input. */
  id?: string;
  value?: DualDateValue | null;
  onChange?: (value: DualDateValue) => void;
  disabled?: boolean;
  /** What the date is, for the calendar switch's accessible name ("Date of birth"). */
  name?: string;
};

/**
 * One date in B.S. (the default: picked on a B.S. month grid or typed) or typed in A.D., with the
 * same date in the other calendar shown live beneath (DESIGN "Dates"). Devanagari digits are read
 * as well as Latin ones, and eight digits typed on a number pad get their hyphens. Use it inside an antd Form.Item; send the
 * value with `toDatePair(name, value)` (dual-date.ts) and show messages about `<name>Ad` or
 * `<name>Bs` on the field with `dateFieldOf`.
 */
export function DualDateInput({ id, value, onChange, disabled, name }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { status } = Form.Item.useStatus();
  const current = value ?? EMPTY_DUAL_DATE;
  const reading = readDualDate(current);
  const other: Calendar = current.calendar === 'bs' ? 'ad' : 'bs';
  const helpId = id ? `${id}-dual-date` : undefined;
  // The grid keeps the last whole date while a new one is being typed, so the picker does not
  // wipe the text under the person's fingers; emptying the text empties it.
  const gridDay = useRef<Dayjs | null>(null);
  if (reading.status === 'valid') gridDay.current = dayjs(reading.ad);
  else if (reading.status === 'empty') gridDay.current = null;

  function pickBs(day: Dayjs | null) {
    if (!day) {
      onChange?.({ calendar: 'bs', text: '' });
      return;
    }
    const ad = day.format('YYYY-MM-DD');
    // A date typed and confirmed is already the text, in the digits it was typed in.
    if (reading.status === 'valid' && reading.ad === ad) return;
    onChange?.({ calendar: 'bs', text: formatBsIso(adToBs(ad)) });
  }

  let note: { text: string; tone: 'muted' | 'valid' | 'invalid' } | null = null;
  if (reading.status === 'valid') {
    const otherDate = other === 'ad' ? formatAdDate(reading.ad, language, 'long') : formatBsDate(reading.bs, language, 'long');
    note = { text: t('dualDate.counterpart', { calendar: t(`dualDate.${other}`), date: otherDate }), tone: 'valid' };
  } else if (reading.status === 'invalid' && status !== 'error') {
    // After a submit the form's own message says it; before, this line does.
    note = { text: t(current.calendar === 'bs' ? 'dualDate.invalidBs' : 'dualDate.invalidAd'), tone: 'invalid' };
  } else if (reading.status === 'empty' || reading.status === 'incomplete') {
    note = { text: t(current.calendar === 'bs' ? 'dualDate.hintBs' : 'dualDate.hintAd'), tone: 'muted' };
  }

  return (
    <div className="dual-date">
      <div className="dual-date__row">
        <Segmented<Calendar>
          className="dual-date__calendar"
          aria-label={name ? t('dualDate.calendarOf', { name }) : t('dualDate.calendar')}
          value={current.calendar}
          disabled={disabled}
          options={[
            { value: 'bs', label: t('dualDate.bs') },
            { value: 'ad', label: t('dualDate.ad') },
          ]}
          onChange={(calendar) => onChange?.(switchCalendar(current, calendar))}
        />
        {current.calendar === 'bs' ? (
          <BsDatePicker
            id={id}
            value={gridDay.current}
            onChange={pickBs}
            onText={(text) => onChange?.({ calendar: 'bs', text: normalizeTypedDate(text) })}
            disabled={disabled}
            placeholder={t('dualDate.placeholder')}
            aria-describedby={note ? helpId : undefined}
          />
        ) : (
          <Input
            id={id}
            className="dual-date__text"
            value={current.text}
            disabled={disabled}
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            placeholder={t('dualDate.placeholder')}
            aria-describedby={note ? helpId : undefined}
            onChange={(event) => onChange?.({ calendar: current.calendar, text: normalizeTypedDate(event.target.value) })}
          />
        )}
      </div>
      {note ? (
        <div id={helpId} className={`dual-date__note dual-date__note--${note.tone}`} aria-live="polite" data-testid={id ? `${id}-counterpart` : undefined}>
          {note.text}
        </div>
      ) : null}
    </div>
  );
}
