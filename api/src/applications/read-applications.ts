import { formatMoney, isMessageKey, todayAd, translate, type ApplicationStatus, type Language, type MessageKey, type MessageParams, type PaymentState } from '@psc/core';
import { answerEach, arrayLiteral, BUSY_STATEMENT_BATCHES, createStatementBatcher, type Database, oncePerDatabase, schema } from '@psc/db';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { issueAdmitCards } from '../admit-cards/issue-admit-cards';
import { cachedAdvertisementRead } from '../advertisements/advertisement-cache';
import { joinAdvertisementNames } from '../advertisements/read-advertisements';
import { AppError } from '../http/errors';
import { applicationColumns } from './read-receipt';

const { applications, applicationEvents, advertisements, charges, payments, users } = schema;

export type MyApplicationsQuery = {
  status?: ApplicationStatus | undefined;
  paymentState?: PaymentState | undefined;
  /** 'approved': approved or partially approved (spec §2 /vacancy-applied/approved). */
  outcome?: 'approved' | undefined;
  page: number;
  pageSize: number;
};

/** The statuses of an application scrutiny approved, wholly or in part. */
const APPROVED_STATUSES: ApplicationStatus[] = ['approved', 'partially-approved'];

/**
 * The application's roll number once generated (spec §3 Application "roll number"; spec §2
 * generate/rollNo), read only on the candidate's own pages: never on the public receipt check.
 */
const myApplicationColumns = {
  ...applicationColumns,
  rollNumber: sql<number | null>`(select r.roll_number from roll_numbers r where r.application_id = ${applications.id})`.mapWith(Number),
  /**
   * Whether the advertisement's exam schedule is approved (spec §4 "Exam schedule"): before its
   * admit card exists, an approved application then says the card is coming. One indexed lookup
   * per row here spares the phone a schedule request per application.
   */
  examScheduled: sql<boolean>`exists (select 1 from exam_schedules s where s.advertisement_id = ${applications.advertisementId} and s.status = 'approved')`.mapWith(Boolean),
};

/** Only the candidate's own applications that staff have not deleted. */
const mine = (userId: number) => and(eq(applications.userId, userId), isNull(applications.deletedAt));

/**
 * The statements of a candidate's own application pages, built and prepared once per database.
 * The application query joins seven tables: PostgreSQL spent far longer planning it than running
 * it on every call (`npm run bench -- reads --explain`), and prepared it is planned once per
 * connection. Each takes the keys of every request that arrived together (createStatementBatcher)
 * as arrays, so that under load one statement answers many candidates.
 */
function buildMyApplicationQueries(db: Database) {
  const userIds = sql.placeholder('userIds');
  const applicationIds = sql.placeholder('applicationIds');
  return {
    /**
     * The unfiltered list of every request that arrived together, each with its own page size
     * and offset: a lateral join over (user id, limit, offset) picks each request's page of
     * application ids by the list's order, and the rows carry the request's place `n`. Batching
     * every page, not just the first, keeps one code path; a later page is rare and costs the
     * same index walk either way.
     */
    page: joinAdvertisementNames(
      db
        .select({ ...myApplicationColumns, n: sql<number>`k.n::int` })
        .from(
          sql`unnest(${userIds}::int[], ${sql.placeholder('limits')}::int[], ${sql.placeholder('offsets')}::int[]) with ordinality as k(user_id, page_limit, page_offset, n)
          cross join lateral (select a.id from ${applications} a where a.user_id = k.user_id and a.deleted_at is null
            order by a.submitted_at desc, a.id desc limit k.page_limit offset k.page_offset) as p`,
        )
        .innerJoin(applications, sql`${applications.id} = p.id`)
        .innerJoin(advertisements, eq(advertisements.id, applications.advertisementId))
        .innerJoin(schema.examCentres, eq(schema.examCentres.id, applications.examCentreId))
        .$dynamic(),
    )
      .orderBy(sql`k.n`, desc(applications.submittedAt), desc(applications.id))
      .prepare('my_applications_pages'),
    total: db
      .select({ userId: applications.userId, value: count() })
      .from(applications)
      .where(and(sql`${applications.userId} = any(${userIds}::int[])`, isNull(applications.deletedAt)))
      .groupBy(applications.userId)
      .prepare('my_applications_totals'),
    // The statements of one application's page take every request that arrived together
    // (getMyApplication): the application by its (owner, id) pair, its timeline, charges and
    // payments by the application ids, each request keeping its own rows.
    one: joinAdvertisementNames(
      db
        .select({ ...myApplicationColumns, ownerId: applications.userId })
        .from(applications)
        .innerJoin(advertisements, eq(advertisements.id, applications.advertisementId))
        .innerJoin(schema.examCentres, eq(schema.examCentres.id, applications.examCentreId))
        .$dynamic(),
    )
      .where(
        and(
          // By id (the primary key); the owner is matched per request (myApplicationPagesOf).
          sql`${applications.id} = any(${applicationIds}::int[])`,
          isNull(applications.deletedAt),
        ),
      )
      .prepare('my_applications_by_id'),
    events: db
      .select({ applicationId: applicationEvents.applicationId, id: applicationEvents.id, kind: applicationEvents.kind, detail: applicationEvents.detail, at: applicationEvents.at })
      .from(applicationEvents)
      .where(sql`${applicationEvents.applicationId} = any(${applicationIds}::int[])`)
      .orderBy(asc(applicationEvents.id))
      .prepare('my_applications_events'),
    charges: db
      .select({ applicationId: charges.applicationId, id: charges.id, purpose: charges.purpose, amount: charges.amount, lines: charges.lines, status: charges.status, createdAt: charges.createdAt, paidAt: charges.paidAt })
      .from(charges)
      .where(sql`${charges.applicationId} = any(${applicationIds}::int[])`)
      .orderBy(asc(charges.id))
      .prepare('my_applications_charges'),
    payments: db
      .select({
        applicationId: charges.applicationId,
        userId: payments.userId,
        id: payments.id,
        chargeId: payments.chargeId,
        // The key of the payment's receipt (the owner's only, like this whole answer).
        transactionUuid: payments.transactionUuid,
        method: payments.method,
        gateway: payments.gateway,
        amount: payments.amount,
        status: payments.status,
        verificationGroup: payments.verificationGroup,
        voucherNumber: payments.voucherNumber,
        paidOn: payments.paidOn,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .innerJoin(charges, eq(charges.id, payments.chargeId))
      .where(sql`${charges.applicationId} = any(${applicationIds}::int[])`)
      .orderBy(asc(payments.id))
      .prepare('my_applications_payments'),
    receipt: joinAdvertisementNames(
      db
        .select({
          receiptCode: applications.receiptCode,
          advertisementCode: advertisements.code,
          postNameEn: schema.posts.nameEn,
          postNameNp: schema.posts.nameNp,
          firstNameEn: users.firstNameEn,
          lastNameEn: users.lastNameEn,
          submittedAt: applications.submittedAt,
          status: applications.status,
          paymentState: applications.paymentState,
        })
        .from(applications)
        .innerJoin(advertisements, eq(advertisements.id, applications.advertisementId))
        .innerJoin(users, eq(users.id, applications.userId))
        .$dynamic(),
    )
      .where(and(sql`${applications.receiptCode} = any(${sql.placeholder('receiptCodes')}::text[])`, isNull(applications.deletedAt)))
      .prepare('verify_receipts'),
  };
}

const myApplicationQueriesOf = oncePerDatabase(buildMyApplicationQueries);

type MyApplicationsPage = { userId: number; limit: number; offset: number };

/** The unfiltered lists of every request that arrived together: two statements per batch. */
const myApplicationListsOf = oncePerDatabase((db: Database) => {
  const queries = myApplicationQueriesOf(db);
  return createStatementBatcher(async (pages: MyApplicationsPage[]) => {
    const [rows, totals] = await Promise.all([
      queries.page.execute({
        userIds: arrayLiteral(pages.map((page) => page.userId)),
        limits: arrayLiteral(pages.map((page) => page.limit)),
        offsets: arrayLiteral(pages.map((page) => page.offset)),
      }),
      queries.total.execute({ userIds: arrayLiteral([...new Set(pages.map((page) => page.userId))]) }),
    ]);
    return pages.map((page, index) => ({
      // Each row carries its request's place in the batch (`with ordinality`, from 1).
      items: rows.filter((row) => row.n === index + 1).map(({ n: _n, ...item }) => item),
      total: Number(totals.find((total) => total.userId === page.userId)?.value ?? 0),
    }));
  }, BUSY_STATEMENT_BATCHES);
});

type MyApplicationKey = { userId: number; applicationId: number };

/**
 * One application's page for every request that arrived together: four statements per batch
 * (createStatementBatcher), not four per request. Each request keeps the rows of its own
 * application; the payments also of its own user, as before.
 */
const myApplicationPagesOf = oncePerDatabase((db: Database) => {
  const queries = myApplicationQueriesOf(db);
  return createStatementBatcher(async (keys: MyApplicationKey[]) => {
    const values = { applicationIds: arrayLiteral([...new Set(keys.map((key) => key.applicationId))]) };
    const [found, events, chargeRows, paymentRows] = await Promise.all([
      queries.one.execute(values),
      queries.events.execute(values),
      queries.charges.execute(values),
      queries.payments.execute(values),
    ]);
    return keys.map(({ userId, applicationId }) => ({
      // Found by its owner AND its id: another candidate asking the same id in the batch gets none.
      application: found.find((row) => row.applicationId === applicationId && row.ownerId === userId),
      events: events.filter((row) => row.applicationId === applicationId).map(({ applicationId: _id, ...row }) => row),
      charges: chargeRows.filter((row) => row.applicationId === applicationId).map(({ applicationId: _id, ...row }) => row),
      payments: paymentRows.filter((row) => row.applicationId === applicationId && row.userId === userId).map(({ applicationId: _id, userId: _userId, ...row }) => row),
    }));
  }, BUSY_STATEMENT_BATCHES);
});

/**
 * Receipt checks that arrive together answered by one statement (createStatementBatcher), each
 * finding its row by its code (codes are unique, deleted applications are not shown).
 */
const receiptChecksOf = oncePerDatabase((db: Database) => {
  const { receipt } = myApplicationQueriesOf(db);
  return createStatementBatcher(
    async (codes: string[]) => answerEach(codes, await receipt.execute({ receiptCodes: arrayLiteral(codes) }), (code) => code, (row) => row.receiptCode),
    BUSY_STATEMENT_BATCHES,
  );
});

/**
 * spec §2 /vacancy-applied: my applications, newest first, with status, payment state and what is
 * due, and each one's admit card once its exam is seated (spec §7 "Admit card: generate"; cards now
 * due are generated by this read, for the page's applications in one statement).
 */
export async function listMyApplications(db: Database, userId: number, query: MyApplicationsQuery) {
  const page = await listMyApplicationRows(db, userId, query);
  const cards = await issueAdmitCards(
    db,
    page.items.map((item) => item.applicationId),
  );
  return { ...page, items: page.items.map((item) => ({ ...item, admitCard: cards.get(item.applicationId) ?? null })) };
}

async function listMyApplicationRows(db: Database, userId: number, query: MyApplicationsQuery) {
  const offset = (query.page - 1) * query.pageSize;
  // The page every candidate opens has no filter: its statements are prepared. A filtered list
  // (the approved ones, the unpaid ones) is rarer and built for its filter.
  if (!query.status && !query.paymentState && !query.outcome) {
    return myApplicationListsOf(db)({ userId, limit: query.pageSize, offset });
  }
  const where = and(
    mine(userId),
    query.status ? eq(applications.status, query.status) : undefined,
    query.paymentState ? eq(applications.paymentState, query.paymentState) : undefined,
    query.outcome === 'approved' ? inArray(applications.status, APPROVED_STATUSES) : undefined,
  );
  const [items, [total]] = await Promise.all([
    joinAdvertisementNames(
      db
        .select(myApplicationColumns)
        .from(applications)
        .innerJoin(advertisements, eq(advertisements.id, applications.advertisementId))
        .innerJoin(schema.examCentres, eq(schema.examCentres.id, applications.examCentreId))
        .$dynamic(),
    )
      .where(where)
      .orderBy(desc(applications.submittedAt), desc(applications.id))
      .limit(query.pageSize)
      .offset(offset),
    db.select({ value: count() }).from(applications).where(where),
  ]);
  return { items, total: Number(total?.value ?? 0) };
}

/** The quota names the timeline shows, the same for every candidate: kept with the advertisement reads. */
function readQuotaNames(db: Database) {
  return cachedAdvertisementRead(db, 'quota-names', () => db.select({ code: schema.quotas.code, nameEn: schema.quotas.nameEn, nameNp: schema.quotas.nameNp }).from(schema.quotas));
}

/** One of my applications with its timeline (what happened and why), charges and payments; 404 for anyone else's. */
export async function getMyApplication(db: Database, userId: number, applicationId: number, lang: Language) {
  const [{ application, events, charges: chargeRows, payments: paymentRows }, quotaNames] = await Promise.all([myApplicationPagesOf(db)({ userId, applicationId }), readQuotaNames(db)]);
  // The timeline, charges and payments were read beside it; they are shown only to its owner.
  if (!application) throw new AppError('NOT_FOUND');
  const { ownerId: _ownerId, ...own } = application;
  const names = { quotas: new Map(quotaNames.map((quota) => [quota.code, lang === 'ne' ? quota.nameNp : quota.nameEn])) };
  const timeline = events.map((event) => ({ id: event.id, kind: event.kind, at: event.at, text: describeEvent(event.kind, event.detail, lang, names), detail: event.detail }));
  return { ...own, timeline, charges: chargeRows, payments: paymentRows };
}

type EventDetail = { messageKey?: string; params?: MessageParams; paramsNp?: MessageParams } & Record<string, unknown>;

/**
 * One timeline line in the reader's language: the event's own message key and parameters, or
 * (events written by the payment side) application.event.<kind> with the detail as parameters.
 * Names kept in both languages (paramsNp) are read in Nepali by Nepali readers.
 */
export function describeEvent(kind: string, detail: unknown, lang: Language, names: EventNames = { quotas: new Map() }): string {
  const value = (detail ?? {}) as EventDetail;
  const key = value.messageKey ?? `application.event.${kind}`;
  if (!isMessageKey(key)) return kind;
  const plain = Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));
  const params = { ...((lang === 'ne' ? value.paramsNp : undefined) ?? value.params ?? plain) };
  // Events keep codes (quota codes, the payment method); the reader sees their names.
  if (typeof params.quotas === 'string') {
    params.quotas = params.quotas
      .split(',')
      .map((code) => code.trim())
      .map((code) => names.quotas.get(code) ?? code)
      .join(', ');
  }
  // Amounts are kept in whole rupees and written by core's one money rule (spec §1: "Rs.").
  if (typeof params.amount === 'number' && Number.isSafeInteger(params.amount)) params.amount = formatMoney(params.amount, lang);
  if (typeof params.method === 'string' && isMessageKey(`payment.method.${params.method}`)) {
    params.method = translate(lang, `payment.method.${params.method}` as MessageKey);
  }
  return translate(lang, key, params);
}

/** Names the timeline shows for the codes its events keep, in the reader's language. */
export type EventNames = { quotas: ReadonlyMap<string, string> };

/** "S*** S*****": enough for the holder of the receipt to recognise, nothing more. */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0]}${'*'.repeat(Math.max(2, [...word].length - 1))}`)
    .join(' ');
}

/**
 * Public receipt verification (anyone holding the code may check it): the advertisement, the post,
 * a masked name, the day it was submitted, its status and payment state. Nothing else personal.
 */
export async function verifyReceipt(db: Database, receiptCode: string) {
  const row = await receiptChecksOf(db)(receiptCode);
  if (!row) throw new AppError('NOT_FOUND');
  const { firstNameEn, lastNameEn, submittedAt, ...rest } = row;
  return { ...rest, maskedName: maskName(`${firstNameEn} ${lastNameEn}`), submittedOn: todayAd(submittedAt) };
}
