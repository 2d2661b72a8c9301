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

/** Candidates who applied again after an earlier application to the same advertisement expired. */
export async function listReapplicants(db: Database, filter: ReportFilter & { page: number; pageSize: number }) {
  const where = and(...filterConditions(filter), gt(applications.attempt, 1));
  const items = await db
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
    .where(where)
    .orderBy(desc(applications.submittedAt), desc(applications.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [count] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(applications)
    .innerJoin(advertisements, eq(advertisements.id, applications.advertisementId))
    .where(where);
  return { items, total: count?.total ?? 0 };
}
