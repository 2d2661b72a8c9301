import { useState, useSyncExternalStore, type ComponentType } from 'react';
import { withI18next } from '../i18n';
import { useText } from '../i18n/texts';
import type { BsGridDateInputProps } from './bs-grid-date-input';
import { toDevanagariDigits } from '../core-forms';
import { dualDateNote, normalizeTypedDate, readDualDate, switchCalendar, type Calendar, type DualDateValue } from './dual-date';
import type { PlainInputProps } from './plain-field';
import './dual-date-input.css';

// The B.S. month grid (antd's picker, bs-grid-date-input.tsx) is a chunk the page fetches once it
// is usable (loadDateGrid); until then, and on a phone that asks to save data, the date is typed.
let DateGrid: ComponentType<BsGridDateInputProps> | null = null;
const gridListeners = new Set<() => void>();

/** Fetches the B.S. month grid; every date input on the page offers it once it is here. */
export const loadDateGrid = withI18next(async () => {
  const { BsGridDateInput } = await import('./bs-grid-date-input');
  if (DateGrid === null) {
    DateGrid = BsGridDateInput;
    for (const listener of gridListeners) listener();
  }
});

function useDateGrid() {
  return useSyncExternalStore(
    (listener) => {
      gridListeners.add(listener);
      return () => gridListeners.delete(listener);
    },
    () => DateGrid,
  );
}

type Props = PlainInputProps & {
  value: DualDateValue;
  onChange: (value: DualDateValue) => void;
  /** What the date is, for the calendar switch's accessible name ("Date of birth"). */
  name: string;
};

/**
 * One date in B.S. (the default) or A.D., typed, with the same date in the other calendar shown
 * live beneath (DESIGN "Dates"), on the first screens without antd: DualDateInput's behaviour
 * (dual-date.ts) in plain controls. Once its chunk is here, the B.S. text becomes the B.S. month
 * grid's input, not while the person is typing in it.
 */
export function PlainDualDateInput({ id, value, onChange, name, 'aria-invalid': isInvalid, 'aria-describedby': describedBy }: Props) {
  const { t, language } = useText();
  const Grid = useDateGrid();
  const [hasFocus, setFocus] = useState(false);
  // Kept once shown: the input is never swapped back under the person's fingers.
  const [isGridShown, setGridShown] = useState(false);
  if (Grid && !hasFocus && !isGridShown) setGridShown(true);
  const noteId = `${id}-dual-date`;
  // After a submit the field's own message says the date is wrong; before, the note does.
  const note = dualDateNote(value, language, t, isInvalid);
  const inputDescribedBy = [describedBy, note ? noteId : undefined].filter(Boolean).join(' ') || undefined;
  const calendars: Calendar[] = ['bs', 'ad'];
  // A whole B.S. date is shown in the reader's digits once the person has left it, as the grid
  // shows it (spec §1); what is sent stays the text as typed.
  const reading = readDualDate(value);
  const shownText = !hasFocus && value.calendar === 'bs' && reading.status === 'valid' && language === 'ne' ? toDevanagariDigits(reading.bs) : value.text;

  return (
    <div className="dual-date" onFocus={() => setFocus(true)} onBlur={() => setFocus(false)}>
      <div className="dual-date__row">
        <div role="radiogroup" aria-label={t('dualDate.calendarOf', { name })} className="dual-date__calendar plain-segmented">
          {calendars.map((calendar) => (
            <label key={calendar} className={calendar === value.calendar ? 'plain-segmented__item plain-segmented__item--selected' : 'plain-segmented__item'}>
              <input
                type="radio"
                className="plain-segmented__input"
                name={`${id}-calendar`}
                value={calendar}
                checked={calendar === value.calendar}
                onChange={() => onChange(switchCalendar(value, calendar))}
              />
              {t(`dualDate.${calendar}`)}
            </label>
          ))}
        </div>
        {value.calendar === 'bs' && Grid && isGridShown ? (
          <Grid id={id} value={value} onChange={onChange} placeholder={t('dualDate.placeholder')} aria-invalid={isInvalid} aria-describedby={inputDescribedBy} />
        ) : (
          <input
            id={id}
            type="text"
            className="plain-input dual-date__text"
            value={shownText}
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            placeholder={t('dualDate.placeholder')}
            aria-invalid={isInvalid}
            aria-describedby={inputDescribedBy}
            onChange={(event) => onChange({ calendar: value.calendar, text: normalizeTypedDate(event.target.value) })}
          />
        )}
      </div>
      {note ? (
        <div id={noteId} className={`dual-date__note dual-date__note--${note.tone}`} aria-live="polite" data-testid={`${id}-counterpart`}>
          {note.text}
        </div>
      ) : null}
    </div>
  );
}
