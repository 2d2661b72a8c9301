import { z } from 'zod';
import { LIMITS } from '../limits';
import { withMessage } from './with-message';

// Spec §5 passwords: at least 8 characters with one upper-case letter, one lower-case letter and one
// number (user creation uses the same rule). A Devanagari digit counts as a number, but the password
// itself is never rewritten: it must be hashed exactly as typed.
export const newPasswordSchema = z
  .string(withMessage('validation.newPasswordRequired'))
  .min(1, withMessage('validation.newPasswordRequired', { abort: true }))
  .min(LIMITS.newPasswordMinLength, withMessage('validation.passwordMinLength'))
  .max(LIMITS.passwordMaxLength, withMessage('validation.maxLength'))
  .regex(/[A-Z]/, withMessage('validation.passwordUppercase'))
  .regex(/[a-z]/, withMessage('validation.passwordLowercase'))
  .regex(/[0-9०-९]/, withMessage('validation.passwordDigit'));

// Spec §5: the new password must differ from the old one and the confirmation must match; each
// problem is reported on the field the person has to change.
export const changePasswordSchema = z
  .object({
    oldPassword: z
      .string(withMessage('validation.oldPasswordRequired'))
      .min(1, withMessage('validation.oldPasswordRequired', { abort: true }))
      .max(LIMITS.passwordMaxLength, withMessage('validation.maxLength')),
    newPassword: newPasswordSchema,
    confirmPassword: z
      .string(withMessage('validation.confirmPasswordRequired'))
      .min(1, withMessage('validation.confirmPasswordRequired', { abort: true })),
  })
  .superRefine(({ oldPassword, newPassword, confirmPassword }, context) => {
    if (newPassword !== '' && newPassword === oldPassword) {
      context.addIssue({ code: 'custom', path: ['newPassword'], message: 'validation.passwordSameAsOld' });
    }
    if (confirmPassword !== '' && confirmPassword !== newPassword) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
    }
  });

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePassword = z.output<typeof changePasswordSchema>;
