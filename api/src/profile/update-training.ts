import type { Training } from '@psc/core';
import { toTrainingColumns, trainingSection } from './training-row';
import type { ProfileDeps } from './profile-deps';
import { updateRowWithFiles, type Uploads } from './row-with-files';

/** Replaces one training (spec §3, §5 training) of the candidate; false when the row is not theirs. */
export async function updateTraining(
  deps: ProfileDeps,
  input: { userId: number; id: number; training: Training; uploads: Uploads<'certificate'> },
): Promise<boolean> {
  return updateRowWithFiles(deps, trainingSection, {
    userId: input.userId,
    id: input.id,
    values: toTrainingColumns(input.training),
    uploads: input.uploads,
  });
}
