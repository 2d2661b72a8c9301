import { z } from 'zod';
import { EXAM_PAPER_LIMITS } from './exam-paper';
import { toLatinDigits } from '../../numerals';
import { adDateSchema, idSchema, masterDataNameSchema, optionalField, requiredText } from '../fields';
import { withMessage } from '../with-message';
import { masterDataNumberSchema } from './master-data';

// spec §3 "Exam schedule": paper, subject, duration, exam date, start time; spec §4 "Exam
// scheduling: save, skip (bypass), review, re-schedule". A paper is either scheduled (date, start
// time, duration) or skipped with its reason. Digits may be typed in either script.

export const EXAM_SCHEDULE_REMARK_MAX = 500;

const remark = (requiredKey: 'examSchedule.remarkRequired' | 'examSchedule.skipReasonRequired') =>
  requiredText(requiredKey).max(EXAM_SCHEDULE_REMARK_MAX, withMessage('validation.maxLength'));

/** 'HH:MM' in 24 hours, Devanagari digits read as Latin ones. */
export const startTimeSchema = requiredText()
  .overwrite(toLatinDigits)
  .refine((text) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text), withMessage('examSchedule.startTimeInvalid'));

/**
 * One paper: scheduled (date, start time, duration) or skipped with its reason. One object, not a
 * union, so that each refusal names its own field.
 */
export const examSchedulePaperSchema = z
  .object({
    examPaperId: idSchema(),
    skipped: z.boolean(withMessage('validation.chooseOne')).default(false),
    examDate: optionalField(adDateSchema),
    startTime: optionalField(startTimeSchema),
    durationMinutes: optionalField(masterDataNumberSchema(EXAM_PAPER_LIMITS.durationMinutes)),
    skipReason: optionalField(z.string().trim().max(EXAM_SCHEDULE_REMARK_MAX, withMessage('validation.maxLength'))),
  })
  .superRefine((value, context) => {
    if (value.skipped) {
      if (!value.skipReason) context.addIssue({ code: 'custom', path: ['skipReason'], message: 'examSchedule.skipReasonRequired' });
      return;
    }
    for (const field of ['examDate', 'startTime', 'durationMinutes'] as const) {
      if (value[field] === undefined) context.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    }
  })
  .transform((value) =>
    value.skipped
      ? { examPaperId: value.examPaperId, skipped: true as const, skipReason: value.skipReason! }
      : { examPaperId: value.examPaperId, skipped: false as const, examDate: value.examDate!, startTime: value.startTime!, durationMinutes: value.durationMinutes! },
  );
export type ExamSchedulePaperInput = z.output<typeof examSchedulePaperSchema>;

/** Saving a schedule: some or all of the advertisement's papers, each at most once. */
export const examScheduleSaveSchema = z.object({
  papers: z
    .array(examSchedulePaperSchema, withMessage('validation.required'))
    .min(1, withMessage('validation.required'))
    .max(EXAM_PAPER_LIMITS.papersPerExam)
    .refine((papers) => new Set(papers.map((paper) => paper.examPaperId)).size === papers.length, withMessage('examSchedule.paperTwice')),
});
export type ExamScheduleSaveInput = z.output<typeof examScheduleSaveSchema>;

export const examScheduleSkipSchema = z.object({ skipReason: remark('examSchedule.skipReasonRequired') });

/** Approving takes an optional remark; sending back and re-scheduling say why. */
export const examScheduleDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), remark: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(EXAM_SCHEDULE_REMARK_MAX, withMessage('validation.maxLength')).optional()) }),
  z.object({ decision: z.literal('send-back'), remark: remark('examSchedule.remarkRequired') }),
]);
export type ExamScheduleDecisionInput = z.output<typeof examScheduleDecisionSchema>;

export const examRescheduleSchema = z.object({ remark: remark('examSchedule.remarkRequired') });

/** A public holiday (master data): no exam is scheduled on it. */
export const publicHolidaySchema = z.object({ holidayDate: adDateSchema, nameEn: masterDataNameSchema, nameNp: masterDataNameSchema });
export type PublicHolidayInput = z.output<typeof publicHolidaySchema>;
