import type { Training } from '@psc/core';
import { toTrainingColumns, trainingSection } from './training-row';
import type { ProfileDeps } from './profile-deps';
import { addRowWithFiles, type Uploads } from './row-with-files';

/** Adds one training (spec §3, §5 training); answers the new row's id. */
export async function addTraining(deps: ProfileDeps, input: { userId: number; training: Training; uploads: Uploads<'certificate'> }): Promise<number> {
  return addRowWithFiles(deps, trainingSection, {
    userId: input.userId,
    values: toTrainingColumns(input.training),
    uploads: input.uploads,
  });
}
