import type { ProfileCompleteness } from '@psc/core';

// The candidate's profile as GET /api/psc/profile answers it: the types live in
// @psc/core, where the staff workstation reads the same answer; named here as the profile's forms
// name them.
export type {
  AddressAbroadView as AddressAbroad,
  AddressView as Address,
  DeclarableSection,
  EducationView as EducationRow,
  ExtraDetailsView as ExtraDetails,
  GovernmentExperienceView as GovernmentExperienceRow,
  InclusiveGroupView as InclusiveGroupRow,
  NonGovernmentExperienceView as NonGovernmentExperienceRow,
  PersonalView as Personal,
  ProfessionalCouncilView as ProfessionalCouncilRow,
  ProfileCompleteness as Completeness,
  ProfileDocumentKind as DocumentKind,
  ProfileFileRef as FileRef,
  ProfileLockView as ProfileLock,
  ProfileSection,
  ProfileView as Profile,
  TrainingView as TrainingRow,
} from '@psc/core';

/** What a save answers: the saved item as GET /profile shows it, and the new completeness. */
export type Saved<T> = { item: T | null; completeness: ProfileCompleteness };
export type Deleted = { id: number; completeness: ProfileCompleteness };

/** The list sections and their API paths. */
export type ListPath = 'inclusive-groups' | 'educations' | 'trainings' | 'professional-councils' | 'government-experiences' | 'non-government-experiences';
