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
} from '@psc/core';
import { candidateProfileEn } from '../../../i18n/candidate-profile-labels';
import type { WorkstationMessageKey } from '../../../i18n/en';

// Every enumerated value of the profile (spec §3, as @psc/core defines it) with the catalogue key
// of its label: candidateProfile.option.<group>.<value>, the portal's words in both languages.

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

/** The key of a value's label, or null for a value the catalogue does not know (shown as stored). */
export function optionKey(group: OptionGroup, value: string): WorkstationMessageKey | null {
  const key = `candidateProfile.option.${group}.${value}`;
  return key in candidateProfileEn ? (key as WorkstationMessageKey) : null;
}
