import { describe, expect, it } from 'vitest';
import { evenShares, planAllocation } from './scrutiny';

describe('evenShares', () => {
  it.each([
    [10, 3, [4, 3, 3]],
    [9, 3, [3, 3, 3]],
    [2, 3, [1, 1, 0]],
    [0, 2, [0, 0]],
    [74_000, 7, [10_572, 10_572, 10_572, 10_571, 10_571, 10_571, 10_571]],
  ])('splits %i among %i as %j', (total, officers, shares) => {
    expect(evenShares(total, officers)).toEqual(shares);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
  });

  it('refuses no officers and a negative or fractional total', () => {
    expect(() => evenShares(5, 0)).toThrow(RangeError);
    expect(() => evenShares(-1, 2)).toThrow(RangeError);
    expect(() => evenShares(1.5, 2)).toThrow(RangeError);
  });
});

describe('planAllocation', () => {
  it('splits evenly among the chosen officers whatever was typed, as the API does', () => {
    expect(planAllocation('even', 10, [null, 7, undefined])).toEqual({ shares: [4, 3, 3], total: 10, left: 0, isOver: false, missing: [] });
    expect(planAllocation('even', 10, [])).toEqual({ shares: [], total: 0, left: 10, isOver: false, missing: [] });
  });

  it('takes the counts typed, and says what stays waiting', () => {
    expect(planAllocation('counts', 7, [2, 3])).toEqual({ shares: [2, 3], total: 5, left: 2, isOver: false, missing: [] });
    expect(planAllocation('counts', 5, [2, 3])).toMatchObject({ total: 5, left: 0, isOver: false });
  });

  it('marks counts that ask for more than waits', () => {
    expect(planAllocation('counts', 4, [3, 2])).toEqual({ shares: [3, 2], total: 5, left: -1, isOver: true, missing: [] });
  });

  it('names the officers whose count is missing, zero or not whole', () => {
    expect(planAllocation('counts', 9, [null, 0, 2.5, undefined, 4])).toEqual({ shares: [0, 0, 0, 0, 4], total: 4, left: 5, isOver: false, missing: [0, 1, 2, 3] });
  });

  it('refuses a waiting count that is not a whole number', () => {
    expect(() => planAllocation('even', -1, [1])).toThrow(RangeError);
    expect(() => planAllocation('counts', 1.5, [1])).toThrow(RangeError);
  });
});
