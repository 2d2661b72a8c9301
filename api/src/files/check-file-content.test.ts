import { PROFILE_UPLOADS } from '@psc/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkFileContent } from './check-file-content';

const fixtures = fileURLToPath(new URL('../../../tests/fixtures/uploads/', import.meta.url));
const read = (name: string) => new Uint8Array(readFileSync(join(fixtures, name)));

const image = PROFILE_UPLOADS.photograph;
const pdf = PROFILE_UPLOADS['transcript-front'];
const document = PROFILE_UPLOADS['training-certificate'];

describe('checkFileContent', () => {
  it('accepts real PNG and JPEG images where an image is wanted, whatever their names', async () => {
    expect(await checkFileContent(read('photo.png'), image)).toMatchObject({ ok: true, contentType: 'image/png' });
    expect(await checkFileContent(read('photo.jpg'), image)).toMatchObject({ ok: true, contentType: 'image/jpeg' });
  });

  it('refuses a PDF named .png and a web page named .jpg as not being images', async () => {
    expect(await checkFileContent(read('pdf-renamed.png'), image)).toEqual({ ok: false, messageKey: 'validation.imageTypeOnly' });
    expect(await checkFileContent(read('page-named.jpg'), image)).toEqual({ ok: false, messageKey: 'validation.imageTypeOnly' });
    expect(await checkFileContent(read('document.pdf'), image)).toEqual({ ok: false, messageKey: 'validation.imageTypeOnly' });
  });

  it('refuses an image over 500 KB, an empty file and files cut short', async () => {
    expect(read('large.jpg').length).toBeGreaterThan(512_000);
    expect(await checkFileContent(read('large.jpg'), image)).toEqual({ ok: false, messageKey: 'validation.fileTooLarge' });
    expect(await checkFileContent(read('empty.jpg'), image)).toEqual({ ok: false, messageKey: 'validation.fileEmptyOrDamaged' });
    expect(await checkFileContent(read('truncated.jpg'), image)).toEqual({ ok: false, messageKey: 'validation.fileEmptyOrDamaged' });
    expect(await checkFileContent(read('truncated.png'), image)).toEqual({ ok: false, messageKey: 'validation.fileEmptyOrDamaged' });
    expect(await checkFileContent(read('truncated.pdf'), pdf)).toEqual({ ok: false, messageKey: 'validation.fileEmptyOrDamaged' });
  });

  it('takes only a PDF for a transcript, and a PDF, JPEG or PNG for a certificate', async () => {
    expect(await checkFileContent(read('document.pdf'), pdf)).toMatchObject({ ok: true, contentType: 'application/pdf' });
    expect(await checkFileContent(read('photo.jpg'), pdf)).toEqual({ ok: false, messageKey: 'validation.pdfOnly' });
    for (const name of ['document.pdf', 'photo.jpg', 'photo.png']) expect((await checkFileContent(read(name), document)).ok).toBe(true);
    expect(await checkFileContent(read('page-named.jpg'), document)).toEqual({ ok: false, messageKey: 'validation.documentType' });
  });

  it('accepts data some phones append after the end of a JPEG', async () => {
    const withTrailer = new Uint8Array([...read('photo.jpg'), ...new TextEncoder().encode('SEFHtrailer')]);
    expect((await checkFileContent(withTrailer, image)).ok).toBe(true);
  });

  it('refuses a PNG whose data was corrupted (checksum mismatch)', async () => {
    const corrupted = read('photo.png');
    corrupted[corrupted.length - 200] ^= 0xff;
    expect(await checkFileContent(corrupted, image)).toEqual({ ok: false, messageKey: 'validation.fileEmptyOrDamaged' });
  });
});
