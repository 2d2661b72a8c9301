export {
  adDateSchema,
  bsDateSchema,
  emailSchema,
  englishNameSchema,
  idSchema,
  instantSchema,
  isEmail,
  masterDataNameSchema,
  mobileSchema,
  nationalIdSchema,
  nepaliTextSchema,
  numericCodeSchema,
  optionalField,
  requiredDigitsText,
  requiredText,
  staffUsernameSchema,
  usernameSchema,
} from './fields';
export { localizeIssues, localizeIssuesWith } from './localize-issues';
export { changePasswordSchema, newPasswordSchema, type ChangePassword, type ChangePasswordInput } from './password';
export {
  GENDERS,
  adOrBsDateFields,
  checkAdOrBsDate,
  citizenshipNumberSchema,
  readAdOrBsDate,
  registerRequestSchema,
  requireAdOrBsDates,
  registrationSchema,
  type Gender,
  type RegisterRequestInput,
  type Registration,
  type RegistrationInput,
} from './registration';
export {
  DEACTIVATION_REASON_MAX_LENGTH,
  deactivateAccountSchema,
  forgotPasswordSchema,
  passwordTokenSchema,
  recoveryCodeSchema,
  recoveryStartSchema,
  recoveryVerifySchema,
  requestNewPasswordSchema,
  resetPasswordSchema,
  type DeactivateAccountInput,
  type ForgotPasswordInput,
  type RecoveryStartInput,
  type RecoveryVerifyInput,
  type ResetPasswordInput,
} from './account';
export { signInPasswordSchema, signInSchema, signInUsernameSchema, type SignIn, type SignInInput } from './sign-in';
export { withMessage } from './with-message';
export * from './profile';
export * from './staff';
export * from './candidate/application';
export * from './payment';
