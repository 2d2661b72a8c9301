export {
  AD_DATE_RANGE,
  adToBs,
  bsToAd,
  bsToEpochDay,
  daysInBsMonth,
  daysInBsYear,
  epochDayToBs,
  formatBsIso,
  isConvertibleToBs,
  isProvisionalBsYear,
  isValidBsDate,
  parseBsDate,
  BS_MAX_YEAR,
  BS_MIN_YEAR,
  type BsDate,
} from './bikram-sambat';
export {
  addDaysAd,
  daysInAdMonth,
  diffDaysAd,
  epochDayToIso,
  isIsoDate,
  isLeapYearAd,
  isoToEpochDay,
  parseAdDate,
} from './gregorian';
export { formatAdDate, formatBsDate, type DateStyle } from './format';
export { AD_MONTH_NAMES, BS_MONTH_NAMES, WEEKDAY_SHORT_NAMES } from './month-names';
export {
  bsPickerLang,
  createBsGenerateConfig,
  formatBsWith,
  pickerLanguageOf,
  readTypedBsDate,
  weekDayOfEpochDay,
  type BsGenerateConfig,
  type BsPickerTextKey,
  type DayCodec,
} from './bs-picker-calendar';
export { nepalDayOf, todayAd, NEPAL_TIME_ZONE } from './today';
export { ageOn, type Age, type AgeCalendar } from './age';
