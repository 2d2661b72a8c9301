// tsx runs this package from the consumer's working directory and reads that tsconfig, not ours:
// the pragmas keep the automatic JSX runtime whoever runs it.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import QRCode from 'qrcode';

// ISO/IEC 18004 asks for four modules of light margin around the symbol; scanners held against a
// printed page find the finder patterns by it.
const QUIET_ZONE_MODULES = 4;

/** One horizontal run of dark modules: the SVG draws a run as one rectangle, not one per module. */
type DarkRun = { row: number; column: number; length: number };

/**
 * The dark runs of the QR symbol encoding `text` at level M (15 % of the symbol recoverable: a
 * fold or a smudge on the card still scans), with the size of its module grid. Synchronous, so a
 * document renders with renderToStaticMarkup.
 */
export function buildQrRuns(text: string): { size: number; runs: DarkRun[] } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const runs: DarkRun[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let start = -1;
    for (let column = 0; column <= modules.size; column += 1) {
      // The encoder stores finder and timing modules as booleans and data modules as 0 or 1.
      const isDark = column < modules.size && Boolean(modules.get(row, column));
      if (isDark && start < 0) start = column;
      if (!isDark && start >= 0) {
        runs.push({ row, column: start, length: column - start });
        start = -1;
      }
    }
  }
  return { size: modules.size, runs };
}

export type QrCodeProps = {
  text: string;
  /** The printed width and height of the symbol with its quiet zone, as CSS length. */
  size: string;
  /** Read out by assistive tools when the HTML is opened in a browser. */
  label: string;
};

/**
 * The QR as an inline SVG: sharp at any print resolution, no image to fetch or decode. The dark
 * runs are the rectangles of one path rather than a rect element each: a version 15 symbol has
 * about 2,000 runs, and a chunk of 100 cards as rect elements made Chromium lay out 200,000 nodes,
 * which halved the batch's printing rate.
 */
export function QrCode({ text, size, label }: QrCodeProps) {
  const symbol = buildQrRuns(text);
  const extent = symbol.size + 2 * QUIET_ZONE_MODULES;
  const path = symbol.runs
    .map(({ row, column, length }) => `M${column + QUIET_ZONE_MODULES} ${row + QUIET_ZONE_MODULES}h${length}v1h-${length}z`)
    .join('');
  return (
    <svg
      className="qr-code"
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${extent} ${extent}`}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
