import { inclusiveGroupSection } from './inclusive-group-row';
import type { ProfileDeps } from './profile-deps';
import { deleteRowWithFiles } from './row-with-files';

/** Deletes one inclusive group (samuhaBarga) with its document (spec §3, §5) and its files; false when the row is not the candidate's. */
export async function deleteInclusiveGroup(deps: ProfileDeps, input: { userId: number; id: number }): Promise<boolean> {
  return deleteRowWithFiles(deps, inclusiveGroupSection, input);
}
