import { z } from 'zod';
import { checkDateOrder, datePairFields, decimalSchema, divisionSchema, omitKeys, profileText, readDate, wordsText } from './common';

/**
 * Spec §3 "Training" and §5 "Training": institute name required (letters only), training name
 * required, percentage greater than 1 and less than 100 (numbers and decimals only), from and to
 * dates, division and document required (the document is checked by the API, see PROFILE_UPLOADS).
 */
export const trainingSchema = z
  .object({
    instituteName: wordsText(),
    trainingName: profileText(),
    percentage: decimalSchema(),
    ...datePairFields('trainingFrom'),
    ...datePairFields('trainingTo'),
    division: divisionSchema,
  })
  .transform((value, context) => {
    if (!(value.percentage > 1 && value.percentage < 100)) {
      context.addIssue({ code: 'custom', path: ['percentage'], message: 'validation.percentageRange' });
    }
    const trainingFromAd = readDate(value, 'trainingFrom', context, { required: true, notInFuture: true });
    const trainingToAd = readDate(value, 'trainingTo', context, { required: true, notInFuture: true });
    checkDateOrder(trainingFromAd, trainingToAd, 'trainingTo', context);
    return { ...omitKeys(value, ['trainingFromBs', 'trainingToBs']), trainingFromAd: trainingFromAd!, trainingToAd: trainingToAd! };
  });

export type TrainingInput = z.input<typeof trainingSchema>;
export type Training = z.output<typeof trainingSchema>;
