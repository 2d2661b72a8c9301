import { z } from 'zod';
import { LIMITS } from '../../limits';
import { toLatinDigits } from '../../numerals';
import { adDateSchema, idSchema, optionalField, requiredDigitsText } from '../fields';
import type { UploadRule } from '../profile/uploads';
import { withMessage } from '../with-message';
import { masterDataNumberSchema } from './master-data';

// Spec §2 post-requisition, service-requisition [RQ]; §3 Requisition: the post, the demanding and
// requesting offices, the total vacancy and the proposed quota columns, the fees tab and the
// requisition document. Numbers accept Devanagari digits.

export const REQUISITION_KINDS = ['post', 'service'] as const;
export const REQUISITION_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type RequisitionKind = (typeof REQUISITION_KINDS)[number];
export type RequisitionStatus = (typeof REQUISITION_STATUSES)[number];

/** The purpose of a requisition document's stored file. */
export const REQUISITION_DOCUMENT_PURPOSE = 'requisition-document';

/** Spec §5: the requisition document is an image (JPEG, PNG) or a PDF under 500 KB, judged by content. */
export const REQUISITION_DOCUMENT_UPLOAD: UploadRule = {
  contentTypes: ['application/pdf', 'image/jpeg', 'image/png'],
  typeMessage: 'validation.documentType',
  maxBytes: LIMITS.uploadMaxBytes,
  accept: '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png',
};

/** Largest vacancy count and fee (rupees) a requisition may carry: well inside an integer column. */
const MAX_VACANCIES = 10_000;
const MAX_FEE = 10_000_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Spec §9: fiscal years are written as B.S. years, e.g. 2082/83.
export const fiscalYearTextSchema = z
  .string(withMessage('validation.fiscalYearInvalid'))
  .trim()
  .transform(toLatinDigits)
  .pipe(z.string().regex(/^\d{4}\/\d{2}$/, withMessage('validation.fiscalYearInvalid')));

const optionalId = optionalField(idSchema()).nullable().transform((value) => value ?? null);
const count = (min: number) => masterDataNumberSchema({ min, max: MAX_VACANCIES });
const optionalCount = optionalField(count(0)).transform((value) => value ?? 0);
const fee = masterDataNumberSchema({ min: 0, max: MAX_FEE });
const optionalFee = optionalField(fee).transform((value) => value ?? 0);
const optionalText = (max: number) =>
  optionalField(z.string(withMessage('validation.invalid')).trim().max(max, withMessage('validation.maxLength')))
    .nullable()
    .transform((value) => value ?? null);

/** A remark is required when a requisition or distribution is approved, rejected or deleted. */
export const decisionRemarksSchema = requiredDigitsText().max(1000, withMessage('validation.maxLength'));

export const requisitionSchema = z
  .object({
    kind: z.enum(REQUISITION_KINDS, withMessage('validation.chooseOne')),
    requisitionNo: requiredDigitsText().max(50, withMessage('validation.maxLength')),
    /** Absent: the fiscal year of today (the API fills it in). */
    fiscalYear: optionalField(fiscalYearTextSchema),
    serviceId: idSchema(),
    groupId: optionalId,
    subgroupId: optionalId,
    classId: idSchema(),
    postId: optionalId,
    demandOrganizationId: idSchema(),
    requestOrganizationId: idSchema(),
    clusterId: optionalId,
    totalVacancy: count(1),
    proposedOpen: optionalCount,
    proposedFemale: optionalCount,
    proposedInternal: optionalCount,
    proposedMadhesi: optionalCount,
    // Spec §3 "Fees": application, internal competition, extra quota, extra service, extra cluster.
    applicationFee: fee,
    internalCompetitionFee: optionalFee,
    extraQuotaFee: optionalFee,
    extraServiceFee: optionalFee,
    extraClusterFee: optionalFee,
    workSummary: optionalText(2000),
    requisitionRemarks: optionalText(2000),
    remarks: optionalText(2000),
    requestedDate: adDateSchema,
    // Spec §5: "an error appears when none is chosen".
    documentFileId: z
      .string(withMessage('requisition.documentRequired'))
      .trim()
      .min(1, withMessage('requisition.documentRequired', { abort: true }))
      .regex(UUID, withMessage('requisition.documentMissing')),
  })
  .superRefine((value, context) => {
    if (value.kind === 'post' && value.postId === null) context.addIssue({ code: 'custom', path: ['postId'], message: 'requisition.postRequired' });
    const proposed = value.proposedOpen + value.proposedFemale + value.proposedInternal + value.proposedMadhesi;
    if (proposed > value.totalVacancy) context.addIssue({ code: 'custom', path: ['totalVacancy'], message: 'requisition.proposedOverTotal' });
  });

export const requisitionDecisionSchema = z.object({ remarks: decisionRemarksSchema });

export type RequisitionInput = z.input<typeof requisitionSchema>;
export type Requisition = z.output<typeof requisitionSchema>;
