import { formatAdvertisementNumber } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, asc, between, eq, max } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';

export type AllocatedAdvertisementNumber = {
  id: number;
  number: number;
  fiscalYear: string;
  rangeId: number;
  /** As notices print it, e.g. '12/082-83'. */
  label: string;
};

export type AllocateAdvertisementNumberInput = {
  organizationId: number;
  fiscalYear: string;
  actorUserId: number;
  /** For the audit row; the allocation is always audited. */
  requestId?: string | null | undefined;
  ipAddress?: string | null | undefined;
};

/**
 * Hands out the next advertisement number of an office's range for a fiscal year (spec §5 "the
 * advertisement number generated first"), and never the same number twice, also under
 * concurrent generation. Call it inside a transaction: the range rows are locked `for update`
 * until it commits, so concurrent callers queue on the lock, and each then reads the numbers
 * the earlier ones committed (READ COMMITTED takes a new snapshot per statement). The unique
 * index on (fiscal year, number) is the last guard: a collision there (only possible between
 * overlapping ranges of two offices) fails the transaction instead of storing a duplicate.
 *
 * An office may hold more than one active range for a year (a second range added when the
 * first runs out): they are filled in order of their first number. The next number is one past
 * the highest already allocated inside the range's bounds, whichever range allocated it, so two
 * overlapping ranges never offer the same number.
 */
export async function allocateAdvertisementNumber(tx: Database, input: AllocateAdvertisementNumberInput): Promise<AllocatedAdvertisementNumber> {
  const { advertisementRanges, advertisementNumbers } = schema;
  const ranges = await tx
    .select({ id: advertisementRanges.id, numberFrom: advertisementRanges.numberFrom, numberTo: advertisementRanges.numberTo })
    .from(advertisementRanges)
    .where(
      and(eq(advertisementRanges.organizationId, input.organizationId), eq(advertisementRanges.fiscalYear, input.fiscalYear), eq(advertisementRanges.isActive, true)),
    )
    // Locking in one order (by id) keeps two allocations from deadlocking on each other's rows.
    .orderBy(asc(advertisementRanges.id))
    .for('update');
  if (ranges.length === 0) throw new AppError('CONFLICT', { messageKey: 'advertisementNumber.noRange' });

  for (const range of [...ranges].sort((a, b) => a.numberFrom - b.numberFrom || a.id - b.id)) {
    const [highest] = await tx
      .select({ value: max(advertisementNumbers.number) })
      .from(advertisementNumbers)
      .where(and(eq(advertisementNumbers.fiscalYear, input.fiscalYear), between(advertisementNumbers.number, range.numberFrom, range.numberTo)));
    const next = Math.max(highest?.value ?? range.numberFrom - 1, range.numberFrom - 1) + 1;
    if (next > range.numberTo) continue;
    const [row] = await tx
      .insert(advertisementNumbers)
      .values({ rangeId: range.id, fiscalYear: input.fiscalYear, number: next, allocatedBy: input.actorUserId })
      .returning({ id: advertisementNumbers.id });
    const allocated = { id: row!.id, number: next, fiscalYear: input.fiscalYear, rangeId: range.id, label: formatAdvertisementNumber(next, input.fiscalYear) };
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      action: 'allocate',
      entity: 'advertisement_numbers',
      entityId: allocated.id,
      before: null,
      after: { ...allocated, organizationId: input.organizationId },
      requestId: input.requestId,
      ipAddress: input.ipAddress,
    });
    return allocated;
  }
  throw new AppError('CONFLICT', { messageKey: 'advertisementNumber.rangeExhausted' });
}
