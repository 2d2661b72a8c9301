import { z } from 'zod';
import { withMessage } from '../with-message';
import { checkDateOrder, datePairFields, omitKeys, profileText, readDate } from './common';

export const COUNCIL_DEGREE_TYPES = ['permanent', 'temporary'] as const;
export type CouncilDegreeType = (typeof COUNCIL_DEGREE_TYPES)[number];
export const COUNCIL_TYPES = ['university', 'board'] as const;
export type CouncilType = (typeof COUNCIL_TYPES)[number];

/**
 * Spec §3 "Professional council": registration (darta) with a council, permanent or temporary.
 * A renewal comes after the issue; a temporary registration states until when it is valid.
 * Files (PROFILE_UPLOADS): the front of the certificate is required, the back optional.
 */
export const professionalCouncilSchema = z
  .object({
    councilName: profileText(),
    degreeType: z.enum(COUNCIL_DEGREE_TYPES, withMessage('validation.chooseOne')),
    dartaNo: profileText(50),
    ...datePairFields('issuedDate'),
    ...datePairFields('renewDate'),
    ...datePairFields('validityDate'),
    councilType: z.enum(COUNCIL_TYPES, withMessage('validation.chooseOne')),
  })
  .transform((value, context) => {
    const issuedDateAd = readDate(value, 'issuedDate', context, { required: true, notInFuture: true });
    const renewDateAd = readDate(value, 'renewDate', context, { required: false, notInFuture: true });
    const validityDateAd = readDate(value, 'validityDate', context, { required: value.degreeType === 'temporary' });
    checkDateOrder(issuedDateAd, renewDateAd, 'renewDate', context);
    checkDateOrder(issuedDateAd, validityDateAd, 'validityDate', context);
    return {
      ...omitKeys(value, ['issuedDateBs', 'renewDateBs', 'validityDateBs']),
      issuedDateAd: issuedDateAd!,
      renewDateAd,
      validityDateAd,
    };
  });

export type ProfessionalCouncilInput = z.input<typeof professionalCouncilSchema>;
export type ProfessionalCouncil = z.output<typeof professionalCouncilSchema>;
