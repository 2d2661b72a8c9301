import { schema, type Database } from '@psc/db';
import { asc, gt, inArray } from 'drizzle-orm';
import { FEED_TABLES, feedTypeOf } from './registry';

const { masterDataChanges } = schema;

export const FEED_MAX_LIMIT = 5000;

export type FeedChange = { seq: number; type: string; id: number; operation: 'insert' | 'update' | 'delete'; row: Record<string, unknown> | null };

/**
 * The master-data change feed: the changes after `since`, oldest first, each with the row as it is now
 * (null once deleted). A cache that starts empty asks since=0 and pages until hasMore is false;
 * replaying a change whose row changed again later is harmless, since the later change follows.
 */
export async function listMasterDataChanges(db: Database, input: { since: number; limit: number }) {
  const changes = await db
    .select()
    .from(masterDataChanges)
    .where(gt(masterDataChanges.seq, input.since))
    .orderBy(asc(masterDataChanges.seq))
    .limit(input.limit + 1);
  const hasMore = changes.length > input.limit;
  const page = changes.slice(0, input.limit);

  // One query per table named in the page, not one per change.
  const idsByTable = new Map<string, Set<number>>();
  for (const change of page) {
    if (change.operation === 'delete') continue;
    const ids = idsByTable.get(change.tableName) ?? new Set<number>();
    ids.add(Number(change.rowId));
    idsByTable.set(change.tableName, ids);
  }
  const rows = new Map<string, Record<string, unknown>>();
  for (const [tableName, ids] of idsByTable) {
    const table = FEED_TABLES.get(tableName);
    if (!table) continue;
    const found = (await db.select().from(table).where(inArray(table.id, [...ids]))) as Record<string, unknown>[];
    for (const row of found) rows.set(`${tableName}:${String(row.id)}`, row);
  }

  const result: FeedChange[] = page.map((change) => ({
    seq: change.seq,
    type: feedTypeOf(change.tableName),
    id: Number(change.rowId),
    operation: change.operation,
    row: change.operation === 'delete' ? null : (rows.get(`${change.tableName}:${change.rowId}`) ?? null),
  }));
  return { changes: result, lastSeq: page.at(-1)?.seq ?? input.since, hasMore };
}
