import { formatMoney, isMessageKey, todayAd, translate, type ApplicationStatus, type Language, type MessageKey, type MessageParams, type PaymentState } from '@psc/core';
import { oncePerDatabase, schema, type Database } from '@psc/db';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { cachedAdvertisementRead } from '../advertisements/advertisement-cache';
import { joinAdvertisementNames } from '../advertisements/read-advertisements';
import { AppError } from '../http/errors';
import { selectApplications } from './read-receipt';

const { applications, applicationEvents, advertisements, charges, payments, users } = schema;

export type MyApplicationsQuery = { status?: ApplicationStatus | undefined; paymentState?: PaymentState | undefined; page: number; pageSize: number };

/** Only the candidate's own applications that staff have not deleted. */
const mine = (userId: number | ReturnType<typeof sql.placeholder>) => and(eq(applications.userId, userId), isNull(applications.deletedAt));

/**
 * The statements of a candidate's own application pages, built and prepared once per database.
 * The application query joins seven tables: PostgreSQL spent far longer planning it than running
 * it on every call (`npm run bench -- reads --explain`), and prepared it is planned once per
 * connection. Each is driven by the candidate's user_id or the application's key.
 */
function buildMyApplicationQueries(db: Database) {
  const userId = sql.placeholder('userId');
  const applicationId = sql.placeholder('applicationId');
  return {
    page: selectApplications(db)
      .where(mine(userId))
      .orderBy(desc(applications.submittedAt), desc(applications.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('my_applications_page'),
    total: db.select({ value: count() }).from(applications).where(mine(userId)).prepare('my_applications_total'),
    one: selectApplications(db)
      .where(and(mine(userId), eq(applications.id, applicationId)))
      .limit(1)
      .prepare('my_application'),
    events: db
      .select({ id: applicationEvents.id, kind: applicationEvents.kind, detail: applicationEvents.detail, at: applicationEvents.at })
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, applicationId))
      .orderBy(asc(applicationEvents.id))
      .prepare('my_application_events'),
    charges: db
      .select({ id: charges.id, purpose: charges.purpose, amount: charges.amount, lines: charges.lines, status: charges.status, createdAt: charges.createdAt, paidAt: charges.paidAt })
      .from(charges)
      .where(eq(charges.applicationId, applicationId))
      .orderBy(asc(charges.id))
      .prepare('my_application_charges'),
    payments: db
      .select({
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
      .where(and(eq(charges.applicationId, applicationId), eq(payments.userId, userId)))
      .orderBy(asc(payments.id))
      .prepare('my_application_payments'),
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
      .where(and(eq(applications.receiptCode, sql.placeholder('receiptCode')), isNull(applications.deletedAt)))
      .limit(1)
      .prepare('verify_receipt'),
  };
}

const myApplicationQueriesOf = oncePerDatabase(buildMyApplicationQueries);

/** spec §2 /vacancy-applied: my applications, newest first, with status, payment state and what is due. */
export async function listMyApplications(db: Database, userId: number, query: MyApplicationsQuery) {
  const offset = (query.page - 1) * query.pageSize;
  // The page every candidate opens has no filter: its statements are prepared. A filtered list
  // (the approved ones, the unpaid ones) is rarer and built for its filter.
  if (!query.status && !query.paymentState) {
    const queries = myApplicationQueriesOf(db);
    const [items, [total]] = await Promise.all([queries.page.execute({ userId, limit: query.pageSize, offset }), queries.total.execute({ userId })]);
    return { items, total: Number(total?.value ?? 0) };
  }
  const where = and(mine(userId), query.status ? eq(applications.status, query.status) : undefined, query.paymentState ? eq(applications.paymentState, query.paymentState) : undefined);
  const [items, [total]] = await Promise.all([
    selectApplications(db).where(where).orderBy(desc(applications.submittedAt), desc(applications.id)).limit(query.pageSize).offset(offset),
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
  const queries = myApplicationQueriesOf(db);
  const [[application], events, chargeRows, paymentRows, quotaNames] = await Promise.all([
    queries.one.execute({ userId, applicationId }),
    queries.events.execute({ applicationId }),
    queries.charges.execute({ applicationId }),
    queries.payments.execute({ applicationId, userId }),
    readQuotaNames(db),
  ]);
  // The timeline, charges and payments were read beside it; they are shown only to its owner.
  if (!application) throw new AppError('NOT_FOUND');
  const names = { quotas: new Map(quotaNames.map((quota) => [quota.code, lang === 'ne' ? quota.nameNp : quota.nameEn])) };
  const timeline = events.map((event) => ({ id: event.id, kind: event.kind, at: event.at, text: describeEvent(event.kind, event.detail, lang, names), detail: event.detail }));
  return { ...application, timeline, charges: chargeRows, payments: paymentRows };
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
  const [row] = await myApplicationQueriesOf(db).receipt.execute({ receiptCode });
  if (!row) throw new AppError('NOT_FOUND');
  const { firstNameEn, lastNameEn, submittedAt, ...rest } = row;
  return { ...rest, maskedName: maskName(`${firstNameEn} ${lastNameEn}`), submittedOn: todayAd(submittedAt) };
}
