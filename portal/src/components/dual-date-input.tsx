import { Form, Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAdDate, formatBsDate } from '../core-forms';
import { useLanguage } from '../i18n/use-language';
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
 * One date typed in B.S. (the default) or A.D., with the same date in the other calendar shown
 * live beneath (DESIGN "Dates"). Devanagari digits are read as well as Latin ones, and eight
 * digits typed on a number pad get their hyphens. Use it inside an antd Form.Item; send the
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
      </div>
      {note ? (
        <div id={helpId} className={`dual-date__note dual-date__note--${note.tone}`} aria-live="polite" data-testid={id ? `${id}-counterpart` : undefined}>
          {note.text}
        </div>
      ) : null}
    </div>
  );
}
