import { describe, expect, it } from 'vitest';
import { checkDistribution, proposeDistribution } from './distribute-vacancies';

// The seeded shares (Civil Service Act 7(7)): open 55%, and the reserved 45% split 33/27/22/9/5/4.
const act = [
  { quotaId: 1, basisPoints: 5500 },
  { quotaId: 2, basisPoints: 1485 },
  { quotaId: 3, basisPoints: 1215 },
  { quotaId: 4, basisPoints: 990 },
  { quotaId: 5, basisPoints: 405 },
  { quotaId: 6, basisPoints: 225 },
  { quotaId: 7, basisPoints: 180 },
  { quotaId: 8, basisPoints: 0 },
];

const sum = (lines: { vacancies: number }[]) => lines.reduce((total, line) => total + line.vacancies, 0);

describe('proposeDistribution', () => {
  it('splits 100 vacancies by the shares, rounding to whole posts', () => {
    expect(proposeDistribution(100, act)).toEqual([
      { quotaId: 1, vacancies: 55 },
      { quotaId: 2, vacancies: 15 },
      { quotaId: 3, vacancies: 12 },
      { quotaId: 4, vacancies: 10 },
      { quotaId: 5, vacancies: 4 },
      { quotaId: 6, vacancies: 2 },
      { quotaId: 7, vacancies: 2 },
    ]);
  });

  it('splits 10 vacancies and leaves out quotas with none', () => {
    const lines = proposeDistribution(10, act);
    expect(sum(lines)).toBe(10);
    expect(lines).toEqual([
      { quotaId: 1, vacancies: 6 },
      { quotaId: 2, vacancies: 2 },
      { quotaId: 3, vacancies: 1 },
      { quotaId: 4, vacancies: 1 },
    ]);
  });

  it('always adds up to the total', () => {
    for (let total = 1; total <= 300; total += 1) expect(sum(proposeDistribution(total, act))).toBe(total);
  });

  it('gives one vacancy to the largest share', () => {
    expect(proposeDistribution(1, act)).toEqual([{ quotaId: 1, vacancies: 1 }]);
  });

  it('proposes nothing without shares or vacancies', () => {
    expect(proposeDistribution(5, [{ quotaId: 1, basisPoints: 0 }])).toEqual([]);
    expect(proposeDistribution(0, act)).toEqual([]);
  });
});

describe('checkDistribution', () => {
  const line = (quotaId: number | null, vacancies: number | null, advertisementNumberId: number | null) => ({ quotaId, vacancies, advertisementNumberId });

  it('accepts lines that add up to the total, each with a quota and a number', () => {
    expect(checkDistribution(10, [line(1, 6, 11), line(2, 4, 12)])).toEqual([]);
  });

  it('names every rule of spec §5 that is broken', () => {
    expect(checkDistribution(10, [])).toEqual(['distribution.noLines']);
    expect(checkDistribution(10, [line(1, 6, null), line(2, 4, 12)])).toEqual(['distribution.numberRequired']);
    expect(checkDistribution(10, [line(null, 10, 11)])).toEqual(['distribution.quotaRequired']);
    expect(checkDistribution(10, [line(1, 5, 11), line(1, 5, 12)])).toEqual(['distribution.quotaRepeated']);
    expect(checkDistribution(10, [line(1, 5, 11), line(2, 5, 11)])).toEqual(['distribution.numberRepeated']);
    expect(checkDistribution(10, [line(1, 0, 11), line(2, 10, 12)])).toEqual(['distribution.vacancyInvalid']);
    expect(checkDistribution(10, [line(1, 2.5, 11)])).toEqual(['distribution.vacancyInvalid']);
    expect(checkDistribution(10, [line(1, 6, 11), line(2, 3, 12)])).toEqual(['distribution.sumMismatch']);
  });
});
