import { ADVERTISEMENT_STATUSES } from '@psc/core';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { posts, serviceClasses, serviceGroups, serviceSubgroups, services, faculties } from './classification';
import { storedFiles } from './files';
import { users } from './identity';
import { advertisementRanges, clusters, decisions, examCentres, organizations, promotionTypes, quotas, subjects } from './master';

// From requisition to published advertisement (spec §2 requisition, approval, percentage
// distribution, publish-advertisement; spec §3 Requisition and Advertisement; spec §4 states).
// Money is integer rupees (DESIGN "Numbers and money"); dates without time are `date` (A.D.),
// shown with B.S. beside them.

const createdBy = () =>
  integer('created_by')
    .notNull()
    .references(() => users.id);
const decidedBy = () => integer('decided_by').references(() => users.id);
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Spec §3 "Fees": the same five amounts on the requisition and, copied at approval, the advertisement. */
const feeColumns = {
  applicationFee: integer('application_fee').notNull(),
  internalCompetitionFee: integer('internal_competition_fee').notNull().default(0),
  extraQuotaFee: integer('extra_quota_fee').notNull().default(0),
  extraServiceFee: integer('extra_service_fee').notNull().default(0),
  extraClusterFee: integer('extra_cluster_fee').notNull().default(0),
};
const feeChecks = (prefix: string, t: Record<keyof typeof feeColumns, unknown>) => [
  check(
    `${prefix}_fees_check`,
    sql`${t.applicationFee} >= 0 and ${t.internalCompetitionFee} >= 0 and ${t.extraQuotaFee} >= 0 and ${t.extraServiceFee} >= 0 and ${t.extraClusterFee} >= 0`,
  ),
];

/**
 * A demand for posts sent by an office (spec §2 post-requisition, service-requisition [RQ]). By
 * post names one post; by service names the service, group and class and leaves the post open.
 * Entered by one officer, approved or rejected by another with a remark (spec §4).
 */
export const requisitions = pgTable(
  'requisitions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: ['post', 'service'] }).notNull(),
    /** The demanding office's own letter number (spec §3 requisitionNo). */
    requisitionNo: text('requisition_no').notNull(),
    fiscalYear: text('fiscal_year').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    groupId: integer('group_id').references(() => serviceGroups.id),
    subgroupId: integer('subgroup_id').references(() => serviceSubgroups.id),
    classId: integer('class_id')
      .notNull()
      .references(() => serviceClasses.id),
    postId: integer('post_id').references(() => posts.id),
    demandOrganizationId: integer('demand_organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The commission office that receives the demand and will run the exam. */
    requestOrganizationId: integer('request_organization_id')
      .notNull()
      .references(() => organizations.id),
    clusterId: integer('cluster_id').references(() => clusters.id),
    totalVacancy: integer('total_vacancy').notNull(),
    // spec §3 "Quota columns: open, female, internal, madhesi, total": the demanding office's
    // proposal; the percentage distribution decides the split that is advertised.
    proposedOpen: integer('proposed_open').notNull().default(0),
    proposedFemale: integer('proposed_female').notNull().default(0),
    proposedInternal: integer('proposed_internal').notNull().default(0),
    proposedMadhesi: integer('proposed_madhesi').notNull().default(0),
    ...feeColumns,
    workSummary: text('work_summary'),
    requisitionRemarks: text('requisition_remarks'),
    remarks: text('remarks'),
    requestedDate: date('requested_date').notNull(),
    documentFileId: uuid('document_file_id')
      .notNull()
      .references(() => storedFiles.id),
    status: text('status', { enum: ['submitted', 'approved', 'rejected'] })
      .notNull()
      .default('submitted'),
    approvalRemarks: text('approval_remarks'),
    createdBy: createdBy(),
    decidedBy: decidedBy(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    check('requisitions_total_check', sql`${t.totalVacancy} >= 1`),
    check(
      'requisitions_proposed_check',
      sql`${t.proposedOpen} >= 0 and ${t.proposedFemale} >= 0 and ${t.proposedInternal} >= 0 and ${t.proposedMadhesi} >= 0 and ${t.proposedOpen} + ${t.proposedFemale} + ${t.proposedInternal} + ${t.proposedMadhesi} <= ${t.totalVacancy}`,
    ),
    check('requisitions_post_check', sql`${t.kind} = 'service' or ${t.postId} is not null`),
    ...feeChecks('requisitions', t),
    index('requisitions_status_idx').on(t.status, t.fiscalYear),
  ],
);

/**
 * Advertisement numbers handed out from an office's range for a fiscal year. A number is
 * allocated once and never again (the unique index is the guarantee; allocation locks the range
 * row so concurrent requests queue instead of colliding).
 */
export const advertisementNumbers = pgTable(
  'advertisement_numbers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    rangeId: integer('range_id')
      .notNull()
      .references(() => advertisementRanges.id),
    fiscalYear: text('fiscal_year').notNull(),
    number: integer('number').notNull(),
    allocatedBy: createdBy(),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('advertisement_numbers_unique_idx').on(t.fiscalYear, t.number), index('advertisement_numbers_range_idx').on(t.rangeId)],
);

/** Spec §2 percentage-distribution [PD]: an approved requisition's vacancies split across quotas. */
export const vacancyDistributions = pgTable(
  'vacancy_distributions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    requisitionId: integer('requisition_id')
      .notNull()
      .references(() => requisitions.id),
    method: text('method', { enum: ['manual', 'automatic'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    remarks: text('remarks'),
    decisionRemarks: text('decision_remarks'),
    createdBy: createdBy(),
    decidedBy: decidedBy(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    // One live distribution per requisition; a rejected one may be followed by a new one.
    uniqueIndex('vacancy_distributions_live_idx').on(t.requisitionId).where(sql`${t.status} <> 'rejected'`),
  ],
);

export const vacancyDistributionLines = pgTable(
  'vacancy_distribution_lines',
  {
    distributionId: integer('distribution_id')
      .notNull()
      .references(() => vacancyDistributions.id, { onDelete: 'cascade' }),
    quotaId: integer('quota_id')
      .notNull()
      .references(() => quotas.id),
    vacancies: integer('vacancies').notNull(),
    /** spec §5: "advertisement number must be generated first". */
    advertisementNumberId: integer('advertisement_number_id')
      .notNull()
      .references(() => advertisementNumbers.id),
  },
  (t) => [
    primaryKey({ columns: [t.distributionId, t.quotaId] }),
    check('vacancy_distribution_lines_vacancies_check', sql`${t.vacancies} >= 1`),
  ],
);

/**
 * Spec §2 quota share configuration: the share of all vacancies each quota gets in the automatic
 * proposal, in hundredths of a percent (5500 = 55%). Configuration, not code: the law changes.
 */
export const quotaShares = pgTable(
  'quota_shares',
  {
    quotaId: integer('quota_id')
      .primaryKey()
      .references(() => quotas.id),
    basisPoints: integer('basis_points').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('quota_shares_range_check', sql`${t.basisPoints} between 0 and 10000`)],
);

/**
 * One advertisement per approved distribution: the post, its dates, fees and lifecycle status
 * (spec §3 Advertisement). Each quota of it carries its own advertisement number
 * (advertisement_quotas); candidates apply to the advertisement and choose quotas.
 */
export const advertisements = pgTable(
  'advertisements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** spec §3 advertisementCode, e.g. "2082/83-0007": fiscal year and a serial within it. */
    code: text('code').notNull().unique(),
    requisitionId: integer('requisition_id')
      .notNull()
      .unique()
      .references(() => requisitions.id),
    distributionId: integer('distribution_id')
      .notNull()
      .references(() => vacancyDistributions.id),
    fiscalYear: text('fiscal_year').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    groupId: integer('group_id').references(() => serviceGroups.id),
    subgroupId: integer('subgroup_id').references(() => serviceSubgroups.id),
    classId: integer('class_id')
      .notNull()
      .references(() => serviceClasses.id),
    postId: integer('post_id').references(() => posts.id),
    totalVacancy: integer('total_vacancy').notNull(),
    status: text('status', { enum: ADVERTISEMENT_STATUSES }).notNull().default('draft'),
    publishDate: date('publish_date'),
    /** spec §4: the voucher deadline; after it a candidate may convert to double-fee payment. */
    paymentLastDate: date('payment_last_date'),
    lastDateForSubmission: date('last_date_for_submission'),
    doubleFeeLastDate: date('double_fee_last_date'),
    /** Age is evaluated on this date (spec §3 cutOffDate). */
    ageCutOffDate: date('age_cut_off_date'),
    reapplyFrom: date('reapply_from'),
    reapplyTo: date('reapply_to'),
    minAgeYears: smallint('min_age_years').notNull().default(18),
    maxAgeYears: smallint('max_age_years').notNull().default(35),
    /** Civil Service Act: women and people with disabilities may be older (40 by default). */
    maxAgeYearsRelaxed: smallint('max_age_years_relaxed').notNull().default(40),
    ...feeColumns,
    statusRemarks: text('status_remarks'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    ...feeChecks('advertisements', t),
    check('advertisements_ages_check', sql`${t.minAgeYears} < ${t.maxAgeYears} and ${t.maxAgeYears} <= ${t.maxAgeYearsRelaxed}`),
    index('advertisements_public_idx').on(t.status, t.publishDate),
  ],
);

export const advertisementQuotas = pgTable(
  'advertisement_quotas',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id),
    quotaId: integer('quota_id')
      .notNull()
      .references(() => quotas.id),
    vacancies: integer('vacancies').notNull(),
    advertisementNumberId: integer('advertisement_number_id')
      .notNull()
      .unique()
      .references(() => advertisementNumbers.id),
    /** spec §3 "advertisementNumber (old and new)": the number before the last update. */
    previousAdvertisementNumberId: integer('previous_advertisement_number_id').references(() => advertisementNumbers.id),
  },
  (t) => [
    uniqueIndex('advertisement_quotas_quota_idx').on(t.advertisementId, t.quotaId),
    check('advertisement_quotas_vacancies_check', sql`${t.vacancies} >= 1`),
  ],
);

/** spec §2 exam-centre options per advertisement: the centres a candidate may choose from. */
export const advertisementExamCentres = pgTable(
  'advertisement_exam_centres',
  {
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    examCentreId: integer('exam_centre_id')
      .notNull()
      .references(() => examCentres.id),
  },
  (t) => [primaryKey({ columns: [t.advertisementId, t.examCentreId] })],
);

/** spec §2 configure-optional-subject/{id}: subjects a candidate chooses one of. */
export const advertisementOptionalSubjects = pgTable(
  'advertisement_optional_subjects',
  {
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
  },
  (t) => [primaryKey({ columns: [t.advertisementId, t.subjectId] })],
);

/** The advertisement's history for bigyapan/status: every transition, by whom, why. */
export const advertisementStatusChanges = pgTable(
  'advertisement_status_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    remarks: text('remarks'),
    actorUserId: integer('actor_user_id')
      .notNull()
      .references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('advertisement_status_changes_advertisement_idx').on(t.advertisementId, t.id)],
);

/** spec §2 configuratuin/add-promotion and configuration/approve-promotion; §3 Promotion vacancy. */
export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    fiscalYear: text('fiscal_year').notNull(),
    promotionTypeId: integer('promotion_type_id')
      .notNull()
      .references(() => promotionTypes.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    groupId: integer('group_id').references(() => serviceGroups.id),
    classId: integer('class_id')
      .notNull()
      .references(() => serviceClasses.id),
    postId: integer('post_id').references(() => posts.id),
    /** spec §3 "Promotion vacancy: type, number, area, fee". */
    vacancies: integer('vacancies').notNull(),
    area: text('area'),
    fee: integer('fee').notNull(),
    decisionId: integer('decision_id').references(() => decisions.id),
    status: text('status', { enum: ['draft', 'live', 'rejected'] })
      .notNull()
      .default('draft'),
    remarks: text('remarks'),
    decisionRemarks: text('decision_remarks'),
    createdBy: createdBy(),
    decidedBy: decidedBy(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [check('promotions_numbers_check', sql`${t.vacancies} >= 1 and ${t.fee} >= 0`), index('promotions_status_idx').on(t.status)],
);

/**
 * spec §2 configuration/relevance: which faculties of education count as relevant to a service
 * (and group), by a commission decision; used when judging promotion and qualification.
 */
export const relevances = pgTable(
  'relevances',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    groupId: integer('group_id').references(() => serviceGroups.id),
    facultyId: integer('faculty_id')
      .notNull()
      .references(() => faculties.id),
    decisionId: integer('decision_id').references(() => decisions.id),
    descriptionEn: text('description_en'),
    descriptionNp: text('description_np'),
    createdBy: createdBy(),
    ...stamps,
  },
  (t) => [unique('relevances_unique').on(t.serviceId, t.groupId, t.facultyId).nullsNotDistinct(), index('relevances_service_idx').on(t.serviceId)],
);
