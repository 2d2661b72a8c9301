import { checkDistribution, type Distribution } from '@psc/core';
import { schema, type Database } from '@psc/db';
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { FieldErrors } from '../profile/profile-errors';
import type { Actor } from '../requisitions/actor';
import { allocateAdvertisementNumber } from './allocate-advertisement-number';

const { requisitions, vacancyDistributions, vacancyDistributionLines, advertisementNumbers, advertisementRanges, advertisementQuotas, quotas } = schema;

async function lockApprovedRequisition(tx: Database, requisitionId: number) {
  const [requisition] = await tx.select().from(requisitions).where(eq(requisitions.id, requisitionId)).for('update');
  if (!requisition) throw new AppError('NOT_FOUND');
  if (requisition.status !== 'approved') throw new AppError('CONFLICT', { messageKey: 'distribution.requisitionNotApproved' });
  return requisition;
}

/**
 * Spec §5 "advertisement number must be generated first": the percentage-distribution form asks
 * for one number per quota line, from the range of the requisition's commission office and its
 * fiscal year.
 */
export async function generateAdvertisementNumber(db: Database, requisitionId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const requisition = await lockApprovedRequisition(tx, requisitionId);
    const allocated = await allocateAdvertisementNumber(tx, { organizationId: requisition.requestOrganizationId, fiscalYear: requisition.fiscalYear, ...actor });
    return { id: allocated.id, number: allocated.number, fiscalYear: allocated.fiscalYear, label: allocated.label };
  });
}

/**
 * The numbers of the lines, locked until the transaction ends, each checked to be of the
 * requisition's office and fiscal year and used by no live distribution and no advertisement
 * quota (a rejected distribution frees its numbers). The lock makes two distributions naming the
 * same number at once queue, and the second then sees the first.
 */
export async function areNumbersFree(tx: Database, numberIds: number[], owner: { organizationId: number; fiscalYear: string; exceptDistributionId?: number }) {
  const numbers = await tx
    .select({ id: advertisementNumbers.id, fiscalYear: advertisementNumbers.fiscalYear, rangeId: advertisementNumbers.rangeId })
    .from(advertisementNumbers)
    .where(inArray(advertisementNumbers.id, numberIds))
    .orderBy(advertisementNumbers.id)
    .for('update');
  const ranges = numbers.length === 0 ? [] : await tx.select({ id: advertisementRanges.id, organizationId: advertisementRanges.organizationId }).from(advertisementRanges).where(inArray(advertisementRanges.id, numbers.map((row) => row.rangeId)));
  const officeOf = new Map(ranges.map((range) => [range.id, range.organizationId]));
  const fits = numbers.filter((row) => row.fiscalYear === owner.fiscalYear && officeOf.get(row.rangeId) === owner.organizationId);
  const inDistributions = await tx
    .select({ id: vacancyDistributionLines.advertisementNumberId })
    .from(vacancyDistributionLines)
    .innerJoin(vacancyDistributions, eq(vacancyDistributions.id, vacancyDistributionLines.distributionId))
    .where(
      and(
        inArray(vacancyDistributionLines.advertisementNumberId, numberIds),
        ne(vacancyDistributions.status, 'rejected'),
        owner.exceptDistributionId === undefined ? undefined : ne(vacancyDistributions.id, owner.exceptDistributionId),
      ),
    );
  const inAdvertisements = await tx
    .select({ id: advertisementQuotas.advertisementNumberId, previous: advertisementQuotas.previousAdvertisementNumberId })
    .from(advertisementQuotas)
    .where(or(inArray(advertisementQuotas.advertisementNumberId, numberIds), inArray(advertisementQuotas.previousAdvertisementNumberId, numberIds)));
  const used = new Set([...inDistributions.map((row) => row.id), ...inAdvertisements.flatMap((row) => [row.id, row.previous])]);
  return fits.length === numberIds.length && numberIds.every((id) => !used.has(id));
}

/**
 * Spec §2 percentage-distribution [PD create]: an approved requisition's vacancies split across
 * quotas, each line with its own advertisement number; §5 rules by checkDistribution. Stored as
 * pending for another officer's decision.
 */
export async function createDistribution(db: Database, input: Distribution, actor: Actor): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const requisition = await lockApprovedRequisition(tx, input.requisitionId);
    const [live] = await tx
      .select({ id: vacancyDistributions.id })
      .from(vacancyDistributions)
      .where(and(eq(vacancyDistributions.requisitionId, requisition.id), ne(vacancyDistributions.status, 'rejected')));
    if (live) throw new AppError('CONFLICT', { messageKey: 'distribution.alreadyDistributed' });

    const issues = checkDistribution(requisition.totalVacancy, input.lines);
    if (issues.length > 0) throw new FieldErrors({ lines: issues });
    const lines = input.lines.map((line) => ({ quotaId: line.quotaId!, vacancies: line.vacancies!, advertisementNumberId: line.advertisementNumberId! }));

    const quotaIds = lines.map((line) => line.quotaId);
    const activeQuotas = await tx.select({ id: quotas.id }).from(quotas).where(and(inArray(quotas.id, quotaIds), eq(quotas.isActive, true)));
    if (activeQuotas.length !== quotaIds.length) throw new FieldErrors({ lines: ['admin.referenceMissing'] });
    const numberIds = lines.map((line) => line.advertisementNumberId);
    if (!(await areNumbersFree(tx, numberIds, { organizationId: requisition.requestOrganizationId, fiscalYear: requisition.fiscalYear }))) {
      throw new FieldErrors({ lines: ['distribution.numberUnavailable'] });
    }

    const [row] = await tx
      .insert(vacancyDistributions)
      .values({ requisitionId: requisition.id, method: input.method, remarks: input.remarks, status: 'pending', createdBy: actor.actorUserId })
      .returning();
    await tx.insert(vacancyDistributionLines).values(lines.map((line) => ({ distributionId: row!.id, ...line })));
    await recordAudit(tx, { ...actor, action: 'create', entity: 'vacancy_distributions', entityId: row!.id, before: null, after: { ...row, lines } });
    return { id: row!.id };
  });
}
