import { describe, expect, it } from 'vitest';
import { createSessionCheckCache, type SessionKey } from './session-check-cache';

/** A lookup that records each key it is asked for and answers when the test says so. */
function recordingLookup() {
  const asked: SessionKey[] = [];
  const pending: { resolve: (answer: string) => void; reject: (error: Error) => void }[] = [];
  const lookup = (key: SessionKey) => {
    asked.push(key);
    return new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return { asked, pending, lookup };
}

function answeringLookup() {
  const asked: SessionKey[] = [];
  const lookup = (key: SessionKey) => {
    asked.push(key);
    return Promise.resolve(`${key.userId}/${key.familyId} #${asked.length}`);
  };
  return { asked, lookup };
}

const key = (userId: number, familyId = 'f') => ({ userId, familyId });

describe('createSessionCheckCache', () => {
  it('answers one session from one lookup until the time to live has passed, then looks again', async () => {
    let now = 1_000;
    const { asked, lookup } = answeringLookup();
    const cache = createSessionCheckCache(lookup, { maxEntries: 10, now: () => now });
    expect(await cache.get(key(1), 5_000)).toBe('1/f #1');
    now += 4_999;
    expect(await cache.get(key(1), 5_000)).toBe('1/f #1');
    now += 1;
    expect(await cache.get(key(1), 5_000)).toBe('1/f #2');
    expect(asked).toHaveLength(2);
  });

  it('keeps the sessions of one user apart', async () => {
    const { asked, lookup } = answeringLookup();
    const cache = createSessionCheckCache(lookup, { maxEntries: 10, now: () => 0 });
    expect(await cache.get(key(1, 'a'), 5_000)).toBe('1/a #1');
    expect(await cache.get(key(1, 'b'), 5_000)).toBe('1/b #2');
    expect(await cache.get(key(1, 'a'), 5_000)).toBe('1/a #1');
    expect(asked).toHaveLength(2);
  });

  it('looks up every time when the time to live is 0, and keeps nothing', async () => {
    const { asked, lookup } = answeringLookup();
    const cache = createSessionCheckCache(lookup, { maxEntries: 10, now: () => 0 });
    await cache.get(key(1), 0);
    await cache.get(key(1), 0);
    expect(asked).toHaveLength(2);
    expect(cache.size).toBe(0);
  });

  it('shares one lookup among the requests that arrive while it is under way', async () => {
    const { asked, pending, lookup } = recordingLookup();
    const cache = createSessionCheckCache(lookup, { maxEntries: 10, now: () => 0 });
    const answers = [cache.get(key(1), 5_000), cache.get(key(1), 5_000), cache.get(key(1), 5_000)];
    expect(asked).toHaveLength(1);
    pending[0]!.resolve('live');
    expect(await Promise.all(answers)).toEqual(['live', 'live', 'live']);
  });

  it('keeps no failed lookup: the next request asks again', async () => {
    const { asked, pending, lookup } = recordingLookup();
    const cache = createSessionCheckCache(lookup, { maxEntries: 10, now: () => 0 });
    const failed = cache.get(key(1), 5_000);
    pending[0]!.reject(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    const again = cache.get(key(1), 5_000);
    expect(asked).toHaveLength(2);
    pending[1]!.resolve('live');
    expect(await again).toBe('live');
  });

  it('drops the oldest answer when full, never holding more than maxEntries', async () => {
    const { asked, lookup } = answeringLookup();
    const cache = createSessionCheckCache(lookup, { maxEntries: 3, now: () => 0 });
    for (const userId of [1, 2, 3, 4, 5]) await cache.get(key(userId), 5_000);
    expect(cache.size).toBe(3);
    // 3, 4 and 5 are kept; 1 and 2 were dropped, oldest first.
    for (const userId of [3, 4, 5]) await cache.get(key(userId), 5_000);
    expect(asked).toHaveLength(5);
    await cache.get(key(1), 5_000);
    expect(asked).toHaveLength(6);
    expect(cache.size).toBe(3);
  });

  it('drops expired answers as new ones come, so a quiet map shrinks without a timer', async () => {
    let now = 0;
    const { lookup } = answeringLookup();
    const cache = createSessionCheckCache(lookup, { maxEntries: 1_000, now: () => now });
    for (let userId = 1; userId <= 100; userId += 1) await cache.get(key(userId), 5_000);
    expect(cache.size).toBe(100);
    now = 5_000;
    await cache.get(key(101), 5_000);
    expect(cache.size).toBe(1);
  });

  it('forgets every session of one user, and only that user', async () => {
    const { asked, lookup } = answeringLookup();
    const cache = createSessionCheckCache(lookup, { maxEntries: 10, now: () => 0 });
    await cache.get(key(1, 'a'), 5_000);
    await cache.get(key(1, 'b'), 5_000);
    await cache.get(key(2, 'a'), 5_000);
    cache.forgetUser(1);
    expect(cache.size).toBe(1);
    await cache.get(key(2, 'a'), 5_000);
    expect(asked).toHaveLength(3);
    expect(await cache.get(key(1, 'a'), 5_000)).toBe('1/a #4');
  });

  it('does not keep a lookup that was under way when the user was forgotten', async () => {
    const { asked, pending, lookup } = recordingLookup();
    const cache = createSessionCheckCache(lookup, { maxEntries: 10, now: () => 0 });
    const before = cache.get(key(1), 5_000);
    cache.forgetUser(1);
    pending[0]!.resolve('live (read before the sign-out)');
    // The request that was already waiting gets its answer...
    expect(await before).toBe('live (read before the sign-out)');
    // ...but the next one is looked up afresh.
    const after = cache.get(key(1), 5_000);
    expect(asked).toHaveLength(2);
    pending[1]!.resolve('signed out');
    expect(await after).toBe('signed out');
  });

  it('forgets a user whose answers were pushed out by the cap without trouble', async () => {
    const { lookup } = answeringLookup();
    const cache = createSessionCheckCache(lookup, { maxEntries: 1, now: () => 0 });
    await cache.get(key(1), 5_000);
    await cache.get(key(2), 5_000);
    cache.forgetUser(1);
    cache.forgetUser(2);
    expect(cache.size).toBe(0);
  });
});
