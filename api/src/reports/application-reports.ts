import { schema, userFullNameEn, userFullNameNp, type Database } from '@psc/db';
import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';

// Staff reports [ER] (spec: application-count-report[/{advtCode}/{fiscalYear}], re-applicant
// report). Deleted applications are not counted.

export type ReportFilter = { advertisementCode?: string | undefined; fiscalYear?: string | undefined };

const { applications, advertisements, users } = schema;

function filterConditions(filter: ReportFilter): SQL[] {
  const conditions: SQL[] = [isNull(applications.deletedAt)];
  if (filter.advertisementCode) conditions.push(eq(advertisements.code, filter.advertisementCode));
  if (filter.fiscalYear) conditions.push(eq(advertisements.fiscalYear, filter.fiscalYear));
  return conditions;
}

/**
 * One line per advertisement: applications by status and by payment state. The applications are
 * grouped by their advertisement's id alone and the names joined to the twenty-odd lines after:
 * joining every application to its advertisement and post first and grouping by their names took
 * 258-423 ms over 500,000 applications (scripts/benchmarks/dashboard.ts).
 */
export async function countApplications(db: Database, filter: ReportFilter) {
  const chosen = [sql`true`];
  if (filter.advertisementCode) chosen.push(sql`ad.code = ${filter.advertisementCode}`);
  if (filter.fiscalYear) chosen.push(sql`ad.fiscal_year = ${filter.fiscalYear}`);
  const onlyChosen = filter.advertisementCode || filter.fiscalYear ? sql`and advertisement_id in (select ad.id from advertisements ad where ${sql.join(chosen, sql` and `)})` : sql``;
  const result = await db.execute(sql`
    with counted as (
      select advertisement_id, count(*)::int as total,
        (count(*) filter (where status = 'pending'))::int as pending,
        (count(*) filter (where status = 'approved'))::int as approved,
        (count(*) filter (where status = 'partially-approved'))::int as "partiallyApproved",
        (count(*) filter (where status = 'rejected'))::int as rejected,
        (count(*) filter (where status = 'expired'))::int as expired,
        (count(*) filter (where payment_state = 'paid'))::int as paid,
        (count(*) filter (where payment_state = 'verification-pending'))::int as "verificationPending",
        (count(*) filter (where payment_state = 'unpaid'))::int as unpaid,
        (count(*) filter (where attempt > 1))::int as reapplications
      from applications where deleted_at is null ${onlyChosen}
      group by advertisement_id
    )
    select ad.id as "advertisementId", ad.code as "advertisementCode", ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp",
      c.total, c.pending, c.approved, c."partiallyApproved", c.rejected, c.expired, c.paid, c."verificationPending", c.unpaid, c.reapplications
    from counted c join advertisements ad on ad.id = c.advertisement_id left join posts p on p.id = ad.post_id
    order by ad.fiscal_year desc, ad.code`);
  return rowsOf<ApplicationCountRow>(result);
}

export type ApplicationCountRow = {
  advertisementId: number;
  advertisementCode: string;
  fiscalYear: string;
  postNameEn: string | null;
  postNameNp: string | null;
  total: number;
  pending: number;
  approved: number;
  partiallyApproved: number;
  rejected: number;
  expired: number;
  paid: number;
  verificationPending: number;
  unpaid: number;
  reapplications: number;
};

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
