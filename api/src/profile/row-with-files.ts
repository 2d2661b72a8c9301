import type { MessageKey, ProfileUploadPurpose } from '@psc/core';
import type { Database } from '@psc/db';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { deleteStoredFiles } from '../files/delete-stored-files';
import { storeUpload, type CheckedUpload } from '../files/store-upload';
import { assertProfileUnlocked } from './assert-profile-unlocked';
import { withdrawDeclaration, type DeclarationColumn } from './declarations';
import type { ProfileDeps } from './profile-deps';
import { FieldErrors } from './profile-errors';

// The rows of the list sections (inclusive groups, education, training, professional council,
// experience) all work alike: one row of the candidate with up to four files beside it. This
// is the one place that keeps rows and their files in step; each section's add, update and
// delete service describes its row and calls these.

type RowTable = PgTable & { id: PgColumn; userId: PgColumn };

export type FileSlot = {
  /** The row's property holding the stored file's id. */
  column: string;
  purpose: ProfileUploadPurpose;
};

export type RowSection<Field extends string> = {
  table: RowTable;
  /** Multipart field name -> where its file goes. */
  slots: Record<Field, FileSlot>;
  /** The fields that must hold a file once the row is saved, given its values. */
  requiredSlots: (values: Record<string, unknown>) => readonly Field[];
  /**
   * Spec §5: changing the group or the level deletes the uploaded file, since it proves the old
   * one. True when the change from the previous values makes every file of the row obsolete.
   */
  replacesFiles?: (previous: Record<string, unknown>, values: Record<string, unknown>) => boolean;
  /** The "none" declaration a new row of this section withdraws (training, council, experience). */
  declaration?: DeclarationColumn;
};

export type Uploads<Field extends string> = Partial<Record<Field, CheckedUpload>>;

function ownRow(table: RowTable, userId: number, id: number): SQL {
  return and(eq(table.id, id), eq(table.userId, userId))!;
}

function checkRequiredFiles<Field extends string>(section: RowSection<Field>, values: Record<string, unknown>, hasFile: (field: Field) => boolean) {
  const missing: Record<string, MessageKey[]> = {};
  for (const field of section.requiredSlots(values)) if (!hasFile(field)) missing[field] = ['validation.fileRequired'];
  if (Object.keys(missing).length > 0) throw new FieldErrors(missing);
}

async function storeSlots<Field extends string>(
  db: Database,
  deps: ProfileDeps,
  section: RowSection<Field>,
  userId: number,
  uploads: Uploads<Field>,
): Promise<Record<string, string>> {
  const columns: Record<string, string> = {};
  for (const [field, upload] of Object.entries(uploads) as [Field, CheckedUpload | undefined][]) {
    if (!upload) continue;
    const slot = section.slots[field];
    columns[slot.column] = (await storeUpload(db, deps.storage, { ownerUserId: userId, purpose: slot.purpose, upload })).id;
  }
  return columns;
}

/** Adds a row with its files; answers the new row's id. */
export async function addRowWithFiles<Field extends string>(
  deps: ProfileDeps,
  section: RowSection<Field>,
  input: { userId: number; values: Record<string, unknown>; uploads: Uploads<Field>; check?: () => Promise<void> },
): Promise<number> {
  await assertProfileUnlocked(deps.db, input.userId, deps.now());
  await input.check?.();
  checkRequiredFiles(section, input.values, (field) => input.uploads[field] !== undefined);
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const fileColumns = await storeSlots(db, deps, section, input.userId, input.uploads);
    const [row] = await db
      .insert(section.table)
      .values({ ...input.values, ...fileColumns, userId: input.userId } as never)
      .returning({ id: section.table.id });
    // A row and a declaration of "none" never stand together.
    if (section.declaration) await withdrawDeclaration(db, input.userId, section.declaration);
    return (row as { id: number }).id;
  });
}

/**
 * Updates one of the candidate's rows. A new file replaces the old one of its field, which is
 * deleted; files not sent stay. When the change replaces the row's files (spec §5), every old
 * file is deleted and the required ones must come with the change. Answers false when the row
 * is not the candidate's (or does not exist): the caller answers 404 either way.
 */
export async function updateRowWithFiles<Field extends string>(
  deps: ProfileDeps,
  section: RowSection<Field>,
  input: { userId: number; id: number; values: Record<string, unknown>; uploads: Uploads<Field>; check?: () => Promise<void> },
): Promise<boolean> {
  await assertProfileUnlocked(deps.db, input.userId, deps.now());
  await input.check?.();
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const [previous] = (await db.select().from(section.table as never).where(ownRow(section.table, input.userId, input.id)).for('update')) as Record<
      string,
      unknown
    >[];
    if (!previous) return false;
    const replacesAll = section.replacesFiles?.(previous, input.values) ?? false;
    const slots = Object.entries(section.slots) as [Field, FileSlot][];
    checkRequiredFiles(section, input.values, (field) => input.uploads[field] !== undefined || (!replacesAll && previous[section.slots[field].column] != null));

    const fileColumns: Record<string, string | null> = await storeSlots(db, deps, section, input.userId, input.uploads);
    const obsolete: string[] = [];
    for (const [field, slot] of slots) {
      const old = previous[slot.column] as string | null;
      if (!old) continue;
      if (input.uploads[field]) obsolete.push(old);
      else if (replacesAll) {
        obsolete.push(old);
        fileColumns[slot.column] = null;
      }
    }
    await db
      .update(section.table)
      .set({ ...input.values, ...fileColumns, updatedAt: new Date() } as never)
      .where(ownRow(section.table, input.userId, input.id));
    await deleteStoredFiles(db, deps.storage, obsolete);
    return true;
  });
}

/** Deletes one of the candidate's rows and its files; false when it is not theirs. */
export async function deleteRowWithFiles<Field extends string>(
  deps: ProfileDeps,
  section: RowSection<Field>,
  input: { userId: number; id: number },
): Promise<boolean> {
  await assertProfileUnlocked(deps.db, input.userId, deps.now());
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const [deleted] = (await db.delete(section.table).where(ownRow(section.table, input.userId, input.id)).returning()) as Record<string, unknown>[];
    if (!deleted) return false;
    const files = Object.values<FileSlot>(section.slots)
      .map((slot) => deleted[slot.column] as string | null)
      .filter((id): id is string => Boolean(id));
    await deleteStoredFiles(db, deps.storage, files);
    return true;
  });
}
