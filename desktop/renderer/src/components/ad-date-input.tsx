import dayjs from 'dayjs';
import { BsDatePicker } from './bs-date-picker';
import type { FieldAriaProps } from './field-aria';

/**
 * A date as the API takes it ('YYYY-MM-DD', A.D.), picked or typed in B.S. on the B.S. grid with
 * the A.D. day beside it (spec §1: B.S. first).
 */
export function AdDateInput({
  value,
  onChange,
  testId,
  ...aria
}: { value?: string | null; onChange?: (value: string | null) => void; testId?: string } & FieldAriaProps) {
  return <BsDatePicker {...aria} testId={testId} value={value ? dayjs(value) : null} onChange={(next) => onChange?.(next ? next.format('YYYY-MM-DD') : null)} />;
}
