import type { ExamOption, ExamPaperType, ExamTestType } from '@psc/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../connect';
import { advertisements, examPapers } from '../schema/index';
import type { DemoContext } from './demo-stages';

// The papers of a post's exam (spec §3 Paper configuration), for the demo and the tests: a
// written objective paper, a written subjective paper and an interview, the usual shape of a
// commission exam.

export type SeedExamPaper = {
  testType: ExamTestType;
  paperType: ExamPaperType;
  subjectNameEn: string;
  subjectNameNp: string;
  fullMarks: number;
  passMarks: number;
  durationMinutes: number;
  examOption?: ExamOption;
  optionalSubjectId?: number | null;
};

export const DEMO_EXAM_PAPERS: readonly SeedExamPaper[] = [
  { testType: 'written', paperType: 'objective', subjectNameEn: 'General Awareness and Public Management', subjectNameNp: 'सामान्य ज्ञान र सार्वजनिक व्यवस्थापन', fullMarks: 100, passMarks: 40, durationMinutes: 45 },
  { testType: 'written', paperType: 'subjective', subjectNameEn: 'Service-Related Subject', subjectNameNp: 'सेवा सम्बन्धी विषय', fullMarks: 100, passMarks: 40, durationMinutes: 180 },
  { testType: 'interview', paperType: 'oral', subjectNameEn: 'Interview', subjectNameNp: 'अन्तर्वार्ता', fullMarks: 20, passMarks: 0, durationMinutes: 15 },
];

/** Writes a post's exam in the given order, unless it already has papers; answers the ids. */
export async function seedExamPapers(
  db: Database,
  options: { postId: number; serviceGroupId: number | null; actorUserId: number; papers?: readonly SeedExamPaper[] },
): Promise<number[]> {
  const exam = and(eq(examPapers.postId, options.postId), options.serviceGroupId === null ? isNull(examPapers.serviceGroupId) : eq(examPapers.serviceGroupId, options.serviceGroupId));
  const existing = await db.select({ id: examPapers.id }).from(examPapers).where(exam).limit(1);
  if (existing.length > 0) return [];
  const papers = options.papers ?? DEMO_EXAM_PAPERS;
  const rows = await db
    .insert(examPapers)
    .values(
      papers.map((paper, index) => ({
        ...paper,
        examOption: paper.examOption ?? 'compulsory',
        optionalSubjectId: paper.optionalSubjectId ?? null,
        postId: options.postId,
        serviceGroupId: options.serviceGroupId,
        paperOrder: index + 1,
        createdBy: options.actorUserId,
      })),
    )
    .returning({ id: examPapers.id });
  return rows.map((row) => row.id);
}

/** Exams: the post (and group) of every demo advertisement gets the three demo papers. */
export async function seedExamPapersDemo(context: DemoContext): Promise<void> {
  const exams = await context.db
    .selectDistinct({ postId: advertisements.postId, groupId: advertisements.groupId })
    .from(advertisements)
    .where(eq(advertisements.organizationId, context.office.organizationId));
  for (const exam of exams) {
    if (exam.postId === null) continue;
    await seedExamPapers(context.db, { postId: exam.postId, serviceGroupId: exam.groupId, actorUserId: context.accounts.administrator });
  }
}
