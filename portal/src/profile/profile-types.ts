// The candidate's profile as GET /api/psc/profile answers it (issue-4 contract). Dates come as
// `<name>Ad` with their B.S. twin `<name>Bs`; files as links the candidate may open.

export type FileRef = { fileId: string; contentType: string; byteSize: number; url: string };

export type ProfileSection = 'personal' | 'contact' | 'extra' | 'education' | 'training' | 'professional' | 'experience' | 'documents';

export type Completeness = {
  completed: number;
  total: number;
  sections: Record<ProfileSection, boolean>;
  /** Extra details say government service but no government post is marked Working. */
  governmentExperienceRequired?: boolean;
};

export type Personal = {
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
  gender: 'male' | 'female' | 'other' | null;
  fathersName: string | null;
  mothersName: string | null;
  grandFathersName: string | null;
  husbandWifeName: string | null;
};

export type Address = {
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

export type ExtraDetails = {
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

export type InclusiveGroupRow = { id: number; groupCode: string; casteGroupId: number | null; document: FileRef | null };

export type EducationRow = {
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
  transcriptFront: FileRef | null;
  transcriptBack: FileRef | null;
  characterCertificate: FileRef | null;
  equivalentCertificate: FileRef | null;
};

export type TrainingRow = {
  id: number;
  instituteName: string;
  trainingName: string;
  percentage: number;
  trainingFromAd: string;
  trainingFromBs: string | null;
  trainingToAd: string;
  trainingToBs: string | null;
  division: string;
  certificate: FileRef | null;
};

export type ProfessionalCouncilRow = {
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
  front: FileRef | null;
  back: FileRef | null;
};

export type GovernmentExperienceRow = {
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
  certificate: FileRef | null;
};

export type NonGovernmentExperienceRow = {
  id: number;
  institutionName: string;
  post: string;
  employmentFromAd: string;
  employmentFromBs: string | null;
  employmentToAd: string | null;
  employmentToBs: string | null;
  employmentType: string;
  expMatchOfficerLevel: boolean;
  certificate: FileRef | null;
};

/** The list sections a candidate may declare empty (core DECLARABLE_SECTIONS). */
export type DeclarableSection = 'training' | 'professional' | 'experience';

export type DocumentKind = 'photograph' | 'signature' | 'citizenship-front' | 'citizenship-back';

export type ProfileLock = {
  lockedFrom: string;
  lockedUntil: string;
  lockedUntilAd?: string;
  lockedUntilBs?: string | null;
  reason: string | null;
  /** False while a lock is announced but has not started yet. */
  isActive?: boolean;
};

export type Profile = {
  personal: Personal;
  addresses: { permanent: Address | null; mailing: Address | null };
  extra: ExtraDetails | null;
  inclusiveGroups: InclusiveGroupRow[];
  educations: EducationRow[];
  trainings: TrainingRow[];
  professionalCouncils: ProfessionalCouncilRow[];
  governmentExperiences: GovernmentExperienceRow[];
  nonGovernmentExperiences: NonGovernmentExperienceRow[];
  documents: Partial<Record<DocumentKind, FileRef>>;
  /** The list sections the candidate declared empty ("I have no training to declare"). */
  declarations: Record<DeclarableSection, boolean>;
  completeness: Completeness;
  lock: ProfileLock | null;
};

/** What a save answers: the saved item as GET /profile shows it, and the new completeness. */
export type Saved<T> = { item: T | null; completeness: Completeness };
export type Deleted = { id: number; completeness: Completeness };

/** The list sections and their API paths. */
export type ListPath = 'inclusive-groups' | 'educations' | 'trainings' | 'professional-councils' | 'government-experiences' | 'non-government-experiences';
