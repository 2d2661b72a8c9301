import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * A JSON object of one row of `table`, keyed by the schema's property names (camelCase), for
 * reading many small lists in one round trip. Dates come back as 'YYYY-MM-DD', timestamps as
 * ISO strings and numerics as numbers.
 */
function jsonObjectOf(table: PgTable): SQL {
  // Keys are the schema's own property names, never input, so they are written inline.
  const pairs = Object.entries(getTableColumns(table)).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * "table"."column": written out, because drizzle leaves the table off a column in a plain sql
 * fragment, which inside a correlated subquery would name the wrong table's column.
 */
export function qualified(table: PgTable, column: PgColumn): SQL {
  return sql`${table}.${sql.identifier(column.name)}`;
}

/** The rows of `table` whose user is `userId` (an outer column), as a JSON array (empty, never null), in order. */
export function jsonRowsOf(table: PgTable & { userId: PgColumn }, userId: SQL, orderBy: SQL = sql`1`): SQL {
  return sql`(select coalesce(json_agg(${jsonObjectOf(table)} order by ${orderBy}), '[]'::json) from ${table} where ${qualified(table, table.userId)} = ${userId})`;
}

/** Drivers differ on whether a json column arrives parsed. */
export function readJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
