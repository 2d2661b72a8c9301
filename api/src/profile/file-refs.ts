import { schema, type Database } from '@psc/db';
import { inArray } from 'drizzle-orm';

/** How the profile shows an uploaded file: enough to preview or download it. */
export type FileRef = { fileId: string; contentType: string; byteSize: number; url: string };

export type FileRefs = Map<string, FileRef>;

export function fileUrl(fileId: string): string {
  return `/api/psc/files/${fileId}`;
}

/** The stored files among these ids, in one query. */
export async function loadFileRefs(db: Database, ids: readonly (string | null | undefined)[]): Promise<FileRefs> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const refs: FileRefs = new Map();
  if (wanted.length === 0) return refs;
  const { storedFiles } = schema;
  const rows = await db
    .select({ id: storedFiles.id, contentType: storedFiles.contentType, byteSize: storedFiles.byteSize })
    .from(storedFiles)
    .where(inArray(storedFiles.id, wanted));
  for (const row of rows) refs.set(row.id, { fileId: row.id, contentType: row.contentType, byteSize: row.byteSize, url: fileUrl(row.id) });
  return refs;
}

export function refOf(refs: FileRefs, id: string | null): FileRef | null {
  return (id && refs.get(id)) || null;
}
