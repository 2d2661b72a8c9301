import type { Education } from '@psc/core';
import { checkEducationReferences, type EducationFileField, educationSection, toEducationColumns } from './education-row';
import type { ProfileDeps } from './profile-deps';
import { updateRowWithFiles, type Uploads } from './row-with-files';

/** Replaces one qualification (spec §3 education) of the candidate; false when the row is not theirs. */
export async function updateEducation(
  deps: ProfileDeps,
  input: { userId: number; id: number; education: Education; uploads: Uploads<EducationFileField> },
): Promise<boolean> {
  return updateRowWithFiles(deps, educationSection, {
    userId: input.userId,
    id: input.id,
    values: toEducationColumns(input.education),
    uploads: input.uploads,
    check: () => checkEducationReferences(deps.db, input.education),
  });
}
