import { createHash } from 'node:crypto';
import type { FileStorage } from './file-storage';

/**
 * The box a picture is printed from: 600 x 600 pixels, fitted inside. The admit card prints the
 * photograph at 32 x 40 mm and the signature at 50 x 16 mm (print-templates admit-card), which at
 * 300 dots an inch need 378 x 472 and 591 x 189 pixels; a photograph fitted in the box is
 * 480 x 600 and a signature 600 x 200, sharp at that size.
 */
const PRINT_BOX_PIXELS = 600;

/**
 * Below this a stored picture is printed as it is: a passport photograph saved for a form
 * (240 x 300, 20 KB) gains nothing from a second copy.
 */
const SMALL_PICTURE_BYTES = 64 * 1024;

/** Same quality as an upload's stored copy (reencode-image). */
const JPEG_QUALITY = 85;

/** Where a picture's print-sized copy is kept: named by the original, so it is made once. */
function printCopyKey(sha256: string): string {
  return createHash('sha256').update('print-sized-picture\n').update(sha256).digest('hex');
}

/**
 * A stored picture's bytes as printed documents embed them, or null when it is not on file.
 *
 * spec §5 allows a photograph or signature of up to 500 KB at any size up to 25 megapixels
 * (reencode-image), and the stored copy keeps the size it was uploaded at, for the scrutiny
 * officer's zoom. A batch of admit cards sends every card's pictures to Chromium, inside the
 * page, and Chromium's cost grows with their bytes: at 500 KB a card, 100,000 cards would push
 * about 65 GB of base64 through it. So a large picture is printed from a copy fitted in the print
 * box, made with the first document that prints it and kept in the file store beside the
 * original (every API process, and the next batch, reads it from there).
 */
export async function printSizedPicture(storage: FileStorage, picture: { sha256: string; contentType: string }): Promise<Uint8Array | null> {
  const bytes = await storage.get(picture.sha256);
  if (!bytes || bytes.length <= SMALL_PICTURE_BYTES) return bytes;
  const key = printCopyKey(picture.sha256);
  const kept = await storage.get(key);
  if (kept) return kept;
  // Loaded on the first large picture: most processes never print one (reencode-image).
  const { default: sharp } = await import('sharp');
  let copy: Uint8Array;
  try {
    const fitted = sharp(bytes).resize({ width: PRINT_BOX_PIXELS, height: PRINT_BOX_PIXELS, fit: 'inside', withoutEnlargement: true });
    // A palette PNG (a scanned signature) stays one; a full-colour PNG keeps its colours.
    const encoded =
      picture.contentType === 'image/png'
        ? fitted.png({ compressionLevel: 9, palette: (await sharp(bytes).metadata()).isPalette === true })
        : fitted.jpeg({ quality: JPEG_QUALITY, mozjpeg: true });
    copy = new Uint8Array(await encoded.toBuffer());
  } catch {
    // Stored pictures were decoded once already (reencode-image); should one not decode now,
    // the document still prints it as it is.
    return bytes;
  }
  // A picture already small in pixels but large in bytes may not shrink: print the smaller.
  const printed = copy.length < bytes.length ? copy : bytes;
  await storage.put(key, printed);
  return printed;
}
