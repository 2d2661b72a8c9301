import { boolean, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

// Master data of the civil service's structure (spec §2 master-data tables: service, group,
// subgroup, class, post) and of education (university or board, level, faculty). Seeded with
// real values; staff maintain them through the master-data screens.

export const services = pgTable('services', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

export const serviceGroups = pgTable(
  'service_groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    nameEn: text('name_en').notNull(),
    nameNp: text('name_np').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('service_groups_service_idx').on(t.serviceId)],
);

export const serviceSubgroups = pgTable(
  'service_subgroups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => serviceGroups.id),
    nameEn: text('name_en').notNull(),
    nameNp: text('name_np').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('service_subgroups_group_idx').on(t.groupId)],
);

/** A class (shreni/taha) of the civil service, e.g. Gazetted Third Class; rank orders them. */
export const serviceClasses = pgTable('service_classes', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
  isGazetted: boolean('is_gazetted').notNull(),
  rank: smallint('rank').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    classId: integer('class_id')
      .notNull()
      .references(() => serviceClasses.id),
    nameEn: text('name_en').notNull(),
    nameNp: text('name_np').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('posts_class_idx').on(t.classId)],
);

export const universities = pgTable('universities', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
  kind: text('kind', { enum: ['university', 'board', 'council', 'foreign'] }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

export const educationLevels = pgTable('education_levels', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
  /** Orders levels so that "at least a Bachelor's" can be checked. */
  rank: smallint('rank').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

export const faculties = pgTable('faculties', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});
