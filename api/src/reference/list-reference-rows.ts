import { schema, type Database } from '@psc/db';
import { asc, eq, ne } from 'drizzle-orm';

// The reference lists the profile forms choose from (spec §7 reference data
// GETs). Each row is { id, nameEn, nameNp, ...what the form needs to filter or show }. Lists
// whose entries staff can retire show only the active ones. Lists seeded in the census's order
// (religions, castes, mother tongues: largest first) keep it, which puts the common answers on top.

export type ReferenceList =
  | 'provinces'
  | 'districts'
  | 'local-levels'
  | 'religions'
  | 'castes'
  | 'caste-groups'
  | 'mother-tongues'
  | 'disability-classes'
  | 'disability-types'
  | 'universities'
  | 'education-levels'
  | 'faculties'
  | 'service-classes'
  | 'countries';

export type ReferenceFilter = { provinceId?: number; districtId?: number };

export type ReferenceRow = { id: number; nameEn: string; nameNp: string } & Record<string, string | number | boolean | null>;

export async function listReferenceRows(db: Database, list: ReferenceList, filter: ReferenceFilter = {}): Promise<ReferenceRow[]> {
  const { provinces, districts, localLevels, localLevelTypes } = schema;
  switch (list) {
    case 'provinces':
      return db.select({ id: provinces.id, nameEn: provinces.nameEn, nameNp: provinces.nameNp }).from(provinces).orderBy(asc(provinces.id));
    case 'districts':
      return db
        .select({ id: districts.id, nameEn: districts.nameEn, nameNp: districts.nameNp, provinceId: districts.provinceId })
        .from(districts)
        .where(filter.provinceId === undefined ? undefined : eq(districts.provinceId, filter.provinceId))
        .orderBy(asc(districts.nameEn));
    case 'local-levels':
      // Spec §3 contact: localBodyType is the type of the local level (metropolitan city ... rural municipality).
      return db
        .select({
          id: localLevels.id,
          nameEn: localLevels.nameEn,
          nameNp: localLevels.nameNp,
          districtId: localLevels.districtId,
          wards: localLevels.wards,
          typeId: localLevels.typeId,
          typeCode: localLevelTypes.code,
          typeNameEn: localLevelTypes.nameEn,
          typeNameNp: localLevelTypes.nameNp,
        })
        .from(localLevels)
        .innerJoin(localLevelTypes, eq(localLevelTypes.id, localLevels.typeId))
        .where(filter.districtId === undefined ? undefined : eq(localLevels.districtId, filter.districtId))
        .orderBy(asc(localLevels.nameEn));
    case 'religions':
      return activeRows(db, schema.religions);
    case 'countries':
      // For an address abroad: every country of ISO 3166-1 but Nepal.
      return db
        .select({ id: schema.countries.id, nameEn: schema.countries.nameEn, nameNp: schema.countries.nameNp, code: schema.countries.code })
        .from(schema.countries)
        .where(ne(schema.countries.code, 'NP'))
        .orderBy(asc(schema.countries.nameEn));
    case 'castes':
      return db
        .select({ id: schema.castes.id, nameEn: schema.castes.nameEn, nameNp: schema.castes.nameNp, casteGroupId: schema.castes.casteGroupId })
        .from(schema.castes)
        .where(eq(schema.castes.isActive, true))
        .orderBy(asc(schema.castes.id));
    case 'caste-groups':
      return db
        .select({ id: schema.casteGroups.id, nameEn: schema.casteGroups.nameEn, nameNp: schema.casteGroups.nameNp, code: schema.casteGroups.code })
        .from(schema.casteGroups)
        .orderBy(asc(schema.casteGroups.id));
    case 'mother-tongues':
      return activeRows(db, schema.motherTongues);
    case 'disability-classes': {
      const table = schema.disabilityClasses;
      return db
        .select({ id: table.id, nameEn: table.nameEn, nameNp: table.nameNp, code: table.code, descriptionEn: table.descriptionEn, descriptionNp: table.descriptionNp })
        .from(table)
        .orderBy(asc(table.id));
    }
    case 'disability-types':
      return db
        .select({ id: schema.disabilityTypes.id, nameEn: schema.disabilityTypes.nameEn, nameNp: schema.disabilityTypes.nameNp })
        .from(schema.disabilityTypes)
        .orderBy(asc(schema.disabilityTypes.id));
    case 'universities': {
      const table = schema.universities;
      return db
        .select({ id: table.id, nameEn: table.nameEn, nameNp: table.nameNp, kind: table.kind })
        .from(table)
        .where(eq(table.isActive, true))
        .orderBy(asc(table.nameEn));
    }
    case 'education-levels': {
      const table = schema.educationLevels;
      return db
        .select({ id: table.id, nameEn: table.nameEn, nameNp: table.nameNp, rank: table.rank })
        .from(table)
        .where(eq(table.isActive, true))
        .orderBy(asc(table.rank), asc(table.id));
    }
    case 'faculties':
      return activeRows(db, schema.faculties);
    case 'service-classes': {
      const table = schema.serviceClasses;
      return db
        .select({ id: table.id, nameEn: table.nameEn, nameNp: table.nameNp, isGazetted: table.isGazetted, rank: table.rank })
        .from(table)
        .where(eq(table.isActive, true))
        .orderBy(asc(table.rank), asc(table.id));
    }
  }
}

function activeRows(db: Database, table: typeof schema.religions | typeof schema.motherTongues | typeof schema.faculties) {
  return db
    .select({ id: table.id, nameEn: table.nameEn, nameNp: table.nameNp })
    .from(table as typeof schema.religions)
    .where(eq(table.isActive, true))
    .orderBy(asc(table.id));
}
