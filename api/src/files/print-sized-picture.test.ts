import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage } from './file-storage';
import { printSizedPicture } from './print-sized-picture';

const root = mkdtempSync(join(tmpdir(), 'psc-print-picture-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalFileStorage(root);

/** Noise, so the JPEG stays large: a phone photograph of 2400 x 3000 pixels saved at 500 KB or so. */
async function store(width: number, height: number, format: 'jpeg' | 'png'): Promise<{ sha256: string; contentType: string; bytes: Uint8Array }> {
  const noise = sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  const bytes = new Uint8Array(await (format === 'jpeg' ? noise.jpeg({ quality: 40 }) : noise.png()).toBuffer());
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await storage.put(sha256, bytes);
  return { sha256, contentType: `image/${format}`, bytes };
}

describe('printSizedPicture', () => {
  it('prints a large photograph from a copy fitted in 600 x 600, made once and kept', async () => {
    const photo = await store(1200, 1500, 'jpeg');
    expect(photo.bytes.length).toBeGreaterThan(64 * 1024);
    const printed = await printSizedPicture(storage, photo);
    expect(printed!.length).toBeLessThan(photo.bytes.length);
    const size = await sharp(printed!).metadata();
    expect([size.format, size.width, size.height]).toEqual(['jpeg', 480, 600]);
    // The original is untouched; the second print reads the kept copy.
    expect(await storage.get(photo.sha256)).toEqual(photo.bytes);
    const again = await printSizedPicture(storage, photo);
    expect(again).toEqual(printed);
  });

  it('keeps a signature a PNG, as wide as the box', async () => {
    const signature = await store(1800, 600, 'png');
    const size = await sharp((await printSizedPicture(storage, signature))!).metadata();
    expect([size.format, size.width, size.height]).toEqual(['png', 600, 200]);
  });

  it('prints a small picture as it is stored, and nothing for a picture not on file', async () => {
    const small = await store(240, 300, 'jpeg');
    expect(small.bytes.length).toBeLessThan(64 * 1024);
    expect(await printSizedPicture(storage, small)).toEqual(small.bytes);
    expect(await printSizedPicture(storage, { sha256: 'a'.repeat(64), contentType: 'image/jpeg' })).toBeNull();
  });
});
