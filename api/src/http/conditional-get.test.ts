import { describe, expect, it } from 'vitest';
import { clientCopyIsCurrent } from './conditional-get';

const current = { etag: '"abc"', lastModified: 'Wed, 25 Nov 2026 10:00:00 GMT' };

describe('clientCopyIsCurrent', () => {
  it('matches If-None-Match weakly, in a list, and *', () => {
    expect(clientCopyIsCurrent({ ifNoneMatch: '"abc"' }, current)).toBe(true);
    expect(clientCopyIsCurrent({ ifNoneMatch: 'W/"abc"' }, current)).toBe(true);
    expect(clientCopyIsCurrent({ ifNoneMatch: '"x" ,  "abc"' }, current)).toBe(true);
    expect(clientCopyIsCurrent({ ifNoneMatch: '*' }, current)).toBe(true);
    expect(clientCopyIsCurrent({ ifNoneMatch: '"abcd"' }, current)).toBe(false);
    expect(clientCopyIsCurrent({ ifNoneMatch: '"abc"' }, { lastModified: current.lastModified })).toBe(false);
  });

  it('reads If-Modified-Since only without If-None-Match, to the second', () => {
    expect(clientCopyIsCurrent({ ifModifiedSince: current.lastModified }, current)).toBe(true);
    expect(clientCopyIsCurrent({ ifModifiedSince: 'Wed, 25 Nov 2026 10:00:01 GMT' }, current)).toBe(true);
    expect(clientCopyIsCurrent({ ifModifiedSince: 'Wed, 25 Nov 2026 09:59:59 GMT' }, current)).toBe(false);
    expect(clientCopyIsCurrent({ ifModifiedSince: 'not a date' }, current)).toBe(false);
    expect(clientCopyIsCurrent({ ifNoneMatch: '"old"', ifModifiedSince: current.lastModified }, current)).toBe(false);
    expect(clientCopyIsCurrent({}, current)).toBe(false);
  });
});
