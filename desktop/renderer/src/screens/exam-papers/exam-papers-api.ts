import type { ExamOption, ExamPaperType, ExamTestType } from '@psc/core';

// The answers of /api/admin/exam-papers (api/src/exam-papers) as the screens read them.

export type ExamPaperRow = {
  id: number;
  classId: number;
  classNameEn: string;
  classNameNp: string;
  postId: number;
  postNameEn: string;
  postNameNp: string;
  serviceGroupId: number | null;
  serviceGroupNameEn: string | null;
  serviceGroupNameNp: string | null;
  paperOrder: number;
  testType: ExamTestType;
  paperType: ExamPaperType;
  subjectNameEn: string;
  subjectNameNp: string;
  fullMarks: number;
  passMarks: number;
  durationMinutes: number;
  examOption: ExamOption;
  optionalSubjectId: number | null;
  optionalSubjectNameEn: string | null;
  optionalSubjectNameNp: string | null;
  createdAt: string;
  updatedAt: string;
};

export type ExamPaperHistoryEntry = {
  id: number;
  action: string;
  at: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actorNameEn: string | null;
  actorNameNp: string | null;
};

/** The name of a joined row in the reader's language, the other when that one is empty. */
export function nameIn(row: ExamPaperRow, prefix: 'class' | 'post' | 'serviceGroup' | 'optionalSubject' | 'subject', language: 'ne' | 'en'): string {
  const record = row as unknown as Record<string, string | null>;
  const en = record[`${prefix}NameEn`] ?? '';
  const np = record[`${prefix}NameNp`] ?? '';
  return language === 'ne' ? np || en : en || np;
}

/** Papers of one exam (same post and group), in their order. */
export function examOf(rows: readonly ExamPaperRow[], paper: ExamPaperRow): ExamPaperRow[] {
  return rows.filter((row) => row.postId === paper.postId && row.serviceGroupId === paper.serviceGroupId).sort((a, b) => a.paperOrder - b.paperOrder);
}

/** The exam's ids with one paper moved one place up (-1) or down (+1); null when it cannot move. */
export function movedIds(exam: readonly ExamPaperRow[], id: number, step: -1 | 1): number[] | null {
  const ids = exam.map((row) => row.id);
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}
