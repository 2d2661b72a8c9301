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

/** The application-count report's counts besides the total: which applications each counts. */
const COUNTED = {
  pending: sql`status = 'pending'`,
  approved: sql`status = 'approved'`,
  partiallyApproved: sql`status = 'partially-approved'`,
  rejected: sql`status = 'rejected'`,
  expired: sql`status = 'expired'`,
  paid: sql`payment_state = 'paid'`,
  verificationPending: sql`payment_state = 'verification-pending'`,
  unpaid: sql`payment_state = 'unpaid'`,
  reapplications: sql`attempt > 1`,
};

export type ApplicationCountRow = { advertisementId: number; advertisementCode: string; fiscalYear: string; postNameEn: string | null; postNameNp: string | null; total: number } & Record<
  keyof typeof COUNTED,
  number
>;

/**
 * One line per advertisement: applications by status and by payment state. The applications are
 * grouped by their advertisement's id alone and the names joined to the twenty-odd lines after:
 * joining every application to its advertisement and post first and grouping by their names took
 * 258-423 ms over 500,000 applications (scripts/benchmarks/dashboard.ts).
 */
export async function countApplications(db: Database, filter: ReportFilter): Promise<ApplicationCountRow[]> {
  const chosen = [sql`true`];
  if (filter.advertisementCode) chosen.push(sql`ad.code = ${filter.advertisementCode}`);
  if (filter.fiscalYear) chosen.push(sql`ad.fiscal_year = ${filter.fiscalYear}`);
  const onlyChosen = filter.advertisementCode || filter.fiscalYear ? sql`and advertisement_id in (select ad.id from advertisements ad where ${sql.join(chosen, sql` and `)})` : sql``;
  const names = Object.keys(COUNTED) as (keyof typeof COUNTED)[];
  const counts = names.map((name) => sql`(count(*) filter (where ${COUNTED[name]}))::int as ${sql.identifier(name)}`);
  return rowsOf<ApplicationCountRow>(
    await db.execute(sql`
      with counted as (
        select advertisement_id, count(*)::int as total, ${sql.join(counts, sql`, `)}
        from applications where deleted_at is null ${onlyChosen}
        group by advertisement_id
      )
      select ad.id as "advertisementId", ad.code as "advertisementCode", ad.fiscal_year as "fiscalYear", p.name_en as "postNameEn", p.name_np as "postNameNp",
        c.total, ${sql.join(names.map((name) => sql`c.${sql.identifier(name)}`), sql`, `)}
      from counted c join advertisements ad on ad.id = c.advertisement_id left join posts p on p.id = ad.post_id
      order by ad.fiscal_year desc, ad.code`),
  );
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
