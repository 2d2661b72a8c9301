import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';

// Pictures made in memory for the upload tests: each carries something a stored copy must not
// (too many pixels, a GPS position, a script in a text chunk or after the image).

export const SCRIPT = '<script>alert(document.cookie)</script>';

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/**
 * A real, valid 20000 x 20000 PNG (400 megapixels) of one colour, about 50 KB: one bit a pixel,
 * every row zero, which deflate squeezes to almost nothing. Written by hand because drawing it
 * with sharp takes seconds.
 */
export function hugeFlatPng(size = 20_000): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(size / 8); // a filter byte, then the row's bits
  const pixels = deflateSync(Buffer.alloc(rowBytes * size), { level: 9 });
  return new Uint8Array(
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', new Uint8Array())]),
  );
}

/** A small picture, wider than tall, that tells a sideways photograph from an upright one. */
function landscape(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 60, b: 40 } } });
}

/** A phone's JPEG: EXIF with the camera, a GPS position (Kathmandu) and "rotate 90° to view". */
export async function jpegWithGps(): Promise<Uint8Array> {
  const bytes = await landscape()
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '27/1 42/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '85/1 19/1 1200/100' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return new Uint8Array(bytes);
}

export async function plainPng(): Promise<Uint8Array> {
  return new Uint8Array(await landscape().png().toBuffer());
}

/** A valid PNG with a script after its IEND chunk. */
export async function pngWithAppendedScript(): Promise<Uint8Array> {
  return new Uint8Array(Buffer.concat([await plainPng(), Buffer.from(SCRIPT)]));
}

/** A valid PNG with a tEXt chunk (keyword "Comment") holding a script, before IEND. */
export async function pngWithTextChunk(): Promise<Uint8Array> {
  const png = Buffer.from(await plainPng());
  const iend = png.length - 12;
  const text = pngChunk('tEXt', Buffer.from(`Comment\0${SCRIPT}`, 'latin1'));
  return new Uint8Array(Buffer.concat([png.subarray(0, iend), text, png.subarray(iend)]));
}

/** The chunk types of a PNG, in order, and whatever follows IEND. */
export function pngChunks(bytes: Uint8Array): { types: string[]; trailing: number } {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const types: string[] = [];
  let position = 8;
  while (position + 12 <= view.length) {
    const length = view.readUInt32BE(position);
    const type = view.toString('latin1', position + 4, position + 8);
    types.push(type);
    position += 12 + length;
    if (type === 'IEND') break;
  }
  return { types, trailing: view.length - position };
}

/** True when the JPEG has an APP1 segment (EXIF, XMP) or a comment anywhere before its scan. */
export function jpegMetadataSegments(bytes: Uint8Array): string[] {
  const found: string[] = [];
  let position = 2;
  while (position + 4 <= bytes.length && bytes[position] === 0xff) {
    const marker = bytes[position + 1]!;
    if (marker === 0xda) break;
    if (marker === 0xe1) found.push('APP1');
    if (marker === 0xfe) found.push('COM');
    if (marker >= 0xe2 && marker <= 0xef) found.push(`APP${marker - 0xe0}`);
    position += 2 + ((bytes[position + 2]! << 8) | bytes[position + 3]!);
  }
  return found;
}
