// The committed civil-service and education master data (./data/*.json), typed by the schema's
// insert types. Read from disk like the reference data, so the files need no place in the
// TypeScript project; classification.test.ts checks their shape and content.
import { readFileSync } from 'node:fs';
import type {
  educationLevels,
  faculties,
  posts,
  serviceClasses,
  serviceGroups,
  serviceSubgroups,
  services,
  universities,
} from '../../schema/index';

export type ServiceRow = typeof services.$inferInsert;
export type ServiceGroupRow = typeof serviceGroups.$inferInsert;
export type ServiceSubgroupRow = typeof serviceSubgroups.$inferInsert;
export type ServiceClassRow = typeof serviceClasses.$inferInsert;
export type PostRow = typeof posts.$inferInsert;
export type UniversityRow = typeof universities.$inferInsert;
export type EducationLevelRow = typeof educationLevels.$inferInsert;
export type FacultyRow = typeof faculties.$inferInsert;

/** Services of the Civil Service Act 2049, s. 3, and the Nepal Health Service (Health Service Act 2053). */
export const SERVICES: readonly ServiceRow[] = readData('services.json');
/** Groups of those services, from the Civil Service Rules 2050 (Schedule 3) and each service's own rules. */
export const SERVICE_GROUPS: readonly ServiceGroupRow[] = readData('service-groups.json');
export const SERVICE_SUBGROUPS: readonly ServiceSubgroupRow[] = readData('service-subgroups.json');
/** Classes of the Civil Service Act 2049, s. 4, and the classless posts; rank grows with seniority. */
export const SERVICE_CLASSES: readonly ServiceClassRow[] = readData('service-classes.json');
export const POSTS: readonly PostRow[] = readData('posts.json');

/** Universities, health-science academies, the national board and council, and one row for abroad. */
export const UNIVERSITIES: readonly UniversityRow[] = readData('universities.json');
/** Levels of education; rank orders them, and equivalent levels share a rank. */
export const EDUCATION_LEVELS: readonly EducationLevelRow[] = readData('education-levels.json');
export const FACULTIES: readonly FacultyRow[] = readData('faculties.json');

function readData<T extends { id?: number }>(fileName: string): readonly T[] {
  const rows: unknown = JSON.parse(readFileSync(new URL(`./data/${fileName}`, import.meta.url), 'utf8'));
  if (!Array.isArray(rows) || !rows.every((row) => typeof row === 'object' && row !== null && Number.isInteger(row.id))) {
    throw new Error(`Classification data file ${fileName} is not a list of rows with integer ids`);
  }
  return rows as T[];
}
