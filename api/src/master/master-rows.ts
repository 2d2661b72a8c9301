import type { Database } from '@psc/db';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import { CHECK_VIOLATION, FOREIGN_KEY_VIOLATION, findPostgresCode, UNIQUE_VIOLATION } from '../http/database-errors';
import type { MasterEntry } from './registry';

export type Actor = { actorUserId: number; requestId: string; ipAddress: string };

type Row = Record<string, unknown>;

/** Escapes LIKE wildcards so a search for "a_b" finds that text, not a pattern. */
export function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export async function listMasterRows(db: Database, entry: MasterEntry, input: { page: number; pageSize: number; search?: string | undefined }) {
  const where = input.search ? (or(...entry.searchColumns.map((column) => ilike(column, likePattern(input.search!)))) as SQL) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(entry.table)
      .where(where)
      .orderBy(asc(entry.table.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ value: count() }).from(entry.table).where(where),
  ]);
  return { items: items as Row[], total: Number(total?.value ?? 0) };
}

export async function getMasterRow(db: Pick<Database, 'select'>, entry: MasterEntry, id: number): Promise<Row> {
  const [row] = await db.select().from(entry.table).where(eq(entry.table.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row as Row;
}

/** Turns the database's refusals into answers; anything else stays an unknown error. */
export function translateWriteError(error: unknown): never {
  if (error instanceof AppError) throw error;
  switch (findPostgresCode(error)) {
    case FOREIGN_KEY_VIOLATION:
      throw new AppError('UNPROCESSABLE', { messageKey: 'admin.referenceMissing' });
    case UNIQUE_VIOLATION:
      throw new AppError('CONFLICT', { messageKey: 'admin.duplicate' });
    case CHECK_VIOLATION:
      throw new AppError('VALIDATION_FAILED');
    default:
      throw error;
  }
}

export async function createMasterRow(db: Database, entry: MasterEntry, values: Row, actor: Actor) {
  try {
    return await db.transaction(async (tx) => {
      let insert = values;
      if (entry.assignsId) {
        // Reference tables have no sequence (their seeded ids are stable); the lock keeps two
        // creations from picking the same next id.
        await tx.execute(sql`lock table ${entry.table} in share row exclusive mode`);
        const [next] = await tx.select({ id: sql<number>`coalesce(max(${entry.table.id}), 0) + 1` }).from(entry.table);
        insert = { ...values, id: Number(next!.id) };
      }
      const [row] = (await tx.insert(entry.table).values(insert).returning()) as Row[];
      await recordAudit(tx, { ...actor, action: 'create', entity: entry.type, entityId: String(row!.id), before: null, after: row });
      return row!;
    });
  } catch (error) {
    translateWriteError(error);
  }
}

export async function updateMasterRow(db: Database, entry: MasterEntry, id: number, values: Row, actor: Actor) {
  try {
    return await db.transaction(async (tx) => {
      const before = await getMasterRowForUpdate(tx, entry, id);
      const [row] = (await tx.update(entry.table).set(values).where(eq(entry.table.id, id)).returning()) as Row[];
      await recordAudit(tx, { ...actor, action: 'update', entity: entry.type, entityId: String(id), before, after: row });
      return row!;
    });
  } catch (error) {
    translateWriteError(error);
  }
}

/**
 * Deleting a row something else refers to is refused with 409 (PostgreSQL 23503), and
 * the transaction rolls back, so nothing is lost.
 */
export async function deleteMasterRow(db: Database, entry: MasterEntry, id: number, actor: Actor) {
  try {
    await db.transaction(async (tx) => {
      const before = await getMasterRowForUpdate(tx, entry, id);
      await tx.delete(entry.table).where(eq(entry.table.id, id));
      await recordAudit(tx, { ...actor, action: 'delete', entity: entry.type, entityId: String(id), before, after: null });
    });
  } catch (error) {
    if (findPostgresCode(error) === FOREIGN_KEY_VIOLATION) throw new AppError('CONFLICT', { messageKey: 'error.IN_USE' });
    translateWriteError(error);
  }
}

async function getMasterRowForUpdate(tx: Pick<Database, 'select'>, entry: MasterEntry, id: number): Promise<Row> {
  const [row] = await tx.select().from(entry.table).where(and(eq(entry.table.id, id))).for('update').limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row as Row;
}
