import { PROFILE_UPLOADS } from '@psc/core';
import { fileTypeFromBuffer } from 'file-type';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hugeFlatPng, jpegMetadataSegments, jpegWithGps, pngChunks, pngWithAppendedScript, pngWithTextChunk, SCRIPT } from '../test-support/image-fixtures';
import { checkFileContent } from './check-file-content';
import { MAX_IMAGE_PIXELS } from './reencode-image';

const image = PROFILE_UPLOADS.photograph;
const certificate = PROFILE_UPLOADS['training-certificate'];
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/uploads/${name}`, import.meta.url)));
const contains = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text, 0, 'latin1');

async function stored(bytes: Uint8Array, rule = image): Promise<Uint8Array> {
  const check = await checkFileContent(bytes, rule);
  if (!check.ok) throw new Error(`refused: ${check.messageKey}`);
  return check.bytes;
}

describe('uploaded pictures are decoded and stored as a copy we drew', () => {
  it('refuses a 20000 x 20000 PNG (400 megapixels in about 50 KB) from its header', async () => {
    const huge = hugeFlatPng();
    expect(huge.length).toBeLessThan(image.maxBytes);
    expect((await sharp(huge, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    expect(await checkFileContent(huge, image)).toEqual({ ok: false, messageKey: 'validation.imageTooManyPixels' });
    expect(await checkFileContent(huge, certificate)).toEqual({ ok: false, messageKey: 'validation.imageTooManyPixels' });
  });

  it('accepts a picture of exactly the pixel limit (5000 x 5000)', async () => {
    expect(MAX_IMAGE_PIXELS).toBe(5000 * 5000);
    const check = await checkFileContent(hugeFlatPng(5000), image);
    expect(check.ok).toBe(true);
  });

  it('stores a JPEG without its EXIF (no GPS position, no camera), turned upright, still a JPEG', async () => {
    const upload = await jpegWithGps();
    const sent = await sharp(upload).metadata();
    expect(sent.exif, 'the upload carries EXIF').toBeDefined();
    // The GPS IFD pointer (tag 0x8825) is in the upload's EXIF, big- or little-endian.
    expect(sent.exif!.includes(Buffer.from([0x88, 0x25])) || sent.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(contains(upload, 'PhoneMaker')).toBe(true);
    expect([sent.width, sent.height, sent.orientation]).toEqual([64, 48, 6]);

    const kept = await stored(upload);
    expect((await fileTypeFromBuffer(kept))?.mime).toBe('image/jpeg');
    const meta = await sharp(kept).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(jpegMetadataSegments(kept)).toEqual([]);
    expect(contains(kept, 'PhoneMaker')).toBe(false);
    // Orientation 6 means "turn 90° to view": the stored copy is the upright picture.
    expect([meta.width, meta.height]).toEqual([48, 64]);
  });

  it('stores a PNG without the bytes appended after its end', async () => {
    const upload = await pngWithAppendedScript();
    expect(pngChunks(upload).trailing).toBeGreaterThan(0);
    const kept = await stored(upload);
    expect((await fileTypeFromBuffer(kept))?.mime).toBe('image/png');
    expect(pngChunks(kept).trailing).toBe(0);
    expect(contains(kept, SCRIPT)).toBe(false);
  });

  it('stores a PNG without its text chunk', async () => {
    const upload = await pngWithTextChunk();
    expect(pngChunks(upload).types).toContain('tEXt');
    const kept = await stored(upload);
    const { types, trailing } = pngChunks(kept);
    // Pixels, palette, transparency and the pixel density libvips always writes; nothing else.
    expect(types.filter((type) => !['IHDR', 'PLTE', 'tRNS', 'pHYs', 'IDAT', 'IEND'].includes(type))).toEqual([]);
    expect(trailing).toBe(0);
    expect(contains(kept, SCRIPT)).toBe(false);
    expect((await sharp(kept).metadata()).comments).toBeUndefined();
  });

  it('stores the committed photographs as pictures of the same size and kind', async () => {
    for (const [name, mime] of [['photo.jpg', 'image/jpeg'], ['photo.png', 'image/png']] as const) {
      const kept = await stored(fixture(name));
      expect((await fileTypeFromBuffer(kept))?.mime).toBe(mime);
      const meta = await sharp(kept).metadata();
      expect([meta.width, meta.height]).toEqual([300, 400]);
    }
  });

  it('refuses a PNG whose header is whole but whose pixels do not decode', async () => {
    // A valid chunk structure (CRCs right) around pixel data that is not deflate.
    const png = Buffer.from(hugeFlatPng(64));
    const idat = png.indexOf('IDAT', 0, 'latin1');
    const length = png.readUInt32BE(idat - 4);
    const broken = Buffer.concat([png.subarray(0, idat - 4), pngChunkLike('IDAT', Buffer.alloc(length, 0x5a)), png.subarray(idat + 4 + length + 4)]);
    expect(await checkFileContent(new Uint8Array(broken), image)).toEqual({ ok: false, messageKey: 'validation.fileEmptyOrDamaged' });
  });

  it('keeps a PDF as sent, trailing bytes included when %%EOF is still within its last kilobyte', async () => {
    const pdf = fixture('document.pdf');
    const withJunk = new Uint8Array(Buffer.concat([pdf, Buffer.from(`\n${SCRIPT}\n`)]));
    const check = await checkFileContent(withJunk, certificate);
    expect(check).toMatchObject({ ok: true, contentType: 'application/pdf' });
    expect(check.ok && Buffer.from(check.bytes).equals(Buffer.from(withJunk))).toBe(true);
    // More than a kilobyte after %%EOF: a reader would not find the end, so it counts as damaged.
    const pushedAway = new Uint8Array(Buffer.concat([pdf, Buffer.alloc(2048, 0x20)]));
    expect(await checkFileContent(pushedAway, certificate)).toEqual({ ok: false, messageKey: 'validation.fileEmptyOrDamaged' });
  });
});

function pngChunkLike(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}
