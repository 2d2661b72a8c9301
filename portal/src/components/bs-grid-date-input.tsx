import AntdFrame from '../antd-frame';
import { BsDatePicker, useBsGridValue } from './bs-date-picker';
import { normalizeTypedDate, type DualDateValue } from './dual-date';
import type { PlainInputProps } from './plain-field';

export type BsGridDateInputProps = PlainInputProps & {
  value: DualDateValue;
  onChange: (value: DualDateValue) => void;
  placeholder: string;
};

/**
 * The B.S. month grid of a first screen's date (PlainDualDateInput): antd's picker in antd's
 * theme, a chunk loaded after the page is usable, that takes the plain text input's place.
 */
export function BsGridDateInput({ id, value, onChange, placeholder, 'aria-invalid': isInvalid, 'aria-describedby': describedBy }: BsGridDateInputProps) {
  const grid = useBsGridValue(value, onChange);
  return (
    <AntdFrame>
      <BsDatePicker
        id={id}
        value={grid.day}
        onChange={grid.pick}
        onText={(text) => onChange({ calendar: 'bs', text: normalizeTypedDate(text) })}
        placeholder={placeholder}
        status={isInvalid ? 'error' : undefined}
        aria-invalid={isInvalid}
        aria-describedby={describedBy}
      />
    </AntdFrame>
  );
}
