import { schema, type Database } from '@psc/db';
import { and, eq, ne } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import type { Actor } from './actor';

async function lockRequisition(tx: Database, id: number) {
  const [row] = await tx.select().from(schema.requisitions).where(eq(schema.requisitions.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Spec §2 approval/requisition [RQ approve, reject]; §4 "Requisition: can be approved, rejected".
 * Only a submitted requisition is decided, and never by the officer who entered it (four eyes).
 * The expected status is part of the update, so two officers deciding at once cannot both pass.
 */
export async function decideRequisition(db: Database, id: number, input: { decision: 'approved' | 'rejected'; remarks: string }, actor: Actor): Promise<{ id: number; status: string }> {
  const { requisitions } = schema;
  return db.transaction(async (tx) => {
    const before = await lockRequisition(tx, id);
    if (before.createdBy === actor.actorUserId) throw new AppError('CONFLICT', { messageKey: 'requisition.ownApproval' });
    const [row] = await tx
      .update(requisitions)
      .set({ status: input.decision, approvalRemarks: input.remarks, decidedBy: actor.actorUserId, decidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(requisitions.id, id), eq(requisitions.status, 'submitted')))
      .returning();
    if (!row) throw new AppError('CONFLICT', { messageKey: 'requisition.notSubmitted' });
    await recordAudit(tx, { ...actor, action: input.decision === 'approved' ? 'approve' : 'reject', entity: 'requisitions', entityId: id, before, after: row });
    return { id, status: row.status };
  });
}

/**
 * Spec §4 "Requisition: can be ... deleted (confirmation asked)", with a remark. An approved
 * requisition is the root of its distribution and advertisement, so it stays.
 */
export async function deleteRequisition(db: Database, id: number, remarks: string, actor: Actor): Promise<{ id: number }> {
  const { requisitions } = schema;
  return db.transaction(async (tx) => {
    const before = await lockRequisition(tx, id);
    if (before.status === 'approved') throw new AppError('CONFLICT', { messageKey: 'requisition.approvedCannotDelete' });
    const deleted = await tx
      .delete(requisitions)
      .where(and(eq(requisitions.id, id), ne(requisitions.status, 'approved')))
      .returning({ id: requisitions.id });
    if (deleted.length === 0) throw new AppError('CONFLICT', { messageKey: 'requisition.approvedCannotDelete' });
    // The deletion's remark has no row left to live in: the audit row keeps it.
    await recordAudit(tx, { ...actor, action: 'delete', entity: 'requisitions', entityId: id, before, after: { deleted: true, remarks } });
    return { id };
  });
}
