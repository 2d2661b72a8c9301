import { schema, type Database } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import type { FileStorage } from './file-storage';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type StoredFileContent = { id: string; purpose: string; sha256: string; contentType: string; bytes: Uint8Array };

/**
 * A stored file of one owner with its bytes; null for a file that does not exist or belongs to
 * someone else, which the routes answer alike with 404 so that ids cannot be probed.
 */
export async function readStoredFile(
  db: Database,
  storage: FileStorage,
  input: { fileId: string; ownerUserId: number },
): Promise<StoredFileContent | null> {
  if (!UUID.test(input.fileId)) return null;
  const { storedFiles } = schema;
  const [row] = await db
    .select({ id: storedFiles.id, purpose: storedFiles.purpose, sha256: storedFiles.sha256, contentType: storedFiles.contentType })
    .from(storedFiles)
    .where(and(eq(storedFiles.id, input.fileId), eq(storedFiles.ownerUserId, input.ownerUserId)))
    .limit(1);
  if (!row) return null;
  const bytes = await storage.get(row.sha256);
  return bytes ? { ...row, bytes } : null;
}
