// tsx runs this package from the consumer's working directory and reads that tsconfig, not ours:
// the pragmas keep the automatic JSX runtime whoever runs it.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

// ISO/IEC 18004 asks for four modules of light margin around the symbol; scanners held against a
// printed page find the finder patterns by it.
const QUIET_ZONE_MODULES = 4;

// The eight data masks of ISO/IEC 18004 (table 10), by row and column.
const MASKS: readonly ((row: number, column: number) => boolean)[] = [
  (row, column) => (row + column) % 2 === 0,
  (row) => row % 2 === 0,
  (_row, column) => column % 3 === 0,
  (row, column) => (row + column) % 3 === 0,
  (row, column) => (Math.floor(row / 2) + Math.floor(column / 3)) % 2 === 0,
  (row, column) => ((row * column) % 2) + ((row * column) % 3) === 0,
  (row, column) => (((row * column) % 2) + ((row * column) % 3)) % 2 === 0,
  (row, column) => (((row * column) % 3) + ((row + column) % 2)) % 2 === 0,
];

/** The 15 format bits for level M (indicator 00) and a mask: BCH(15,5), then XOR 101010000010010. */
function encodeFormatBits(mask: number): number {
  const generator = 0b10100110111;
  let remainder = mask << 10;
  for (let bit = 14; bit >= 10; bit -= 1) {
    if ((remainder >> bit) & 1) remainder ^= generator << (bit - 10);
  }
  return ((mask << 10) | remainder) ^ 0b101010000010010;
}

/** Writes the format bits into both of their copies, where the encoder places them. */
function placeFormatBits(modules: Uint8Array, size: number, bits: number): void {
  for (let index = 0; index < 15; index += 1) {
    const bit = (bits >> index) & 1;
    const row = index < 6 ? index : index < 8 ? index + 1 : size - 15 + index;
    modules[row * size + 8] = bit;
    const column = index < 8 ? size - index - 1 : index < 9 ? 15 - index : 14 - index;
    modules[8 * size + column] = bit;
  }
}

/**
 * The penalty of a masked symbol as the `qrcode` encoder scores it (runs of five or more, 2x2
 * blocks, finder-like 1:1:3:1:1 patterns, the balance of dark and light), so the mask chosen here
 * is the one that encoder would choose.
 */
function scorePenalty(modules: Uint8Array, size: number): number {
  let points = 0;
  let dark = 0;
  // Rows, with the 2x2 blocks whose top-left module each row holds.
  for (let row = 0; row < size; row += 1) {
    const start = row * size;
    let run = 0;
    let last = -1;
    let window = 0;
    for (let column = 0; column < size; column += 1) {
      const module = modules[start + column]!;
      dark += module;
      if (module === last) run += 1;
      else {
        if (run >= 5) points += run - 2;
        last = module;
        run = 1;
      }
      window = ((window << 1) & 0x7ff) | module;
      if (column >= 10 && (window === 0x5d0 || window === 0x05d)) points += 40;
      if (row < size - 1 && column < size - 1) {
        const block = module + modules[start + column + 1]! + modules[start + size + column]! + modules[start + size + column + 1]!;
        if (block === 0 || block === 4) points += 3;
      }
    }
    if (run >= 5) points += run - 2;
  }
  for (let column = 0; column < size; column += 1) {
    let run = 0;
    let last = -1;
    let window = 0;
    for (let index = column, step = 0; step < size; index += size, step += 1) {
      const module = modules[index]!;
      if (module === last) run += 1;
      else {
        if (run >= 5) points += run - 2;
        last = module;
        run = 1;
      }
      window = ((window << 1) & 0x7ff) | module;
      if (step >= 10 && (window === 0x5d0 || window === 0x05d)) points += 40;
    }
    if (run >= 5) points += run - 2;
  }
  return points + 10 * Math.abs(Math.ceil((dark * 100) / modules.length / 5) - 10);
}

/**
 * The modules of the QR symbol encoding `text` at level M (15 % of the symbol recoverable: a
 * fold or a smudge on the card still scans), one byte per module, dark as 1.
 *
 * The text goes in as one byte segment: a verification address is mixed-case base64url, which the
 * numeric and alphanumeric modes cannot hold, and searching for a cheaper mix of segments was a
 * third of the encoder's time. The mask is chosen here over the encoder's own module array, scored
 * as the encoder scores it: its generic search took three quarters of a card's composing time.
 */
export function encodeQrModules(text: string): { size: number; modules: Uint8Array } {
  // Mask 0 is applied to the data modules only; undoing it gives the unmasked symbol.
  const symbol = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: 0 });
  const { size } = symbol.modules;
  const { data, reservedBit } = symbol.modules as unknown as { data: Uint8Array; reservedBit: Uint8Array };
  const maskBits = readMaskBits(size, reservedBit);
  const unmasked = new Uint8Array(size * size);
  for (let index = 0; index < unmasked.length; index += 1) unmasked[index] = data[index]! ^ maskBits[0]![index]!;
  let best = data;
  let lowestPenalty = Infinity;
  for (let mask = 0; mask < MASKS.length; mask += 1) {
    const bits = maskBits[mask]!;
    const masked = new Uint8Array(size * size);
    for (let index = 0; index < masked.length; index += 1) masked[index] = unmasked[index]! ^ bits[index]!;
    placeFormatBits(masked, size, encodeFormatBits(mask));
    const penalty = scorePenalty(masked, size);
    // The first of equal penalties wins, as in the encoder.
    if (penalty < lowestPenalty) {
      lowestPenalty = penalty;
      best = masked;
    }
  }
  return { size, modules: best };
}

// Per symbol size, which modules each mask darkens: the function patterns a size reserves are the
// same for every symbol of that size, and a batch's addresses are all of about one length.
const maskBitsBySize = new Map<number, Uint8Array[]>();

function readMaskBits(size: number, reservedBit: Uint8Array): Uint8Array[] {
  const cached = maskBitsBySize.get(size);
  if (cached) return cached;
  const maskBits = MASKS.map((isMasked) => {
    const bits = new Uint8Array(size * size);
    for (let row = 0; row < size; row += 1) {
      for (let column = 0; column < size; column += 1) {
        if (!reservedBit[row * size + column] && isMasked(row, column)) bits[row * size + column] = 1;
      }
    }
    return bits;
  });
  maskBitsBySize.set(size, maskBits);
  return maskBits;
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
  const png = Buffer.concat([PNG_SIGNATURE, writePngChunk('IHDR', header), writePngChunk('IDAT', deflateSync(raw)), writePngChunk('IEND', new Uint8Array(0))]);
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
