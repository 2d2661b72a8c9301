import type { Database } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { loadFileRefs, type FileRefs } from './file-refs';

/** One row of a list section of the candidate, as getProfile shows it; null when not theirs. */
export async function readProfileRow<Row, Shown>(
  db: Database,
  source: {
    table: PgTable & { id: PgColumn; userId: PgColumn };
    present: (row: Row, files: FileRefs) => Shown;
    fileIds: (row: Row) => (string | null)[];
  },
  input: { userId: number; id: number },
): Promise<Shown | null> {
  const [row] = (await db
    .select()
    .from(source.table as never)
    .where(and(eq(source.table.id, input.id), eq(source.table.userId, input.userId)))) as Row[];
  if (!row) return null;
  return source.present(row, await loadFileRefs(db, source.fileIds(row)));
}
