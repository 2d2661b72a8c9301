import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkFile, sniffContentType } from './check-file';
import { findSmallEnough, SHRINK_STEPS, type EncodeStep } from './shrink-image';

const fixture = (name: string) => new Blob([readFileSync(new URL(`../../../../tests/fixtures/uploads/${name}`, import.meta.url))]);
const image = { contentTypes: ['image/jpeg', 'image/png'] as const, maxBytes: 512_000 };
const pdf = { contentTypes: ['application/pdf'] as const, maxBytes: 512_000 };

describe('checking a file before upload (spec §5)', () => {
  it('reads the type from the first bytes', () => {
    expect(sniffContentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffContentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffContentType(new TextEncoder().encode('%PDF-1.4'))).toBe('application/pdf');
    expect(sniffContentType(new TextEncoder().encode('<html>'))).toBeNull();
    expect(sniffContentType(new Uint8Array([]))).toBeNull();
  });

  it('accepts the committed photographs and the PDF for their rules', async () => {
    expect(await checkFile(fixture('photo.jpg'), image)).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(await checkFile(fixture('photo.png'), image)).toEqual({ ok: true, contentType: 'image/png' });
    expect(await checkFile(fixture('document.pdf'), pdf)).toEqual({ ok: true, contentType: 'application/pdf' });
  });

  it('refuses by content, not by name: a PDF named .png, a web page named .jpg', async () => {
    expect(await checkFile(fixture('pdf-renamed.png'), image)).toEqual({ ok: false, problem: 'type', contentType: 'application/pdf' });
    expect(await checkFile(fixture('page-named.jpg'), image)).toEqual({ ok: false, problem: 'type', contentType: null });
  });

  it('refuses an empty file and one over 500 KB', async () => {
    expect(await checkFile(fixture('empty.jpg'), image)).toEqual({ ok: false, problem: 'empty', contentType: null });
    expect(await checkFile(fixture('large.jpg'), image)).toEqual({ ok: false, problem: 'size', contentType: 'image/jpeg' });
  });
});

describe('shrinking a picture to the limit', () => {
  // An encoder whose output grows with the pixels and the quality, like JPEG's.
  const encodeOf = (fullSize: number) => async ({ scale, quality }: EncodeStep) => new Blob([new Uint8Array(Math.round(fullSize * scale * scale * quality))]);

  it('keeps the full size when a lower quality is enough', async () => {
    const found = await findSmallEnough(encodeOf(600_000), 512_000);
    expect(found?.step).toEqual({ scale: 1, quality: 0.85 });
    expect(found!.blob.size).toBeLessThanOrEqual(512_000);
  });

  it('makes the picture smaller when quality alone is not enough', async () => {
    const found = await findSmallEnough(encodeOf(2_000_000), 512_000);
    expect(found!.step.scale).toBeLessThan(1);
    expect(found!.blob.size).toBeLessThanOrEqual(512_000);
  });

  it('gives up after the last step, and skips a step the browser could not encode', async () => {
    expect(await findSmallEnough(encodeOf(100_000_000), 512_000)).toBeNull();
    const failingFirst = async (step: EncodeStep) => (step === SHRINK_STEPS[0] ? null : new Blob([new Uint8Array(10)]));
    expect((await findSmallEnough(failingFirst, 512_000))?.step).toEqual(SHRINK_STEPS[1]);
  });
});
