import { describe, expect, it } from 'vitest';
import { isCompleteReorder, nextPaperOrder, totalFullMarks } from './exam-papers';

describe("a post's exam (spec §3 Paper configuration)", () => {
  it('puts a new paper after the last one, and refuses one more than the limit', () => {
    expect(nextPaperOrder([], 20)).toBe(1);
    expect(nextPaperOrder([1, 3, 2], 20)).toBe(4);
    expect(nextPaperOrder([1, 2], 2)).toBeNull();
  });

  it('accepts a new order only when it names every paper exactly once', () => {
    expect(isCompleteReorder([4, 5, 6], [6, 4, 5])).toBe(true);
    expect(isCompleteReorder([4, 5, 6], [6, 4])).toBe(false);
    expect(isCompleteReorder([4, 5, 6], [6, 4, 4])).toBe(false);
    expect(isCompleteReorder([4, 5], [4, 7])).toBe(false);
  });

  it('adds up the full marks', () => {
    expect(totalFullMarks([{ fullMarks: 100 }, { fullMarks: 50 }, { fullMarks: 20 }])).toBe(170);
  });
});
