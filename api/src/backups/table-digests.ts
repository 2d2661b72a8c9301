import type { Database } from '@psc/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../applications/rows-of';

/** One table's row count and a digest of its contents, as recorded in a backup's manifest. */
export type TableDigest = { table: string; rows: number; digest: string };

/**
 * The bookkeeping of backups themselves: the backup being taken is written to them while (and
 * after) it is dumped, so their contents never match the dump; they are restored but not compared.
 */
const NOT_COMPARED = new Set(['public.backups', 'public.backup_drills']);

/**
 * Every table of the product (public and drizzle's migration record) with its row count and a
 * digest of its rows, computed by the database on either engine. The digest is the sum of each
 * row's md5 (two 60-bit halves, summed as numeric so nothing overflows): a sum does not depend on
 * the order rows are read in, so the same contents give the same digest after a restore has laid
 * them out differently on disk. The row text depends on the session's time zone and formats,
 * fixed here, so both engines and both ends of a restore print the same text.
 *
 * Call it inside a transaction: the settings are local to it, and on PostgreSQL a repeatable-read
 * transaction makes every table's figures one instant.
 */
export async function digestTables(tx: Pick<Database, 'execute'>): Promise<TableDigest[]> {
  await tx.execute(sql`set local timezone = 'UTC'`);
  await tx.execute(sql`set local datestyle = 'ISO, YMD'`);
  await tx.execute(sql`set local intervalstyle = 'postgres'`);
  await tx.execute(sql`set local extra_float_digits = 1`);
  await tx.execute(sql`set local bytea_output = 'hex'`);
  const tables = rowsOf<{ schema: string; name: string }>(
    await tx.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')
      order by table_schema, table_name`),
  );
  const digests: TableDigest[] = [];
  for (const { schema, name } of tables) {
    const table = `${schema}.${name}`;
    if (NOT_COMPARED.has(table)) continue;
    // Names come from the catalogue, quoted as identifiers: never input.
    const [row] = rowsOf<{ rows: string; a: string; b: string }>(
      await tx.execute(sql`
        select count(*)::text as rows,
          coalesce(sum(('x' || substr(h, 1, 15))::bit(60)::bigint), 0)::text as a,
          coalesce(sum(('x' || substr(h, 16, 15))::bit(60)::bigint), 0)::text as b
        from (select md5(t::text) as h from ${sql.identifier(schema)}.${sql.identifier(name)} t) rows_of_table`),
    );
    digests.push({ table, rows: Number(row!.rows), digest: `${row!.a}.${row!.b}` });
  }
  return digests;
}

/** What differs between the recorded digests and those found: missing, extra, or changed tables. */
export function compareDigests(expected: readonly TableDigest[], found: readonly TableDigest[]) {
  const mismatches: { item: string; expected: string; found: string }[] = [];
  const foundByTable = new Map(found.map((d) => [d.table, d]));
  for (const want of expected) {
    const got = foundByTable.get(want.table);
    if (!got) mismatches.push({ item: want.table, expected: `${want.rows} rows`, found: 'missing' });
    else if (got.rows !== want.rows) mismatches.push({ item: want.table, expected: `${want.rows} rows`, found: `${got.rows} rows` });
    else if (got.digest !== want.digest) mismatches.push({ item: want.table, expected: want.digest, found: got.digest });
    foundByTable.delete(want.table);
  }
  for (const extra of foundByTable.values()) mismatches.push({ item: extra.table, expected: 'absent', found: `${extra.rows} rows` });
  return mismatches;
}
