import { describe, expect, it } from 'vitest';
import { examOf, movedIds, type ExamPaperRow } from './exam-papers-api';

const paper = (id: number, paperOrder: number, postId = 1, serviceGroupId: number | null = null) => ({ id, paperOrder, postId, serviceGroupId }) as ExamPaperRow;

describe("moving a paper within its post's exam", () => {
  const rows = [paper(10, 2), paper(11, 1), paper(12, 3), paper(20, 1, 1, 5), paper(30, 1, 2)];

  it('keeps to the papers of the same post and group, in order', () => {
    expect(examOf(rows, rows[0]!).map((row) => row.id)).toEqual([11, 10, 12]);
    expect(examOf(rows, rows[3]!).map((row) => row.id)).toEqual([20]);
  });

  it('swaps a paper with its neighbour, and refuses to move past either end', () => {
    const exam = examOf(rows, rows[0]!);
    expect(movedIds(exam, 10, -1)).toEqual([10, 11, 12]);
    expect(movedIds(exam, 10, 1)).toEqual([11, 12, 10]);
    expect(movedIds(exam, 11, -1)).toBeNull();
    expect(movedIds(exam, 12, 1)).toBeNull();
    expect(movedIds(exam, 99, 1)).toBeNull();
  });
});
