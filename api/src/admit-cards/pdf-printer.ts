import { createPdfRenderer, type PdfRenderer } from '@psc/print-templates';
import type { Config } from '../config';

// DESIGN "Documents": one Chromium per API process, launched on the first print and kept for every
// later one (its one tab prints one page set at a time), closed when the server closes. Launching
// a browser per request would cost seconds and hundreds of megabytes each at the release rush.

let shared: Promise<PdfRenderer> | null = null;

/** Prints one HTML page set to PDF through the process's one renderer. */
export async function printPdf(config: Pick<Config, 'chromiumPath'>, html: string): Promise<Uint8Array> {
  if (!shared) {
    shared = createPdfRenderer({ executablePath: config.chromiumPath });
    // A failed launch is not kept: the next print tries again.
    shared.catch(() => (shared = null));
  }
  return (await shared).renderPdf(html);
}

/** Closes the process's renderer, if one was launched (server shutdown, the end of a test file). */
export async function closePdfPrinter(): Promise<void> {
  const renderer = shared;
  shared = null;
  if (renderer) await (await renderer.catch(() => null))?.close();
}
