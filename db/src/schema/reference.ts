import { boolean, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

// Reference data of spec §3 ("other entities, named only"). Ids are stable across
// installations: they come from the seed, never from a sequence, so that exported files
// and the workstation's cache agree with the server.

export const provinces = pgTable('provinces', {
  id: smallint('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
});

export const districts = pgTable(
  'districts',
  {
    id: smallint('id').primaryKey(),
    provinceId: smallint('province_id')
      .notNull()
      .references(() => provinces.id),
    nameEn: text('name_en').notNull(),
    nameNp: text('name_np').notNull(),
  },
  (t) => [index('districts_province_idx').on(t.provinceId)],
);

/**
 * The countries of ISO 3166-1 by their alpha-2 code, named in English and Nepali (CLDR), for a
 * candidate's address abroad (spec §2 dashboard "counts for Nepal and the world").
 */
export const countries = pgTable('countries', {
  id: smallint('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
});

export const localLevelTypes = pgTable('local_level_types', {
  id: smallint('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
});

export const localLevels = pgTable(
  'local_levels',
  {
    id: integer('id').primaryKey(),
    districtId: smallint('district_id')
      .notNull()
      .references(() => districts.id),
    typeId: smallint('type_id')
      .notNull()
      .references(() => localLevelTypes.id),
    nameEn: text('name_en').notNull(),
    nameNp: text('name_np').notNull(),
    wards: smallint('wards').notNull(),
  },
  (t) => [index('local_levels_district_idx').on(t.districtId)],
);

export const religions = pgTable('religions', {
  id: integer('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

export const casteGroups = pgTable('caste_groups', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
});

export const castes = pgTable(
  'castes',
  {
    id: integer('id').primaryKey(),
    casteGroupId: integer('caste_group_id')
      .notNull()
      .references(() => casteGroups.id),
    nameEn: text('name_en').notNull(),
    nameNp: text('name_np').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('castes_group_idx').on(t.casteGroupId)],
);

export const motherTongues = pgTable('mother_tongues', {
  id: integer('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

export const disabilityClasses = pgTable('disability_classes', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
  descriptionEn: text('description_en').notNull(),
  descriptionNp: text('description_np').notNull(),
});

export const disabilityTypes = pgTable('disability_types', {
  id: integer('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
});
