import { z } from 'zod';
import { toLatinDigits } from '../../numerals';
import { idSchema, requiredText } from '../fields';
import { withMessage } from '../with-message';
import { SCRUTINY_REMARK_MAX } from './scrutiny-decisions';

// Finalised scrutiny [SM] and the scrutiny reports [SD, SC] (spec §4 "Scrutiny allocation: ...
// finalise"; §5 "Scrutiny report: office, advertisement code, fiscal year and exam centre required").

/** Reopening a finalised scrutiny is explicit: its remark says why, and the audit log keeps it. */
export const scrutinyReopenSchema = z.object({
  remark: requiredText('scrutinyFinal.reopenRemarkRequired').max(SCRUTINY_REMARK_MAX, withMessage('validation.maxLength')),
});
export type ScrutinyReopenInput = z.output<typeof scrutinyReopenSchema>;

const pageField = (max: number, fallback: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? toLatinDigits(value) : value),
    z.coerce.number(withMessage('validation.number')).int(withMessage('validation.number')).min(1, withMessage('validation.number')).max(max, withMessage('validation.number')).default(fallback),
  );

/** spec §5: the four filters are required; the advertisement code and fiscal year read either script. */
export const scrutinyReportQuerySchema = z.object({
  officeId: idSchema('scrutinyReport.officeRequired'),
  advertisementCode: requiredText('scrutinyReport.advertisementRequired').overwrite(toLatinDigits).max(30, withMessage('validation.maxLength')),
  fiscalYear: requiredText('scrutinyReport.fiscalYearRequired')
    .overwrite(toLatinDigits)
    .regex(/^\d{4}\/\d{2}$/, withMessage('validation.fiscalYearInvalid')),
  examCentreId: idSchema('scrutinyReport.examCentreRequired'),
  page: pageField(100_000, 1),
  pageSize: pageField(200, 50),
});
export type ScrutinyReportQuery = z.output<typeof scrutinyReportQuerySchema>;

/** scrutiny/caste-classification: the advertisement by its code, typed in either script. */
export const casteClassificationQuerySchema = z.object({
  advertisementCode: requiredText('scrutinyReport.advertisementRequired').overwrite(toLatinDigits).max(30, withMessage('validation.maxLength')),
});
