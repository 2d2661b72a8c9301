import type { NonGovernmentExperience } from '@psc/core';
import { nonGovernmentExperienceSection, toNonGovernmentExperienceColumns } from './non-government-experience-row';
import type { ProfileDeps } from './profile-deps';
import { addRowWithFiles, type Uploads } from './row-with-files';

/** Adds one non-government job (spec §3); answers the new row's id. */
export async function addNonGovernmentExperience(deps: ProfileDeps, input: { userId: number; experience: NonGovernmentExperience; uploads: Uploads<'certificate'> }): Promise<number> {
  return addRowWithFiles(deps, nonGovernmentExperienceSection, {
    userId: input.userId,
    values: toNonGovernmentExperienceColumns(input.experience),
    uploads: input.uploads,
  });
}
