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

/** The application-count report's counts besides the total, as dashboard_counts names them. */
const COUNTED = {
  pending: 'pending',
  approved: 'approved',
  partiallyApproved: 'partially_approved',
  rejected: 'rejected',
  expired: 'expired',
  paid: 'paid',
  verificationPending: 'verification_pending',
  unpaid: 'unpaid',
  reapplications: 'reapplications',
} as const;

/** A line of the report; countedAt is when the applications were counted (every minute, dashboard-counts.ts). */
export type ApplicationCountRow = { advertisementId: number; advertisementCode: string; fiscalYear: string; postNameEn: string | null; postNameNp: string | null; total: number; countedAt: string } & Record<
  keyof typeof COUNTED,
  number
>;

/**
 * One line per advertisement with live applications: applications by status and by payment
 * state, read from the last recount (api/src/dashboard/dashboard-counts.ts, every minute), each
 * line with the time it was counted: grouping the applications here took 258-692 ms over 500,000
 * applications, over the 300 ms (scripts/benchmarks/dashboard.ts).
 */
export async function countApplications(db: Database, filter: ReportFilter): Promise<ApplicationCountRow[]> {
  const conditions = [sql`c.scope = 'advertisement'`, sql`c.applications > 0`];
  if (filter.advertisementCode) conditions.push(sql`ad.code = ${filter.advertisementCode}`);
  if (filter.fiscalYear) conditions.push(sql`ad.fiscal_year = ${filter.fiscalYear}`);
  const counts = Object.entries(COUNTED).map(([name, column]) => sql`c.${sql.identifier(column)} as ${sql.identifier(name)}`);
  const rows = rowsOf<ApplicationCountRow>(
    await db.execute(sql`
      select ad.id as "advertisementId", ad.code as "advertisementCode", ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp",
        c.applications as total, ${sql.join(counts, sql`, `)}, t.counted_at as "countedAt"
      from dashboard_counts c join advertisements ad on ad.id = c.key left join posts p on p.id = ad.post_id
      cross join dashboard_counts_taken t
      where ${sql.join(conditions, sql` and `)}
      order by ad.fiscal_year desc, ad.code`),
  );
  return rows.map((row) => ({ ...row, countedAt: new Date(row.countedAt).toISOString() }));
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
