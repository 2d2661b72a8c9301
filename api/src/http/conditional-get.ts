/**
 * Conditional GET (RFC 9110 §13): whether a client's copy, named by If-None-Match or
 * If-Modified-Since, is still the current answer, so that a 304 without a body can stand for it.
 */

/** The validators of the current answer: an entity tag ("…" or W/"…") and/or an HTTP date. */
export type Validators = { etag?: string | null | undefined; lastModified?: string | null | undefined };

// If-None-Match compares weakly: a proxy that compressed the answer may have weakened the tag.
const opaqueTag = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * True when the request's copy is current. If-None-Match, when sent, decides alone (§13.2.2); a
 * date is only read without it, and only to the second, which is all an HTTP date carries.
 */
export function clientCopyIsCurrent(headers: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined }, current: Validators): boolean {
  const { ifNoneMatch, ifModifiedSince } = headers;
  if (ifNoneMatch !== undefined) {
    if (!current.etag) return false;
    const wanted = opaqueTag(current.etag);
    return ifNoneMatch.split(',').some((tag) => {
      const trimmed = tag.trim();
      return trimmed === '*' || opaqueTag(trimmed) === wanted;
    });
  }
  if (ifModifiedSince === undefined || !current.lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  const modified = Date.parse(current.lastModified);
  if (Number.isNaN(since) || Number.isNaN(modified)) return false;
  return Math.floor(modified / 1000) <= Math.floor(since / 1000);
}

/** The headers a 304 repeats from the answer it stands for (RFC 9110 §15.4.5). */
export const HEADERS_KEPT_ON_304 = ['cache-control', 'content-location', 'date', 'etag', 'expires', 'last-modified', 'vary'] as const;
