// Scrutiny of applications (spec §3 "Scrutiny record", §4 "Scrutiny and pre-review status",
// "Scrutiny allocation"). Shared by the schema, the API and the workstation.

/** spec §4: pending, approved, hold on, rejected. */
export const SCRUTINY_STATUSES = ['pending', 'approved', 'hold', 'rejected'] as const;
export type ScrutinyStatus = (typeof SCRUTINY_STATUSES)[number];

/** What an officer has not finished yet: these move on a reallocation or a switch. */
export const UNFINISHED_SCRUTINY_STATUSES = ['pending', 'hold'] as const satisfies readonly ScrutinyStatus[];

/** spec §4 "Scrutiny allocation": the actions the allocation history records. */
export const SCRUTINY_ALLOCATION_ACTIONS = ['allocate', 'reallocate', 'switch'] as const;
export type ScrutinyAllocationAction = (typeof SCRUTINY_ALLOCATION_ACTIONS)[number];

/**
 * An even split of `total` applications among `officers`: everyone gets the same whole number,
 * and the first `total mod officers` get one more, so no two shares differ by more than one.
 */
export function evenShares(total: number, officers: number): number[] {
  if (!Number.isInteger(total) || total < 0 || !Number.isInteger(officers) || officers < 1) throw new RangeError('evenShares: a whole total and at least one officer');
  const base = Math.floor(total / officers);
  const extra = total % officers;
  return Array.from({ length: officers }, (_, index) => base + (index < extra ? 1 : 0));
}

export type AllocationMode = 'even' | 'counts';

export type AllocationPlan = {
  /** What each chosen officer would take, in the order chosen. */
  shares: number[];
  /** Their sum, and what stays waiting (negative when the counts ask for more than waits). */
  total: number;
  left: number;
  /** spec §4 "Scrutiny allocation": the counts typed may add up to at most what is waiting. */
  isOver: boolean;
  /** Positions (counts mode) whose count is missing or not a whole number of at least 1. */
  missing: number[];
};

/**
 * What an allocation of `waiting` applications would give the chosen officers, before it is
 * sent: evenly (evenShares, as the API splits), or the count typed for each. The workstation
 * shows it live and refuses to send a plan that is over or has a count missing; the API
 * checks the same against what is waiting when it runs.
 */
export function planAllocation(mode: AllocationMode, waiting: number, counts: readonly (number | null | undefined)[]): AllocationPlan {
  if (!Number.isInteger(waiting) || waiting < 0) throw new RangeError('planAllocation: a whole number waiting');
  const isCount = (count: number | null | undefined): count is number => typeof count === 'number' && Number.isInteger(count) && count >= 1;
  const shares = mode === 'even' ? (counts.length === 0 ? [] : evenShares(waiting, counts.length)) : counts.map((count) => (isCount(count) ? count : 0));
  const missing = mode === 'even' ? [] : counts.flatMap((count, index) => (isCount(count) ? [] : [index]));
  const total = shares.reduce((sum, share) => sum + share, 0);
  return { shares, total, left: waiting - total, isOver: total > waiting, missing };
}
