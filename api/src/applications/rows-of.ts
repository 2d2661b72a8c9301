/** db.execute answers an array (postgres.js) or { rows } (PGlite); the services want the rows. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
