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

/**
 * A mailing address abroad instead of one in Nepal (spec §3 contact; spec §2 dashboard counts
 * "for Nepal and the world"): the country, from the countries' reference list, and the address
 * as written there. The permanent address stays in Nepal. That the country is known and is not
 * Nepal needs the reference table: the API checks it (validation.unknownCountry,
 * validation.countryIsNepal).
 */
export const addressAbroadSchema = z.object({
  countryId: idSchema('validation.countryRequired', 'smallint'),
  address: profileText(300, 'validation.addressAbroadRequired'),
});

export type AddressAbroadInput = z.input<typeof addressAbroadSchema>;
export type AddressAbroad = z.output<typeof addressAbroadSchema>;

export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;
