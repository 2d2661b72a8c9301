import { schema, type Database } from '@psc/db';
import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { recordApplicationEvent } from '../payments/settle-charge';

type Actor = { actorUserId: number; requestId?: string | null; ipAddress?: string | null };

/**
 * [CAD delete] A staff member deletes a candidate's application, with a reason (the workstation
 * asks for confirmation first). The row stays, marked deleted, for its payments' sake; what it
 * still owed is cancelled; the timeline and the audit log say who did it and why.
 */
export async function deleteApplication(db: Database, id: number, remarks: string, actor: Actor) {
  const { applications, charges } = schema;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(applications)
      .where(and(eq(applications.id, id), isNull(applications.deletedAt)))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const now = new Date();
    const [after] = await tx.update(applications).set({ deletedAt: now, deletedBy: actor.actorUserId, updatedAt: now }).where(eq(applications.id, id)).returning();
    await tx
      .update(charges)
      .set({ status: 'cancelled' })
      .where(and(eq(charges.applicationId, id), eq(charges.status, 'due')));
    await recordApplicationEvent(tx, id, 'deleted', { remarks }, actor.actorUserId);
    await recordAudit(tx, { ...actor, action: 'delete', entity: 'applications', entityId: id, before, after: { ...after, remarks } });
    return { id, deletedAt: now.toISOString() };
  });
}
