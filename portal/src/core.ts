// The shell's only door into @psc/core (language, shared messages, numerals), so the shared
// rules are wired in one place. Form schemas come through core-forms.ts, which only lazily
// loaded pages import, so zod stays out of the first load.
export {
  formatDigits,
  formatMoney,
  formatNumber,
  MESSAGES as coreMessages,
  en as coreMessagesEn,
  ne as coreMessagesNe,
  fillMessage,
  localizeIssuesWith,
  nepalDayOf,
  READABLE_THEME_TOKENS,
  resolveLanguage,
} from '@psc/core';
export type { Language, MessageKey as CoreMessageKey } from '@psc/core';
