import { describe, expect, it } from 'vitest';
import { rollNumberGenerateSchema } from '../schemas/staff/roll-numbers';
import { checkRollRange, compareRollOrder, numberInRollOrder, suggestRollRange } from './roll-numbers';

const configured = [{ rollFrom: 100001, rollTo: 199999 }];

describe('checkRollRange (spec §5 "Roll generation")', () => {
  it('accepts a range that holds every approved candidate inside the configured range', () => {
    expect(checkRollRange({ rollFrom: 100001, rollTo: 100010 }, 10, configured, [])).toBeNull();
  });
  it('refuses a to-roll that does not exceed the from-roll', () => {
    expect(checkRollRange({ rollFrom: 100010, rollTo: 100010 }, 1, configured, [])?.messageKey).toBe('rollNumbers.toMustExceedFrom');
    expect(checkRollRange({ rollFrom: 100010, rollTo: 100001 }, 1, configured, [])?.messageKey).toBe('rollNumbers.toMustExceedFrom');
  });
  it('refuses a range smaller than the approved count, saying both', () => {
    expect(checkRollRange({ rollFrom: 100001, rollTo: 100009 }, 10, configured, [])).toEqual({ messageKey: 'rollNumbers.rangeTooSmall', messageParams: { size: 9, approved: 10 } });
  });
  it('refuses a range outside every configured range, or when none is configured', () => {
    expect(checkRollRange({ rollFrom: 199990, rollTo: 200010 }, 10, configured, [])?.messageKey).toBe('rollNumbers.outsideConfiguredRange');
    expect(checkRollRange({ rollFrom: 100001, rollTo: 100010 }, 10, [], [])?.messageKey).toBe('rollNumbers.noConfiguredRange');
  });
  it("refuses a range overlapping another advertisement's, naming it", () => {
    const taken = [{ advertisementCode: '2082/83-0001', rollFrom: 100005, rollTo: 100020 }];
    expect(checkRollRange({ rollFrom: 100001, rollTo: 100010 }, 10, configured, taken)).toEqual({
      messageKey: 'rollNumbers.overlapsAdvertisement',
      messageParams: { code: '2082/83-0001', from: 100005, to: 100020 },
    });
    expect(checkRollRange({ rollFrom: 100021, rollTo: 100030 }, 10, configured, taken)).toBeNull();
  });
});

describe('suggestRollRange', () => {
  it('proposes the first free stretch after the ranges taken', () => {
    expect(suggestRollRange(10, configured, [])).toEqual({ rollFrom: 100001, rollTo: 100010 });
    expect(suggestRollRange(10, configured, [{ rollFrom: 100001, rollTo: 100050 }])).toEqual({ rollFrom: 100051, rollTo: 100060 });
    expect(suggestRollRange(1, configured, [])).toEqual({ rollFrom: 100001, rollTo: 100002 });
    expect(suggestRollRange(200000, configured, [])).toBeNull();
  });
});

describe('the roll order', () => {
  it('groups by centre name (then id), then orders by English full name without case, then application id', () => {
    const candidates = [
      { applicationId: 5, examCentreNameEn: 'Pokhara', examCentreId: 2, fullNameEn: 'anita Rai' },
      { applicationId: 4, examCentreNameEn: 'Kathmandu', examCentreId: 9, fullNameEn: 'Bikash Shrestha' },
      { applicationId: 3, examCentreNameEn: 'Kathmandu', examCentreId: 9, fullNameEn: 'Anita Rai' },
      { applicationId: 2, examCentreNameEn: 'Kathmandu', examCentreId: 9, fullNameEn: 'anita rai' },
      { applicationId: 1, examCentreNameEn: 'Pokhara', examCentreId: 1, fullNameEn: 'Zed Thapa' },
    ];
    expect(numberInRollOrder(candidates, 1001).map((c) => [c.applicationId, c.rollNumber])).toEqual([
      [2, 1001],
      [3, 1002],
      [4, 1003],
      [1, 1004],
      [5, 1005],
    ]);
    expect(compareRollOrder(candidates[0]!, candidates[0]!)).toBe(0);
  });
});

describe('rollNumberGenerateSchema', () => {
  it('reads Devanagari digits and requires to-roll above from-roll', () => {
    expect(rollNumberGenerateSchema.parse({ advertisementCode: '२०८२/८३-०००१', rollFrom: '१००००१', rollTo: '१०००१०' })).toEqual({
      advertisementCode: '2082/83-0001',
      rollFrom: 100001,
      rollTo: 100010,
    });
    const refused = rollNumberGenerateSchema.safeParse({ advertisementCode: 'X', rollFrom: '10', rollTo: '10' });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['rollTo'], message: 'rollNumbers.toMustExceedFrom' });
    const empty = rollNumberGenerateSchema.safeParse({ advertisementCode: '', rollFrom: '', rollTo: '' });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual(['rollNumbers.advertisementRequired', 'rollNumbers.fromRequired', 'rollNumbers.toRequired']);
  });
});
