import { schema, type Database } from '@psc/db';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { getClientAddress } from '../http/client-address';

/** A database handle or an open transaction: the audit row must join the write's transaction. */
export type Executor = Pick<Database, 'insert'>;

export type AuditAction = 'create' | 'update' | 'delete' | 'lock' | 'unlock' | 'ban' | 'unban' | 'reset-password' | (string & {});

export type AuditEntry = {
  actorUserId: number | null;
  action: AuditAction;
  /** The table or domain name of what changed, e.g. 'roles', 'users', 'master.districts'. */
  entity: string;
  entityId: string | number | null;
  /** The row before the write (null for a create) and after it (null for a delete). */
  before: unknown;
  after: unknown;
  requestId?: string | null | undefined;
  ipAddress?: string | null | undefined;
};

/**
 * DESIGN "Auth": every staff write leaves an append-only audit row. Call it with the same
 * transaction as the write, so that either both are stored or neither is.
 */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await recordAudits(tx, [entry]);
}

/** Several audit rows in one insert, for a write over many rows at once (each keeps its own entity id). */
export async function recordAudits(tx: Executor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(schema.auditLog).values(
    entries.map((entry) => ({
      actorUserId: entry.actorUserId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      before: toJson(entry.before),
      after: toJson(entry.after),
      requestId: entry.requestId ?? null,
      ipAddress: entry.ipAddress ?? null,
    })),
  );
}

/** Who made the request, for recordAudit: actor, request id and address. */
export function auditContext(c: Context<AppEnv>) {
  return { actorUserId: c.get('auth').userId, requestId: c.get('requestId'), ipAddress: getClientAddress(c) };
}

// Dates become ISO strings and undefined fields disappear, as they would in any JSON reader.
function toJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value));
}
