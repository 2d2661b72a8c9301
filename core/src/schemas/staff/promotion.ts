import { z } from 'zod';
import { toLatinDigits } from '../../numerals';
import { idSchema, optionalField } from '../fields';
import { withMessage } from '../with-message';
import { masterDataNumberSchema } from './master-data';

// Spec §2 configuratuin/add-promotion and configuration/approve-promotion; §3 "Promotion vacancy:
// type, number, area, fee"; §4 "Promotion: draft, live or rejected".

// Spec §9: fiscal years are written as B.S. years, e.g. 2081/82.
const fiscalYearSchema = z
  .string(withMessage('validation.required'))
  .transform(toLatinDigits)
  .pipe(z.string().regex(/^\d{4}\/\d{2}$/, withMessage('validation.fiscalYearInvalid')));

const optionalId = optionalField(idSchema()).nullable().transform((value) => value ?? null);

const optionalText = (max: number) =>
  optionalField(z.string(withMessage('validation.invalid')).trim().max(max, withMessage('validation.maxLength')))
    .nullable()
    .transform((value) => value ?? null);

export const promotionSchema = z.object({
  fiscalYear: fiscalYearSchema,
  promotionTypeId: idSchema(),
  serviceId: idSchema(),
  groupId: optionalId,
  classId: idSchema(),
  postId: optionalId,
  vacancies: masterDataNumberSchema({ min: 1, max: 100_000 }),
  area: optionalText(255),
  /** Integer rupees. */
  fee: masterDataNumberSchema(),
  /** The commission decision (number and date) behind the promotion. */
  decisionId: optionalId,
  remarks: optionalText(500),
});

/** Approve: an optional remark. */
export const promotionApproveSchema = z.object({ remarks: optionalText(500) });

/** Reject: the reason is required. */
export const promotionRejectSchema = z.object({
  remarks: z
    .string(withMessage('validation.required'))
    .trim()
    .min(1, withMessage('validation.required', { abort: true }))
    .max(500, withMessage('validation.maxLength')),
});

export type Promotion = z.output<typeof promotionSchema>;
export type PromotionInput = z.input<typeof promotionSchema>;
