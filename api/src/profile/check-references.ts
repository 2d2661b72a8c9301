import type { Database } from '@psc/db';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { FieldErrors } from './profile-errors';

type ReferenceTable = PgTable & { id: PgColumn; isActive?: PgColumn };

export type ReferenceCheck = { field: string; table: ReferenceTable; id: number | null | undefined };

/**
 * Every chosen id names an existing (and, where the list can retire entries, active) row of its
 * reference list; otherwise the field is refused with "not in the list" rather than failing on
 * the foreign key.
 */
export async function checkReferences(db: Database, checks: readonly ReferenceCheck[]): Promise<void> {
  const unknown: Record<string, ['validation.unknownChoice']> = {};
  await Promise.all(
    checks.map(async ({ field, table, id }) => {
      if (id === null || id === undefined) return;
      const conditions: SQL[] = [eq(table.id, id)];
      if (table.isActive) conditions.push(eq(table.isActive, true));
      const rows = await db
        .select({ id: table.id })
        .from(table as never)
        .where(and(...conditions))
        .limit(1);
      if (rows.length === 0) unknown[field] = ['validation.unknownChoice'];
    }),
  );
  if (Object.keys(unknown).length > 0) throw new FieldErrors(unknown);
}
