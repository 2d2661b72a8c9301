import type { ProfileDocumentKind } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { deleteStoredFiles } from '../files/delete-stored-files';
import { storeUpload, type CheckedUpload } from '../files/store-upload';
import { assertProfileUnlocked } from './assert-profile-unlocked';
import type { ProfileDeps } from './profile-deps';

/**
 * Spec §5: the photograph, signature and both sides of the citizenship certificate. A new upload
 * replaces the old file, which is deleted. Answers the new file's id.
 */
export async function saveDocument(deps: ProfileDeps, input: { userId: number; kind: ProfileDocumentKind; upload: CheckedUpload }): Promise<string> {
  await assertProfileUnlocked(deps.db, input.userId, deps.now());
  const { candidateDocuments: documents } = schema;
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const own = and(eq(documents.userId, input.userId), eq(documents.kind, input.kind));
    const [previous] = await db.select({ fileId: documents.fileId }).from(documents).where(own).for('update');
    const stored = await storeUpload(db, deps.storage, { ownerUserId: input.userId, purpose: input.kind, upload: input.upload });
    await db
      .insert(documents)
      .values({ userId: input.userId, kind: input.kind, fileId: stored.id })
      .onConflictDoUpdate({ target: [documents.userId, documents.kind], set: { fileId: stored.id, updatedAt: new Date() } });
    if (previous) await deleteStoredFiles(db, deps.storage, [previous.fileId]);
    return stored.id;
  });
}
