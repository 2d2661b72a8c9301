import type { InclusiveGroup } from '@psc/core';
import { checkInclusiveGroup, inclusiveGroupSection, toInclusiveGroupColumns } from './inclusive-group-row';
import type { ProfileDeps } from './profile-deps';
import { updateRowWithFiles, type Uploads } from './row-with-files';

/** Replaces one inclusive group (samuhaBarga) with its document (spec §3, §5) of the candidate; false when the row is not theirs. */
export async function updateInclusiveGroup(
  deps: ProfileDeps,
  input: { userId: number; id: number; group: InclusiveGroup; uploads: Uploads<'document'> },
): Promise<boolean> {
  return updateRowWithFiles(deps, inclusiveGroupSection, {
    userId: input.userId,
    id: input.id,
    values: toInclusiveGroupColumns(input.group),
    uploads: input.uploads,
    check: () => checkInclusiveGroup(deps.db, input.userId, input.group, input.id),
  });
}
