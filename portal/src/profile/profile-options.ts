import {
  AREAS,
  COUNCIL_DEGREE_TYPES,
  COUNCIL_TYPES,
  DIVISIONS,
  EDUCATION_TYPES,
  EMPLOYMENT_STATUSES,
  EMPLOYMENT_TYPES,
  GOVERNMENT_EMPLOYMENT_STATUSES,
  INCLUSIVE_GROUP_CODES,
  MARITAL_STATUSES,
  PARENT_EDUCATIONS,
  PARENT_OCCUPATIONS,
  PARENTS_MAIN_OCCUPATIONS,
  SCORE_TYPES,
} from '../core-forms';

// Every enumerated value of spec §3 as core defines it, with the catalogue key of its label
// (profileForm.option.<group>.<value>, in both languages).

export const OPTION_GROUPS = {
  maritalStatus: MARITAL_STATUSES,
  employmentStatus: EMPLOYMENT_STATUSES,
  parentEducation: PARENT_EDUCATIONS,
  parentsMainOccupation: PARENTS_MAIN_OCCUPATIONS,
  parentOccupation: PARENT_OCCUPATIONS,
  area: AREAS,
  inclusiveGroup: INCLUSIVE_GROUP_CODES,
  division: DIVISIONS,
  scoreType: SCORE_TYPES,
  educationType: EDUCATION_TYPES,
  employmentType: EMPLOYMENT_TYPES,
  governmentEmploymentStatus: GOVERNMENT_EMPLOYMENT_STATUSES,
  councilDegreeType: COUNCIL_DEGREE_TYPES,
  councilType: COUNCIL_TYPES,
  gender: ['male', 'female', 'other'],
  yesNo: ['yes', 'no'],
} as const;

export type OptionGroup = keyof typeof OPTION_GROUPS;

export function optionKey(group: OptionGroup, value: string): string {
  return `profileForm.option.${group}.${value}`;
}

export const ADDRESS_KIND_NAMES = ['permanent', 'mailing'] as const;
export type AddressKindName = (typeof ADDRESS_KIND_NAMES)[number];
