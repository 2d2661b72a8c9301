import type { MessageKey } from '../i18n';

// Pure rules of exam-centre allocation [ECA] (spec §3 "Exam-centre allocation: fiscal year,
// organization, exam centre, exam paper, roll from, roll to, advertisement code and capacity
// required"; spec §4 "Exam centre assignment: temporary save, then final save, revert, complete").
//
// A sitting's roll numbers were generated grouped by city (the exam centre the candidate chose),
// so each city holds consecutive blocks of numbers (usually one; late approvals append a block at
// the end). Each exam centre (a school of a city) takes one roll range of the sitting, no wider
// than its free capacity at that time (its capacity less what overlapping sittings of any
// advertisement hold there). The API reads the blocks and free capacities in a few aggregate
// queries and calls these rules; nothing here grows with the number of candidates.

/** Consecutive roll numbers of one city in a sitting, every number in between present. */
export type CityBlock = { examCentreId: number; rollFrom: number; rollTo: number; count: number };

/** An exam centre of a city with the seats it has free at the sitting's time. */
export type VenueCapacity = { venueId: number; examCentreId: number; free: number };

/** One centre's roll range in a sitting. */
export type VenueRange = { venueId: number; rollFrom: number; rollTo: number };

export type CountedRange = VenueRange & { examCentreId: number; candidates: number };

export type RollSpan = { rollFrom: number; rollTo: number; count: number };

export type Proposal = { ranges: CountedRange[]; leftOver: (RollSpan & { examCentreId: number })[] };

/**
 * Fills each city's centres in order up to their free capacity with the city's roll numbers in
 * order. A centre's range never runs across two blocks (the numbers between belong to another
 * city), so a block ending part way through a centre closes that centre. What no centre can take
 * is reported per city as left over.
 */
export function proposeCentreAllocation(blocks: readonly CityBlock[], venues: readonly VenueCapacity[]): Proposal {
  const ranges: CountedRange[] = [];
  const leftOver: Proposal['leftOver'] = [];
  const cities = [...new Set(blocks.map((block) => block.examCentreId))];
  for (const city of cities) {
    const cityBlocks = blocks.filter((block) => block.examCentreId === city).sort((a, b) => a.rollFrom - b.rollFrom);
    const cityVenues = venues.filter((venue) => venue.examCentreId === city && venue.free > 0);
    let venueIndex = 0;
    for (const block of cityBlocks) {
      let next = block.rollFrom;
      while (next <= block.rollTo && venueIndex < cityVenues.length) {
        const venue = cityVenues[venueIndex]!;
        const take = Math.min(venue.free, block.rollTo - next + 1);
        ranges.push({ venueId: venue.venueId, examCentreId: city, rollFrom: next, rollTo: next + take - 1, candidates: take });
        next += take;
        venueIndex += 1;
      }
      if (next <= block.rollTo) leftOver.push({ examCentreId: city, rollFrom: next, rollTo: block.rollTo, count: block.rollTo - next + 1 });
    }
  }
  return { ranges, leftOver };
}

/** How many of the sitting's candidates a range holds, read from the blocks. */
export function candidatesInRange(range: { rollFrom: number; rollTo: number }, blocks: readonly CityBlock[]): number {
  let count = 0;
  for (const block of blocks) {
    const from = Math.max(range.rollFrom, block.rollFrom);
    const to = Math.min(range.rollTo, block.rollTo);
    if (from <= to) count += to - from + 1;
  }
  return count;
}

/** The roll numbers of the blocks no range covers, as spans in order. */
export function uncoveredRolls(blocks: readonly CityBlock[], ranges: readonly { rollFrom: number; rollTo: number }[]): (RollSpan & { examCentreId: number })[] {
  const sorted = [...ranges].sort((a, b) => a.rollFrom - b.rollFrom);
  const gaps: (RollSpan & { examCentreId: number })[] = [];
  for (const block of [...blocks].sort((a, b) => a.rollFrom - b.rollFrom)) {
    let next = block.rollFrom;
    for (const range of sorted) {
      if (range.rollTo < next || range.rollFrom > block.rollTo) continue;
      if (range.rollFrom > next) gaps.push({ examCentreId: block.examCentreId, rollFrom: next, rollTo: range.rollFrom - 1, count: range.rollFrom - next });
      next = Math.max(next, range.rollTo + 1);
      if (next > block.rollTo) break;
    }
    if (next <= block.rollTo) gaps.push({ examCentreId: block.examCentreId, rollFrom: next, rollTo: block.rollTo, count: block.rollTo - next + 1 });
  }
  return gaps;
}

export type CentreAllocationProblem = { messageKey: MessageKey; messageParams: Record<string, string | number> };

/** Names shown in a refusal: a centre's and a city's, in the user's language (the API picks). */
export type Names = { venue: (venueId: number) => string; city: (examCentreId: number) => string };

const spanText = (span: { rollFrom: number; rollTo: number }) => (span.rollFrom === span.rollTo ? String(span.rollFrom) : `${span.rollFrom}-${span.rollTo}`);

/**
 * The first thing wrong with a sitting's ranges, in the order staff fix them, or null with the
 * ranges counted: a centre that is not one of the sitting's cities' centres or appears twice; a
 * range holding no candidate; two ranges overlapping; a range holding roll numbers of another
 * city than its centre's; a range beyond its centre's free capacity; and, at final save
 * (`final`), roll numbers left without a centre.
 */
export function checkCentreAllocation(
  ranges: readonly VenueRange[],
  blocks: readonly CityBlock[],
  venues: readonly VenueCapacity[],
  names: Names,
  final: boolean,
): { problem: CentreAllocationProblem } | { problem: null; ranges: CountedRange[] } {
  const byVenue = new Map(venues.map((venue) => [venue.venueId, venue]));
  const seen = new Set<number>();
  for (const range of ranges) {
    const venue = byVenue.get(range.venueId);
    if (!venue) return { problem: { messageKey: 'centreAllocation.unknownCentre', messageParams: { id: range.venueId } } };
    if (seen.has(range.venueId)) return { problem: { messageKey: 'centreAllocation.centreTwice', messageParams: { centre: names.venue(range.venueId) } } };
    seen.add(range.venueId);
    if (range.rollTo < range.rollFrom) return { problem: { messageKey: 'centreAllocation.toBeforeFrom', messageParams: { centre: names.venue(range.venueId) } } };
  }
  const sorted = [...ranges].sort((a, b) => a.rollFrom - b.rollFrom);
  for (let index = 1; index < sorted.length; index += 1) {
    const before = sorted[index - 1]!;
    const after = sorted[index]!;
    if (after.rollFrom <= before.rollTo) {
      return {
        problem: {
          messageKey: 'centreAllocation.overlap',
          messageParams: { first: names.venue(before.venueId), second: names.venue(after.venueId), rolls: spanText({ rollFrom: after.rollFrom, rollTo: Math.min(before.rollTo, after.rollTo) }) },
        },
      };
    }
  }
  const counted: CountedRange[] = [];
  for (const range of ranges) {
    const venue = byVenue.get(range.venueId)!;
    const foreign = blocks.find((block) => block.examCentreId !== venue.examCentreId && block.rollFrom <= range.rollTo && range.rollFrom <= block.rollTo);
    if (foreign) {
      return {
        problem: {
          messageKey: 'centreAllocation.otherCity',
          messageParams: {
            centre: names.venue(range.venueId),
            city: names.city(foreign.examCentreId),
            rolls: spanText({ rollFrom: Math.max(range.rollFrom, foreign.rollFrom), rollTo: Math.min(range.rollTo, foreign.rollTo) }),
          },
        },
      };
    }
    const candidates = candidatesInRange(range, blocks);
    if (candidates === 0) return { problem: { messageKey: 'centreAllocation.emptyRange', messageParams: { centre: names.venue(range.venueId), rolls: spanText(range) } } };
    if (candidates > venue.free) {
      return { problem: { messageKey: 'centreAllocation.overCapacity', messageParams: { centre: names.venue(range.venueId), candidates, free: Math.max(0, venue.free) } } };
    }
    counted.push({ ...range, examCentreId: venue.examCentreId, candidates });
  }
  if (final) {
    const left = uncoveredRolls(blocks, ranges);
    if (left.length > 0) {
      const unallocated = left.reduce((sum, span) => sum + span.count, 0);
      const shown = left.slice(0, 5).map((span) => `${spanText(span)} (${names.city(span.examCentreId)})`);
      return { problem: { messageKey: 'centreAllocation.leftOver', messageParams: { unallocated, rolls: shown.join(', ') + (left.length > 5 ? ', …' : '') } } };
    }
  }
  return { problem: null, ranges: counted };
}
