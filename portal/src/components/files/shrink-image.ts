// spec §5: photograph and signature at most 500 KB. A phone camera's picture is several MB, so the
// portal offers to make it smaller in the browser before it is sent: JPEG at falling quality, then
// smaller dimensions, until it fits.

export type EncodeStep = { scale: number; quality: number };

/** Quality first (a photograph stays sharp), then the size of the picture. */
export const SHRINK_STEPS: readonly EncodeStep[] = [
  { scale: 1, quality: 0.92 },
  { scale: 1, quality: 0.85 },
  { scale: 1, quality: 0.75 },
  { scale: 1, quality: 0.65 },
  { scale: 0.8, quality: 0.75 },
  { scale: 0.64, quality: 0.75 },
  { scale: 0.5, quality: 0.7 },
  { scale: 0.35, quality: 0.7 },
  { scale: 0.25, quality: 0.65 },
];

/** The first step whose result fits, or null when even the last does not. */
export async function findSmallEnough(
  encode: (step: EncodeStep) => Promise<Blob | null>,
  maxBytes: number,
  steps: readonly EncodeStep[] = SHRINK_STEPS,
): Promise<{ blob: Blob; step: EncodeStep } | null> {
  for (const step of steps) {
    const blob = await encode(step);
    if (blob && blob.size > 0 && blob.size <= maxBytes) return { blob, step };
  }
  return null;
}

/** Longest side of the picture before any step: more is never needed for a form photograph. */
export const MAX_SIDE_PX = 1600;

/** Re-encodes an image file as a JPEG of at most maxBytes with a canvas; null when it cannot. */
export async function shrinkImage(file: Blob, maxBytes: number): Promise<Blob | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const fit = Math.min(1, MAX_SIDE_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d');
    if (!context) return null;
    const encode = ({ scale, quality }: EncodeStep) => {
      canvas.width = Math.max(1, Math.round(bitmap.width * fit * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * fit * scale));
      // JPEG has no transparency: a PNG signature on white, not black.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    };
    return (await findSmallEnough(encode, maxBytes))?.blob ?? null;
  } finally {
    bitmap.close();
  }
}
