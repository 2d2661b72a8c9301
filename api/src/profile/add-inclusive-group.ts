import type { InclusiveGroup } from '@psc/core';
import { checkInclusiveGroup, inclusiveGroupSection, toInclusiveGroupColumns } from './inclusive-group-row';
import type { ProfileDeps } from './profile-deps';
import { addRowWithFiles, type Uploads } from './row-with-files';

/** Adds one inclusive group (samuhaBarga) with its document (spec §3, §5); answers the new row's id. */
export async function addInclusiveGroup(deps: ProfileDeps, input: { userId: number; group: InclusiveGroup; uploads: Uploads<'document'> }): Promise<number> {
  return addRowWithFiles(deps, inclusiveGroupSection, {
    userId: input.userId,
    values: toInclusiveGroupColumns(input.group),
    uploads: input.uploads,
    check: () => checkInclusiveGroup(deps.db, input.userId, input.group),
  });
}
