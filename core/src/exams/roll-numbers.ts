import type { MessageKey } from '../i18n';

// Pure rules of roll-number generation (spec §2 generate/rollNo [SA]; §5 "Roll generation:
// advertisement code, from and to roll numbers required; to-roll must exceed from-roll").
//
// A roll number belongs to an office in a fiscal year: the office's roll-number ranges of master
// data (roll_number_ranges) bound what may be typed, and each advertisement of that office and
// year reserves its own stretch of them, never overlapping another's. The API loads the rows and
// calls these rules inside the transaction that writes the numbers.

export type RollRange = { rollFrom: number; rollTo: number };
export type TakenRollRange = RollRange & { advertisementCode: string };

export type RollRangeProblem = { messageKey: MessageKey; messageParams?: Record<string, string | number> };

/** How many numbers a range holds, both ends included. */
export function rollRangeSize(range: RollRange): number {
  return range.rollTo - range.rollFrom + 1;
}

function overlaps(a: RollRange, b: RollRange): boolean {
  return a.rollFrom <= b.rollTo && b.rollFrom <= a.rollTo;
}

/**
 * The first thing wrong with a typed range, in the order staff fix them, or null when it may be
 * used: to-roll exceeds from-roll (spec §5); it holds every approved candidate; it lies inside one
 * of the office's configured ranges for the fiscal year; it overlaps no other advertisement's.
 */
export function checkRollRange(
  typed: RollRange,
  approvedCount: number,
  configured: readonly RollRange[],
  taken: readonly TakenRollRange[],
): RollRangeProblem | null {
  if (!(typed.rollTo > typed.rollFrom)) return { messageKey: 'rollNumbers.toMustExceedFrom' };
  if (rollRangeSize(typed) < approvedCount) {
    return { messageKey: 'rollNumbers.rangeTooSmall', messageParams: { size: rollRangeSize(typed), approved: approvedCount } };
  }
  if (configured.length === 0) return { messageKey: 'rollNumbers.noConfiguredRange' };
  if (!configured.some((range) => range.rollFrom <= typed.rollFrom && typed.rollTo <= range.rollTo)) {
    return { messageKey: 'rollNumbers.outsideConfiguredRange', messageParams: { ranges: configured.map((range) => `${range.rollFrom}-${range.rollTo}`).join(', ') } };
  }
  const clash = taken.find((range) => overlaps(range, typed));
  if (clash) {
    return { messageKey: 'rollNumbers.overlapsAdvertisement', messageParams: { code: clash.advertisementCode, from: clash.rollFrom, to: clash.rollTo } };
  }
  return null;
}

/**
 * The range the screen proposes: the first stretch of `approvedCount` numbers (at least two, since
 * to-roll must exceed from-roll) inside a configured range that overlaps no other advertisement's;
 * null when none is free.
 */
export function suggestRollRange(approvedCount: number, configured: readonly RollRange[], taken: readonly RollRange[]): RollRange | null {
  const size = Math.max(approvedCount, 2);
  const byStart = [...taken].sort((a, b) => a.rollFrom - b.rollFrom);
  for (const range of [...configured].sort((a, b) => a.rollFrom - b.rollFrom)) {
    let start = range.rollFrom;
    for (const other of byStart) {
      if (overlaps(other, { rollFrom: start, rollTo: start + size - 1 })) start = other.rollTo + 1;
    }
    if (start + size - 1 <= range.rollTo) return { rollFrom: start, rollTo: start + size - 1 };
  }
  return null;
}

/** A candidate as the numbering orders them. */
export type RollOrderCandidate = { applicationId: number; examCentreNameEn: string; examCentreId: number; fullNameEn: string };

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The one order numbers are given in, which staff can explain and a centre can take whole ranges
 * of: by the exam centre the candidate chose (its English name, compared letter by letter without
 * case, then its id), then by the candidate's English full name (the same way), then by the
 * application's id. The SQL of the API (`order by lower(name) collate "C"`) is this comparison.
 */
export function compareRollOrder(a: RollOrderCandidate, b: RollOrderCandidate): number {
  return (
    byCodeUnits(a.examCentreNameEn.toLowerCase(), b.examCentreNameEn.toLowerCase()) ||
    a.examCentreId - b.examCentreId ||
    byCodeUnits(a.fullNameEn.toLowerCase(), b.fullNameEn.toLowerCase()) ||
    a.applicationId - b.applicationId
  );
}

/** Numbers given in rollOrder from `rollFrom`: what one generation writes, as a pure function. */
export function numberInRollOrder<T extends RollOrderCandidate>(candidates: readonly T[], rollFrom: number): (T & { rollNumber: number })[] {
  return [...candidates].sort(compareRollOrder).map((candidate, index) => ({ ...candidate, rollNumber: rollFrom + index }));
}
