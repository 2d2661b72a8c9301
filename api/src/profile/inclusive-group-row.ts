import type { InclusiveGroup } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, eq, ne } from 'drizzle-orm';
import { checkReferences } from './check-references';
import { refOf, type FileRefs } from './file-refs';
import { FieldErrors } from './profile-errors';
import type { RowSection } from './row-with-files';

type InclusiveGroupRow = typeof schema.candidateInclusiveGroups.$inferSelect;

export const inclusiveGroupSection: RowSection<'document'> = {
  table: schema.candidateInclusiveGroups,
  slots: { document: { column: 'documentFileId', purpose: 'inclusive-group' } },
  // Spec §5: a scan of supporting documents is mandatory.
  requiredSlots: () => ['document'],
  // Spec §5: changing the group deletes the uploaded file.
  replacesFiles: (previous, values) => previous.groupCode !== values.groupCode,
};

/** A group is claimed once; the reference to a caste group must exist. */
export async function checkInclusiveGroup(db: Database, userId: number, group: InclusiveGroup, exceptId?: number): Promise<void> {
  await checkReferences(db, [{ field: 'casteGroupId', table: schema.casteGroups, id: group.casteGroupId }]);
  const { candidateInclusiveGroups: groups } = schema;
  const conditions = [eq(groups.userId, userId), eq(groups.groupCode, group.groupCode)];
  if (exceptId !== undefined) conditions.push(ne(groups.id, exceptId));
  const [existing] = await db.select({ id: groups.id }).from(groups).where(and(...conditions)).limit(1);
  if (existing) throw new FieldErrors({ groupCode: ['profile.groupAlreadyClaimed'] });
}

export function toInclusiveGroupColumns(group: InclusiveGroup) {
  return { groupCode: group.groupCode, casteGroupId: group.casteGroupId ?? null };
}

export function presentInclusiveGroup(row: InclusiveGroupRow, files: FileRefs) {
  return { id: row.id, groupCode: row.groupCode, casteGroupId: row.casteGroupId, document: refOf(files, row.documentFileId) };
}

export const inclusiveGroupFileIds = (row: InclusiveGroupRow) => [row.documentFileId];
