// Form schemas and their localised issues from @psc/core (DESIGN "Validation": one zod schema
// per form, shared with the API). Imported by pages only, never by the shell.
export { signInSchema, localizeIssues } from '@psc/core';

// Candidate account forms (issue 4) and the calendar rules of their date inputs (DESIGN "Dates").
export {
  GENDERS,
  changePasswordSchema,
  DEACTIVATION_REASON_MAX_LENGTH,
  deactivateAccountSchema,
  forgotPasswordSchema,
  passwordTokenSchema,
  recoveryStartSchema,
  recoveryVerifySchema,
  registerRequestSchema,
  requestNewPasswordSchema,
  resetPasswordSchema,
  type Gender,
} from '@psc/core';
export { adToBs, bsToAd, formatAdDate, formatBsDate, formatBsIso, isConvertibleToBs, parseAdDate, parseBsDate } from '@psc/core';
export { toDevanagariDigits, toLatinDigits } from '@psc/core';
