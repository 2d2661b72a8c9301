import type { RequisitionKind, RequisitionStatus } from '@psc/core';
import { fullNameEnOf, fullNameNpOf, schema, type Database } from '@psc/db';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../http/errors';
import { likePattern } from '../master/master-rows';

const { requisitions, services, serviceGroups, serviceSubgroups, serviceClasses, posts, clusters, users, storedFiles } = schema;
const demandOffice = alias(schema.organizations, 'demand_office');
const requestOffice = alias(schema.organizations, 'request_office');
const decider = alias(users, 'decider');

/** The columns every requisition answer carries: the row's numbers and its names in both languages. */
export const requisitionSummaryColumns = {
  id: requisitions.id,
  kind: requisitions.kind,
  requisitionNo: requisitions.requisitionNo,
  fiscalYear: requisitions.fiscalYear,
  status: requisitions.status,
  totalVacancy: requisitions.totalVacancy,
  proposedOpen: requisitions.proposedOpen,
  proposedFemale: requisitions.proposedFemale,
  proposedInternal: requisitions.proposedInternal,
  proposedMadhesi: requisitions.proposedMadhesi,
  serviceId: requisitions.serviceId,
  serviceNameEn: services.nameEn,
  serviceNameNp: services.nameNp,
  groupId: requisitions.groupId,
  groupNameEn: serviceGroups.nameEn,
  groupNameNp: serviceGroups.nameNp,
  subgroupId: requisitions.subgroupId,
  subgroupNameEn: serviceSubgroups.nameEn,
  subgroupNameNp: serviceSubgroups.nameNp,
  classId: requisitions.classId,
  classNameEn: serviceClasses.nameEn,
  classNameNp: serviceClasses.nameNp,
  postId: requisitions.postId,
  postNameEn: posts.nameEn,
  postNameNp: posts.nameNp,
  demandOrganizationId: requisitions.demandOrganizationId,
  demandOrganizationNameEn: demandOffice.nameEn,
  demandOrganizationNameNp: demandOffice.nameNp,
  requestOrganizationId: requisitions.requestOrganizationId,
  requestOrganizationNameEn: requestOffice.nameEn,
  requestOrganizationNameNp: requestOffice.nameNp,
  requestedDate: requisitions.requestedDate,
  createdBy: requisitions.createdBy,
  // Both languages: the workstation shows who entered it in the reader's language (spec §1).
  createdByName: fullNameEnOf(users),
  createdByNameNp: fullNameNpOf(users),
  createdAt: requisitions.createdAt,
  decidedAt: requisitions.decidedAt,
};

// Not exported: the builder's type is too large to write into a declaration; the functions
// below hand out plain rows.
function summaryQuery(db: Pick<Database, 'select'>) {
  return db
    .select(requisitionSummaryColumns)
    .from(requisitions)
    .innerJoin(services, eq(services.id, requisitions.serviceId))
    .leftJoin(serviceGroups, eq(serviceGroups.id, requisitions.groupId))
    .leftJoin(serviceSubgroups, eq(serviceSubgroups.id, requisitions.subgroupId))
    .innerJoin(serviceClasses, eq(serviceClasses.id, requisitions.classId))
    .leftJoin(posts, eq(posts.id, requisitions.postId))
    .innerJoin(demandOffice, eq(demandOffice.id, requisitions.demandOrganizationId))
    .innerJoin(requestOffice, eq(requestOffice.id, requisitions.requestOrganizationId))
    .innerJoin(users, eq(users.id, requisitions.createdBy))
    .$dynamic();
}

export type RequisitionSummary = Awaited<ReturnType<typeof summaryQuery>>[number];

/** Requisitions with the names they show (both languages), newest first; shared with the distribution lists. */
export async function findRequisitionSummaries(db: Pick<Database, 'select'>, options: { where?: SQL | undefined; limit?: number; offset?: number }): Promise<RequisitionSummary[]> {
  let query = summaryQuery(db).where(options.where).orderBy(desc(requisitions.createdAt), desc(requisitions.id));
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined) query = query.offset(options.offset);
  return query;
}

/** How many requisitions match; joins what requisitionSearch looks at. */
export async function countRequisitions(db: Pick<Database, 'select'>, where: SQL | undefined): Promise<number> {
  const [total] = await db
    .select({ value: count() })
    .from(requisitions)
    .innerJoin(services, eq(services.id, requisitions.serviceId))
    .innerJoin(serviceClasses, eq(serviceClasses.id, requisitions.classId))
    .leftJoin(posts, eq(posts.id, requisitions.postId))
    .where(where);
  return Number(total?.value ?? 0);
}

/** Matches the requisition number, the post or the service, in either language. */
export function requisitionSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(
    ilike(requisitions.requisitionNo, pattern),
    ilike(posts.nameEn, pattern),
    ilike(posts.nameNp, pattern),
    ilike(services.nameEn, pattern),
    ilike(services.nameNp, pattern),
    ilike(serviceClasses.nameEn, pattern),
    ilike(serviceClasses.nameNp, pattern),
  );
}

export type RequisitionListQuery = {
  page: number;
  pageSize: number;
  search?: string | undefined;
  status?: RequisitionStatus | undefined;
  fiscalYear?: string | undefined;
  kind?: RequisitionKind | undefined;
};

/** Spec §2 requisition (list) and approval/requisition (status=submitted): newest first. */
export async function listRequisitions(db: Database, query: RequisitionListQuery) {
  const where = and(
    query.status ? eq(requisitions.status, query.status) : undefined,
    query.fiscalYear ? eq(requisitions.fiscalYear, query.fiscalYear) : undefined,
    query.kind ? eq(requisitions.kind, query.kind) : undefined,
    requisitionSearch(query.search),
  );
  const [items, total] = await Promise.all([
    findRequisitionSummaries(db, { where, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countRequisitions(db, where),
  ]);
  return { items, total };
}

/** Spec §2 post-requisition/edit and the approval screen: the whole record, its document and decision. */
export async function getRequisition(db: Database, id: number) {
  const [summary] = await findRequisitionSummaries(db, { where: eq(requisitions.id, id), limit: 1 });
  if (!summary) throw new AppError('NOT_FOUND');
  const [detail] = await db
    .select({
      clusterId: requisitions.clusterId,
      clusterNameEn: clusters.nameEn,
      clusterNameNp: clusters.nameNp,
      applicationFee: requisitions.applicationFee,
      internalCompetitionFee: requisitions.internalCompetitionFee,
      extraQuotaFee: requisitions.extraQuotaFee,
      extraServiceFee: requisitions.extraServiceFee,
      extraClusterFee: requisitions.extraClusterFee,
      workSummary: requisitions.workSummary,
      requisitionRemarks: requisitions.requisitionRemarks,
      remarks: requisitions.remarks,
      approvalRemarks: requisitions.approvalRemarks,
      decidedBy: requisitions.decidedBy,
      decidedByName: sql<string | null>`case when ${decider.id} is null then null else ${fullNameEnOf(decider)} end`,
      decidedByNameNp: fullNameNpOf(decider),
      updatedAt: requisitions.updatedAt,
      documentFileId: requisitions.documentFileId,
      documentContentType: storedFiles.contentType,
      documentByteSize: storedFiles.byteSize,
      documentOriginalName: storedFiles.originalName,
    })
    .from(requisitions)
    .leftJoin(clusters, eq(clusters.id, requisitions.clusterId))
    .leftJoin(decider, eq(decider.id, requisitions.decidedBy))
    .innerJoin(storedFiles, eq(storedFiles.id, requisitions.documentFileId))
    .where(eq(requisitions.id, id));
  const { documentFileId, documentContentType, documentByteSize, documentOriginalName, ...rest } = detail!;
  return {
    ...summary,
    ...rest,
    documentFileId,
    document: { fileId: documentFileId, contentType: documentContentType, byteSize: documentByteSize, originalName: documentOriginalName },
  };
}
