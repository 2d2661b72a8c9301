import { z } from 'zod';
import { adOrBsDateFields, readAdOrBsDate, requireAdOrBsDates } from '../schemas/registration';
import { idSchema, requiredText } from '../schemas/fields';
import { ROLL_NUMBER_MAX } from '../schemas/staff/roll-numbers';
import { withMessage } from '../schemas/with-message';
import { findUnknownCertificatePlaceholders } from './certificate';

// The forms of the certificate configuration [FS] and of the public result lookup, written once
// for the workstation, the portal and the API validator (STYLE §3).

/** Lengths the certificate's columns take: a body fits one A4 page (the document tests print the longest). */
export const CERTIFICATE_LIMITS = {
  bodyLength: { max: 1500 },
  signatoryLength: { max: 120 },
} as const;

const body = requiredText()
  .max(CERTIFICATE_LIMITS.bodyLength.max, withMessage('validation.tooLong'))
  // A mistyped placeholder would print as written on every certificate.
  .refine((text) => findUnknownCertificatePlaceholders(text).length === 0, withMessage('validation.certificatePlaceholder'));
const signatory = requiredText().max(CERTIFICATE_LIMITS.signatoryLength.max, withMessage('validation.tooLong'));

/** POST certificate-configurations/{advertisementId}: the text and the signatory (a seal image may come in the same multipart body). */
export const certificateConfigurationSchema = z.object({
  bodyNp: body,
  bodyEn: body,
  signatoryNameNp: signatory,
  signatoryNameEn: signatory,
  signatoryTitleNp: signatory,
  signatoryTitleEn: signatory,
});

export type CertificateConfigurationInput = z.input<typeof certificateConfigurationSchema>;
export type CertificateConfiguration = z.output<typeof certificateConfigurationSchema>;

/**
 * The public result lookup: a roll number and the date of birth, in A.D. (`dateOfBirthAd`) or
 * B.S. (`dateOfBirthBs`) as registration takes it, both required; digits in either script.
 */
export const resultLookupSchema = requireAdOrBsDates(
  ['dateOfBirth'],
  z
    .object({
      rollNumber: idSchema('validation.required', 'bigint').pipe(z.number().max(ROLL_NUMBER_MAX, withMessage('validation.numberTooLarge'))),
      ...adOrBsDateFields('dateOfBirth'),
    })
    .transform((value) => ({ rollNumber: value.rollNumber, dateOfBirth: readAdOrBsDate(value, 'dateOfBirth')! })),
);

export type ResultLookupInput = z.input<typeof resultLookupSchema>;
