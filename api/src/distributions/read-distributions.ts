import { formatAdvertisementNumber, proposeDistribution, type DistributionStatus } from '@psc/core';
import { fullNameEnOf, fullNameNpOf, schema, type Database } from '@psc/db';
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../http/errors';
import { countRequisitions, findRequisitionSummaries, requisitionSearch, type RequisitionSummary } from '../requisitions/list-requisitions';

const { requisitions, vacancyDistributions, vacancyDistributionLines, advertisementNumbers, advertisements, quotas, quotaShares, users, services, serviceClasses, posts } = schema;
const decider = alias(users, 'decider');

type Page = { page: number; pageSize: number; search?: string | undefined; fiscalYear?: string | undefined };

async function advertisementsOf(db: Pick<Database, 'select'>, requisitionIds: number[]) {
  if (requisitionIds.length === 0) return new Map<number, { id: number; code: string; status: string }>();
  const rows = await db
    .select({ requisitionId: advertisements.requisitionId, id: advertisements.id, code: advertisements.code, status: advertisements.status })
    .from(advertisements)
    .where(inArray(advertisements.requisitionId, requisitionIds));
  return new Map(rows.map((row) => [row.requisitionId, { id: row.id, code: row.code, status: row.status }]));
}

/**
 * Spec §2 percentage-distribution "requests list": approved requisitions with where their
 * distribution stands: none, pending, approved, or rejected (and not yet followed by a new one).
 */
export async function listDistributionRequests(db: Database, query: Page) {
  const where = and(eq(requisitions.status, 'approved'), query.fiscalYear ? eq(requisitions.fiscalYear, query.fiscalYear) : undefined, requisitionSearch(query.search));
  const [items, total] = await Promise.all([
    findRequisitionSummaries(db, { where, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countRequisitions(db, where),
  ]);
  const ids = items.map((item) => item.id);
  const distributions =
    ids.length === 0
      ? []
      : await db
          .select({ id: vacancyDistributions.id, requisitionId: vacancyDistributions.requisitionId, status: vacancyDistributions.status })
          .from(vacancyDistributions)
          .where(inArray(vacancyDistributions.requisitionId, ids))
          .orderBy(desc(vacancyDistributions.id));
  const adverts = await advertisementsOf(db, ids);
  return {
    items: items.map((item) => {
      const own = distributions.filter((row) => row.requisitionId === item.id);
      // The live one (pending or approved) if any; else the latest rejected one.
      const current = own.find((row) => row.status !== 'rejected') ?? own[0];
      const advertisement = adverts.get(item.id);
      return {
        ...item,
        distributionStatus: (current?.status ?? 'none') as DistributionStatus | 'none',
        distributionId: current?.id ?? null,
        advertisementId: advertisement?.id ?? null,
        advertisementCode: advertisement?.code ?? null,
      };
    }),
    total,
  };
}

/** The active quotas that have a share, in quota order: what the automatic proposal splits by. */
async function activeShares(db: Pick<Database, 'select'>) {
  return db
    .select({ quotaId: quotas.id, code: quotas.code, nameEn: quotas.nameEn, nameNp: quotas.nameNp, basisPoints: quotaShares.basisPoints })
    .from(quotaShares)
    .innerJoin(quotas, eq(quotas.id, quotaShares.quotaId))
    .where(and(eq(quotas.isActive, true), gt(quotaShares.basisPoints, 0)))
    .orderBy(asc(quotas.id));
}

/** An automatic proposal from the configured percentages: the requisition's total split by the shares. */
export async function proposeRequisitionDistribution(db: Database, requisitionId: number) {
  const [requisition] = await db.select({ totalVacancy: requisitions.totalVacancy }).from(requisitions).where(eq(requisitions.id, requisitionId));
  if (!requisition) throw new AppError('NOT_FOUND');
  const shares = await activeShares(db);
  const byQuota = new Map(shares.map((share) => [share.quotaId, share]));
  const lines = proposeDistribution(requisition.totalVacancy, shares).map((line) => {
    const quota = byQuota.get(line.quotaId)!;
    return { quotaId: line.quotaId, code: quota.code, nameEn: quota.nameEn, nameNp: quota.nameNp, vacancies: line.vacancies };
  });
  return { requisitionId, total: requisition.totalVacancy, lines };
}

const distributionColumns = {
  id: vacancyDistributions.id,
  requisitionId: vacancyDistributions.requisitionId,
  method: vacancyDistributions.method,
  status: vacancyDistributions.status,
  remarks: vacancyDistributions.remarks,
  decisionRemarks: vacancyDistributions.decisionRemarks,
  createdBy: vacancyDistributions.createdBy,
  // Both languages: the workstation shows who entered it in the reader's language (spec §1).
  createdByName: fullNameEnOf(users),
  createdByNameNp: fullNameNpOf(users),
  createdAt: vacancyDistributions.createdAt,
  decidedBy: vacancyDistributions.decidedBy,
  decidedByName: sql<string | null>`case when ${decider.id} is null then null else ${fullNameEnOf(decider)} end`,
  decidedByNameNp: fullNameNpOf(decider),
  decidedAt: vacancyDistributions.decidedAt,
};

/** Each distribution with its requisition's summary, and the advertisement its approval created. */
function withRequisition<T extends { requisitionId: number; status: string }>(rows: T[], summaries: RequisitionSummary[], adverts: Map<number, { id: number; code: string; status: string }>) {
  const byId = new Map(summaries.map((summary) => [summary.id, summary]));
  return rows.map((row) => ({
    ...row,
    requisition: byId.get(row.requisitionId)!,
    advertisement: row.status === 'approved' ? (adverts.get(row.requisitionId) ?? null) : null,
  }));
}

/** Spec §2 approval/percentage-distribution: distributions by status, newest first. */
export async function listDistributions(db: Database, query: Page & { status?: DistributionStatus | undefined }) {
  const where = and(
    query.status ? eq(vacancyDistributions.status, query.status) : undefined,
    query.fiscalYear ? eq(requisitions.fiscalYear, query.fiscalYear) : undefined,
    requisitionSearch(query.search),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...distributionColumns, totalVacancy: requisitions.totalVacancy, lineCount: sql<number>`(select count(*) from ${vacancyDistributionLines} where ${vacancyDistributionLines.distributionId} = ${vacancyDistributions.id})`.mapWith(Number) })
      .from(vacancyDistributions)
      .innerJoin(requisitions, eq(requisitions.id, vacancyDistributions.requisitionId))
      .innerJoin(services, eq(services.id, requisitions.serviceId))
      .innerJoin(serviceClasses, eq(serviceClasses.id, requisitions.classId))
      .leftJoin(posts, eq(posts.id, requisitions.postId))
      .innerJoin(users, eq(users.id, vacancyDistributions.createdBy))
      .leftJoin(decider, eq(decider.id, vacancyDistributions.decidedBy))
      .where(where)
      .orderBy(desc(vacancyDistributions.createdAt), desc(vacancyDistributions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ value: count() })
      .from(vacancyDistributions)
      .innerJoin(requisitions, eq(requisitions.id, vacancyDistributions.requisitionId))
      .innerJoin(services, eq(services.id, requisitions.serviceId))
      .innerJoin(serviceClasses, eq(serviceClasses.id, requisitions.classId))
      .leftJoin(posts, eq(posts.id, requisitions.postId))
      .where(where),
  ]);
  const requisitionIds = [...new Set(rows.map((row) => row.requisitionId))];
  const summaries = requisitionIds.length === 0 ? [] : await findRequisitionSummaries(db, { where: inArray(requisitions.id, requisitionIds) });
  return { items: withRequisition(rows, summaries, await advertisementsOf(db, requisitionIds)), total: Number(total?.value ?? 0) };
}

/** One distribution with its lines (quota names, numbers as printed), its requisition and advertisement. */
export async function getDistribution(db: Database, id: number) {
  const [row] = await db
    .select(distributionColumns)
    .from(vacancyDistributions)
    .innerJoin(users, eq(users.id, vacancyDistributions.createdBy))
    .leftJoin(decider, eq(decider.id, vacancyDistributions.decidedBy))
    .where(eq(vacancyDistributions.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  const lines = await db
    .select({
      quotaId: vacancyDistributionLines.quotaId,
      quotaCode: quotas.code,
      quotaNameEn: quotas.nameEn,
      quotaNameNp: quotas.nameNp,
      vacancies: vacancyDistributionLines.vacancies,
      advertisementNumberId: vacancyDistributionLines.advertisementNumberId,
      number: advertisementNumbers.number,
      fiscalYear: advertisementNumbers.fiscalYear,
    })
    .from(vacancyDistributionLines)
    .innerJoin(quotas, eq(quotas.id, vacancyDistributionLines.quotaId))
    .innerJoin(advertisementNumbers, eq(advertisementNumbers.id, vacancyDistributionLines.advertisementNumberId))
    .where(eq(vacancyDistributionLines.distributionId, id))
    .orderBy(asc(quotas.id));
  const summaries = await findRequisitionSummaries(db, { where: eq(requisitions.id, row.requisitionId) });
  const [item] = withRequisition([row], summaries, await advertisementsOf(db, [row.requisitionId]));
  return { ...item!, lines: lines.map((line) => ({ ...line, label: formatAdvertisementNumber(line.number, line.fiscalYear) })) };
}
