import { z } from 'zod';
import { SCRUTINY_STATUSES } from '../../recruitment/scrutiny';
import { REMARK_REQUIRED, SCRUTINY_DECISIONS, SCRUTINY_REASON_CODES } from '../../recruitment/scrutiny-decisions';
import { idSchema, optionalField } from '../fields';
import { withMessage } from '../with-message';

// An officer's queue and decisions [SC] (spec §3 "Pre-review view", §4 "Scrutiny and pre-review
// status"). Ids fit their integer columns; the remark fits what the history keeps.

export const SCRUTINY_REMARK_MAX = 500;
export const SCRUTINY_SEARCH_MAX = 100;

export const scrutinyQueueQuerySchema = z.object({
  status: optionalField(z.enum(SCRUTINY_STATUSES, withMessage('validation.chooseOne'))),
  advertisementId: optionalField(idSchema('validation.number')),
  /** A name (either script), a master id or a citizenship number. */
  q: optionalField(z.string().trim().max(SCRUTINY_SEARCH_MAX, withMessage('validation.maxLength'))),
  page: z.coerce.number(withMessage('validation.number')).int(withMessage('validation.number')).min(1, withMessage('validation.number')).max(100_000, withMessage('validation.number')).default(1),
  pageSize: z.coerce.number(withMessage('validation.number')).int(withMessage('validation.number')).min(1, withMessage('validation.number')).max(200, withMessage('validation.number')).default(50),
});
export type ScrutinyQueueQuery = z.output<typeof scrutinyQueueQuerySchema>;

/**
 * One decision: on the whole application, or on one claimed quota (advertisementQuotaId). A hold
 * is of the whole application. `version` is the allocation's version the officer was looking at:
 * a decision made on an older view is refused, not silently applied over another.
 */
export const scrutinyDecisionSchema = z
  .object({
    decision: z.enum(SCRUTINY_DECISIONS, withMessage('validation.chooseOne')),
    advertisementQuotaId: optionalField(idSchema('validation.number')),
    reasonCode: optionalField(z.enum(SCRUTINY_REASON_CODES, withMessage('validation.chooseOne'))),
    remark: optionalField(z.string().trim().max(SCRUTINY_REMARK_MAX, withMessage('validation.maxLength'))),
    version: z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), z.number(withMessage('validation.number')).int(withMessage('validation.number')).min(0, withMessage('validation.number')).max(2_147_483_647, withMessage('validation.numberTooLarge'))),
  })
  .superRefine((value, context) => {
    if (REMARK_REQUIRED.has(value.decision) && value.reasonCode === undefined && value.remark === undefined) {
      context.addIssue({ code: 'custom', path: ['remark'], message: 'scrutiny.remarkRequired' });
    }
    if (value.decision === 'hold' && value.advertisementQuotaId !== undefined) {
      context.addIssue({ code: 'custom', path: ['advertisementQuotaId'], message: 'scrutiny.holdWholeApplication' });
    }
  });
export type ScrutinyDecisionInput = z.output<typeof scrutinyDecisionSchema>;
