import { ADVERTISEMENT_STATUSES, allowedAdvertisementActions, formatAdvertisementNumber, type AdvertisementStatus } from '@psc/core';
import { schema, userFullNameEn, userFullNameNp, type Database } from '@psc/db';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { AppError } from '../http/errors';
import { likePattern } from '../master/master-rows';

const {
  advertisements,
  advertisementQuotas,
  advertisementNumbers,
  advertisementExamCentres,
  advertisementOptionalSubjects,
  advertisementStatusChanges,
  examCentres,
  organizations,
  posts,
  quotas,
  serviceClasses,
  serviceGroups,
  services,
  subjects,
  users,
} = schema;

type Reader = Pick<Database, 'select'>;

const previousNumbers = alias(advertisementNumbers, 'previous_numbers');

/** The terms a candidate applies under: the dates, the age limits and the fees (spec §3 Advertisement). */
export const advertisementTermColumns = {
  publishDate: advertisements.publishDate,
  paymentLastDate: advertisements.paymentLastDate,
  lastDateForSubmission: advertisements.lastDateForSubmission,
  doubleFeeLastDate: advertisements.doubleFeeLastDate,
  ageCutOffDate: advertisements.ageCutOffDate,
  reapplyFrom: advertisements.reapplyFrom,
  reapplyTo: advertisements.reapplyTo,
  minAgeYears: advertisements.minAgeYears,
  maxAgeYears: advertisements.maxAgeYears,
  maxAgeYearsRelaxed: advertisements.maxAgeYearsRelaxed,
  applicationFee: advertisements.applicationFee,
  internalCompetitionFee: advertisements.internalCompetitionFee,
  extraQuotaFee: advertisements.extraQuotaFee,
  extraServiceFee: advertisements.extraServiceFee,
  extraClusterFee: advertisements.extraClusterFee,
};

/** The names an advertisement is shown with, in both languages (spec §1: bilingual). */
export const advertisementNameColumns = {
  postNameEn: posts.nameEn,
  postNameNp: posts.nameNp,
  classNameEn: serviceClasses.nameEn,
  classNameNp: serviceClasses.nameNp,
  serviceNameEn: services.nameEn,
  serviceNameNp: services.nameNp,
  groupNameEn: serviceGroups.nameEn,
  groupNameNp: serviceGroups.nameNp,
  organizationNameEn: organizations.nameEn,
  organizationNameNp: organizations.nameNp,
};

/** A select from advertisements, joined with the tables its names come from. */
export function joinAdvertisementNames<T extends PgSelect>(query: T) {
  return query
    .innerJoin(services, eq(services.id, advertisements.serviceId))
    .innerJoin(serviceClasses, eq(serviceClasses.id, advertisements.classId))
    .innerJoin(organizations, eq(organizations.id, advertisements.organizationId))
    .leftJoin(serviceGroups, eq(serviceGroups.id, advertisements.groupId))
    .leftJoin(posts, eq(posts.id, advertisements.postId));
}

/** Search over the advertisement code and names in both languages (part of the text), and its number labels (whole, e.g. 12/082-83). */
export function advertisementSearchCondition(search: string): SQL {
  const pattern = likePattern(search);
  const numbered = sql`exists (select 1 from ${advertisementQuotas} q join ${advertisementNumbers} n on n.id = q.advertisement_number_id
    where q.advertisement_id = ${advertisements.id} and (n.number::text || '/' || substr(n.fiscal_year, 2, 3) || '-' || substr(n.fiscal_year, 6, 2)) = ${search.trim()})`;
  return or(
    ilike(advertisements.code, pattern),
    ilike(posts.nameEn, pattern),
    ilike(posts.nameNp, pattern),
    ilike(services.nameEn, pattern),
    ilike(services.nameNp, pattern),
    ilike(serviceClasses.nameEn, pattern),
    ilike(serviceClasses.nameNp, pattern),
    numbered,
  )!;
}

export type AdvertisementQuotaView = {
  quotaId: number;
  quotaCode: string;
  nameEn: string;
  nameNp: string;
  vacancies: number;
  advertisementNumberId: number;
  number: number;
  label: string;
  previousAdvertisementNumberId: number | null;
  previousNumber: number | null;
  previousLabel: string | null;
};

/** The quotas of some advertisements, each with its current and previous number label. */
export async function readAdvertisementQuotas(db: Reader, advertisementIds: number[]): Promise<Map<number, AdvertisementQuotaView[]>> {
  const byAdvertisement = new Map<number, AdvertisementQuotaView[]>(advertisementIds.map((id) => [id, []]));
  if (advertisementIds.length === 0) return byAdvertisement;
  const rows = await db
    .select({
      advertisementId: advertisementQuotas.advertisementId,
      quotaId: quotas.id,
      quotaCode: quotas.code,
      nameEn: quotas.nameEn,
      nameNp: quotas.nameNp,
      vacancies: advertisementQuotas.vacancies,
      advertisementNumberId: advertisementQuotas.advertisementNumberId,
      number: advertisementNumbers.number,
      fiscalYear: advertisementNumbers.fiscalYear,
      previousAdvertisementNumberId: advertisementQuotas.previousAdvertisementNumberId,
      previousNumber: previousNumbers.number,
      previousFiscalYear: previousNumbers.fiscalYear,
    })
    .from(advertisementQuotas)
    .innerJoin(quotas, eq(quotas.id, advertisementQuotas.quotaId))
    .innerJoin(advertisementNumbers, eq(advertisementNumbers.id, advertisementQuotas.advertisementNumberId))
    .leftJoin(previousNumbers, eq(previousNumbers.id, advertisementQuotas.previousAdvertisementNumberId))
    .where(inArray(advertisementQuotas.advertisementId, advertisementIds))
    .orderBy(asc(advertisementNumbers.number), asc(advertisementQuotas.id));
  for (const { advertisementId, fiscalYear, previousFiscalYear, ...row } of rows) {
    byAdvertisement.get(advertisementId)!.push({
      ...row,
      label: formatAdvertisementNumber(row.number, fiscalYear),
      previousLabel: row.previousNumber !== null && previousFiscalYear !== null ? formatAdvertisementNumber(row.previousNumber, previousFiscalYear) : null,
    });
  }
  return byAdvertisement;
}

/** The optional subjects a candidate of the advertisement chooses from, in their order. */
export function readAdvertisementOptionalSubjects(db: Reader, advertisementId: number) {
  return db
    .select({ id: subjects.id, nameEn: subjects.nameEn, nameNp: subjects.nameNp })
    .from(advertisementOptionalSubjects)
    .innerJoin(subjects, eq(subjects.id, advertisementOptionalSubjects.subjectId))
    .where(eq(advertisementOptionalSubjects.advertisementId, advertisementId))
    .orderBy(asc(subjects.id));
}

export type AdvertisementListQuery = { status?: AdvertisementStatus | undefined; fiscalYear?: string | undefined; search?: string | undefined; page: number; pageSize: number };

/** spec §2 advertisementlist: a page of advertisements with names, quotas and dates, newest first. */
export async function listAdvertisements(db: Reader, query: AdvertisementListQuery) {
  const where = and(
    query.status ? eq(advertisements.status, query.status) : undefined,
    query.fiscalYear ? eq(advertisements.fiscalYear, query.fiscalYear) : undefined,
    query.search ? advertisementSearchCondition(query.search) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    joinAdvertisementNames(
      db
        .select({
      id: advertisements.id,
      code: advertisements.code,
      fiscalYear: advertisements.fiscalYear,
      status: advertisements.status,
      totalVacancy: advertisements.totalVacancy,
      publishDate: advertisements.publishDate,
      paymentLastDate: advertisements.paymentLastDate,
      lastDateForSubmission: advertisements.lastDateForSubmission,
      doubleFeeLastDate: advertisements.doubleFeeLastDate,
      requisitionId: advertisements.requisitionId,
      classId: advertisements.classId,
      ...advertisementNameColumns,
        })
        .from(advertisements)
        .$dynamic(),
    )
      .where(where)
      .orderBy(desc(advertisements.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    joinAdvertisementNames(db.select({ value: count() }).from(advertisements).$dynamic()).where(where),
  ]);
  return { items: await withAdvertisementQuotas(db, rows), total: Number(total?.value ?? 0) };
}

/** Advertisement rows, each with its quotas (one query for all of them). */
export async function withAdvertisementQuotas<T extends { id: number }>(db: Reader, rows: T[]): Promise<(T & { quotas: AdvertisementQuotaView[] })[]> {
  const quotasOf = await readAdvertisementQuotas(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, quotas: quotasOf.get(row.id) ?? [] }));
}

/** spec §2 advertisementlistDetails: everything about one advertisement, with what may be done next. */
export async function getAdvertisement(db: Reader, id: number) {
  const [row] = await joinAdvertisementNames(db.select({ advertisement: advertisements, names: advertisementNameColumns }).from(advertisements).$dynamic()).where(eq(advertisements.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const [quotasOf, centres, optionalSubjects, history] = await Promise.all([
    readAdvertisementQuotas(db, [id]),
    db
      .select({ id: examCentres.id, nameEn: examCentres.nameEn, nameNp: examCentres.nameNp, centerCapacity: examCentres.centerCapacity })
      .from(advertisementExamCentres)
      .innerJoin(examCentres, eq(examCentres.id, advertisementExamCentres.examCentreId))
      .where(eq(advertisementExamCentres.advertisementId, id))
      .orderBy(asc(examCentres.id)),
    readAdvertisementOptionalSubjects(db, id),
    db
      .select({
        id: advertisementStatusChanges.id,
        action: advertisementStatusChanges.action,
        fromStatus: advertisementStatusChanges.fromStatus,
        toStatus: advertisementStatusChanges.toStatus,
        remarks: advertisementStatusChanges.remarks,
        changedAt: advertisementStatusChanges.changedAt,
        actorUserId: advertisementStatusChanges.actorUserId,
        actorNameEn: userFullNameEn,
        actorNameNp: userFullNameNp,
      })
      .from(advertisementStatusChanges)
      .innerJoin(users, eq(users.id, advertisementStatusChanges.actorUserId))
      .where(eq(advertisementStatusChanges.advertisementId, id))
      .orderBy(asc(advertisementStatusChanges.id)),
  ]);
  return JSON.parse(
    JSON.stringify({
      ...row.advertisement,
      ...row.names,
      quotas: quotasOf.get(id) ?? [],
      examCentres: centres,
      optionalSubjects,
      allowedActions: allowedAdvertisementActions(row.advertisement.status),
      history,
    }),
  ) as typeof row.advertisement & typeof row.names & { quotas: AdvertisementQuotaView[]; examCentres: typeof centres; optionalSubjects: typeof optionalSubjects; allowedActions: string[]; history: typeof history };
}

/** spec §2 bigyapan/status: how many advertisements are in each status (every status listed, zeros included). */
export async function summarizeAdvertisementStatuses(db: Reader, query: { fiscalYear?: string | undefined }) {
  const rows = await db
    .select({ status: advertisements.status, count: count() })
    .from(advertisements)
    .where(query.fiscalYear ? eq(advertisements.fiscalYear, query.fiscalYear) : undefined)
    .groupBy(advertisements.status);
  const counts = ADVERTISEMENT_STATUSES.map((status) => ({ status, count: Number(rows.find((row) => row.status === status)?.count ?? 0) }));
  return { fiscalYear: query.fiscalYear ?? null, counts, total: counts.reduce((sum, row) => sum + row.count, 0) };
}

/** spec §2 advertisement-report: one row per advertisement with its numbers, names, vacancies by quota, status and dates. */
export async function reportAdvertisements(db: Reader, query: { fiscalYear?: string | undefined; status?: AdvertisementStatus | undefined }) {
  const rows = await joinAdvertisementNames(
    db
      .select({
    id: advertisements.id,
    code: advertisements.code,
    fiscalYear: advertisements.fiscalYear,
    status: advertisements.status,
    totalVacancy: advertisements.totalVacancy,
    publishDate: advertisements.publishDate,
    paymentLastDate: advertisements.paymentLastDate,
    lastDateForSubmission: advertisements.lastDateForSubmission,
    doubleFeeLastDate: advertisements.doubleFeeLastDate,
    ageCutOffDate: advertisements.ageCutOffDate,
    applicationFee: advertisements.applicationFee,
    ...advertisementNameColumns,
      })
      .from(advertisements)
      .$dynamic(),
  )
    .where(and(query.fiscalYear ? eq(advertisements.fiscalYear, query.fiscalYear) : undefined, query.status ? eq(advertisements.status, query.status) : undefined))
    .orderBy(asc(advertisements.code));
  const quotasOf = await readAdvertisementQuotas(
    db,
    rows.map((row) => row.id),
  );
  const items = rows.map((row) => {
    const rowQuotas = quotasOf.get(row.id) ?? [];
    return { ...row, numbers: rowQuotas.map((quota) => quota.label), quotas: rowQuotas };
  });
  return { items, total: items.length, totalVacancy: items.reduce((sum, row) => sum + row.totalVacancy, 0) };
}
