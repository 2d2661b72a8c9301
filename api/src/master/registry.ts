import { MASTER_DATA_SCHEMAS, type IntegerColumn, type MasterDataType } from '@psc/core';
import { schema } from '@psc/db';
import { getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A master table as the generic routes see it: an integer id and some text columns to search. */
export type MasterTable = PgTable & { id: PgColumn };

export type MasterEntry = {
  type: MasterDataType;
  table: MasterTable;
  /** Columns the list's search looks in. */
  searchColumns: PgColumn[];
  /**
   * Reference tables (db/src/schema/reference.ts) keep stable ids from the seed and have no
   * sequence; a new row takes the next free id.
   */
  assignsId: boolean;
  /** The type of the id column: a path id it cannot hold names no row (districts' ids are smallint). */
  idColumn: IntegerColumn;
};

const s = schema;

function entry(type: MasterDataType, table: MasterTable, searchColumns: PgColumn[], assignsId = false): MasterEntry {
  return { type, table, searchColumns, assignsId, idColumn: table.id.columnType === 'PgSmallInt' ? 'smallint' : 'integer' };
}

// One registry maps each type (the path segment) to its table, its schema
// (MASTER_DATA_SCHEMAS in core) and its searchable columns.
const entries: MasterEntry[] = [
  entry('districts', s.districts, [s.districts.nameEn, s.districts.nameNp], true),
  entry('local-levels', s.localLevels, [s.localLevels.nameEn, s.localLevels.nameNp], true),
  entry('castes', s.castes, [s.castes.nameEn, s.castes.nameNp], true),
  entry('religions', s.religions, [s.religions.nameEn, s.religions.nameNp], true),
  entry('mother-tongues', s.motherTongues, [s.motherTongues.nameEn, s.motherTongues.nameNp], true),
  entry('disability-types', s.disabilityTypes, [s.disabilityTypes.nameEn, s.disabilityTypes.nameNp], true),
  entry('service-classes', s.serviceClasses, [s.serviceClasses.nameEn, s.serviceClasses.nameNp]),
  entry('posts', s.posts, [s.posts.nameEn, s.posts.nameNp]),
  entry('service-groups', s.serviceGroups, [s.serviceGroups.nameEn, s.serviceGroups.nameNp]),
  entry('service-subgroups', s.serviceSubgroups, [s.serviceSubgroups.nameEn, s.serviceSubgroups.nameNp]),
  entry('services', s.services, [s.services.nameEn, s.services.nameNp]),
  entry('subjects', s.subjects, [s.subjects.nameEn, s.subjects.nameNp]),
  entry('universities', s.universities, [s.universities.nameEn, s.universities.nameNp]),
  entry('faculties', s.faculties, [s.faculties.nameEn, s.faculties.nameNp]),
  entry('education-levels', s.educationLevels, [s.educationLevels.nameEn, s.educationLevels.nameNp]),
  entry('ministries', s.ministries, [s.ministries.nameEn, s.ministries.nameNp]),
  entry('departments', s.departments, [s.departments.nameEn, s.departments.nameNp]),
  entry('organizations', s.organizations, [s.organizations.nameEn, s.organizations.nameNp]),
  entry('exam-centres', s.examCentres, [s.examCentres.nameEn, s.examCentres.nameNp, s.examCentres.address]),
  entry('invigilators', s.invigilators, [s.invigilators.nameEn, s.invigilators.nameNp, s.invigilators.employeeNo, s.invigilators.mobile]),
  entry('invigilator-posts', s.invigilatorPosts, [s.invigilatorPosts.nameEn, s.invigilatorPosts.nameNp]),
  entry('clusters', s.clusters, [s.clusters.nameEn, s.clusters.nameNp]),
  entry('roll-number-ranges', s.rollNumberRanges, [s.rollNumberRanges.fiscalYear]),
  entry('advertisement-ranges', s.advertisementRanges, [s.advertisementRanges.fiscalYear]),
  entry('promotion-types', s.promotionTypes, [s.promotionTypes.nameEn, s.promotionTypes.nameNp]),
  entry('decisions', s.decisions, [s.decisions.decisionNo, s.decisions.descriptionEn, s.decisions.descriptionNp]),
  entry('fees', s.fees, [s.fees.nameEn, s.fees.nameNp]),
  entry('quotas', s.quotas, [s.quotas.code, s.quotas.nameEn, s.quotas.nameNp]),
  entry('banks', s.banks, [s.banks.code, s.banks.nameEn, s.banks.nameNp]),
];

export const MASTER_REGISTRY: ReadonlyMap<MasterDataType, MasterEntry> = new Map(entries.map((e) => [e.type, e]));

/** Every table the change feed may name (the master tables and the reference tables they use). */
const feedTables: MasterTable[] = [
  ...entries.map((e) => e.table),
  s.provinces,
  s.localLevelTypes,
  s.casteGroups,
  s.disabilityClasses,
  s.postQualifications,
];

const typeByTableName = new Map<string, string>(entries.map((e) => [getTableName(e.table), e.type]));

export const FEED_TABLES: ReadonlyMap<string, MasterTable> = new Map(feedTables.map((table) => [getTableName(table), table]));

/** The feed's `type` of a table: the route's path segment, or the table name in the same style. */
export function feedTypeOf(tableName: string): string {
  return typeByTableName.get(tableName) ?? tableName.replace(/_/g, '-');
}

// Every type of core's list has an entry: checked once at start rather than at the first request.
for (const type of Object.keys(MASTER_DATA_SCHEMAS) as MasterDataType[]) {
  if (!MASTER_REGISTRY.has(type)) throw new Error(`master-data type ${type} has no table`);
}
