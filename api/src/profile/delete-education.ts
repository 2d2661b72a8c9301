import { educationSection } from './education-row';
import type { ProfileDeps } from './profile-deps';
import { deleteRowWithFiles } from './row-with-files';

/** Deletes one qualification (spec §3 education) and its files; false when the row is not the candidate's. */
export async function deleteEducation(deps: ProfileDeps, input: { userId: number; id: number }): Promise<boolean> {
  return deleteRowWithFiles(deps, educationSection, input);
}
