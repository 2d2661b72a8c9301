import { nonGovernmentExperienceSection } from './non-government-experience-row';
import type { ProfileDeps } from './profile-deps';
import { deleteRowWithFiles } from './row-with-files';

/** Deletes one non-government job (spec §3) and its files; false when the row is not the candidate's. */
export async function deleteNonGovernmentExperience(deps: ProfileDeps, input: { userId: number; id: number }): Promise<boolean> {
  return deleteRowWithFiles(deps, nonGovernmentExperienceSection, input);
}
