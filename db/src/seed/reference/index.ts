import type { Database } from '../../connect';
import { insertSeedRows } from '../insert-seed-rows';
import {
  casteGroups,
  castes,
  countries,
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
  COUNTRIES,
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

/**
 * Inserts the reference data of Nepal (spec §3 master data) with the stable ids of the data
 * files, parents before children, in one transaction. Safe to run on every start: existing
 * rows are left alone, so a second run changes nothing.
 */
export async function seedReferenceData(db: Database, options: SeedReferenceOptions = {}): Promise<void> {
  const updateExisting = options.updateExisting ?? false;
  await db.transaction(async (tx) => {
    await insertSeedRows(tx, provinces, PROVINCES, updateExisting);
    await insertSeedRows(tx, districts, DISTRICTS, updateExisting);
    await insertSeedRows(tx, localLevelTypes, LOCAL_LEVEL_TYPES, updateExisting);
    await insertSeedRows(tx, localLevels, LOCAL_LEVELS, updateExisting);
    await insertSeedRows(tx, religions, RELIGIONS, updateExisting);
    await insertSeedRows(tx, casteGroups, CASTE_GROUPS, updateExisting);
    await insertSeedRows(tx, castes, CASTES, updateExisting);
    await insertSeedRows(tx, motherTongues, MOTHER_TONGUES, updateExisting);
    await insertSeedRows(tx, disabilityClasses, DISABILITY_CLASSES, updateExisting);
    await insertSeedRows(tx, disabilityTypes, DISABILITY_TYPES, updateExisting);
    await insertSeedRows(tx, countries, COUNTRIES, updateExisting);
  });
}
