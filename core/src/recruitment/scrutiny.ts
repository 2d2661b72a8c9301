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
