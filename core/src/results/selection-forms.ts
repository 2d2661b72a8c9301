// The forms of written and final selection and of withholding a result (spec §2 [WS], [FS]),
// shared by the workstation and the API's validators (STYLE §3). Digits in either script are read.
import { z } from 'zod';
import { idSchema, instantSchema, optionalField, requiredDigitsText } from '../schemas/fields';
import { selectionRulesInputSchema } from './selection-rules';

const place = z.string().trim().max(300, { error: 'validation.tooLong' });

export const selectionSaveSchema = z.object({
  advertisementId: idSchema(),
  rules: selectionRulesInputSchema.optional(),
  // Rule 15: the written result's notice gives the interview's date, time and place (required to publish it).
  interviewAt: optionalField(instantSchema).nullable(),
  interviewPlaceEn: optionalField(place).nullable(),
  interviewPlaceNp: optionalField(place).nullable(),
  notes: optionalField(z.string().trim().max(2000, { error: 'validation.tooLong' })).nullable(),
});
export type SelectionSaveForm = z.infer<typeof selectionSaveSchema>;

export const selectionPreviewSchema = selectionSaveSchema.pick({ advertisementId: true, rules: true });

export const resultWithholdSchema = z.object({
  advertisementId: idSchema(),
  applicationId: idSchema(),
  // result_withholds.reason: not blank.
  reason: requiredDigitsText().pipe(z.string().max(1000, { error: 'validation.tooLong' })),
  // A court order's number as written on it, e.g. "०७८-WO-०१२३".
  orderReference: optionalField(requiredDigitsText().pipe(z.string().max(200, { error: 'validation.tooLong' }))).nullable(),
});
export type ResultWithholdForm = z.infer<typeof resultWithholdSchema>;
