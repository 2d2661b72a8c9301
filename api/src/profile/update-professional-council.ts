import type { ProfessionalCouncil } from '@psc/core';
import { professionalCouncilSection, toProfessionalCouncilColumns } from './professional-council-row';
import type { ProfileDeps } from './profile-deps';
import { updateRowWithFiles, type Uploads } from './row-with-files';

/** Replaces one professional council registration (spec §3) of the candidate; false when the row is not theirs. */
export async function updateProfessionalCouncil(
  deps: ProfileDeps,
  input: { userId: number; id: number; council: ProfessionalCouncil; uploads: Uploads<'front' | 'back'> },
): Promise<boolean> {
  return updateRowWithFiles(deps, professionalCouncilSection, {
    userId: input.userId,
    id: input.id,
    values: toProfessionalCouncilColumns(input.council),
    uploads: input.uploads,
  });
}
