// A candidate's profile as GET /api/admin/candidates/:userId/profile answers it: the shape the
// candidate reads at GET /api/psc/profile (issue-4 contract). Dates come as `<name>Ad` with their
// B.S. twin `<name>Bs`; files as references whose bytes staff fetch through the staff file route.

export type FileRef = { fileId: string; contentType: string; byteSize: number; url?: string };

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
  dateOfBirthAd: string | null;
  gender: string | null;
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
  scoreType: string;
  score: number;
  majorSubject: string;
  description: string | null;
  educationType: string;
  passedDateAd: string;
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
  trainingToAd: string;
  division: string;
  certificate: FileRef | null;
};

export type ProfessionalCouncilRow = {
  id: number;
  councilName: string;
  degreeType: string;
  dartaNo: string;
  issuedDateAd: string;
  renewDateAd: string | null;
  validityDateAd: string | null;
  councilType: string;
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
  employmentToAd: string | null;
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
  employmentToAd: string | null;
  employmentType: string;
  expMatchOfficerLevel: boolean;
  certificate: FileRef | null;
};

export type CandidateProfile = {
  personal: Personal;
  addresses: { permanent: Address | null; mailing: Address | null };
  extra: ExtraDetails | null;
  inclusiveGroups: InclusiveGroupRow[];
  educations: EducationRow[];
  trainings: TrainingRow[];
  professionalCouncils: ProfessionalCouncilRow[];
  governmentExperiences: GovernmentExperienceRow[];
  nonGovernmentExperiences: NonGovernmentExperienceRow[];
  documents: Partial<Record<string, FileRef>>;
  completeness: { completed: number; total: number };
};
