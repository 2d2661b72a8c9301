import { todayAd, translate, type Language } from '@psc/core';
import { oncePerDatabase, type Database } from '@psc/db';
import type { Context } from 'hono';
import { createHash } from 'node:crypto';
import { cachedAdvertisementRead } from '../advertisements/advertisement-cache';
import type { AppEnv } from '../context';
import { clientCopyIsCurrent } from '../http/conditional-get';

/**
 * The public advertisement answers as sent: when an advertisement thousands of candidates wait
 * for is published, they all open the same list at once. Each API process builds an answer's
 * body (the envelope as JSON text), its entity tag and its Last-Modified once per change, not per
 * request: through the advertisement cache (advertisement-cache.ts), emptied by a staff write in
 * this process and otherwise renewed every ADVERTISEMENT_CACHE_TTL_MS. A request then costs a map
 * look-up and a write of ready text, and a client or proxy holding the same copy gets a 304.
 *
 * How stale an answer can be: ADVERTISEMENT_CACHE_TTL_MS (3 s, in this process, for a change
 * made elsewhere) plus PUBLIC_CACHE_MAX_AGE_SECONDS (10 s by default, in a browser or a proxy/CDN
 * in front): a withdrawn or closed advertisement is gone from every copy within 13 s.
 */

/** `body` is the envelope as UTF-8 bytes, encoded once rather than on every send. */
export type PublicAnswer = { body: Buffer<ArrayBuffer>; etag: string; lastModified: string };

/** Keys of answers seen, past which the record of when each was first seen starts afresh. */
const MAX_SEEN = 2_000;

type Seen = { etag: string; modifiedAt: number };
const seenOf = oncePerDatabase(() => new Map<string, Seen>());

/**
 * Last-Modified is when this process first built the body it sends, kept while the body stays
 * the same (a renewal after the TTL that finds no change keeps the date, so If-Modified-Since
 * still matches). A changed body always gets a later second than the one it replaces, since an
 * HTTP date carries no finer time.
 */
function modifiedAt(db: Database, key: string, etag: string, now: number): number {
  const seen = seenOf(db);
  const before = seen.get(key);
  if (before?.etag === etag) return before.modifiedAt;
  const second = Math.floor(now / 1000) * 1000;
  const modified = before ? Math.max(second, before.modifiedAt + 1000) : second;
  if (seen.size >= MAX_SEEN) seen.clear();
  seen.set(key, { etag, modifiedAt: modified });
  return modified;
}

/**
 * The answer under `key` for `lang`, or undefined when `load` finds nothing (a code that is not
 * public). An advertisement becomes public on its publish date in Nepal (spec §2 /vacancy), so
 * the key carries today's Nepal date: at midnight every answer is built afresh, whatever the TTL.
 * The envelope's message is in the asker's language, so answers are kept per language too.
 */
export function cachedPublicAnswer(
  db: Database,
  lang: Language,
  key: string,
  load: (today: string) => Promise<unknown>,
  now: number = Date.now(),
): Promise<PublicAnswer | undefined> {
  const today = todayAd(new Date(now));
  return cachedAdvertisementRead(
    db,
    `public:${today}:${lang}:${key}`,
    async () => {
      const data = await load(today);
      if (data === undefined) return undefined;
      const body = Buffer.from(JSON.stringify({ status: 1, message: translate(lang, 'common.success'), data }));
      // A strong tag: the same body gives the same tag in every API process.
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
      return { body, etag, lastModified: new Date(modifiedAt(db, `${lang}:${key}`, etag, now)).toUTCString() };
    },
    now,
  );
}

/**
 * Sends a cached answer, or 304 when the client's copy is current. The validators and the
 * caching rule go with both; Vary names the language the message was chosen by.
 */
export function sendPublicAnswer(c: Context<AppEnv>, answer: PublicAnswer): Response {
  c.header('ETag', answer.etag);
  c.header('Last-Modified', answer.lastModified);
  c.header('Cache-Control', `public, max-age=${c.get('deps').config.publicCacheMaxAgeSeconds}`);
  c.header('Vary', 'Accept-Language');
  if (clientCopyIsCurrent({ ifNoneMatch: c.req.header('if-none-match'), ifModifiedSince: c.req.header('if-modified-since') }, answer)) {
    return c.body(null, 304);
  }
  c.header('Content-Type', 'application/json');
  return c.body(answer.body, 200);
}
