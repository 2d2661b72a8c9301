import type { MessageKey } from '@psc/core';

/**
 * The most pixels an uploaded picture may have: 25 megapixels (5000 x 5000). An A4 page scanned
 * at 300 dpi is 8.7 MP and a phone photograph 12 MP, so every honest upload fits, while decoding
 * one costs at most about 100 MB of memory (four bytes a pixel). A PNG of one flat colour is
 * tiny on disk whatever its size on screen: 20000 x 20000 fits in 48 KB, well inside the 500 KB
 * rule, and would take 1.6 GB to decode; such a file is refused from its header alone.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

/** The quality phones and scanners use for documents: text stays sharp, the file stays small. */
const JPEG_QUALITY = 85;

export type ReencodedImage = { ok: true; bytes: Uint8Array } | { ok: false; messageKey: MessageKey };

/**
 * DESIGN "Files": a stored picture is one we drew ourselves. The upload is decoded and written
 * again in its own format, so nothing it carried besides the pixels survives: no EXIF (a
 * phone's GPS position, its serial number), no PNG text chunk, no bytes appended after the
 * image (a script waiting for a browser that sniffs). EXIF orientation is applied to the pixels
 * first, so a photograph taken sideways is stored the way it was seen.
 */
export async function reencodeImage(bytes: Uint8Array, contentType: 'image/jpeg' | 'image/png'): Promise<ReencodedImage> {
  // Loaded on the first picture, not at start: libvips costs an API process about 25 MB resident,
  // and most requests (an upload of marks, a result lookup) never touch a picture.
  const { default: sharp } = await import('sharp');
  let width: number;
  let height: number;
  let isPalette: boolean;
  try {
    // metadata() reads the header only; the pixel count is judged before anything is decoded.
    const header = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = header.width;
    height = header.height;
    isPalette = header.isPalette === true;
  } catch {
    return { ok: false, messageKey: 'validation.fileEmptyOrDamaged' };
  }
  if (width * height > MAX_IMAGE_PIXELS) return { ok: false, messageKey: 'validation.imageTooManyPixels' };
  try {
    // The limit again, in libvips itself, and any decoding error (not only warnings) refuses.
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).autoOrient();
    const output =
      contentType === 'image/jpeg'
        ? image.jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
        : // A palette PNG (a scan saved with few colours) stays a palette PNG, or it would grow several times.
          image.png({ compressionLevel: 9, palette: isPalette });
    // sharp writes no metadata unless asked (keepExif, withMetadata...), and nothing is asked.
    return { ok: true, bytes: new Uint8Array(await output.toBuffer()) };
  } catch {
    return { ok: false, messageKey: 'validation.fileEmptyOrDamaged' };
  }
}
