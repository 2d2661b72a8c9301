import type { ProfessionalCouncil } from '@psc/core';
import { professionalCouncilSection, toProfessionalCouncilColumns } from './professional-council-row';
import type { ProfileDeps } from './profile-deps';
import { addRowWithFiles, type Uploads } from './row-with-files';

/** Adds one professional council registration (spec §3); answers the new row's id. */
export async function addProfessionalCouncil(deps: ProfileDeps, input: { userId: number; council: ProfessionalCouncil; uploads: Uploads<'front' | 'back'> }): Promise<number> {
  return addRowWithFiles(deps, professionalCouncilSection, {
    userId: input.userId,
    values: toProfessionalCouncilColumns(input.council),
    uploads: input.uploads,
  });
}
