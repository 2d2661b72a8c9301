import { z } from 'zod';
import { LIMITS } from '../limits';
import { toLatinDigits } from '../numerals';
import { isEmail } from './fields';
import { withMessage } from './with-message';

// Spec §5 login: user name or e-mail and password are required; an e-mail must be valid.
export const signInUsernameSchema = z
  .string(withMessage('validation.usernameRequired'))
  .trim()
  .overwrite(toLatinDigits)
  .min(1, withMessage('validation.usernameRequired', { abort: true }))
  .max(LIMITS.signInUsernameMaxLength, withMessage('validation.maxLength'))
  .refine((username) => !username.includes('@') || isEmail(username), withMessage('validation.emailInvalid'));

// Why no minimum length here: spec §5 says login length messages read 4 to 20 while new passwords
// need 8 (spec §9 calls it an inconsistency). Sign-in only checks that a password was given and
// is not absurdly long; enforcing 4..20 (or 8) at sign-in would lock out anyone whose existing
// password is outside that range, and it tells an attacker nothing useful either way. The strength
// rule belongs to newPasswordSchema. Not trimmed and digits not converted: a password is a secret
// and must reach the server exactly as typed.
export const signInPasswordSchema = z
  .string(withMessage('validation.passwordRequired'))
  .min(1, withMessage('validation.passwordRequired', { abort: true }))
  .max(LIMITS.passwordMaxLength, withMessage('validation.maxLength'));

export const signInSchema = z.object({
  username: signInUsernameSchema,
  password: signInPasswordSchema,
});

export type SignInInput = z.input<typeof signInSchema>;
export type SignIn = z.output<typeof signInSchema>;
