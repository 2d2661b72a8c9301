import { z } from 'zod';
import { phoneKindOf, normalizePhoneNumber } from '../../phone';
import { emailSchema, idSchema, mobileSchema, optionalField, requiredDigitsText } from '../fields';
import { withMessage } from '../with-message';
import { profileText } from './common';

export const ADDRESS_KINDS = ['permanent', 'mailing'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

// Spec §5 "Contact: phone and mobile must be valid". A Nepali landline with its area code
// ("01-4412345", "+977 61 520000") or a mobile, kept in core's one stored form (phone.ts).
export const phoneSchema = requiredDigitsText()
  .overwrite(normalizePhoneNumber)
  .refine((text) => phoneKindOf(text) !== null, withMessage('validation.phoneInvalid'));

/**
 * Spec §3 "Contact (permanent and mailing)". The local-body type follows from the local level.
 * That the district lies in the province, the local level in the district and the ward within
 * the local level's wards needs the reference tables: the API checks it (validation.districtNotInProvince,
 * validation.localLevelNotInDistrict, validation.wardOutOfRange).
 */
export const addressSchema = z.object({
  provinceId: idSchema('validation.provinceRequired', 'smallint'),
  districtId: idSchema('validation.chooseDistrict', 'smallint'),
  localLevelId: idSchema('validation.localLevelRequired'),
  wardNo: idSchema('validation.wardRequired', 'smallint'),
  marga: optionalField(profileText()),
  tole: optionalField(profileText()),
  gharNo: optionalField(profileText(30)),
  phoneNo: optionalField(phoneSchema),
  mobileNo: optionalField(mobileSchema),
  email: optionalField(emailSchema),
  address: optionalField(profileText(300)),
});

export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;
