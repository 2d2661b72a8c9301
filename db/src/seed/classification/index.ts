import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../connect';
import {
  educationLevels,
  faculties,
  posts,
  serviceClasses,
  serviceGroups,
  serviceSubgroups,
  services,
  universities,
} from '../../schema/index';
import {
  EDUCATION_LEVELS,
  FACULTIES,
  POSTS,
  SERVICES,
  SERVICE_CLASSES,
  SERVICE_GROUPS,
  SERVICE_SUBGROUPS,
  UNIVERSITIES,
} from './classification-data';

export * from './classification-data';

export type SeedClassificationOptions = {
  /**
   * Also rewrite the names (and ranks, kinds, gazetted flags) of rows that already exist, to carry
   * corrections of the data files into an installed database. Off by default: master data is
   * editable (spec §3), and a start-up seed must not undo an administrator's edit. `isActive` is
   * never touched.
   */
  updateExisting?: boolean;
};

// Every table here has fewer rows than one batch; the batching keeps a longer list (the
// commission may add groups and posts) far below PostgreSQL's 65,535 bind parameters.
const BATCH_SIZE = 200;

const TABLES = [services, serviceGroups, serviceSubgroups, serviceClasses, posts, universities, educationLevels, faculties];

/**
 * Inserts the civil service's structure (services, groups, subgroups, classes, posts) and the
 * education lists (universities and boards, levels, faculties) with the stable ids of the data
 * files, parents before children, in one transaction. Safe to run on every start: existing rows
 * are left alone, so a second run changes nothing.
 */
export async function seedClassificationData(db: Database, options: SeedClassificationOptions = {}): Promise<void> {
  const updateExisting = options.updateExisting ?? false;
  await db.transaction(async (tx) => {
    await insertRows(tx, services, SERVICES, updateExisting);
    await insertRows(tx, serviceGroups, SERVICE_GROUPS, updateExisting);
    await insertRows(tx, serviceSubgroups, SERVICE_SUBGROUPS, updateExisting);
    await insertRows(tx, serviceClasses, SERVICE_CLASSES, updateExisting);
    await insertRows(tx, posts, POSTS, updateExisting);
    await insertRows(tx, universities, UNIVERSITIES, updateExisting);
    await insertRows(tx, educationLevels, EDUCATION_LEVELS, updateExisting);
    await insertRows(tx, faculties, FACULTIES, updateExisting);
    // The ids are identity columns and the files set them explicitly, which leaves each
    // sequence at its start: move it past the seeded ids, or the first row an administrator
    // adds on a master-data screen would collide with id 1.
    for (const table of TABLES) await advanceIdentity(tx, table);
  });
}

type MasterTable = PgTable & { id: PgTable['_']['columns'][string] };

async function insertRows<T extends MasterTable>(
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

/** Moves the id sequence of `table` up to its largest id; never moves it back. */
async function advanceIdentity(db: Database, table: MasterTable): Promise<void> {
  const name = getTableName(table);
  await db.execute(sql`
    select setval(seq, top)
    from (
      select pg_get_serial_sequence(${name}, 'id') as seq, (select max(id) from ${table}) as top
    ) as identity
    where top is not null and top > coalesce(pg_sequence_last_value(seq::regclass), 0)
  `);
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
