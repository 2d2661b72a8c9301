import { schema, userFullNameEn, type Database } from '@psc/db';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { endOf, startOf } from '../user-management/locks';

const { auditLog, users } = schema;

export type AuditQuery = {
  entity?: string | undefined;
  entityId?: string | undefined;
  actorUserId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
};

/** Newest first. Read only: no route changes an audit row, and the table refuses it too. */
export async function listAuditLog(db: Database, input: AuditQuery) {
  const filters: SQL[] = [];
  if (input.entity) filters.push(eq(auditLog.entity, input.entity));
  if (input.entityId) filters.push(eq(auditLog.entityId, input.entityId));
  if (input.actorUserId) filters.push(eq(auditLog.actorUserId, input.actorUserId));
  if (input.from) filters.push(gte(auditLog.occurredAt, startOf(input.from)));
  if (input.to) filters.push(lt(auditLog.occurredAt, new Date(endOf(input.to).getTime() + 1)));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        occurredAt: auditLog.occurredAt,
        actorUserId: auditLog.actorUserId,
        actorUsername: users.username,
        actorName: userFullNameEn,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        before: auditLog.before,
        after: auditLog.after,
        requestId: auditLog.requestId,
        ipAddress: auditLog.ipAddress,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { items: rows.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() })), total: Number(total?.value ?? 0) };
}
