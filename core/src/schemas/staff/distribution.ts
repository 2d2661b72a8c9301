import { z } from 'zod';
import { COLUMN_RANGES } from '../../column-ranges';
import { parseNumber } from '../../numerals';
import { idSchema, optionalField } from '../fields';
import { withMessage } from '../with-message';
import { decisionRemarksSchema } from './requisition';

// Spec §2 percentage-distribution [PD]; §5 manual distribution rules. The rules that need the
// requisition's total (checkDistribution in core/src/recruitment) run in the API; this schema only
// reads the shape, keeping an untouched line field as null so the rule can name what is missing.

export const DISTRIBUTION_METHODS = ['manual', 'automatic'] as const;
export const DISTRIBUTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];

/** The most quotas one distribution or share table may name (there are eight today). */
const MAX_LINES = 50;

/** A whole number typed in either script, or null when left empty; anything else is refused. */
const optionalWholeNumber = z.preprocess(
  (value) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : typeof value === 'string' ? (parseNumber(value) ?? value) : value),
  z
    .number(withMessage('distribution.vacancyInvalid'))
    .int(withMessage('distribution.vacancyInvalid'))
    .min(0, withMessage('distribution.vacancyInvalid'))
    .max(COLUMN_RANGES.integer.max, withMessage('validation.numberTooLarge'))
    .nullable(),
);
const nullableId = optionalField(idSchema()).nullable().transform((value) => value ?? null);

export const distributionLineSchema = z.object({
  quotaId: nullableId,
  vacancies: optionalWholeNumber,
  advertisementNumberId: nullableId,
});

export const distributionSchema = z.object({
  requisitionId: idSchema(),
  method: z.enum(DISTRIBUTION_METHODS, withMessage('validation.chooseOne')).default('manual'),
  remarks: optionalField(z.string(withMessage('validation.invalid')).trim().max(1000, withMessage('validation.maxLength')))
    .nullable()
    .transform((value) => value ?? null),
  lines: z.array(distributionLineSchema, withMessage('distribution.noLines')).max(MAX_LINES, withMessage('validation.tooMany')),
});

/** Approving may carry a remark; rejecting must (spec §2 "approve or reject with a remark"). */
export const distributionApprovalSchema = z.object({
  remarks: optionalField(decisionRemarksSchema)
    .nullable()
    .transform((value) => value ?? null),
});
export const distributionRejectionSchema = z.object({ remarks: decisionRemarksSchema });

export const advertisementNumberRequestSchema = z.object({ requisitionId: idSchema() });

/** Shares in hundredths of a percent (5500 = 55%); the API checks that all of them add up to 100%. */
export const quotaSharesSchema = z.object({
  shares: z
    .array(
      z.object({
        quotaId: idSchema(),
        basisPoints: z.preprocess(
          (value) => (typeof value === 'string' ? (parseNumber(value) ?? value) : value),
          z.number(withMessage('validation.number')).int(withMessage('validation.number')).min(0, withMessage('validation.numberTooSmall')).max(10_000, withMessage('validation.numberTooLarge')),
        ),
      }),
      withMessage('validation.invalid'),
    )
    .min(1, withMessage('distribution.sharesSum'))
    .max(MAX_LINES, withMessage('validation.tooMany'))
    .refine((shares) => new Set(shares.map((share) => share.quotaId)).size === shares.length, withMessage('distribution.quotaRepeated')),
});

export type DistributionInput = z.input<typeof distributionSchema>;
export type Distribution = z.output<typeof distributionSchema>;
export type QuotaSharesInput = z.input<typeof quotaSharesSchema>;
