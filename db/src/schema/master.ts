import { sql } from 'drizzle-orm';
import { SEATING_LIMITS } from '@psc/core';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { educationLevels, faculties, posts, serviceClasses } from './classification';
import { districts } from './reference';

// Master data of the commission (spec §2 master-data tables) beyond the reference and
// classification tables. Names in English and Nepali (spec §5: both required, no space at either
// end); `isActive` hides a row from new forms without breaking what refers to it.

const names = {
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
};
const active = { isActive: boolean('is_active').notNull().default(true) };

export const ministries = pgTable('ministries', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  ...names,
  ...active,
});

export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ministryId: integer('ministry_id').references(() => ministries.id),
    ...names,
    ...active,
  },
  (t) => [index('departments_ministry_idx').on(t.ministryId)],
);

/** Offices that demand or request posts, and the commission's own offices (orgId of spec §3). */
export const organizations = pgTable(
  'organizations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    departmentId: integer('department_id').references(() => departments.id),
    districtId: smallint('district_id').references(() => districts.id),
    ...names,
    /** The commission's own offices run exams and scrutiny; others only request posts. */
    isCommissionOffice: boolean('is_commission_office').notNull().default(false),
    ...active,
  },
  (t) => [index('organizations_department_idx').on(t.departmentId)],
);

export const subjects = pgTable('subjects', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  ...names,
  ...active,
});

export const clusters = pgTable('clusters', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  ...names,
  ...active,
});

export const examCentres = pgTable(
  'exam_centres',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id').references(() => organizations.id),
    districtId: smallint('district_id').references(() => districts.id),
    ...names,
    // spec §5: exam centre capacity minimum 1.
    centerCapacity: integer('center_capacity').notNull(),
    contactPerson: text('contact_person'),
    contactNumber: text('contact_number'),
    address: text('address'),
    ...active,
  },
  (t) => [check('exam_centres_capacity_check', sql`${t.centerCapacity} >= 1`), index('exam_centres_district_idx').on(t.districtId)],
);

/**
 * An exam centre where candidates sit (spec §3 "Exam centre": a school or campus with rooms), in a
 * city: the exam centre a candidate chooses when applying (exam_centres above, by district) is the
 * city, and the commission seats that city's candidates in its centres here. `capacity` is the
 * seats the centre offers at one sitting; advertisements sitting at the same time share it.
 */
export const examVenues = pgTable(
  'exam_venues',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The city: the exam centre candidates chose. */
    examCentreId: integer('exam_centre_id')
      .notNull()
      .references(() => examCentres.id),
    ...names,
    addressEn: text('address_en').notNull(),
    addressNp: text('address_np').notNull(),
    capacity: integer('capacity').notNull(),
    contactPerson: text('contact_person'),
    contactNumber: text('contact_number'),
    ...active,
  },
  (t) => [
    index('exam_venues_centre_idx').on(t.examCentreId),
    // spec §5: exam centre capacity minimum 1.
    check('exam_venues_capacity_check', sql`${t.capacity} between ${sql.raw(String(SEATING_LIMITS.venueCapacity.min))} and ${sql.raw(String(SEATING_LIMITS.venueCapacity.max))}`),
    check('exam_venues_names_check', sql`btrim(${t.nameEn}) <> '' and btrim(${t.nameNp}) <> ''`),
  ],
);

/** A room of an exam centre: its number as painted on the door, its floor and its seats. */
export const examVenueRooms = pgTable(
  'exam_venue_rooms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => examVenues.id),
    roomNumber: text('room_number').notNull(),
    floor: text('floor'),
    seats: integer('seats').notNull(),
    ...active,
  },
  (t) => [
    unique('exam_venue_rooms_number_key').on(t.venueId, t.roomNumber),
    check('exam_venue_rooms_seats_check', sql`${t.seats} between ${sql.raw(String(SEATING_LIMITS.roomSeats.min))} and ${sql.raw(String(SEATING_LIMITS.roomSeats.max))}`),
    check('exam_venue_rooms_number_check', sql`btrim(${t.roomNumber}) <> ''`),
  ],
);

/** Invigilator posts (chief, assistant, ...): a chief post heads a centre, the others keep rooms. */
export const invigilatorPosts = pgTable('invigilator_posts', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  ...names,
  isChief: boolean('is_chief').notNull().default(false),
  ...active,
});

export const invigilators = pgTable(
  'invigilators',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The office the invigilator works in. */
    organizationId: integer('organization_id').references(() => organizations.id),
    ...names,
    employeeNo: text('employee_no'),
    postId: integer('post_id').references(() => invigilatorPosts.id),
    /** A Nepali mobile number (core's phone rules), to which duty SMS go. */
    mobile: text('mobile'),
    ...active,
  },
  (t) => [index('invigilators_organization_idx').on(t.organizationId), index('invigilators_post_idx').on(t.postId)],
);

/** Roll numbers an office may issue in a fiscal year (spec §5: to-roll must exceed from-roll). */
export const rollNumberRanges = pgTable(
  'roll_number_ranges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    fiscalYear: text('fiscal_year').notNull(),
    rollFrom: bigint('roll_from', { mode: 'number' }).notNull(),
    rollTo: bigint('roll_to', { mode: 'number' }).notNull(),
    ...active,
  },
  (t) => [check('roll_number_ranges_order_check', sql`${t.rollTo} > ${t.rollFrom}`)],
);

/** Advertisement numbers an office may use in a fiscal year. */
export const advertisementRanges = pgTable(
  'advertisement_ranges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    fiscalYear: text('fiscal_year').notNull(),
    numberFrom: integer('number_from').notNull(),
    numberTo: integer('number_to').notNull(),
    ...active,
  },
  (t) => [check('advertisement_ranges_order_check', sql`${t.numberTo} > ${t.numberFrom}`)],
);

export const promotionTypes = pgTable('promotion_types', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  ...names,
  ...active,
});

/** Commission decisions (number and date) that configuration refers to. */
export const decisions = pgTable('decisions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  decisionNo: text('decision_no').notNull(),
  decisionDate: date('decision_date').notNull(),
  descriptionEn: text('description_en').notNull(),
  descriptionNp: text('description_np').notNull(),
  ...active,
});

/** Application fees by class (integer rupees, DESIGN "Numbers and money"). */
export const fees = pgTable(
  'fees',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    classId: integer('class_id')
      .notNull()
      .references(() => serviceClasses.id),
    ...names,
    amount: integer('amount').notNull(),
    ...active,
  },
  (t) => [check('fees_amount_check', sql`${t.amount} >= 0`)],
);

/** Reservation quotas (spec §9: open, female, internal, madhesi, and the inclusive groups). */
export const quotas = pgTable('quotas', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull().unique(),
  ...names,
  ...active,
});

// The feed the workstation's cache syncs from: one row per insert, update or delete of a master
// table, written by a trigger (migration "master_data_change_feed"), so no code path can forget.
export const masterDataChanges = pgTable(
  'master_data_changes',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tableName: text('table_name').notNull(),
    rowId: text('row_id').notNull(),
    operation: text('operation', { enum: ['insert', 'update', 'delete'] }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('master_data_changes_table_idx').on(t.tableName, t.seq)],
);

/**
 * Spec academic-qualification (create-qualification, view-qualification): the minimum
 * qualification of a post, an education level and the faculties it may be in. One per post.
 */
export const postQualifications = pgTable('post_qualifications', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  postId: integer('post_id')
    .notNull()
    .unique()
    .references(() => posts.id),
  educationLevelId: integer('education_level_id')
    .notNull()
    .references(() => educationLevels.id),
  description: text('description'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The faculties a post's qualification accepts; none listed means any faculty. */
export const postQualificationFaculties = pgTable(
  'post_qualification_faculties',
  {
    qualificationId: integer('qualification_id')
      .notNull()
      .references(() => postQualifications.id, { onDelete: 'cascade' }),
    facultyId: integer('faculty_id')
      .notNull()
      .references(() => faculties.id),
  },
  (t) => [primaryKey({ columns: [t.qualificationId, t.facultyId] }), index('post_qualification_faculties_faculty_idx').on(t.facultyId)],
);
