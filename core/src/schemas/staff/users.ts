import { z } from 'zod';
import { PRIVILEGE_CODES } from '../../privileges';
import { emailSchema, englishNameSchema, idSchema, instantSchema, masterDataNameSchema, mobileSchema, nepaliTextSchema, optionalField, staffUsernameSchema } from '../fields';
import { newPasswordSchema } from '../password';
import { withMessage } from '../with-message';

// Spec §2 usercreation, rolecreation; §3 User (names in English and Nepali, e-mail, mobile, user
// name, password, roles); §5 the new-password rule applies to users created by staff.

const roleIdsSchema = z
  .array(idSchema(), withMessage('validation.invalid'))
  .max(50, withMessage('validation.tooMany'))
  .refine((ids) => new Set(ids).size === ids.length, withMessage('validation.invalid'));

const staffNames = {
  firstNameEn: englishNameSchema,
  middleNameEn: optionalField(englishNameSchema).nullable().transform((value) => value ?? null),
  lastNameEn: englishNameSchema,
  firstNameNp: nepaliTextSchema.max(60, withMessage('validation.maxLength')),
  middleNameNp: optionalField(nepaliTextSchema.max(60, withMessage('validation.maxLength'))).nullable().transform((value) => value ?? null),
  lastNameNp: nepaliTextSchema.max(60, withMessage('validation.maxLength')),
};

export const staffUserCreateSchema = z.object({
  ...staffNames,
  username: staffUsernameSchema,
  email: emailSchema,
  mobile: mobileSchema,
  password: newPasswordSchema,
  roleIds: roleIdsSchema,
});

export const staffUserUpdateSchema = z.object({
  ...staffNames,
  email: emailSchema,
  mobile: mobileSchema,
  roleIds: roleIdsSchema,
});

export const staffPasswordResetSchema = z.object({ newPassword: newPasswordSchema });

const permissionFlag = z.boolean(withMessage('validation.invalid')).default(false);

export const rolePermissionSchema = z.object({
  moduleCode: z.enum(PRIVILEGE_CODES as [string, ...string[]], withMessage('validation.chooseOne')),
  read: permissionFlag,
  create: permissionFlag,
  update: permissionFlag,
  delete: permissionFlag,
  approve: permissionFlag,
  reject: permissionFlag,
});

export const roleSchema = z.object({
  name: masterDataNameSchema.pipe(z.string().max(100, withMessage('validation.maxLength'))),
  description: z.string(withMessage('validation.invalid')).trim().max(500, withMessage('validation.maxLength')).default(''),
  type: z.enum(['internal', 'external'], withMessage('validation.chooseOne')).default('internal'),
  permissions: z
    .array(rolePermissionSchema, withMessage('validation.invalid'))
    .max(PRIVILEGE_CODES.length, withMessage('validation.tooMany'))
    .refine((list) => new Set(list.map((p) => p.moduleCode)).size === list.length, withMessage('validation.invalid'))
    .default([]),
});

const reasonSchema = z
  .string(withMessage('validation.required'))
  .trim()
  .min(1, withMessage('validation.required', { abort: true }))
  .max(500, withMessage('validation.maxLength'));

/**
 * spec §4 "Profile ... locked or unlocked, with start and expiry dates"; the voucher lock has the
 * same shape. The start is now when absent.
 */
export const profileLockSchema = z
  .object({
    lockedFromAd: optionalField(instantSchema),
    lockedUntilAd: instantSchema,
    reason: reasonSchema,
  })
  .refine((value) => !value.lockedFromAd || new Date(value.lockedUntilAd) > new Date(value.lockedFromAd), { path: ['lockedUntilAd'], message: 'validation.rangeOrder' });

export const voucherLockSchema = profileLockSchema;

/** A ban may be open-ended (until absent). */
export const banSchema = z
  .object({
    from: optionalField(instantSchema),
    until: optionalField(instantSchema),
    reason: reasonSchema,
  })
  .refine((value) => !value.from || !value.until || new Date(value.until) > new Date(value.from), { path: ['until'], message: 'validation.rangeOrder' });

export type StaffUserCreateInput = z.input<typeof staffUserCreateSchema>;
export type StaffUserUpdateInput = z.input<typeof staffUserUpdateSchema>;
export type RoleInput = z.input<typeof roleSchema>;
export type ProfileLockInput = z.input<typeof profileLockSchema>;
export type BanInput = z.input<typeof banSchema>;
