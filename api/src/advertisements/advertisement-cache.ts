import { oncePerDatabase, type Database } from '@psc/db';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';

/**
 * Short-lived copies of what every candidate reads of the open advertisements: the apply
 * context a submit checks against and the public part of the vacancy list. In a deadline rush
 * tens of thousands of candidates read the same twenty advertisements, so each API process
 * reads them from the database at most once per TTL instead of once per request (the apply
 * benchmark, scripts/benchmarks/apply.ts).
 *
 * A staff write in this process empties the cache at once (see `forgetAdvertisementsAfterWrites`);
 * a change made elsewhere (another API process, SQL by hand) shows within the TTL. The submit
 * statement itself refuses an advertisement that is no longer published, so a stale copy can
 * never let an application into a closed advertisement.
 */

export const ADVERTISEMENT_CACHE_TTL_MS = 3_000;
/** Vacancy searches make keys; past this many the cache starts afresh rather than grow. */
const MAX_ENTRIES = 2_000;

type Entry = { expiresAt: number; value: Promise<unknown> };

const cacheOf = oncePerDatabase(() => new Map<string, Entry>());

/**
 * The cached value under `key`, or `load()`'s. Concurrent misses share one load; a failed load
 * is not kept.
 */
export function cachedAdvertisementRead<T>(db: Database, key: string, load: () => Promise<T>, now: number = Date.now()): Promise<T> {
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const value = load();
  const entry: Entry = { expiresAt: now + ADVERTISEMENT_CACHE_TTL_MS, value };
  cache.set(key, entry);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}

/** Drop every cached advertisement read of this database (after a write that may change one). */
export function forgetAdvertisements(db: Database) {
  cacheOf(db).clear();
}

/**
 * Every staff write (any /api/admin request other than a read that succeeded) empties the cache:
 * staff write seldom, and this way no write path, master data included, can forget to.
 */
export const forgetAdvertisementsAfterWrites = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.res.status >= 400) return;
  const { db, readDb } = c.get('deps');
  forgetAdvertisements(db);
  // The public answers are kept per handle and read deps.readDb, the replica when there is one:
  // the next one is read again there (showing the change once replayed, milliseconds later).
  if (readDb !== db) forgetAdvertisements(readDb);
});
