import { schema, type Database } from '@psc/db';
import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import { MAX_SEND_ATTEMPTS } from '../messaging/drain-outbox';

const { mailOutbox, smsOutbox } = schema;

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export type OutboxQuery = { page: number; pageSize: number; status?: OutboxStatus | undefined; kind?: string | undefined; search?: string | undefined };

type OutboxColumns = typeof mailOutbox | typeof smsOutbox;

/** Sent; failed for good (the sender gave up); or still waiting for its turn. */
function statusFilter(table: OutboxColumns, status: OutboxStatus): SQL {
  if (status === 'sent') return isNotNull(table.sentAt);
  if (status === 'failed') return and(isNull(table.sentAt), gte(table.attempts, MAX_SEND_ATTEMPTS)) as SQL;
  return and(isNull(table.sentAt), lt(table.attempts, MAX_SEND_ATTEMPTS)) as SQL;
}

function statusOf(row: { sentAt: Date | null; attempts: number }): OutboxStatus {
  if (row.sentAt) return 'sent';
  return row.attempts >= MAX_SEND_ATTEMPTS ? 'failed' : 'pending';
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The filters both outboxes take: delivery status, kind, and part of the address. */
function outboxWhere(table: OutboxColumns, address: typeof mailOutbox.toAddress | typeof smsOutbox.toNumber, query: OutboxQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (query.status) filters.push(statusFilter(table, query.status));
  if (query.kind) filters.push(eq(table.kind, query.kind));
  if (query.search) filters.push(ilike(address, likePattern(query.search)));
  return filters.length > 0 ? and(...filters) : undefined;
}

/** The delivery facts both outboxes answer for each row. */
function deliveryOf(row: { kind: string; userId: number | null; sentAt: Date | null; attempts: number; lastError: string | null; createdAt: Date; nextAttemptAt: Date }) {
  return {
    kind: row.kind,
    userId: row.userId,
    status: statusOf(row),
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: iso(row.sentAt),
  };
}

const pageOf = (query: OutboxQuery) => ({ limit: query.pageSize, offset: (query.page - 1) * query.pageSize });

/** Mail in the outbox, newest first, with the body: what an administrator reads when no SMTP is set. */
export async function listMailOutbox(db: Database, query: OutboxQuery) {
  const where = outboxWhere(mailOutbox, mailOutbox.toAddress, query);
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await Promise.all([
    db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.id)).limit(limit).offset(offset),
    db.select({ value: count() }).from(mailOutbox).where(where),
  ]);
  return {
    items: rows.map((row) => ({ id: row.id, to: row.toAddress, subject: row.subject, bodyText: row.bodyText, ...deliveryOf(row) })),
    total: Number(total?.value ?? 0),
  };
}

/** SMS in the outbox, newest first, with the text. */
export async function listSmsOutbox(db: Database, query: OutboxQuery) {
  const where = outboxWhere(smsOutbox, smsOutbox.toNumber, query);
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await Promise.all([
    db.select().from(smsOutbox).where(where).orderBy(desc(smsOutbox.id)).limit(limit).offset(offset),
    db.select({ value: count() }).from(smsOutbox).where(where),
  ]);
  return {
    items: rows.map((row) => ({ id: row.id, to: row.toNumber, body: row.body, ...deliveryOf(row) })),
    total: Number(total?.value ?? 0),
  };
}
