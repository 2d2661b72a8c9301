import { z } from 'zod';
import { LIMITS } from '../limits';
import { emailSchema, idSchema, optionalField, requiredDigitsText } from './fields';
import { newPasswordSchema } from './password';
import { adOrBsDateFields, citizenshipNumberSchema, readAdOrBsDate, requireAdOrBsDates } from './registration';
import { signInPasswordSchema, signInUsernameSchema } from './sign-in';
import { withMessage } from './with-message';

// The candidate's account forms of spec §1 and §7 that come before or beside signing in:
// forgot password, request a new password, reset by link, recovery by SMS (/exisiting-user),
// and deactivating a duplicate account.

/** Forgot password and request a new password: the user name or the e-mail of the account. */
export const forgotPasswordSchema = z.object({ login: signInUsernameSchema });

export const requestNewPasswordSchema = forgotPasswordSchema;

export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

// A link token is 32 random bytes in base64url (43 characters); anything else is refused before
// it reaches the database.
export const passwordTokenSchema = z
  .string(withMessage('validation.required'))
  .trim()
  .min(1, withMessage('validation.required', { abort: true }))
  .max(128, withMessage('validation.maxLength', { abort: true }))
  .regex(/^[A-Za-z0-9_-]+$/, withMessage('validation.invalid'));

const confirmPasswordSchema = z
  .string(withMessage('validation.confirmPasswordRequired'))
  .min(1, withMessage('validation.confirmPasswordRequired', { abort: true }))
  .max(LIMITS.passwordMaxLength, withMessage('validation.maxLength'));

/**
 * spec §2 /change/password/{tokenid}: a new password for the account the link was sent to.
 * Spec §5: the confirmation must match (the server also refuses the password in use).
 */
export const resetPasswordSchema = z
  .object({ token: passwordTokenSchema, newPassword: newPasswordSchema, confirmPassword: confirmPasswordSchema })
  .superRefine(({ newPassword, confirmPassword }, context) => {
    if (confirmPassword !== '' && confirmPassword !== newPassword) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
    }
  });

export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

const citizenshipFields = {
  citizenshipNumber: citizenshipNumberSchema,
  citizenshipIssueDistrictId: idSchema('validation.districtRequired', 'smallint'),
};

/**
 * /exisiting-user, step one: a candidate who lost the e-mail account names the citizenship
 * certificate and the date of birth (A.D. or B.S.); a code goes by SMS to the mobile on file.
 */
export const recoveryStartSchema = requireAdOrBsDates(
  ['dateOfBirth'],
  z.object({ ...citizenshipFields, ...adOrBsDateFields('dateOfBirth') }).transform((value) => ({
    citizenshipNumber: value.citizenshipNumber,
    citizenshipIssueDistrictId: value.citizenshipIssueDistrictId,
    // There: requireAdOrBsDates made a missing date fail its field.
    dateOfBirth: readAdOrBsDate(value, 'dateOfBirth')!,
  })),
);

export type RecoveryStartInput = z.input<typeof recoveryStartSchema>;

/** The 6-digit SMS code, typed in either digit set, spaces allowed. */
export const recoveryCodeSchema = requiredDigitsText()
  .overwrite((text) => text.replace(/\s+/g, ''))
  .regex(/^\d{6}$/, withMessage('validation.recoveryCodeInvalid'));

/** /exisiting-user, step two: the code and the e-mail address the account should use from now on. */
export const recoveryVerifySchema = z.object({ ...citizenshipFields, code: recoveryCodeSchema, newEmail: emailSchema });

export type RecoveryVerifyInput = z.input<typeof recoveryVerifySchema>;

export const DEACTIVATION_REASON_MAX_LENGTH = 500;

/** spec §2 /deactivate-account: the password again and an explicit confirmation. */
export const deactivateAccountSchema = z.object({
  password: signInPasswordSchema,
  confirm: z.literal(true, withMessage('validation.confirmRequired')),
  reason: optionalField(z.string().trim().max(DEACTIVATION_REASON_MAX_LENGTH, withMessage('validation.maxLength'))),
});

export type DeactivateAccountInput = z.input<typeof deactivateAccountSchema>;
