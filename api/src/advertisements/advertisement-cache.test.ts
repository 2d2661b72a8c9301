import type { Database } from '@psc/db';
import { describe, expect, it } from 'vitest';
import { ADVERTISEMENT_CACHE_TTL_MS, cachedAdvertisementRead, forgetAdvertisements } from './advertisement-cache';

// The cache is keyed by database object only; a plain object stands for one here.
const newDatabase = () => ({}) as Database;

describe('advertisement cache', () => {
  it('reads once for concurrent callers and again after the TTL', async () => {
    const db = newDatabase();
    let loads = 0;
    const load = async () => ++loads;
    const [first, second] = await Promise.all([cachedAdvertisementRead(db, 'k', load, 1000), cachedAdvertisementRead(db, 'k', load, 1000)]);
    expect([first, second, loads]).toEqual([1, 1, 1]);
    expect(await cachedAdvertisementRead(db, 'k', load, 1000 + ADVERTISEMENT_CACHE_TTL_MS - 1)).toBe(1);
    expect(await cachedAdvertisementRead(db, 'k', load, 1000 + ADVERTISEMENT_CACHE_TTL_MS)).toBe(2);
  });

  it('keeps databases and keys apart, forgets on demand, and does not keep a failed read', async () => {
    const db = newDatabase();
    const other = newDatabase();
    expect(await cachedAdvertisementRead(db, 'a', async () => 'db-a', 0)).toBe('db-a');
    expect(await cachedAdvertisementRead(db, 'b', async () => 'db-b', 0)).toBe('db-b');
    expect(await cachedAdvertisementRead(other, 'a', async () => 'other-a', 0)).toBe('other-a');
    forgetAdvertisements(db);
    expect(await cachedAdvertisementRead(db, 'a', async () => 'db-a again', 0)).toBe('db-a again');
    expect(await cachedAdvertisementRead(other, 'a', async () => 'not read', 0)).toBe('other-a');
    await expect(cachedAdvertisementRead(db, 'c', () => Promise.reject(new Error('database down')), 0)).rejects.toThrow('database down');
    expect(await cachedAdvertisementRead(db, 'c', async () => 'read after the failure', 0)).toBe('read after the failure');
  });
});
