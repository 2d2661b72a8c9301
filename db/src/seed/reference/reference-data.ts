// The committed reference data (./data/*.json), typed by the schema's insert types. The files are
// read from disk rather than imported so that they need no place in the TypeScript project;
// reference.test.ts checks their shape and content.
import { readFileSync } from 'node:fs';
import type {
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

export type ProvinceRow = typeof provinces.$inferInsert;
export type DistrictRow = typeof districts.$inferInsert;
export type LocalLevelTypeRow = typeof localLevelTypes.$inferInsert;
export type LocalLevelRow = typeof localLevels.$inferInsert;
export type ReligionRow = typeof religions.$inferInsert;
export type CasteGroupRow = typeof casteGroups.$inferInsert;
export type CasteRow = typeof castes.$inferInsert;
export type MotherTongueRow = typeof motherTongues.$inferInsert;
export type DisabilityClassRow = typeof disabilityClasses.$inferInsert;
export type DisabilityTypeRow = typeof disabilityTypes.$inferInsert;
export type CountryRow = typeof countries.$inferInsert;

/** Federal structure, from the local-levels dataset with the corrections of corrections.ts. */
export const PROVINCES: readonly ProvinceRow[] = readData('provinces.json');
export const DISTRICTS: readonly DistrictRow[] = readData('districts.json');
export const LOCAL_LEVEL_TYPES: readonly LocalLevelTypeRow[] = readData('local-level-types.json');
export const LOCAL_LEVELS: readonly LocalLevelRow[] = readData('local-levels.json');

/** Categories of the National Population and Housing Census 2021, each list ending in Other. */
export const RELIGIONS: readonly ReligionRow[] = readData('religions.json');
export const CASTE_GROUPS: readonly CasteGroupRow[] = readData('caste-groups.json');
export const CASTES: readonly CasteRow[] = readData('castes.json');
export const MOTHER_TONGUES: readonly MotherTongueRow[] = readData('mother-tongues.json');

/** Disability Rights Act 2074 (2017): identity-card classes and the ten types of disability. */
export const DISABILITY_CLASSES: readonly DisabilityClassRow[] = readData('disability-classes.json');
export const DISABILITY_TYPES: readonly DisabilityTypeRow[] = readData('disability-types.json');

/** ISO 3166-1 with CLDR's English and Nepali names, for an address abroad (build-countries.ts). */
export const COUNTRIES: readonly CountryRow[] = readData('countries.json');

function readData<T extends { id: number }>(fileName: string): readonly T[] {
  const rows: unknown = JSON.parse(readFileSync(new URL(`./data/${fileName}`, import.meta.url), 'utf8'));
  if (!Array.isArray(rows) || !rows.every((row) => typeof row === 'object' && row !== null && Number.isInteger(row.id))) {
    throw new Error(`Reference data file ${fileName} is not a list of rows with integer ids`);
  }
  return rows as T[];
}
