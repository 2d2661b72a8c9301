import { z } from 'zod';
import { idSchema, optionalField } from '../fields';
import { withMessage } from '../with-message';
import { profileText, readOtherText, yesNoSchema } from './common';

// Spec §3 "Extra details", every enumerated value. Stored values are kebab-case spellings of the
// spec's words; the labels live in the catalogues under profile.option.*.
export const MARITAL_STATUSES = ['married', 'single', 'unmarried', 'widowed', 'divorced'] as const;
export const EMPLOYMENT_STATUSES = ['unemployed', 'government-service', 'non-government-service', 'self-employed', 'other'] as const;
export const PARENT_EDUCATIONS = ['cannot-read-write', 'can-read-write', 'slc', 'higher-education'] as const;
export const PARENTS_MAIN_OCCUPATIONS = [
  'agriculture',
  'government',
  'private',
  'business',
  'other',
  'teaching-private',
  'teaching-public',
] as const;
export const PARENT_OCCUPATIONS = ['service-holder', 'labour', 'service', 'other', 'homemaker'] as const;
// Spec §9 geographic areas, with "other text" (spec §3).
export const AREAS = ['hill', 'mountain', 'inner-madhes', 'terai', 'other'] as const;

export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export type ParentEducation = (typeof PARENT_EDUCATIONS)[number];
export type ParentsMainOccupation = (typeof PARENTS_MAIN_OCCUPATIONS)[number];
export type ParentOccupation = (typeof PARENT_OCCUPATIONS)[number];
export type Area = (typeof AREAS)[number];

const choose = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, withMessage('validation.chooseOne'));
const otherText = optionalField(profileText());

const extraDetailsFields = z.object({
  // A caste, religion or mother tongue missing from the reference list is typed as "other".
  casteId: optionalField(idSchema()),
  casteOther: otherText,
  religionId: optionalField(idSchema()),
  religionOther: otherText,
  maritalStatus: choose(MARITAL_STATUSES),
  employmentStatus: choose(EMPLOYMENT_STATUSES),
  employmentOther: otherText,
  motherTongueId: optionalField(idSchema()),
  motherTongueOther: otherText,
  physicallyDisabled: yesNoSchema('validation.chooseOne'),
  disabilityClassId: optionalField(idSchema()),
  disabilityTypeId: optionalField(idSchema()),
  fathersEducation: choose(PARENT_EDUCATIONS),
  mothersEducation: choose(PARENT_EDUCATIONS),
  fatherEducationLevel: otherText,
  motherEducationLevel: otherText,
  parentsMainOccupation: choose(PARENTS_MAIN_OCCUPATIONS),
  fatherOccupation: choose(PARENT_OCCUPATIONS),
  fatherOccupationOther: otherText,
  motherOccupation: choose(PARENT_OCCUPATIONS),
  motherOccupationOther: otherText,
  area: choose(AREAS),
  areaOther: otherText,
});

type IssueSink = Parameters<typeof readOtherText>[3];

/** A value chosen from a reference list, or typed as "other" when the list lacks it. */
function readListOrOther(id: number | undefined, other: string | undefined, idField: string, context: IssueSink): string | undefined {
  if (id !== undefined) return undefined;
  if (other === undefined) context.addIssue({ code: 'custom', path: [idField], message: 'validation.chooseOrTypeOther' });
  return other;
}

export const extraDetailsSchema = extraDetailsFields.transform((value, context) => {
  const casteOther = readListOrOther(value.casteId, value.casteOther, 'casteId', context);
  const religionOther = readListOrOther(value.religionId, value.religionOther, 'religionId', context);
  const motherTongueOther = readListOrOther(value.motherTongueId, value.motherTongueOther, 'motherTongueId', context);
  // A disabled candidate names the class (spec "physicallyDisabledClass") and the type.
  if (value.physicallyDisabled) {
    if (value.disabilityClassId === undefined) context.addIssue({ code: 'custom', path: ['disabilityClassId'], message: 'validation.required' });
    if (value.disabilityTypeId === undefined) context.addIssue({ code: 'custom', path: ['disabilityTypeId'], message: 'validation.required' });
  }
  const fatherEducationLevel = value.fathersEducation === 'higher-education' ? value.fatherEducationLevel : undefined;
  const motherEducationLevel = value.mothersEducation === 'higher-education' ? value.motherEducationLevel : undefined;
  if (value.fathersEducation === 'higher-education' && fatherEducationLevel === undefined) {
    context.addIssue({ code: 'custom', path: ['fatherEducationLevel'], message: 'validation.required' });
  }
  if (value.mothersEducation === 'higher-education' && motherEducationLevel === undefined) {
    context.addIssue({ code: 'custom', path: ['motherEducationLevel'], message: 'validation.required' });
  }
  return {
    ...value,
    casteOther,
    religionOther,
    motherTongueOther,
    employmentOther: readOtherText(value.employmentStatus === 'other', value.employmentOther, 'employmentOther', context),
    disabilityClassId: value.physicallyDisabled ? value.disabilityClassId : undefined,
    disabilityTypeId: value.physicallyDisabled ? value.disabilityTypeId : undefined,
    fatherEducationLevel,
    motherEducationLevel,
    fatherOccupationOther: readOtherText(value.fatherOccupation === 'other', value.fatherOccupationOther, 'fatherOccupationOther', context),
    motherOccupationOther: readOtherText(value.motherOccupation === 'other', value.motherOccupationOther, 'motherOccupationOther', context),
    areaOther: readOtherText(value.area === 'other', value.areaOther, 'areaOther', context),
  };
});

export type ExtraDetailsInput = z.input<typeof extraDetailsSchema>;
export type ExtraDetails = z.output<typeof extraDetailsSchema>;
