import { schema, type Database } from '@psc/db';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import type { Actor } from '../requisitions/actor';
import { areNumbersFree } from './create-distribution';

const { requisitions, vacancyDistributions, vacancyDistributionLines, advertisements, advertisementQuotas, advertisementStatusChanges } = schema;

/** Locks the distribution and applies the four-eyes rule: its author may not decide it. */
async function lockForDecision(tx: Database, id: number, actor: Actor) {
  const [row] = await tx.select().from(vacancyDistributions).where(eq(vacancyDistributions.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  if (row.createdBy === actor.actorUserId) throw new AppError('CONFLICT', { messageKey: 'distribution.ownApproval' });
  return row;
}

/** Moves a pending distribution to its decision; the expected status is part of the update. */
async function recordDecision(tx: Database, id: number, status: 'approved' | 'rejected', remarks: string | null, actor: Actor) {
  const [row] = await tx
    .update(vacancyDistributions)
    .set({ status, decisionRemarks: remarks, decidedBy: actor.actorUserId, decidedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(vacancyDistributions.id, id), eq(vacancyDistributions.status, 'pending')))
    .returning();
  if (!row) throw new AppError('CONFLICT', { messageKey: 'distribution.notPending' });
  return row;
}

/**
 * spec §3 advertisementCode: the fiscal year and a serial within it ("2082/83-0007"). The
 * advisory lock serialises code choice per fiscal year until the transaction ends.
 */
async function nextAdvertisementCode(tx: Database, fiscalYear: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`advertisement-code:${fiscalYear}`}, 0))`);
  const [last] = await tx
    .select({ value: sql<number | null>`max(cast(substring(${advertisements.code} from '-([0-9]+)$') as integer))` })
    .from(advertisements)
    .where(and(eq(advertisements.fiscalYear, fiscalYear), sql`${advertisements.code} ~ '-[0-9]+$'`));
  return `${fiscalYear}-${String(Number(last?.value ?? 0) + 1).padStart(4, '0')}`;
}

/**
 * Spec §2 approval/percentage-distribution [PD approve]. Approving creates, in the same
 * transaction, the advertisement (draft; fees, post, service, class and the commission office
 * copied from the requisition), one advertisement quota per line with its number, and the first
 * entry of the advertisement's status history.
 */
export async function approveDistribution(db: Database, id: number, remarks: string | null, actor: Actor) {
  return db.transaction(async (tx) => {
    const before = await lockForDecision(tx, id, actor);
    const distribution = await recordDecision(tx, id, 'approved', remarks, actor);
    const [requisition] = await tx.select().from(requisitions).where(eq(requisitions.id, distribution.requisitionId));
    const lines = await tx.select().from(vacancyDistributionLines).where(eq(vacancyDistributionLines.distributionId, id));
    const isFree = await areNumbersFree(
      tx,
      lines.map((line) => line.advertisementNumberId),
      { organizationId: requisition!.requestOrganizationId, fiscalYear: requisition!.fiscalYear, exceptDistributionId: id },
    );
    if (!isFree) throw new AppError('CONFLICT', { messageKey: 'distribution.numberUnavailable' });

    const code = await nextAdvertisementCode(tx, requisition!.fiscalYear);
    const [advertisement] = await tx
      .insert(advertisements)
      .values({
        code,
        requisitionId: requisition!.id,
        distributionId: id,
        fiscalYear: requisition!.fiscalYear,
        organizationId: requisition!.requestOrganizationId,
        serviceId: requisition!.serviceId,
        groupId: requisition!.groupId,
        subgroupId: requisition!.subgroupId,
        classId: requisition!.classId,
        postId: requisition!.postId,
        totalVacancy: lines.reduce((sum, line) => sum + line.vacancies, 0),
        status: 'draft',
        applicationFee: requisition!.applicationFee,
        internalCompetitionFee: requisition!.internalCompetitionFee,
        extraQuotaFee: requisition!.extraQuotaFee,
        extraServiceFee: requisition!.extraServiceFee,
        extraClusterFee: requisition!.extraClusterFee,
      })
      .returning();
    const quotaRows = await tx
      .insert(advertisementQuotas)
      .values(lines.map((line) => ({ advertisementId: advertisement!.id, quotaId: line.quotaId, vacancies: line.vacancies, advertisementNumberId: line.advertisementNumberId })))
      .returning();
    await tx.insert(advertisementStatusChanges).values({ advertisementId: advertisement!.id, action: 'create', fromStatus: null, toStatus: 'draft', remarks, actorUserId: actor.actorUserId });
    await recordAudit(tx, { ...actor, action: 'approve', entity: 'vacancy_distributions', entityId: id, before, after: distribution });
    await recordAudit(tx, { ...actor, action: 'create', entity: 'advertisements', entityId: advertisement!.id, before: null, after: { ...advertisement, quotas: quotaRows } });
    return { id, status: distribution.status, advertisementId: advertisement!.id, code };
  });
}

/** Spec §2 approval/percentage-distribution [PD reject], with a remark; its numbers become free again. */
export async function rejectDistribution(db: Database, id: number, remarks: string, actor: Actor) {
  return db.transaction(async (tx) => {
    const before = await lockForDecision(tx, id, actor);
    const distribution = await recordDecision(tx, id, 'rejected', remarks, actor);
    await recordAudit(tx, { ...actor, action: 'reject', entity: 'vacancy_distributions', entityId: id, before, after: distribution });
    return { id, status: distribution.status };
  });
}
