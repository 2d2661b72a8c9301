import { APPLICATION_STATUSES, PAYMENT_STATES, PAYMENT_STATUSES, VERIFICATION_GROUPS } from '@psc/core';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { faculties } from './classification';
import { storedFiles } from './files';
import { users } from './identity';
import { examCentres, subjects } from './master';
import { advertisementQuotas, advertisements, promotions } from './recruitment';

// Apply and pay (spec §1, §2, §3 Application and Payment record, §4, §8). What a
// candidate owes is a charge; each attempt to pay it is a payment. A charge is paid at most once:
// a second payment that arrives for it is kept, marked for refund and shown to staff.

/** Banks a voucher may be deposited at (spec §2 bank list); master data, synced to the workstation. */
export const banks = pgTable('banks', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameNp: text('name_np').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

/**
 * One candidate's application to one advertisement (spec §3 Application). Submitting twice makes
 * one application: the partial unique index admits one live application per candidate and
 * advertisement, and the API inserts with "on conflict do nothing" and answers with the row that
 * is there. An expired application may be followed by a re-application (attempt + 1).
 */
export const applications = pgTable(
  'applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id),
    attempt: smallint('attempt').notNull().default(1),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    paymentState: text('payment_state', { enum: PAYMENT_STATES }).notNull().default('unpaid'),
    facultyId: integer('faculty_id').references(() => faculties.id),
    optionalSubjectId: integer('optional_subject_id').references(() => subjects.id),
    examCentreId: integer('exam_centre_id')
      .notNull()
      .references(() => examCentres.id),
    /** spec §3 pre-review: age in years, months and days on the advertisement's cut-off date. */
    ageYears: smallint('age_years').notNull(),
    ageMonths: smallint('age_months').notNull(),
    ageDays: smallint('age_days').notNull(),
    /** The minimum-qualification answers as the candidate gave them (spec apply flow). */
    qualificationAnswers: jsonb('qualification_answers').notNull().default({}),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    /** Printed on the receipt; anyone can verify an application by it. Random, not guessable. */
    receiptCode: text('receipt_code').notNull().unique(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Staff delete with confirmation and an audit record; the row stays for the payments' sake. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('applications_live_idx')
      .on(t.userId, t.advertisementId)
      .where(sql`${t.deletedAt} is null and ${t.status} <> 'expired'`),
    uniqueIndex('applications_attempt_idx').on(t.userId, t.advertisementId, t.attempt),
    index('applications_advertisement_idx').on(t.advertisementId, t.status),
    // The scrutiny report (spec §5) reads one advertisement's applications at one exam centre, in order.
    index('applications_advertisement_centre_idx').on(t.advertisementId, t.examCentreId, t.id),
    // The staff dashboard counts today's applications (spec §2 dashboard).
    index('applications_submitted_idx').on(t.submittedAt),
    // The staff dashboard counts each candidate's live applications once (spec §2 "counts for
    // Nepal and the world"): read from this index alone, in user order, not from the table.
    index('applications_live_user_idx')
      .on(t.userId)
      .where(sql`${t.deletedAt} is null`),
    check('applications_age_check', sql`${t.ageYears} >= 0 and ${t.ageMonths} between 0 and 11 and ${t.ageDays} between 0 and 31`),
  ],
);

/** The quotas an application competes in; scrutiny decides each (partially approved = some). */
export const applicationQuotas = pgTable(
  'application_quotas',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    advertisementQuotaId: integer('advertisement_quota_id')
      .notNull()
      .references(() => advertisementQuotas.id),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** Quotas added after submission (additional-quota application) carry their own charge. */
    addedLater: boolean('added_later').notNull().default(false),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.advertisementQuotaId] }), index('application_quotas_quota_idx').on(t.advertisementQuotaId)],
);

/** The application's timeline (spec: "a timeline of what happened and why"). */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Message key and parameters, so the timeline reads in either language. */
    detail: jsonb('detail').notNull().default({}),
    actorUserId: integer('actor_user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_events_application_idx').on(t.applicationId, t.id)],
);

/** A promotion application (spec /promotion/vacancy/apply/{id}). */
export const promotionApplications = pgTable(
  'promotion_applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    paymentState: text('payment_state', { enum: PAYMENT_STATES }).notNull().default('unpaid'),
    receiptCode: text('receipt_code').notNull().unique(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promotion_applications_live_idx').on(t.userId, t.promotionId)],
);

/**
 * What is owed for one purpose: the application fee (normal or double), an additional quota, a
 * re-application, a promotion application. The amount is fixed when the charge is made, by the
 * one fee rule in core.
 */
export const charges = pgTable(
  'charges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    applicationId: integer('application_id').references(() => applications.id),
    promotionApplicationId: integer('promotion_application_id').references(() => promotionApplications.id),
    purpose: text('purpose', { enum: ['application', 'double-fee', 'additional-quota', 're-apply', 'promotion'] }).notNull(),
    amount: integer('amount').notNull(),
    /** The fee rule's itemisation (core quoteApplicationFee lines and multiplier). */
    lines: jsonb('lines').notNull().default([]),
    status: text('status', { enum: ['due', 'paid', 'cancelled'] })
      .notNull()
      .default('due'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    check('charges_owner_check', sql`(${t.applicationId} is null) <> (${t.promotionApplicationId} is null)`),
    check('charges_amount_check', sql`${t.amount} >= 0`),
    index('charges_application_idx').on(t.applicationId),
    index('charges_promotion_application_idx').on(t.promotionApplicationId),
  ],
);

/**
 * One attempt to pay a charge: online through a gateway (initiated -> completed | failed), or a
 * bank voucher (submitted -> verified | rejected by staff). A charge has at most one completed or
 * verified payment (partial unique index), and at most one open gateway session; a second one is stored as refund-due. A gateway's
 * transaction reference is unique, so a replayed callback finds the payment it already made.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    chargeId: integer('charge_id')
      .notNull()
      .references(() => charges.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: ['online', 'voucher', 'ebp'] }).notNull(),
    gateway: text('gateway'),
    /** Our id for the attempt, sent to the gateway (eSewa transaction_uuid). */
    transactionUuid: text('transaction_uuid').notNull().unique(),
    /** The gateway's reference once it has one (eSewa ref_id / transaction_code). */
    gatewayReference: text('gateway_reference'),
    amount: integer('amount').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    verificationGroup: text('verification_group', { enum: VERIFICATION_GROUPS }),
    // spec §3 Payment record and voucher fields.
    bankId: integer('bank_id').references(() => banks.id),
    voucherNumber: text('voucher_number'),
    voucherFileId: uuid('voucher_file_id').references(() => storedFiles.id),
    voucherMobile: text('voucher_mobile'),
    payerName: text('payer_name'),
    ebpCode: text('ebp_code'),
    requestCode: text('request_code'),
    paidOn: timestamp('paid_on', { withTimezone: true }),
    remarks: text('remarks'),
    verifiedBy: integer('verified_by').references(() => users.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_settled_idx')
      .on(t.chargeId)
      .where(sql`${t.status} in ('completed', 'verified')`),
    // One open gateway session per charge: a second start at once meets this index and reuses
    // the open session instead of sending the candidate to pay a second time.
    uniqueIndex('payments_open_session_idx')
      .on(t.chargeId)
      .where(sql`${t.method} = 'online' and ${t.status} = 'initiated'`),
    uniqueIndex('payments_gateway_reference_idx')
      .on(t.gateway, t.gatewayReference)
      .where(sql`${t.gatewayReference} is not null`),
    uniqueIndex('payments_ebp_code_idx')
      .on(t.ebpCode)
      .where(sql`${t.ebpCode} is not null`),
    index('payments_user_idx').on(t.userId),
    index('payments_status_idx').on(t.status, t.verificationGroup),
    check('payments_amount_check', sql`${t.amount} >= 0`),
  ],
);
