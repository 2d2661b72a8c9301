import { governmentExperienceSection } from './government-experience-row';
import type { ProfileDeps } from './profile-deps';
import { deleteRowWithFiles } from './row-with-files';

/** Deletes one government post held (spec §3 government experience) and its files; false when the row is not the candidate's. */
export async function deleteGovernmentExperience(deps: ProfileDeps, input: { userId: number; id: number }): Promise<boolean> {
  return deleteRowWithFiles(deps, governmentExperienceSection, input);
}
