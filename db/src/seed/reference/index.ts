import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../connect';
import {
  casteGroups,
  castes,
  disabilityClasses,
  disabilityTypes,
  districts,
  localLevelTypes,
  localLevels,
  motherTongues,
  provinces,
  religions,
} from '../../schema/index';
import {
  CASTES,
  CASTE_GROUPS,
  DISABILITY_CLASSES,
  DISABILITY_TYPES,
  DISTRICTS,
  LOCAL_LEVELS,
  LOCAL_LEVEL_TYPES,
  MOTHER_TONGUES,
  PROVINCES,
  RELIGIONS,
} from './reference-data';

export * from './reference-data';

export type SeedReferenceOptions = {
  /**
   * Also rewrite the names of rows that already exist, to carry corrections of the data files
   * into an installed database. Off by default: master data is editable (spec §3), and a start-up
   * seed must not undo an administrator's edit. `isActive` is never touched.
   */
  updateExisting?: boolean;
};

// 200 rows of at most six columns stay far below PostgreSQL's 65,535 bind parameters, and
// 753 local levels go in four statements.
const BATCH_SIZE = 200;

/**
 * Inserts the reference data of Nepal (spec §3 master data) with the stable ids of the data
 * files, parents before children, in one transaction. Safe to run on every start: existing
 * rows are left alone, so a second run changes nothing.
 */
export async function seedReferenceData(db: Database, options: SeedReferenceOptions = {}): Promise<void> {
  const updateExisting = options.updateExisting ?? false;
  await db.transaction(async (tx) => {
    await insertRows(tx, provinces, PROVINCES, updateExisting);
    await insertRows(tx, districts, DISTRICTS, updateExisting);
    await insertRows(tx, localLevelTypes, LOCAL_LEVEL_TYPES, updateExisting);
    await insertRows(tx, localLevels, LOCAL_LEVELS, updateExisting);
    await insertRows(tx, religions, RELIGIONS, updateExisting);
    await insertRows(tx, casteGroups, CASTE_GROUPS, updateExisting);
    await insertRows(tx, castes, CASTES, updateExisting);
    await insertRows(tx, motherTongues, MOTHER_TONGUES, updateExisting);
    await insertRows(tx, disabilityClasses, DISABILITY_CLASSES, updateExisting);
    await insertRows(tx, disabilityTypes, DISABILITY_TYPES, updateExisting);
  });
}

type ReferenceTable = PgTable & { id: PgTable['_']['columns'][string] };

async function insertRows<T extends ReferenceTable>(
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
