import type { GovernmentExperience } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { toBs } from './calendar-fields';
import { checkReferences } from './check-references';
import { refOf, type FileRefs } from './file-refs';
import type { RowSection } from './row-with-files';

type GovernmentExperienceRow = typeof schema.candidateGovernmentExperiences.$inferSelect;

export const governmentExperienceSection: RowSection<'certificate'> = {
  table: schema.candidateGovernmentExperiences,
  slots: { certificate: { column: 'certificateFileId', purpose: 'government-experience-certificate' } },
  requiredSlots: () => ['certificate'],
  declaration: 'declaresNoExperience',
};

export async function checkGovernmentExperienceReferences(db: Database, experience: GovernmentExperience): Promise<void> {
  await checkReferences(db, [{ field: 'classId', table: schema.serviceClasses, id: experience.classId }]);
}

export function toGovernmentExperienceColumns(experience: GovernmentExperience) {
  return {
    institutionName: experience.institutionName,
    address: experience.address,
    post: experience.post,
    service: experience.service ?? null,
    group: experience.group ?? null,
    subGroup: experience.subGroup ?? null,
    classId: experience.classId ?? null,
    employmentFrom: experience.employmentFromAd,
    employmentTo: experience.employmentToAd ?? null,
    employmentStatus: experience.employmentStatus,
    employmentType: experience.employmentType,
    remarks: experience.remarks ?? null,
  };
}

export function presentGovernmentExperience(row: GovernmentExperienceRow, files: FileRefs) {
  return {
    id: row.id,
    institutionName: row.institutionName,
    address: row.address,
    post: row.post,
    service: row.service,
    group: row.group,
    subGroup: row.subGroup,
    classId: row.classId,
    employmentFromAd: row.employmentFrom,
    employmentFromBs: toBs(row.employmentFrom),
    employmentToAd: row.employmentTo,
    employmentToBs: toBs(row.employmentTo),
    employmentStatus: row.employmentStatus,
    employmentType: row.employmentType,
    remarks: row.remarks,
    certificate: refOf(files, row.certificateFileId),
  };
}

export const governmentExperienceFileIds = (row: GovernmentExperienceRow) => [row.certificateFileId];
