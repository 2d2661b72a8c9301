import { professionalCouncilSection } from './professional-council-row';
import type { ProfileDeps } from './profile-deps';
import { deleteRowWithFiles } from './row-with-files';

/** Deletes one professional council registration (spec §3) and its files; false when the row is not the candidate's. */
export async function deleteProfessionalCouncil(deps: ProfileDeps, input: { userId: number; id: number }): Promise<boolean> {
  return deleteRowWithFiles(deps, professionalCouncilSection, input);
}
