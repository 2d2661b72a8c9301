import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { educationLevels, faculties, serviceClasses, universities } from './classification';
import { storedFiles } from './files';
import { users } from './identity';
import { casteGroups, castes, countries, disabilityClasses, disabilityTypes, districts, localLevels, motherTongues, provinces, religions } from './reference';

// The candidate's profile, section by section (spec §3). Dates are A.D. `date`s; core gives
// their B.S. form. Every row belongs to one user and is reached only through that user.

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const fileRef = (name: string) => uuid(name).references(() => storedFiles.id, { onDelete: 'set null' });
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Personal section; also the identity that makes one person one account. */
export const candidateProfiles = pgTable(
  'candidate_profiles',
  {
    userId: userRef().primaryKey(),
    nationalId: text('national_id'),
    citizenshipNumber: text('citizenship_number').notNull(),
    citizenshipIssueDistrictId: smallint('citizenship_issue_district_id')
      .notNull()
      .references(() => districts.id),
    citizenshipIssueDate: date('citizenship_issue_date').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    gender: text('gender', { enum: ['male', 'female', 'other'] }).notNull(),
    fathersName: text('fathers_name'),
    mothersName: text('mothers_name'),
    grandFathersName: text('grand_fathers_name'),
    husbandWifeName: text('husband_wife_name'),
    // A candidate with no training, no council registration or no job yet declares so; the
    // section then counts as complete with no rows (a fresh graduate can still reach 8 of 8).
    declaresNoTraining: boolean('declares_no_training').notNull().default(false),
    declaresNoProfessionalCouncil: boolean('declares_no_professional_council').notNull().default(false),
    declaresNoExperience: boolean('declares_no_experience').notNull().default(false),
    // Staff lock a profile (spec §4 "Profile ... locked or unlocked, with start and expiry dates").
    lockedFrom: timestamp('locked_from', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockReason: text('lock_reason'),
    // spec §4: the voucher can be locked too, with its own dates.
    voucherLockedFrom: timestamp('voucher_locked_from', { withTimezone: true }),
    voucherLockedUntil: timestamp('voucher_locked_until', { withTimezone: true }),
    voucherLockReason: text('voucher_lock_reason'),
    ...timestamps,
  },
  (t) => [
    // One person, one account: a citizenship certificate is identified by its number and the
    // district that issued it. Numbers are stored normalised (Latin digits, no spaces).
    uniqueIndex('candidate_profiles_citizenship_idx').on(t.citizenshipNumber, t.citizenshipIssueDistrictId),
    uniqueIndex('candidate_profiles_national_id_idx').on(t.nationalId).where(sql`${t.nationalId} is not null`),
  ],
);

export const candidateAddresses = pgTable(
  'candidate_addresses',
  {
    userId: userRef(),
    kind: text('kind', { enum: ['permanent', 'mailing'] }).notNull(),
    provinceId: smallint('province_id')
      .notNull()
      .references(() => provinces.id),
    districtId: smallint('district_id')
      .notNull()
      .references(() => districts.id),
    localLevelId: integer('local_level_id')
      .notNull()
      .references(() => localLevels.id),
    wardNo: smallint('ward_no').notNull(),
    marga: text('marga'),
    tole: text('tole'),
    gharNo: text('ghar_no'),
    phoneNo: text('phone_no'),
    mobileNo: text('mobile_no'),
    email: text('email'),
    address: text('address'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A candidate's mailing address abroad, instead of one in Nepal (many applicants work in the Gulf,
 * Malaysia or India): the country and the address as written there. The permanent address stays
 * in Nepal (candidate_addresses); a candidate has a mailing address in Nepal or abroad, not both.
 */
export const candidateAddressesAbroad = pgTable(
  'candidate_addresses_abroad',
  {
    userId: userRef().primaryKey(),
    countryId: smallint('country_id')
      .notNull()
      .references(() => countries.id),
    address: text('address').notNull(),
    ...timestamps,
  },
  (t) => [index('candidate_addresses_abroad_country_idx').on(t.countryId)],
);

export const candidateExtraDetails = pgTable('candidate_extra_details', {
  userId: userRef().primaryKey(),
  casteId: integer('caste_id').references(() => castes.id),
  casteOther: text('caste_other'),
  religionId: integer('religion_id').references(() => religions.id),
  religionOther: text('religion_other'),
  maritalStatus: text('marital_status', { enum: ['married', 'single', 'unmarried', 'widowed', 'divorced'] }).notNull(),
  employmentStatus: text('employment_status', {
    enum: ['unemployed', 'government-service', 'non-government-service', 'self-employed', 'other'],
  }).notNull(),
  employmentOther: text('employment_other'),
  motherTongueId: integer('mother_tongue_id').references(() => motherTongues.id),
  motherTongueOther: text('mother_tongue_other'),
  physicallyDisabled: boolean('physically_disabled').notNull(),
  disabilityClassId: integer('disability_class_id').references(() => disabilityClasses.id),
  disabilityTypeId: integer('disability_type_id').references(() => disabilityTypes.id),
  fathersEducation: text('fathers_education', { enum: ['cannot-read-write', 'can-read-write', 'slc', 'higher-education'] }),
  mothersEducation: text('mothers_education', { enum: ['cannot-read-write', 'can-read-write', 'slc', 'higher-education'] }),
  fatherEducationLevel: text('father_education_level'),
  motherEducationLevel: text('mother_education_level'),
  parentsMainOccupation: text('parents_main_occupation', {
    enum: ['agriculture', 'government', 'private', 'business', 'other', 'teaching-private', 'teaching-public'],
  }),
  fatherOccupation: text('father_occupation', { enum: ['service-holder', 'labour', 'service', 'other', 'homemaker'] }),
  fatherOccupationOther: text('father_occupation_other'),
  motherOccupation: text('mother_occupation', { enum: ['service-holder', 'labour', 'service', 'other', 'homemaker'] }),
  motherOccupationOther: text('mother_occupation_other'),
  area: text('area', { enum: ['hill', 'mountain', 'inner-madhes', 'terai', 'other'] }),
  areaOther: text('area_other'),
  ...timestamps,
});

/** Inclusive groups (samuha barga) claimed with a supporting document (spec §3, §5). */
export const candidateInclusiveGroups = pgTable(
  'candidate_inclusive_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    casteGroupId: integer('caste_group_id').references(() => casteGroups.id),
    groupCode: text('group_code', {
      enum: ['women', 'adivasi-janajati', 'madhesi', 'dalit', 'disabled', 'backward-area'],
    }).notNull(),
    documentFileId: fileRef('document_file_id'),
    ...timestamps,
  },
  (t) => [uniqueIndex('candidate_inclusive_groups_user_group_idx').on(t.userId, t.groupCode)],
);

export const candidateEducations = pgTable(
  'candidate_educations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    universityId: integer('university_id')
      .notNull()
      .references(() => universities.id),
    levelId: integer('level_id')
      .notNull()
      .references(() => educationLevels.id),
    facultyId: integer('faculty_id')
      .notNull()
      .references(() => faculties.id),
    scoreType: text('score_type', { enum: ['percentage', 'gpa'] }).notNull(),
    score: numeric('score', { precision: 5, scale: 2 }).notNull(),
    majorSubject: text('major_subject').notNull(),
    description: text('description'),
    educationType: text('education_type', { enum: ['national', 'foreign'] }).notNull(),
    passedDate: date('passed_date').notNull(),
    division: text('division'),
    transcriptFrontFileId: fileRef('transcript_front_file_id'),
    transcriptBackFileId: fileRef('transcript_back_file_id'),
    characterCertificateFileId: fileRef('character_certificate_file_id'),
    equivalentCertificateFileId: fileRef('equivalent_certificate_file_id'),
    ...timestamps,
  },
  (t) => [index('candidate_educations_user_idx').on(t.userId)],
);

export const candidateTrainings = pgTable(
  'candidate_trainings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    instituteName: text('institute_name').notNull(),
    trainingName: text('training_name').notNull(),
    percentage: numeric('percentage', { precision: 5, scale: 2 }).notNull(),
    trainingFrom: date('training_from').notNull(),
    trainingTo: date('training_to').notNull(),
    division: text('division').notNull(),
    certificateFileId: fileRef('certificate_file_id'),
    ...timestamps,
  },
  (t) => [index('candidate_trainings_user_idx').on(t.userId)],
);

export const candidateProfessionalCouncils = pgTable(
  'candidate_professional_councils',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    councilName: text('council_name').notNull(),
    degreeType: text('degree_type', { enum: ['permanent', 'temporary'] }).notNull(),
    dartaNo: text('darta_no').notNull(),
    issuedDate: date('issued_date').notNull(),
    renewDate: date('renew_date'),
    validityDate: date('validity_date'),
    councilType: text('council_type', { enum: ['university', 'board'] }).notNull(),
    frontFileId: fileRef('front_file_id'),
    backFileId: fileRef('back_file_id'),
    ...timestamps,
  },
  (t) => [index('candidate_professional_councils_user_idx').on(t.userId)],
);

export const candidateGovernmentExperiences = pgTable(
  'candidate_government_experiences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    institutionName: text('institution_name').notNull(),
    address: text('address').notNull(),
    post: text('post').notNull(),
    service: text('service'),
    group: text('group_name'),
    subGroup: text('sub_group_name'),
    classId: integer('class_id').references(() => serviceClasses.id),
    employmentFrom: date('employment_from').notNull(),
    // Null while the candidate still works there (spec §4: current job "Working").
    employmentTo: date('employment_to'),
    employmentStatus: text('employment_status', { enum: ['working', 'transferred', 'retired', 'resigned'] }).notNull(),
    employmentType: text('employment_type', { enum: ['permanent', 'temporary', 'contract'] }).notNull(),
    certificateFileId: fileRef('certificate_file_id'),
    remarks: text('remarks'),
    ...timestamps,
  },
  (t) => [index('candidate_government_experiences_user_idx').on(t.userId)],
);

export const candidateNonGovernmentExperiences = pgTable(
  'candidate_non_government_experiences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    institutionName: text('institution_name').notNull(),
    // spec §3: employmentStatus is labelled "Post" on this form.
    post: text('post').notNull(),
    employmentFrom: date('employment_from').notNull(),
    employmentTo: date('employment_to'),
    employmentType: text('employment_type', { enum: ['permanent', 'temporary', 'contract'] }).notNull(),
    expMatchOfficerLevel: boolean('exp_match_officer_level').notNull().default(false),
    certificateFileId: fileRef('certificate_file_id'),
    ...timestamps,
  },
  (t) => [index('candidate_non_government_experiences_user_idx').on(t.userId)],
);

/** The four documents every application needs (spec §5 apply: citizenship, photograph, signature). */
export const candidateDocuments = pgTable(
  'candidate_documents',
  {
    userId: userRef(),
    kind: text('kind', { enum: ['photograph', 'signature', 'citizenship-front', 'citizenship-back'] }).notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
