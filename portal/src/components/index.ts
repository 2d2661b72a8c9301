// Form building blocks shared by the candidate pages (account, profile). Only lazily loaded pages
// import this file; the shell imports its few components (loader, error screen, language switch)
// by file, so nothing here reaches the first load.
export { DistrictSelect } from './district-select';
export {
  EMPTY_DUAL_DATE,
  dateFieldOf,
  dualDateFromStored,
  normalizeTypedDate,
  readDualDate,
  switchCalendar,
  toDatePair,
  type Calendar,
  type DatePair,
  type DualDateReading,
  type DualDateValue,
} from './dual-date';
export { DualDateInput } from './dual-date-input';
export { useFieldErrors, type FieldErrors, type ItemErrorProps } from './field-errors';
export { useLeaveWarning } from './use-leave-warning';
