import { z } from 'zod';
import { idSchema, optionalField } from '../fields';
import { withMessage } from '../with-message';

// The apply flow (spec §5 apply: faculty, subject, nearest exam centre; all wanted quotas
// chosen; terms accepted). The portal form and the API validate with these same schemas.

/** More quotas than any advertisement has (spec §9 lists eight kinds). */
const MAX_QUOTAS = 20;

const rowId = (key: Parameters<typeof idSchema>[0] = 'validation.required') => idSchema(key);
const optionalRowId = optionalField(rowId()).nullable().transform((value) => value ?? null);

const quotaIdsSchema = z
  .array(rowId('application.quotaInvalid'), withMessage('application.quotaRequired'))
  .min(1, withMessage('application.quotaRequired'))
  .max(MAX_QUOTAS, withMessage('application.quotaInvalid'))
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/** "All wanted service groups" and clusters (spec §5): each beyond the first adds its fee. */
const wantedCount = optionalField(z.coerce.number(withMessage('validation.number')).int(withMessage('validation.number')).min(1, withMessage('validation.number')).max(20, withMessage('validation.number')))
  .transform((value) => value ?? 1);

/** POST /api/psc/vacancies/:advertisementId/fee-quote */
export const feeQuoteRequestSchema = z.object({
  quotaIds: quotaIdsSchema,
  serviceCount: wantedCount,
  clusterCount: wantedCount,
});
export type FeeQuoteRequest = z.output<typeof feeQuoteRequestSchema>;

/** Minimum-qualification questions and their answers (question key -> answer), as given. */
const qualificationAnswersSchema = z
  .record(z.string().max(100, withMessage('validation.tooLong')), z.union([z.boolean(), z.string().max(500, withMessage('validation.tooLong'))]), withMessage('validation.invalid'))
  .refine((answers) => Object.keys(answers).length <= 30, withMessage('validation.invalid'))
  .default({});

/** POST /api/psc/applications */
export const applicationSubmitSchema = z.object({
  advertisementId: rowId(),
  advertisementQuotaIds: quotaIdsSchema,
  facultyId: optionalRowId,
  optionalSubjectId: optionalRowId,
  examCentreId: rowId('application.examCentreInvalid'),
  serviceCount: wantedCount,
  clusterCount: wantedCount,
  qualificationAnswers: qualificationAnswersSchema,
  acceptTerms: z.literal(true, withMessage('application.termsRequired')),
});
export type ApplicationSubmitInput = z.input<typeof applicationSubmitSchema>;
export type ApplicationSubmit = z.output<typeof applicationSubmitSchema>;

/** PUT /api/psc/applications/:id/exam-centre */
export const examCentreChangeSchema = z.object({ examCentreId: rowId('application.examCentreInvalid') });

/** POST /api/psc/applications/:id/quotas (additional-quota application) */
export const additionalQuotaSchema = z.object({ advertisementQuotaIds: quotaIdsSchema });
