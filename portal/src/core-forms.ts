// First, before core's schemas: zod's eval probe is switched off (zod-without-eval.ts). Every
// page with a form comes through here, so the shell loads no zod at all.
import './zod-without-eval';

// Form schemas and their localised issues from @psc/core (DESIGN "Validation": one zod schema
// per form, shared with the API). Imported by pages only, never by the shell.
export { signInSchema } from '@psc/core';
// Over the shown language's catalogue only (i18n/localize-issues.ts), not core's two.
export { localizeIssues } from './i18n/localize-issues';

// Candidate account forms and the calendar rules of their date inputs (DESIGN "Dates").
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
export { formatPhoneNumber } from '@psc/core';

// Candidate profile forms: one schema per section, their enumerations and upload rules.
export {
  AREAS,
  COUNCIL_DEGREE_TYPES,
  COUNCIL_TYPES,
  DIVISIONS,
  EDUCATION_TYPES,
  EMPLOYMENT_STATUSES,
  EMPLOYMENT_TYPES,
  GOVERNMENT_EMPLOYMENT_STATUSES,
  INCLUSIVE_GROUP_CODES,
  MARITAL_STATUSES,
  PARENT_EDUCATIONS,
  PARENT_OCCUPATIONS,
  PARENTS_MAIN_OCCUPATIONS,
  PROFILE_DOCUMENT_KINDS,
  PROFILE_SECTIONS,
  PROFILE_UPLOADS,
  SCORE_TYPES,
  addressAbroadSchema,
  addressSchema,
  educationSchema,
  extraDetailsSchema,
  governmentExperienceSchema,
  inclusiveGroupSchema,
  nonGovernmentExperienceSchema,
  personalDetailsSchema,
  professionalCouncilSchema,
  trainingSchema,
  type ProfileUploadPurpose,
  type UploadRule,
} from '@psc/core';

// The B.S. month grid of the date inputs (spec §1: B.S. first): core's picker adapter.
export { bsPickerLang, createBsGenerateConfig, epochDayToIso, isoToEpochDay, type Language } from '@psc/core';

// The public result lookup (roll number and date of birth).
export { resultLookupSchema } from '@psc/core';
