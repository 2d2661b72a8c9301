import { describe, expect, it } from 'vitest';
import { evenShares } from './scrutiny';

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
