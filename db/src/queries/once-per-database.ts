import type { Database } from '../connect';

/**
 * `build(db)` made once per database and kept: for the prepared queries of busy paths (each
 * request then sends the statement by name instead of rebuilding its text) and for what a
 * process keeps of one database. Keyed weakly, so a closed test database is let go.
 */
export function oncePerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
