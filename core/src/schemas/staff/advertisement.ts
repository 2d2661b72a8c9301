import { z } from 'zod';
import { checkAdvertisementDates, type AdvertisementDates, type AdvertisementDateIssue } from '../../recruitment/advertisement-lifecycle';
import { adDateSchema, idSchema, optionalField } from '../fields';
import { withMessage } from '../with-message';
import { masterDataNumberSchema } from './master-data';

// Spec §2 publish-advertisement, change-advertisement-date, configure-optional-subject [PA],
// addQuotaToExistingAdvertisements [AQTEA]; §3 Advertisement (dates in A.D., shown with B.S.);
// §5 "Updating an advertisement number requires a new number". The lifecycle itself is
// core/src/recruitment/advertisement-lifecycle.ts.

const optionalDate = optionalField(adDateSchema).nullable().transform((value) => value ?? null);

const idListSchema = z
  .array(idSchema(), withMessage('validation.invalid'))
  .max(100, withMessage('validation.tooMany'))
  .refine((ids) => new Set(ids).size === ids.length, withMessage('validation.invalid'))
  .default([]);

const remarksSchema = optionalField(z.string(withMessage('validation.invalid')).trim().max(500, withMessage('validation.maxLength')))
  .nullable()
  .transform((value) => value ?? null);

const requiredRemarksSchema = z
  .string(withMessage('validation.required'))
  .trim()
  .min(1, withMessage('validation.required', { abort: true }))
  .max(500, withMessage('validation.maxLength'));

/** The seven dates of an advertisement; an absent date is cleared (the form sends them all). */
const dateFields = {
  publishDate: optionalDate,
  paymentLastDate: optionalDate,
  lastDateForSubmission: optionalDate,
  doubleFeeLastDate: optionalDate,
  ageCutOffDate: optionalDate,
  reapplyFrom: optionalDate,
  reapplyTo: optionalDate,
};

/** The field each date issue belongs to, so the form shows it beside the date that is wrong. */
export const ADVERTISEMENT_DATE_ISSUE_FIELDS: Record<Exclude<AdvertisementDateIssue, 'advertisement.datesMissing'>, keyof AdvertisementDates> = {
  'advertisement.paymentBeforePublish': 'paymentLastDate',
  'advertisement.submissionBeforePayment': 'lastDateForSubmission',
  'advertisement.doubleFeeBeforeSubmission': 'doubleFeeLastDate',
  'advertisement.reapplyWindowInvalid': 'reapplyTo',
};

/** The dates a notice needs before it goes out (checkAdvertisementDates with requireAll). */
export const ADVERTISEMENT_REQUIRED_DATES = ['publishDate', 'paymentLastDate', 'lastDateForSubmission', 'doubleFeeLastDate', 'ageCutOffDate'] as const;

/**
 * Date issues as field errors: a missing date is named on each empty field, an order problem on
 * the later date. Shared by the schemas below and the API's publish check.
 */
export type AdvertisementDateFieldIssue = { field: keyof AdvertisementDates; key: AdvertisementDateIssue };

export function describeAdvertisementDateIssues(dates: AdvertisementDates, requireAll: boolean): AdvertisementDateFieldIssue[] {
  return checkAdvertisementDates(dates, requireAll).flatMap((issue): AdvertisementDateFieldIssue[] =>
    issue === 'advertisement.datesMissing'
      ? ADVERTISEMENT_REQUIRED_DATES.filter((field) => !dates[field]).map((field) => ({ field, key: issue }))
      : [{ field: ADVERTISEMENT_DATE_ISSUE_FIELDS[issue], key: issue }],
  );
}

function refineDates(dates: AdvertisementDates, context: z.RefinementCtx) {
  for (const { field, key } of describeAdvertisementDateIssues(dates, false)) context.addIssue({ code: 'custom', path: [field], message: key });
}

/** spec §2 change-advertisement-date: publish date, payment, submission and double-fee deadlines, age cut-off, re-apply window. */
export const advertisementDatesSchema = z.object(dateFields).superRefine(refineDates);

const ageSchema = masterDataNumberSchema({ min: 1, max: 99 });

/** spec §2 publish-advertisement "configure": dates, age limits and the options candidates choose from. */
export const advertisementConfigurationSchema = z
  .object({
    ...dateFields,
    minAgeYears: ageSchema,
    maxAgeYears: ageSchema,
    // Civil Service Act: women and people with disabilities may be older.
    maxAgeYearsRelaxed: ageSchema,
    examCentreIds: idListSchema,
    optionalSubjectIds: idListSchema,
  })
  .superRefine((value, context) => {
    refineDates(value, context);
    if (!(value.minAgeYears < value.maxAgeYears && value.maxAgeYears <= value.maxAgeYearsRelaxed)) {
      context.addIssue({ code: 'custom', path: ['maxAgeYears'], message: 'advertisement.ageOrder' });
    }
  });

/** pre-live, publish, close and open: an optional remark kept in the status history. */
export const advertisementTransitionSchema = z.object({ remarks: remarksSchema });

/** spec §4 "reject pending": the reason is required. */
export const advertisementRejectSchema = z.object({ remarks: requiredRemarksSchema });

export const advertisementExamCentresSchema = z.object({ examCentreIds: idListSchema });

export const advertisementOptionalSubjectsSchema = z.object({ subjectIds: idListSchema });

/** spec §5: updating an advertisement number requires a new number (checked against the current one by the API). */
export const advertisementNumberChangeSchema = z.object({ advertisementNumberId: idSchema('distribution.numberRequired'), remarks: remarksSchema });

/** spec §2 addQuotaToExistingAdvertisements [AQTEA]: a quota, its vacancies and its own number. */
export const advertisementQuotaAddSchema = z.object({
  quotaId: idSchema('distribution.quotaRequired'),
  vacancies: masterDataNumberSchema({ min: 1, max: 100_000 }),
  advertisementNumberId: idSchema('distribution.numberRequired'),
  remarks: remarksSchema,
});

export type AdvertisementDatesInput = z.input<typeof advertisementDatesSchema>;
export type AdvertisementConfiguration = z.output<typeof advertisementConfigurationSchema>;
export type AdvertisementConfigurationInput = z.input<typeof advertisementConfigurationSchema>;
export type AdvertisementQuotaAdd = z.output<typeof advertisementQuotaAddSchema>;
