// tsx runs this package from the consumer's working directory and reads that tsconfig, not ours:
// the pragmas keep the automatic JSX runtime whoever runs it.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

// ISO/IEC 18004 asks for four modules of light margin around the symbol; scanners held against a
// printed page find the finder patterns by it.
const QUIET_ZONE_MODULES = 4;

/**
 * The data mask every symbol is printed with. ISO/IEC 18004 has the encoder try all eight and keep
 * the one its penalty rules score lowest (fewest long runs, blocks and finder-like patterns), but
 * any mask decodes, since the symbol's format bits name it: the scoring was a third of a card's
 * composing time in a 100,000-card batch, and a verification address is base64url and a signature,
 * data too even for one mask to leave large blocks or false finder patterns. Mask 0 is the
 * checkerboard (row + column even).
 */
export const QR_MASK_PATTERN = 0;

/**
 * The modules of the QR symbol encoding `text` at level M (15 % of the symbol recoverable: a
 * fold or a smudge on the card still scans), one byte per module, dark as 1.
 *
 * The text goes in as one byte segment: a verification address is mixed-case base64url, which the
 * numeric and alphanumeric modes cannot hold, and searching for a cheaper mix of segments was a
 * third of the encoder's time.
 */
export function encodeQrModules(text: string): { size: number; modules: Uint8Array } {
  const symbol = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: QR_MASK_PATTERN });
  const { size, data } = symbol.modules as unknown as { size: number; data: Uint8Array };
  return { size, modules: data };
}

// CRC-32 of PNG chunks (ISO 3309, as zlib computes it), table built once.
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function writePngChunk(type: string, data: Uint8Array): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  chunk.set(data, 8);
  let crc = 0xffffffff;
  for (let index = 4; index < 8 + data.length; index += 1) crc = CRC_TABLE[(crc ^ chunk[index]!) & 0xff]! ^ (crc >>> 8);
  chunk.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 8 + data.length);
  return chunk;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The QR symbol encoding `text` (see encodeQrModules) with its quiet zone as a PNG of one pixel per
 * module, black and white at one bit a pixel: about a kilobyte.
 */
export function encodeQrPng(text: string): { extent: number; png: Buffer } {
  const { size, modules } = encodeQrModules(text);
  const extent = size + 2 * QUIET_ZONE_MODULES;
  const rowBytes = 1 + Math.ceil(extent / 8);
  // Filter byte 0 then the row's bits, most significant first; a set bit is white in greyscale.
  const raw = Buffer.alloc(rowBytes * extent, 0xff);
  for (let row = 0; row < extent; row += 1) {
    raw[row * rowBytes] = 0;
    const moduleRow = row - QUIET_ZONE_MODULES;
    if (moduleRow < 0 || moduleRow >= size) continue;
    for (let column = 0; column < size; column += 1) {
      if (modules[moduleRow * size + column] !== 1) continue;
      const x = column + QUIET_ZONE_MODULES;
      raw[row * rowBytes + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(extent, 0);
  header.writeUInt32BE(extent, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  // Stored, not compressed: setting up a compressor for a kilobyte cost a tenth of a millisecond a
  // card, several times storing it, and the image grows by only a few hundred bytes.
  const idat = deflateSync(raw, { level: 0 });
  const png = Buffer.concat([PNG_SIGNATURE, writePngChunk('IHDR', header), writePngChunk('IDAT', idat), writePngChunk('IEND', new Uint8Array(0))]);
  return { extent, png };
}

export type QrCodeProps = {
  text: string;
  /** The printed width and height of the symbol with its quiet zone, as CSS length. */
  size: string;
  /** Read out by assistive tools when the HTML is opened in a browser, and shown if the image is not. */
  label: string;
};

/**
 * The QR as a one-bit image of one pixel per module, scaled up without smoothing so every module
 * prints as a sharp square at any resolution. It was an inline SVG path of the dark runs (about
 * 2,000 rectangles, 18 KB of path data a card): parsing, laying out and painting that path was a
 * quarter of Chromium's work on a card and half of the page set's HTML; the image is a kilobyte.
 */
export function QrCode({ text, size, label }: QrCodeProps) {
  const { png } = encodeQrPng(text);
  return (
    <img
      className="qr-code"
      src={`data:image/png;base64,${png.toString('base64')}`}
      alt={label}
      style={{ width: size, height: size, imageRendering: 'pixelated', display: 'block', margin: '0 auto' }}
    />
  );
}
