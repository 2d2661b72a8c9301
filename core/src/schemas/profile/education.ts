import { z } from 'zod';
import { idSchema, optionalField } from '../fields';
import { withMessage } from '../with-message';
import { datePairFields, decimalSchema, divisionSchema, omitKeys, PROFILE_NOTE_MAX_LENGTH, profileText, readDate } from './common';

export const SCORE_TYPES = ['percentage', 'gpa'] as const;
export type ScoreType = (typeof SCORE_TYPES)[number];
export const EDUCATION_TYPES = ['national', 'foreign'] as const;
export type EducationType = (typeof EDUCATION_TYPES)[number];

/** Nepal's letter grading reports a GPA out of 4. */
export const GPA_MAX = 4;

const educationFields = z.object({
  universityId: idSchema('validation.chooseOne'),
  levelId: idSchema('validation.chooseOne'),
  facultyId: idSchema('validation.chooseOne'),
  scoreType: z.enum(SCORE_TYPES, withMessage('validation.chooseOne')),
  score: decimalSchema(),
  majorSubject: profileText(),
  description: optionalField(profileText(PROFILE_NOTE_MAX_LENGTH)),
  educationType: z.enum(EDUCATION_TYPES, withMessage('validation.chooseOne')),
  ...datePairFields('passedDate'),
  division: optionalField(divisionSchema),
});

/**
 * Spec §3 "Education" (without its files, which travel beside it in a multipart body). A
 * percentage lies in (0, 100], a GPA in (0, 4]. Files (PROFILE_UPLOADS): transcript front is
 * required, and a foreign degree needs its equivalence certificate; the API checks both.
 */
export const educationSchema = educationFields.transform((value, context) => {
  const passedDateAd = readDate(value, 'passedDate', context, { required: true, notInFuture: true });
  const isGpa = value.scoreType === 'gpa';
  if (value.score <= 0 || value.score > (isGpa ? GPA_MAX : 100)) {
    context.addIssue({ code: 'custom', path: ['score'], message: isGpa ? 'validation.gpaRange' : 'validation.scoreRange' });
  }
  return { ...omitKeys(value, ['passedDateBs']), passedDateAd: passedDateAd! };
});

export type EducationInput = z.input<typeof educationSchema>;
export type Education = z.output<typeof educationSchema>;
