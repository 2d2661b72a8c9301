import { Form, Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language';
import { BsDatePicker, useBsGridValue } from './bs-date-picker';
import './dual-date-input.css';
import { dualDateNote, EMPTY_DUAL_DATE, normalizeTypedDate, switchCalendar, type Calendar, type DualDateValue } from './dual-date';

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
  const helpId = id ? `${id}-dual-date` : undefined;
  const grid = useBsGridValue(current, onChange);
  // After a submit the form's own message says the date is wrong; before, the note does.
  const note = dualDateNote(current, language, t, status === 'error');

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
            value={grid.day}
            onChange={grid.pick}
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
