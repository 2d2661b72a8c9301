import type { NonGovernmentExperience } from '@psc/core';
import { nonGovernmentExperienceSection, toNonGovernmentExperienceColumns } from './non-government-experience-row';
import type { ProfileDeps } from './profile-deps';
import { updateRowWithFiles, type Uploads } from './row-with-files';

/** Replaces one non-government job (spec §3) of the candidate; false when the row is not theirs. */
export async function updateNonGovernmentExperience(
  deps: ProfileDeps,
  input: { userId: number; id: number; experience: NonGovernmentExperience; uploads: Uploads<'certificate'> },
): Promise<boolean> {
  return updateRowWithFiles(deps, nonGovernmentExperienceSection, {
    userId: input.userId,
    id: input.id,
    values: toNonGovernmentExperienceColumns(input.experience),
    uploads: input.uploads,
  });
}
