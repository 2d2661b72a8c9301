import { schema, type Database } from '@psc/db';
import { count, eq, inArray } from 'drizzle-orm';
import type { FileStorage } from './file-storage';
import { lockContent } from './store-upload';

/**
 * Deletes stored files (spec §5: changing the group or level deletes the uploaded file) and the
 * bytes of any content no other stored file still uses. Call it inside the transaction that
 * drops the references; the bytes go last, after every statement, so only a failed commit could
 * leave a row without its bytes.
 */
export async function deleteStoredFiles(db: Database, storage: FileStorage, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  const { storedFiles } = schema;
  const rows = await db.select({ sha256: storedFiles.sha256 }).from(storedFiles).where(inArray(storedFiles.id, [...fileIds]));
  // Locks taken in one order, so two requests deleting overlapping files cannot deadlock.
  const hashes = [...new Set(rows.map((row) => row.sha256))].sort();
  for (const sha256 of hashes) await lockContent(db, sha256);
  await db.delete(storedFiles).where(inArray(storedFiles.id, [...fileIds]));
  const orphaned: string[] = [];
  for (const sha256 of hashes) {
    const [remaining] = await db.select({ value: count() }).from(storedFiles).where(eq(storedFiles.sha256, sha256));
    if (Number(remaining?.value ?? 0) === 0) orphaned.push(sha256);
  }
  for (const sha256 of orphaned) await storage.delete(sha256);
}
