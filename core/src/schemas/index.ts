export {
  adDateSchema,
  bsDateSchema,
  emailSchema,
  englishNameSchema,
  idSchema,
  isEmail,
  masterDataNameSchema,
  mobileSchema,
  nationalIdSchema,
  nepaliTextSchema,
  numericCodeSchema,
  optionalField,
  requiredDigitsText,
  requiredText,
  usernameSchema,
} from './fields';
export { localizeIssues } from './localize-issues';
export { changePasswordSchema, newPasswordSchema, type ChangePassword, type ChangePasswordInput } from './password';
export { GENDERS, registrationSchema, type Gender, type Registration, type RegistrationInput } from './registration';
export { signInPasswordSchema, signInSchema, signInUsernameSchema, type SignIn, type SignInInput } from './sign-in';
export { withMessage } from './with-message';
export * from './profile';
