import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../connect';

// 200 rows of a few columns stay far below PostgreSQL's 65,535 bind parameters, and 753 local
// levels go in four statements.
const BATCH_SIZE = 200;

export type SeededTable = PgTable & { id: PgTable['_']['columns'][string] };

/**
 * Inserts seed rows by their stable ids, in batches. Existing rows are left alone, or with
 * `updateExisting` rewritten where they differ from the data files; `isActive`, the
 * administrator's switch, is never touched.
 */
export async function insertSeedRows<T extends SeededTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
  updateExisting: boolean,
): Promise<void> {
  const columns = getTableColumns(table);
  // Every column the data files carry, except the key and the administrator's on/off switch.
  const updatable = Object.keys(rows[0] ?? {}).filter((key) => key !== 'id' && key !== 'isActive');
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = rows.slice(start, start + BATCH_SIZE);
    const insert = db.insert(table).values(batch as T['$inferInsert'][]);
    if (!updateExisting || updatable.length === 0) {
      await insert.onConflictDoNothing({ target: table.id });
      continue;
    }
    const set: Record<string, SQL> = {};
    const current: SQL[] = [];
    const incoming: SQL[] = [];
    for (const key of updatable) {
      const column = columns[key]!;
      set[key] = sql.raw(`excluded.${quoteIdentifier(column.name)}`);
      current.push(sql`${column}`);
      incoming.push(set[key]);
    }
    await insert.onConflictDoUpdate({
      target: table.id,
      set,
      // Rows already equal to the data files are not rewritten, so a repeated seed writes nothing.
      setWhere: sql`(${sql.join(current, sql`, `)}) is distinct from (${sql.join(incoming, sql`, `)})`,
    });
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
