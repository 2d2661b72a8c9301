import { schema, userFullNameEn, userFullNameNp, type Database } from '@psc/db';
import { and, asc, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';

// Staff reports [ER] (spec: application-count-report[/{advtCode}/{fiscalYear}], re-applicant
// report). Deleted applications are not counted.

export type ReportFilter = { advertisementCode?: string | undefined; fiscalYear?: string | undefined };

const { applications, advertisements, posts, users } = schema;

function filterConditions(filter: ReportFilter): SQL[] {
  const conditions: SQL[] = [isNull(applications.deletedAt)];
  if (filter.advertisementCode) conditions.push(eq(advertisements.code, filter.advertisementCode));
  if (filter.fiscalYear) conditions.push(eq(advertisements.fiscalYear, filter.fiscalYear));
  return conditions;
}

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** One line per advertisement: applications by status and by payment state. */
export async function countApplications(db: Database, filter: ReportFilter) {
  return db
    .select({
      advertisementId: advertisements.id,
      advertisementCode: advertisements.code,
      fiscalYear: advertisements.fiscalYear,
      postNameEn: posts.nameEn,
      postNameNp: posts.nameNp,
      total: sql<number>`count(*)`.mapWith(Number),
      pending: countWhere(sql`${applications.status} = 'pending'`),
      approved: countWhere(sql`${applications.status} = 'approved'`),
      partiallyApproved: countWhere(sql`${applications.status} = 'partially-approved'`),
      rejected: countWhere(sql`${applications.status} = 'rejected'`),
      expired: countWhere(sql`${applications.status} = 'expired'`),
      paid: countWhere(sql`${applications.paymentState} = 'paid'`),
      verificationPending: countWhere(sql`${applications.paymentState} = 'verification-pending'`),
      unpaid: countWhere(sql`${applications.paymentState} = 'unpaid'`),
      reapplications: countWhere(sql`${applications.attempt} > 1`),
    })
    .from(applications)
    .innerJoin(advertisements, eq(advertisements.id, applications.advertisementId))
    .leftJoin(posts, eq(posts.id, advertisements.postId))
    .where(and(...filterConditions(filter)))
    .groupBy(advertisements.id, advertisements.code, advertisements.fiscalYear, posts.nameEn, posts.nameNp)
    .orderBy(desc(advertisements.fiscalYear), asc(advertisements.code));
}

/** The re-applicants' rows the filter names, newest first (a page of them, or all for the workbook). */
function selectReapplicants(db: Database, filter: ReportFilter) {
  return db
    .select({
      applicationId: applications.id,
      advertisementId: advertisements.id,
      advertisementCode: advertisements.code,
      fiscalYear: advertisements.fiscalYear,
      userId: users.id,
      username: users.username,
      fullNameEn: userFullNameEn,
      fullNameNp: userFullNameNp,
      attempt: applications.attempt,
      status: applications.status,
      paymentState: applications.paymentState,
      submittedAt: applications.submittedAt,
    })
    .from(applications)
    .innerJoin(advertisements, eq(advertisements.id, applications.advertisementId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(reapplicantsWhere(filter))
    .orderBy(desc(applications.submittedAt), desc(applications.id));
}

const reapplicantsWhere = (filter: ReportFilter) => and(...filterConditions(filter), gt(applications.attempt, 1));

/** Candidates who applied again after an earlier application to the same advertisement expired. */
export async function listReapplicants(db: Database, filter: ReportFilter & { page: number; pageSize: number }) {
  const items = await selectReapplicants(db, filter)
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(applications)
    .innerJoin(advertisements, eq(advertisements.id, applications.advertisementId))
    .where(reapplicantsWhere(filter));
  return { items, total: count?.total ?? 0 };
}

/** Every re-applicant the filter names, for the workbook. */
export function listAllReapplicants(db: Database, filter: ReportFilter) {
  return selectReapplicants(db, filter);
}
