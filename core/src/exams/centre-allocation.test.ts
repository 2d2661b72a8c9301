import { describe, expect, it } from 'vitest';
import { centreAllocationSaveSchema } from '../schemas/staff/centre-allocation';
import { candidatesInRange, checkCentreAllocation, proposeCentreAllocation, uncoveredRolls, type CityBlock, type VenueCapacity } from './centre-allocation';

// spec §3 "Exam-centre allocation"; spec §4 "Exam centre assignment: temporary save, then final save".

const KTM = 1;
const PKR = 2;
// Kathmandu 101-350, Pokhara 351-400, a late Kathmandu approval at 401.
const blocks: CityBlock[] = [
  { examCentreId: KTM, rollFrom: 101, rollTo: 350, count: 250 },
  { examCentreId: PKR, rollFrom: 351, rollTo: 400, count: 50 },
  { examCentreId: KTM, rollFrom: 401, rollTo: 401, count: 1 },
];
const venues: VenueCapacity[] = [
  { venueId: 10, examCentreId: KTM, free: 100 },
  { venueId: 11, examCentreId: KTM, free: 0 },
  { venueId: 12, examCentreId: KTM, free: 200 },
  { venueId: 20, examCentreId: PKR, free: 30 },
];
const names = { venue: (id: number) => `V${id}`, city: (id: number) => (id === KTM ? 'Kathmandu' : 'Pokhara') };

describe('proposeCentreAllocation', () => {
  it('fills centres in order up to their free seats, never across another city, and reports what is left', () => {
    expect(proposeCentreAllocation(blocks, venues)).toEqual({
      ranges: [
        { venueId: 10, examCentreId: KTM, rollFrom: 101, rollTo: 200, candidates: 100 },
        { venueId: 12, examCentreId: KTM, rollFrom: 201, rollTo: 350, candidates: 150 },
        { venueId: 20, examCentreId: PKR, rollFrom: 351, rollTo: 380, candidates: 30 },
      ],
      leftOver: [
        { examCentreId: KTM, rollFrom: 401, rollTo: 401, count: 1 },
        { examCentreId: PKR, rollFrom: 381, rollTo: 400, count: 20 },
      ],
    });
  });

  it('proposes nothing for a city without centres', () => {
    expect(proposeCentreAllocation([{ examCentreId: 9, rollFrom: 1, rollTo: 5, count: 5 }], venues)).toEqual({ ranges: [], leftOver: [{ examCentreId: 9, rollFrom: 1, rollTo: 5, count: 5 }] });
  });
});

describe('counting', () => {
  it('counts the candidates of a range and the rolls no range covers', () => {
    expect(candidatesInRange({ rollFrom: 340, rollTo: 402 }, blocks)).toBe(62);
    expect(uncoveredRolls(blocks, [{ rollFrom: 101, rollTo: 200 }, { rollFrom: 211, rollTo: 350 }, { rollFrom: 351, rollTo: 400 }])).toEqual([
      { examCentreId: KTM, rollFrom: 201, rollTo: 210, count: 10 },
      { examCentreId: KTM, rollFrom: 401, rollTo: 401, count: 1 },
    ]);
  });
});

describe('checkCentreAllocation', () => {
  const check = (ranges: { venueId: number; rollFrom: number; rollTo: number }[], final = false) => checkCentreAllocation(ranges, blocks, venues, names, final).problem;

  it('accepts ranges within free seats and counts them', () => {
    const answer = checkCentreAllocation([{ venueId: 10, rollFrom: 101, rollTo: 200 }, { venueId: 12, rollFrom: 201, rollTo: 350 }], blocks, venues, names, false);
    expect(answer.problem).toBeNull();
    expect(answer.problem === null && answer.ranges.map((range) => range.candidates)).toEqual([100, 150]);
  });

  it('refuses overlapping ranges, naming both centres and the rolls', () => {
    expect(check([{ venueId: 10, rollFrom: 101, rollTo: 200 }, { venueId: 12, rollFrom: 190, rollTo: 350 }])).toEqual({
      messageKey: 'centreAllocation.overlap',
      messageParams: { first: 'V10', second: 'V12', rolls: '190-200' },
    });
  });

  it('refuses a range beyond its free seats', () => {
    expect(check([{ venueId: 10, rollFrom: 101, rollTo: 201 }])).toEqual({ messageKey: 'centreAllocation.overCapacity', messageParams: { centre: 'V10', candidates: 101, free: 100 } });
  });

  it("refuses a range holding another city's candidates", () => {
    expect(check([{ venueId: 12, rollFrom: 300, rollTo: 360 }])).toEqual({ messageKey: 'centreAllocation.otherCity', messageParams: { centre: 'V12', city: 'Pokhara', rolls: '351-360' } });
  });

  it('refuses rolls left without a centre at final save only', () => {
    const ranges = [{ venueId: 10, rollFrom: 101, rollTo: 200 }, { venueId: 12, rollFrom: 201, rollTo: 350 }, { venueId: 20, rollFrom: 351, rollTo: 380 }];
    expect(check(ranges)).toBeNull();
    expect(check(ranges, true)).toEqual({ messageKey: 'centreAllocation.leftOver', messageParams: { unallocated: 21, rolls: '381-400 (Pokhara), 401 (Kathmandu)' } });
  });

  it('refuses an unknown centre, a centre twice and an empty range', () => {
    expect(check([{ venueId: 99, rollFrom: 101, rollTo: 110 }])?.messageKey).toBe('centreAllocation.unknownCentre');
    expect(check([{ venueId: 10, rollFrom: 101, rollTo: 110 }, { venueId: 10, rollFrom: 111, rollTo: 120 }])?.messageKey).toBe('centreAllocation.centreTwice');
    expect(check([{ venueId: 10, rollFrom: 1, rollTo: 50 }])?.messageKey).toBe('centreAllocation.emptyRange');
  });
});

describe('centreAllocationSaveSchema', () => {
  it('reads Devanagari digits and refuses a range ending before it starts', () => {
    expect(centreAllocationSaveSchema.parse({ ranges: [{ venueId: '१०', rollFrom: '१०१', rollTo: 200 }] })).toEqual({ ranges: [{ venueId: 10, rollFrom: 101, rollTo: 200 }] });
    const refused = centreAllocationSaveSchema.safeParse({ ranges: [{ venueId: 10, rollFrom: 200, rollTo: 101 }] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['ranges', 0, 'rollTo'], message: 'centreAllocation.toBeforeFromField' });
  });
});
