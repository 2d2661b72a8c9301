import type { Placeholder, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../connect';

const dialect = new PgDialect({ casing: 'snake_case' });

export type PreparedStatement<Row> = { all: (values: Record<string, unknown>) => Promise<Row[]> };

/**
 * A hand-written statement (an sql`` template whose parameters are sql.placeholder()s) prepared
 * under `name`. `db.execute` never prepares: PostgreSQL would parse and plan the statement on
 * every call, which the busiest paths cannot afford (the apply benchmark); prepared, it is planned
 * once per connection, like the query builder's `.prepare()`. Answers the rows on both engines.
 */
export function prepareStatement<Row>(db: Database, name: string, query: SQL): PreparedStatement<Row> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return {
    all: async (values) => {
      // postgres.js answers the rows, PGlite a result holding them.
      const result: unknown = await prepared.execute(values);
      return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
    },
  };
}

/**
 * The statement's text with $1..$n, and the placeholder each $k stands for: for tools that run
 * the very statement outside the API (the apply benchmark's pgbench script).
 */
export function statementText(query: SQL): { text: string; names: string[] } {
  const { sql, params } = dialect.sqlToQuery(query);
  return { text: sql, names: params.map((param) => (param as Placeholder).name) };
}
