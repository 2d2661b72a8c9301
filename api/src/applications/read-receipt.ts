import { answerEach, arrayLiteral, BUSY_STATEMENT_BATCHES, createStatementBatcher, type Database, oncePerDatabase, schema } from '@psc/db';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { advertisementNameColumns, joinAdvertisementNames } from '../advertisements/read-advertisements';

const { applications, advertisements, examCentres, applicationQuotas, advertisementQuotas, quotas, charges } = schema;

type Reader = Pick<Database, 'select'>;

/** One application as its owner sees it in lists and on the receipt. */
export const applicationColumns = {
  applicationId: applications.id,
  receiptCode: applications.receiptCode,
  attempt: applications.attempt,
  status: applications.status,
  paymentState: applications.paymentState,
  submittedAt: applications.submittedAt,
  ageYears: applications.ageYears,
  ageMonths: applications.ageMonths,
  ageDays: applications.ageDays,
  facultyId: applications.facultyId,
  optionalSubjectId: applications.optionalSubjectId,
  examCentreId: applications.examCentreId,
  examCentreNameEn: examCentres.nameEn,
  examCentreNameNp: examCentres.nameNp,
  advertisementId: advertisements.id,
  advertisementCode: advertisements.code,
  fiscalYear: advertisements.fiscalYear,
  paymentLastDate: advertisements.paymentLastDate,
  lastDateForSubmission: advertisements.lastDateForSubmission,
  doubleFeeLastDate: advertisements.doubleFeeLastDate,
  ...advertisementNameColumns,
  quotas: sql<{ advertisementQuotaId: number; quotaId: number; code: string; nameEn: string; nameNp: string; status: string; addedLater: boolean }[]>`coalesce((
    select json_agg(json_build_object('advertisementQuotaId', aq.id, 'quotaId', q.id, 'code', q.code, 'nameEn', q.name_en, 'nameNp', q.name_np, 'status', x.status, 'addedLater', x.added_later) order by aq.id)
    from ${applicationQuotas} x join ${advertisementQuotas} aq on aq.id = x.advertisement_quota_id join ${quotas} q on q.id = aq.quota_id
    where x.application_id = ${applications.id}), '[]'::json)`,
  /** What is still owed: the due charges (the receipt names the first to pay). */
  amountDue: sql<number>`(select coalesce(sum(amount), 0)::int from ${charges} where application_id = ${applications.id} and status = 'due')`,
  dueChargeIds: sql<number[]>`coalesce((select json_agg(id order by id) from ${charges} where application_id = ${applications.id} and status = 'due'), '[]'::json)`,
};

export function selectApplications(db: Reader) {
  return joinAdvertisementNames(
    db.select(applicationColumns).from(applications).innerJoin(advertisements, eq(advertisements.id, applications.advertisementId)).innerJoin(examCentres, eq(examCentres.id, applications.examCentreId)).$dynamic(),
  );
}

function buildReceiptQueries(db: Database) {
  const live = and(isNull(applications.deletedAt), ne(applications.status, 'expired'));
  return {
    byId: selectApplications(db).where(eq(applications.id, sql.placeholder('applicationId'))).limit(1).prepare('read_receipt_by_id'),
    /**
     * The live applications of the candidates of a batch among its advertisements: at most one
     * a pair (the one-live-application index), each found again by its pair.
     */
    liveFor: joinAdvertisementNames(
      db
        .select({ ...applicationColumns, userId: applications.userId })
        .from(applications)
        .innerJoin(advertisements, eq(advertisements.id, applications.advertisementId))
        .innerJoin(examCentres, eq(examCentres.id, applications.examCentreId))
        .$dynamic(),
    )
      .where(
        and(
          // Any of the users and any of the advertisements, so that PostgreSQL walks the user
          // index; each request then keeps only its own pair's row (answerEach).
          sql`${applications.userId} = any(${sql.placeholder('userIds')}::int[])`,
          sql`${applications.advertisementId} = any(${sql.placeholder('advertisementIds')}::int[])`,
          live,
        ),
      )
      .prepare('read_live_receipts'),
  };
}

type LiveFor = { userId: number; advertisementId: number };

// Every submit answers with its receipt, and every vacancy page a candidate opens reads theirs:
// built and prepared once per database, the live one batched (createStatementBatcher) so that
// under load one statement answers every vacancy page that arrived together.
const queriesOf = oncePerDatabase((db: Database) => {
  const { byId, liveFor: liveForAll } = buildReceiptQueries(db);
  return {
    byId,
    liveFor: createStatementBatcher<LiveFor, Receipt | undefined>(async (pairs) => {
      const rows = await liveForAll.execute({ userIds: arrayLiteral(pairs.map((pair) => pair.userId)), advertisementIds: arrayLiteral(pairs.map((pair) => pair.advertisementId)) });
      const answers = answerEach(pairs, rows, (pair) => `${pair.userId}:${pair.advertisementId}`, (row) => `${row.userId}:${row.advertisementId}`);
      return answers.map((row) => {
        if (!row) return undefined;
        const { userId: _userId, ...receipt } = row;
        return receipt;
      });
    }, BUSY_STATEMENT_BATCHES),
  };
});

export type Receipt = Awaited<ReturnType<ReturnType<typeof buildReceiptQueries>['byId']['execute']>>[number];

/** The candidate's receipt of one application, by its id or as the live one for an advertisement. */
export async function readReceipt(db: Database, by: { applicationId: number } | { liveFor: { userId: number; advertisementId: number } }): Promise<Receipt | null> {
  const queries = queriesOf(db);
  if ('liveFor' in by) return (await queries.liveFor(by.liveFor)) ?? null;
  const [receipt] = await queries.byId.execute({ applicationId: by.applicationId });
  return receipt ?? null;
}
