import type { UploadContentType } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import type { FileStorage } from './file-storage';

/** An upload whose content passed checkFileContent: `bytes` are its stored copy, `sha256` theirs. */
export type CheckedUpload = {
  bytes: Uint8Array;
  contentType: UploadContentType;
  sha256: string;
  /** For display only (DESIGN "Files": never trusted). */
  originalName: string | null;
};

/**
 * Serialises writers and deleters of the same content for the rest of the transaction, so
 * that deleting the last file of some content never removes the bytes another request is
 * storing at that moment.
 */
export async function lockContent(db: Database, sha256: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stored-file:${sha256}`}, 0))`);
}

/**
 * Records an upload as a stored file of its owner and keeps its bytes in the store. Call it
 * inside the transaction that also saves the row pointing at the file. If that transaction
 * rolls back, the bytes stay behind unreferenced; they are harmless and shared by any later
 * upload of the same content.
 */
export async function storeUpload(
  db: Database,
  storage: FileStorage,
  input: { ownerUserId: number; purpose: string; upload: CheckedUpload },
): Promise<{ id: string; contentType: string; byteSize: number }> {
  const { upload } = input;
  await lockContent(db, upload.sha256);
  const [row] = await db
    .insert(schema.storedFiles)
    .values({
      ownerUserId: input.ownerUserId,
      purpose: input.purpose,
      sha256: upload.sha256,
      contentType: upload.contentType,
      byteSize: upload.bytes.length,
      originalName: upload.originalName?.slice(0, 255) ?? null,
    })
    .returning({ id: schema.storedFiles.id, contentType: schema.storedFiles.contentType, byteSize: schema.storedFiles.byteSize });
  await storage.put(upload.sha256, upload.bytes);
  return row!;
}
