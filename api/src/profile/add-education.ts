import type { Education } from '@psc/core';
import { checkEducationReferences, type EducationFileField, educationSection, toEducationColumns } from './education-row';
import type { ProfileDeps } from './profile-deps';
import { addRowWithFiles, type Uploads } from './row-with-files';

/** Adds one qualification (spec §3 education); answers the new row's id. */
export async function addEducation(deps: ProfileDeps, input: { userId: number; education: Education; uploads: Uploads<EducationFileField> }): Promise<number> {
  return addRowWithFiles(deps, educationSection, {
    userId: input.userId,
    values: toEducationColumns(input.education),
    uploads: input.uploads,
    check: () => checkEducationReferences(deps.db, input.education),
  });
}
