import type { NonGovernmentExperience } from '@psc/core';
import { schema } from '@psc/db';
import { toBs } from './calendar-fields';
import { refOf, type FileRefs } from './file-refs';
import type { RowSection } from './row-with-files';

type NonGovernmentExperienceRow = typeof schema.candidateNonGovernmentExperiences.$inferSelect;

export const nonGovernmentExperienceSection: RowSection<'certificate'> = {
  table: schema.candidateNonGovernmentExperiences,
  slots: { certificate: { column: 'certificateFileId', purpose: 'non-government-experience-certificate' } },
  // Spec §3: the experience certificate.
  requiredSlots: () => ['certificate'],
  declaration: 'declaresNoExperience',
};

export function toNonGovernmentExperienceColumns(experience: NonGovernmentExperience) {
  return {
    institutionName: experience.institutionName,
    post: experience.post,
    employmentFrom: experience.employmentFromAd,
    employmentTo: experience.employmentToAd ?? null,
    employmentType: experience.employmentType,
    expMatchOfficerLevel: experience.expMatchOfficerLevel,
  };
}

export function presentNonGovernmentExperience(row: NonGovernmentExperienceRow, files: FileRefs) {
  return {
    id: row.id,
    institutionName: row.institutionName,
    post: row.post,
    employmentFromAd: row.employmentFrom,
    employmentFromBs: toBs(row.employmentFrom),
    employmentToAd: row.employmentTo,
    employmentToBs: toBs(row.employmentTo),
    employmentType: row.employmentType,
    expMatchOfficerLevel: row.expMatchOfficerLevel,
    certificate: refOf(files, row.certificateFileId),
  };
}

export const nonGovernmentExperienceFileIds = (row: NonGovernmentExperienceRow) => [row.certificateFileId];
