import { z } from 'zod';
import { idSchema, optionalField } from '../fields';
import { withMessage } from '../with-message';
import { checkDateOrder, datePairFields, omitKeys, PROFILE_NOTE_MAX_LENGTH, profileText, readDate, wordsText, yesNoSchema } from './common';

export const EMPLOYMENT_TYPES = ['permanent', 'temporary', 'contract'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
// Spec §4 guidance: the current job is "Working", the previous one "Transferred".
export const GOVERNMENT_EMPLOYMENT_STATUSES = ['working', 'transferred', 'retired', 'resigned'] as const;
export type GovernmentEmploymentStatus = (typeof GOVERNMENT_EMPLOYMENT_STATUSES)[number];

/**
 * Spec §3 "Government experience". Spec §5: the institution name is words only. A job still held
 * ("working") has no end date; any other has one, after its start. The certificate travels beside
 * it (PROFILE_UPLOADS).
 */
export const governmentExperienceSchema = z
  .object({
    institutionName: wordsText(),
    address: profileText(),
    post: profileText(),
    service: optionalField(profileText()),
    group: optionalField(profileText()),
    subGroup: optionalField(profileText()),
    classId: optionalField(idSchema()),
    ...datePairFields('employmentFrom'),
    ...datePairFields('employmentTo'),
    employmentStatus: z.enum(GOVERNMENT_EMPLOYMENT_STATUSES, withMessage('validation.chooseOne')),
    employmentType: z.enum(EMPLOYMENT_TYPES, withMessage('validation.chooseOne')),
    remarks: optionalField(profileText(PROFILE_NOTE_MAX_LENGTH)),
  })
  .transform((value, context) => {
    const isWorking = value.employmentStatus === 'working';
    const employmentFromAd = readDate(value, 'employmentFrom', context, { required: true, notInFuture: true });
    if (isWorking && (value.employmentToAd !== undefined || value.employmentToBs !== undefined)) {
      context.addIssue({ code: 'custom', path: ['employmentToAd'], message: 'validation.noEndDateWhileWorking' });
    }
    const employmentToAd = isWorking ? undefined : readDate(value, 'employmentTo', context, { required: true, notInFuture: true });
    checkDateOrder(employmentFromAd, employmentToAd, 'employmentTo', context);
    return {
      ...omitKeys(value, ['employmentFromBs', 'employmentToBs']),
      employmentFromAd: employmentFromAd!,
      employmentToAd,
    };
  });

export type GovernmentExperienceInput = z.input<typeof governmentExperienceSchema>;
export type GovernmentExperience = z.output<typeof governmentExperienceSchema>;

/**
 * Spec §3 "Non-government experience" (employmentStatus there is labelled Post). An empty end date
 * means the candidate still works there. expMatchOfficerLevel: the candidate declares the work
 * was at officer level.
 */
export const nonGovernmentExperienceSchema = z
  .object({
    institutionName: wordsText(),
    post: profileText(),
    ...datePairFields('employmentFrom'),
    ...datePairFields('employmentTo'),
    employmentType: z.enum(EMPLOYMENT_TYPES, withMessage('validation.chooseOne')),
    expMatchOfficerLevel: optionalField(yesNoSchema()),
  })
  .transform((value, context) => {
    const employmentFromAd = readDate(value, 'employmentFrom', context, { required: true, notInFuture: true });
    const employmentToAd = readDate(value, 'employmentTo', context, { required: false, notInFuture: true });
    checkDateOrder(employmentFromAd, employmentToAd, 'employmentTo', context);
    return {
      ...omitKeys(value, ['employmentFromBs', 'employmentToBs']),
      expMatchOfficerLevel: value.expMatchOfficerLevel ?? false,
      employmentFromAd: employmentFromAd!,
      employmentToAd,
    };
  });

export type NonGovernmentExperienceInput = z.input<typeof nonGovernmentExperienceSchema>;
export type NonGovernmentExperience = z.output<typeof nonGovernmentExperienceSchema>;
