import type { MessageKey } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { FieldErrors } from '../profile/profile-errors';
import type { Actor } from '../requisitions/actor';

/** Every share of the whole: 100% in hundredths of a percent. */
const WHOLE = 10_000;

/**
 * Spec §2 quota share configuration: each quota's share of all vacancies for the automatic
 * proposal. Configuration, not code: the commission sets the inclusive groups and their shares
 * itself. A quota without a row has no share.
 */
export async function listQuotaShares(db: Pick<Database, 'select'>) {
  const { quotas, quotaShares } = schema;
  return db
    .select({
      quotaId: quotas.id,
      code: quotas.code,
      nameEn: quotas.nameEn,
      nameNp: quotas.nameNp,
      isActive: quotas.isActive,
      basisPoints: sql<number>`coalesce(${quotaShares.basisPoints}, 0)`.mapWith(Number),
    })
    .from(quotas)
    .leftJoin(quotaShares, eq(quotaShares.quotaId, quotas.id))
    .orderBy(asc(quotas.id));
}

/**
 * Sets the shares named; the others keep theirs. All shares together must make exactly 100%,
 * checked after the change inside the transaction, so a refused change leaves nothing behind.
 */
export async function saveQuotaShares(db: Database, shares: { quotaId: number; basisPoints: number }[], actor: Actor) {
  const { quotas, quotaShares } = schema;
  return db.transaction(async (tx) => {
    // One writer at a time: two officers saving halves of a change could each pass the sum alone.
    await tx.execute(sql`lock table ${quotaShares} in share row exclusive mode`);
    const before = await listQuotaShares(tx);
    const known = await tx.select({ id: quotas.id }).from(quotas).where(inArray(quotas.id, shares.map((share) => share.quotaId)));
    if (known.length !== shares.length) throw new FieldErrors({ shares: ['admin.referenceMissing'] });
    for (const share of shares) {
      await tx
        .insert(quotaShares)
        .values({ quotaId: share.quotaId, basisPoints: share.basisPoints })
        .onConflictDoUpdate({ target: quotaShares.quotaId, set: { basisPoints: share.basisPoints, updatedAt: new Date() } });
    }
    const after = await listQuotaShares(tx);
    const sum = after.reduce((total, row) => total + row.basisPoints, 0);
    if (sum !== WHOLE) throw new FieldErrors({ shares: ['distribution.sharesSum' satisfies MessageKey] });
    await recordAudit(tx, { ...actor, action: 'update', entity: 'quota_shares', entityId: null, before, after });
    return after;
  });
}
