import { trainingSection } from './training-row';
import type { ProfileDeps } from './profile-deps';
import { deleteRowWithFiles } from './row-with-files';

/** Deletes one training (spec §3, §5 training) and its files; false when the row is not the candidate's. */
export async function deleteTraining(deps: ProfileDeps, input: { userId: number; id: number }): Promise<boolean> {
  return deleteRowWithFiles(deps, trainingSection, input);
}
