import type { MessageKey, UploadContentType, UploadRule } from '@psc/core';
import { fileTypeFromBuffer } from 'file-type';
import { crc32 } from 'node:zlib';
import { reencodeImage } from './reencode-image';

/** `bytes` are the ones to store: a picture drawn again by reencodeImage, a PDF as it came. */
export type ContentCheck = { ok: true; contentType: UploadContentType; bytes: Uint8Array } | { ok: false; messageKey: MessageKey };

/**
 * DESIGN "Files": an upload is judged by its bytes, never by its name or the type the browser
 * claims. The order gives the most useful refusal first: an empty file, one over the size
 * limit, one of the wrong kind, then one that claims a kind but is cut short or corrupt, then a
 * picture too large in pixels or that does not decode.
 *
 * spec §5's 500 KB is a rule on what the person sends (the portal shrinks a photograph to fit it
 * before uploading), so it is checked on the upload. The re-encoded copy is usually smaller;
 * when it is not, the person could do nothing about it, so it is not refused for its size.
 */
export async function checkFileContent(bytes: Uint8Array, rule: UploadRule): Promise<ContentCheck> {
  if (bytes.length === 0) return { ok: false, messageKey: 'validation.fileEmptyOrDamaged' };
  if (bytes.length > rule.maxBytes) return { ok: false, messageKey: 'validation.fileTooLarge' };
  const detected = await fileTypeFromBuffer(bytes);
  const contentType = rule.contentTypes.find((type) => type === detected?.mime);
  if (!contentType) return { ok: false, messageKey: rule.typeMessage };
  if (!isStructurallyComplete(bytes, contentType)) return { ok: false, messageKey: 'validation.fileEmptyOrDamaged' };
  // A PDF is not drawn again: it is stored as sent, once it ends with %%EOF as a reader expects
  // (so bytes appended past the last kilobyte are refused above), and it is served only to its
  // owner and to staff, with its own type and nosniff (DESIGN "Files").
  if (contentType === 'application/pdf') return { ok: true, contentType, bytes };
  const image = await reencodeImage(bytes, contentType);
  return image.ok ? { ok: true, contentType, bytes: image.bytes } : image;
}

export function isStructurallyComplete(bytes: Uint8Array, contentType: UploadContentType): boolean {
  switch (contentType) {
    case 'image/jpeg':
      return isCompleteJpeg(bytes);
    case 'image/png':
      return isCompletePng(bytes);
    case 'application/pdf':
      return isCompletePdf(bytes);
  }
}

const isRestartMarker = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * Walks the JPEG's segments from SOI to EOI, skipping each segment by its length and each scan's
 * entropy-coded data up to the next real marker. A file cut short never reaches EOI. Bytes after
 * EOI are allowed: some phones append their own metadata there.
 */
function isCompleteJpeg(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
  let position = 2;
  while (position + 1 < bytes.length) {
    if (bytes[position] !== 0xff) return false;
    let marker = bytes[position + 1]!;
    // Any number of 0xFF fill bytes may precede a marker.
    while (marker === 0xff && position + 2 < bytes.length) {
      position += 1;
      marker = bytes[position + 1]!;
    }
    if (marker === 0xd9) return true;
    if (isRestartMarker(marker) || marker === 0x01) {
      position += 2;
      continue;
    }
    if (position + 3 >= bytes.length) return false;
    const length = (bytes[position + 2]! << 8) | bytes[position + 3]!;
    if (length < 2) return false;
    const next = position + 2 + length;
    if (next > bytes.length) return false;
    if (marker !== 0xda) {
      position = next;
      continue;
    }
    // Start of scan: entropy-coded data follows, where 0xFF is always followed by a stuffed
    // 0x00 or a restart marker; anything else is the next segment's marker.
    let scan = next;
    while (scan + 1 < bytes.length && !(bytes[scan] === 0xff && bytes[scan + 1] !== 0x00 && !isRestartMarker(bytes[scan + 1]!))) scan += 1;
    if (scan + 1 >= bytes.length) return false;
    position = scan;
  }
  return false;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Walks the PNG's chunks, checking each one's CRC, until IEND. */
function isCompletePng(bytes: Uint8Array): boolean {
  if (!PNG_SIGNATURE.every((value, index) => bytes[index] === value)) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let position = PNG_SIGNATURE.length;
  let isFirst = true;
  while (position + 12 <= bytes.length) {
    const length = view.getUint32(position);
    const end = position + 12 + length;
    if (end > bytes.length) return false;
    const type = String.fromCharCode(...bytes.subarray(position + 4, position + 8));
    if (isFirst && type !== 'IHDR') return false;
    isFirst = false;
    if (crc32(bytes.subarray(position + 4, position + 8 + length)) !== view.getUint32(position + 8 + length)) return false;
    if (type === 'IEND') return true;
    position = end;
  }
  return false;
}

/** A PDF ends with %%EOF, which readers look for within the last 1024 bytes (ISO 32000-1 §7.5.5). */
function isCompletePdf(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString('latin1');
  return tail.includes('%%EOF');
}
