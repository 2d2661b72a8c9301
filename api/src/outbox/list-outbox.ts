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

/** Mail in the outbox, newest first, with the body: what an administrator reads when no SMTP is set. */
export async function listMailOutbox(db: Database, query: OutboxQuery) {
  const filters: SQL[] = [];
  if (query.status) filters.push(statusFilter(mailOutbox, query.status));
  if (query.kind) filters.push(eq(mailOutbox.kind, query.kind));
  if (query.search) filters.push(ilike(mailOutbox.toAddress, likePattern(query.search)));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(mailOutbox).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      bodyText: row.bodyText,
      kind: row.kind,
      userId: row.userId,
      status: statusOf(row),
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      nextAttemptAt: row.nextAttemptAt.toISOString(),
      sentAt: iso(row.sentAt),
    })),
    total: Number(total?.value ?? 0),
  };
}

/** SMS in the outbox, newest first, with the text. */
export async function listSmsOutbox(db: Database, query: OutboxQuery) {
  const filters: SQL[] = [];
  if (query.status) filters.push(statusFilter(smsOutbox, query.status));
  if (query.kind) filters.push(eq(smsOutbox.kind, query.kind));
  if (query.search) filters.push(ilike(smsOutbox.toNumber, likePattern(query.search)));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(smsOutbox)
      .where(where)
      .orderBy(desc(smsOutbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(smsOutbox).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      to: row.toNumber,
      body: row.body,
      kind: row.kind,
      userId: row.userId,
      status: statusOf(row),
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      nextAttemptAt: row.nextAttemptAt.toISOString(),
      sentAt: iso(row.sentAt),
    })),
    total: Number(total?.value ?? 0),
  };
}
