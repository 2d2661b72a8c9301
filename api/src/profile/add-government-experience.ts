import type { GovernmentExperience } from '@psc/core';
import { checkGovernmentExperienceReferences, governmentExperienceSection, toGovernmentExperienceColumns } from './government-experience-row';
import type { ProfileDeps } from './profile-deps';
import { addRowWithFiles, type Uploads } from './row-with-files';

/** Adds one government post held (spec §3 government experience); answers the new row's id. */
export async function addGovernmentExperience(deps: ProfileDeps, input: { userId: number; experience: GovernmentExperience; uploads: Uploads<'certificate'> }): Promise<number> {
  return addRowWithFiles(deps, governmentExperienceSection, {
    userId: input.userId,
    values: toGovernmentExperienceColumns(input.experience),
    uploads: input.uploads,
    check: () => checkGovernmentExperienceReferences(deps.db, input.experience),
  });
}
