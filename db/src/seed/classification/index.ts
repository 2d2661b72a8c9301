import { getTableName, sql } from 'drizzle-orm';
import type { Database } from '../../connect';
import { insertSeedRows, type SeededTable } from '../insert-seed-rows';
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
    await insertSeedRows(tx, services, SERVICES, updateExisting);
    await insertSeedRows(tx, serviceGroups, SERVICE_GROUPS, updateExisting);
    await insertSeedRows(tx, serviceSubgroups, SERVICE_SUBGROUPS, updateExisting);
    await insertSeedRows(tx, serviceClasses, SERVICE_CLASSES, updateExisting);
    await insertSeedRows(tx, posts, POSTS, updateExisting);
    await insertSeedRows(tx, universities, UNIVERSITIES, updateExisting);
    await insertSeedRows(tx, educationLevels, EDUCATION_LEVELS, updateExisting);
    await insertSeedRows(tx, faculties, FACULTIES, updateExisting);
    // The ids are identity columns and the files set them explicitly, which leaves each
    // sequence at its start: move it past the seeded ids, or the first row an administrator
    // adds on a master-data screen would collide with id 1.
    for (const table of TABLES) await advanceIdentity(tx, table);
  });
}

/** Moves the id sequence of `table` up to its largest id; never moves it back. */
async function advanceIdentity(db: Database, table: SeededTable): Promise<void> {
  const name = getTableName(table);
  await db.execute(sql`
    select setval(seq, top)
    from (
      select pg_get_serial_sequence(${name}, 'id') as seq, (select max(id) from ${table}) as top
    ) as identity
    where top is not null and top > coalesce(pg_sequence_last_value(seq::regclass), 0)
  `);
}
