import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage } from './file-storage';

const root = mkdtempSync(join(tmpdir(), 'psc-storage-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('createLocalFileStorage', () => {
  const storage = createLocalFileStorage(root);
  const bytes = new TextEncoder().encode('the bytes of a scan');
  const hash = sha(bytes);

  it('keeps bytes under their hash, fanned out in two folder levels, and reads them back', async () => {
    expect(await storage.has(hash)).toBe(false);
    expect(await storage.get(hash)).toBeNull();
    await storage.put(hash, bytes);
    await storage.put(hash, bytes);
    expect(await storage.has(hash)).toBe(true);
    expect(await storage.get(hash)).toEqual(bytes);
    expect(readdirSync(join(root, hash.slice(0, 2), hash.slice(2, 4)))).toEqual([hash]);
  });

  it('deletes, and deleting what is gone does nothing', async () => {
    await storage.delete(hash);
    await storage.delete(hash);
    expect(await storage.has(hash)).toBe(false);
  });

  it('refuses a key that is not a sha256 digest, so no path can climb out of the folder', async () => {
    await expect(storage.put('../../etc/passwd', bytes)).rejects.toThrow(/sha256/);
    await expect(storage.get('ABC')).rejects.toThrow(/sha256/);
  });
});
