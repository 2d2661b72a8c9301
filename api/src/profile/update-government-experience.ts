import type { GovernmentExperience } from '@psc/core';
import { checkGovernmentExperienceReferences, governmentExperienceSection, toGovernmentExperienceColumns } from './government-experience-row';
import type { ProfileDeps } from './profile-deps';
import { updateRowWithFiles, type Uploads } from './row-with-files';

/** Replaces one government post held (spec §3 government experience) of the candidate; false when the row is not theirs. */
export async function updateGovernmentExperience(
  deps: ProfileDeps,
  input: { userId: number; id: number; experience: GovernmentExperience; uploads: Uploads<'certificate'> },
): Promise<boolean> {
  return updateRowWithFiles(deps, governmentExperienceSection, {
    userId: input.userId,
    id: input.id,
    values: toGovernmentExperienceColumns(input.experience),
    uploads: input.uploads,
    check: () => checkGovernmentExperienceReferences(deps.db, input.experience),
  });
}
