import { GENDERS, type Gender } from '../registration';
import { DIVISIONS } from './common';
import type { ProfileDeclarations } from './declarations';
import { COUNCIL_DEGREE_TYPES, COUNCIL_TYPES } from './professional-council';
import { EDUCATION_TYPES, SCORE_TYPES } from './education';
import { EMPLOYMENT_TYPES, GOVERNMENT_EMPLOYMENT_STATUSES } from './experience';
import { AREAS, EMPLOYMENT_STATUSES, MARITAL_STATUSES, PARENT_EDUCATIONS, PARENT_OCCUPATIONS, PARENTS_MAIN_OCCUPATIONS } from './extra';
import { INCLUSIVE_GROUP_CODES } from './inclusive-group';
import type { ProfileDocumentKind, ProfileSection } from './uploads';

// The candidate's profile as GET /api/psc/profile answers it, read by the
// candidate portal and, in the same shape, by the staff workstation from
// GET /api/admin/candidates/:userId/profile (spec §2 fullDetails). Dates come as `<name>Ad` with
// their B.S. twin `<name>Bs`; files as links the reader may open (the staff answer points them at
// the staff file route).

export type ProfileFileRef = { fileId: string; contentType: string; byteSize: number; url: string };

export type ProfileCompleteness = {
  completed: number;
  total: number;
  sections: Record<ProfileSection, boolean>;
  /** Extra details say government service but no government post is marked Working. */
  governmentExperienceRequired?: boolean;
};

export type PersonalView = {
  masterId: number | null;
  username: string;
  email: string;
  mobile: string | null;
  firstNameEn: string;
  middleNameEn: string | null;
  lastNameEn: string;
  firstNameNp: string | null;
  middleNameNp: string | null;
  lastNameNp: string | null;
  nationalId: string | null;
  citizenshipNumber: string | null;
  citizenshipIssueDistrictId: number | null;
  citizenshipIssueDateAd: string | null;
  citizenshipIssueDateBs: string | null;
  dateOfBirthAd: string | null;
  dateOfBirthBs: string | null;
  gender: Gender | null;
  fathersName: string | null;
  mothersName: string | null;
  grandFathersName: string | null;
  husbandWifeName: string | null;
};

export type AddressView = {
  provinceId: number;
  districtId: number;
  localLevelId: number;
  wardNo: number;
  marga: string | null;
  tole: string | null;
  gharNo: string | null;
  phoneNo: string | null;
  mobileNo: string | null;
  email: string | null;
  address: string | null;
};

export type ExtraDetailsView = {
  casteId: number | null;
  casteOther: string | null;
  religionId: number | null;
  religionOther: string | null;
  maritalStatus: string;
  employmentStatus: string;
  employmentOther: string | null;
  motherTongueId: number | null;
  motherTongueOther: string | null;
  physicallyDisabled: boolean;
  disabilityClassId: number | null;
  disabilityTypeId: number | null;
  fathersEducation: string | null;
  mothersEducation: string | null;
  fatherEducationLevel: string | null;
  motherEducationLevel: string | null;
  parentsMainOccupation: string | null;
  fatherOccupation: string | null;
  fatherOccupationOther: string | null;
  motherOccupation: string | null;
  motherOccupationOther: string | null;
  area: string | null;
  areaOther: string | null;
};

export type InclusiveGroupView = { id: number; groupCode: string; casteGroupId: number | null; document: ProfileFileRef | null };

export type EducationView = {
  id: number;
  universityId: number;
  levelId: number;
  facultyId: number;
  scoreType: 'percentage' | 'gpa';
  score: number;
  majorSubject: string;
  description: string | null;
  educationType: 'national' | 'foreign';
  passedDateAd: string;
  passedDateBs: string | null;
  division: string | null;
  transcriptFront: ProfileFileRef | null;
  transcriptBack: ProfileFileRef | null;
  characterCertificate: ProfileFileRef | null;
  equivalentCertificate: ProfileFileRef | null;
};

export type TrainingView = {
  id: number;
  instituteName: string;
  trainingName: string;
  percentage: number;
  trainingFromAd: string;
  trainingFromBs: string | null;
  trainingToAd: string;
  trainingToBs: string | null;
  division: string;
  certificate: ProfileFileRef | null;
};

export type ProfessionalCouncilView = {
  id: number;
  councilName: string;
  degreeType: 'permanent' | 'temporary';
  dartaNo: string;
  issuedDateAd: string;
  issuedDateBs: string | null;
  renewDateAd: string | null;
  renewDateBs: string | null;
  validityDateAd: string | null;
  validityDateBs: string | null;
  councilType: 'university' | 'board';
  front: ProfileFileRef | null;
  back: ProfileFileRef | null;
};

export type GovernmentExperienceView = {
  id: number;
  institutionName: string;
  address: string;
  post: string;
  service: string | null;
  group: string | null;
  subGroup: string | null;
  classId: number | null;
  employmentFromAd: string;
  employmentFromBs: string | null;
  employmentToAd: string | null;
  employmentToBs: string | null;
  employmentStatus: string;
  employmentType: string;
  remarks: string | null;
  certificate: ProfileFileRef | null;
};

export type NonGovernmentExperienceView = {
  id: number;
  institutionName: string;
  post: string;
  employmentFromAd: string;
  employmentFromBs: string | null;
  employmentToAd: string | null;
  employmentToBs: string | null;
  employmentType: string;
  expMatchOfficerLevel: boolean;
  certificate: ProfileFileRef | null;
};

export type ProfileLockView = {
  lockedFrom: string;
  lockedUntil: string;
  lockedUntilAd?: string;
  lockedUntilBs?: string | null;
  reason: string | null;
  /** False while a lock is announced but has not started yet. */
  isActive?: boolean;
};

/** The mailing address abroad: the country (ISO 3166-1 code and names) and the address there. */
export type AddressAbroadView = {
  countryId: number;
  countryCode: string;
  countryNameEn: string;
  countryNameNp: string;
  address: string;
  updatedAt: string;
};

export type ProfileView = {
  personal: PersonalView;
  /** A candidate is reached at a mailing address in Nepal or at one abroad, not both. */
  addresses: { permanent: AddressView | null; mailing: AddressView | null; abroad?: AddressAbroadView | null };
  extra: ExtraDetailsView | null;
  inclusiveGroups: InclusiveGroupView[];
  educations: EducationView[];
  trainings: TrainingView[];
  professionalCouncils: ProfessionalCouncilView[];
  governmentExperiences: GovernmentExperienceView[];
  nonGovernmentExperiences: NonGovernmentExperienceView[];
  documents: Partial<Record<ProfileDocumentKind, ProfileFileRef>>;
  /** The list sections the candidate declared empty ("I have no training to declare"). */
  declarations: ProfileDeclarations;
  completeness: ProfileCompleteness;
  lock: ProfileLockView | null;
};

/**
 * Every enumerated value of the profile (spec §3), grouped as their labels are: the label of a
 * value is the catalogue key profileForm.option.<group>.<value> (i18n/profile-labels.ts), read
 * by the portal's forms and preview and by the workstation's fullDetails screen.
 */
export const PROFILE_OPTION_GROUPS = {
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
  gender: GENDERS,
  yesNo: ['yes', 'no'],
} as const;

export type ProfileOptionGroup = keyof typeof PROFILE_OPTION_GROUPS;
