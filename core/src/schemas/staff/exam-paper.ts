import { z } from 'zod';
import { idSchema, masterDataNameSchema, optionalField } from '../fields';
import { withMessage } from '../with-message';
import { masterDataNumberSchema } from './master-data';

// Spec §3 "Paper configuration": test type, paper type, subject name, maximum marks, paper
// duration, exam option; spec §7 "Paper filter by {classId}, {postId}, {masterDivId}". A post's
// exam is its ordered list of papers. Every number accepts Devanagari digits (DESIGN "Numbers
// and money"); the ranges here are the check constraints of db/src/schema/exams.ts.

export const EXAM_TEST_TYPES = ['written', 'practical', 'interview', 'skill', 'physical'] as const;
/** `oral` is the paper type of an interview or viva, which is neither objective nor subjective. */
export const EXAM_PAPER_TYPES = ['objective', 'subjective', 'mixed', 'oral'] as const;
/** An optional paper examines one of the subjects a candidate chooses from (configure-optional-subject). */
export const EXAM_OPTIONS = ['compulsory', 'optional'] as const;
export type ExamTestType = (typeof EXAM_TEST_TYPES)[number];
export type ExamPaperType = (typeof EXAM_PAPER_TYPES)[number];
export type ExamOption = (typeof EXAM_OPTIONS)[number];

export const EXAM_PAPER_LIMITS = {
  fullMarks: { min: 1, max: 1000 },
  passMarks: { min: 0, max: 1000 },
  durationMinutes: { min: 1, max: 600 },
  /** Papers in one post's exam (their order runs 1..max). */
  papersPerExam: 20,
} as const;

const optionalId = optionalField(idSchema()).nullable().transform((value) => value ?? null);

/** One paper of a post's exam; `serviceGroupId` is the "master division" (absent: every group). */
export const examPaperSchema = z
  .object({
    postId: idSchema(),
    serviceGroupId: optionalId,
    testType: z.enum(EXAM_TEST_TYPES, withMessage('validation.chooseOne')),
    paperType: z.enum(EXAM_PAPER_TYPES, withMessage('validation.chooseOne')),
    subjectNameEn: masterDataNameSchema,
    subjectNameNp: masterDataNameSchema,
    fullMarks: masterDataNumberSchema(EXAM_PAPER_LIMITS.fullMarks),
    passMarks: masterDataNumberSchema(EXAM_PAPER_LIMITS.passMarks),
    durationMinutes: masterDataNumberSchema(EXAM_PAPER_LIMITS.durationMinutes),
    examOption: z.enum(EXAM_OPTIONS, withMessage('validation.chooseOne')),
    optionalSubjectId: optionalId,
  })
  .superRefine((value, context) => {
    if (value.passMarks > value.fullMarks) context.addIssue({ code: 'custom', path: ['passMarks'], message: 'examPaper.passOverFull' });
    if (value.examOption === 'optional' && value.optionalSubjectId === null) {
      context.addIssue({ code: 'custom', path: ['optionalSubjectId'], message: 'examPaper.optionalSubjectRequired' });
    }
    if (value.examOption === 'compulsory' && value.optionalSubjectId !== null) {
      context.addIssue({ code: 'custom', path: ['optionalSubjectId'], message: 'examPaper.optionalSubjectOnlyForOptional' });
    }
  });

/** The new order of one post's exam: every paper id of it, first paper first. */
export const examPaperOrderSchema = z.object({
  postId: idSchema(),
  serviceGroupId: optionalId,
  paperIds: z
    .array(idSchema(), withMessage('validation.required'))
    .min(1, withMessage('validation.required'))
    .max(EXAM_PAPER_LIMITS.papersPerExam, withMessage('examPaper.tooManyPapers')),
});

export type ExamPaperInput = z.input<typeof examPaperSchema>;
export type ExamPaper = z.output<typeof examPaperSchema>;
export type ExamPaperOrder = z.output<typeof examPaperOrderSchema>;
