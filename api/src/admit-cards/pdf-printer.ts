import { createPdfRenderer, keepComposeWorker, type PdfRenderer, type PrintedPart } from '@psc/print-templates';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '../config';
import type { PrintedDocumentsPart } from './printed-documents';

// DESIGN "Documents": one Chromium per API process, launched on the first print and kept for every
// later one (its one tab prints one page set at a time), closed when the server closes. Launching
// a browser per request would cost seconds and hundreds of megabytes each at the release rush.
// Print batches are composed on one compose worker per process, started with the first batch.

let shared: Promise<PdfRenderer> | null = null;

/** What the renderer is launched with; batchTabs (the renderer's default unless given) is for the print benchmark's comparisons. */
type PrinterConfig = Pick<Config, 'chromiumPath'> & { batchTabs?: number };

function sharedRenderer(config: PrinterConfig): Promise<PdfRenderer> {
  if (!shared) {
    shared = createPdfRenderer({ executablePath: config.chromiumPath, ...(config.batchTabs === undefined ? {} : { batchTabs: config.batchTabs }) });
    // A failed launch is not kept: the next print tries again.
    shared.catch(() => (shared = null));
  }
  return shared;
}

/**
 * The compose worker's script: its TypeScript beside this file when the API runs from sources
 * (tsx, vitest); compiled, the entry scripts/build-server.mjs writes beside the server's bundle.
 * The build points import.meta.url at each source file but leaves import.meta.filename the
 * bundle's own, so a name ending in .ts is a source.
 */
export function composeWorkerScript(filename: string = import.meta.filename): URL {
  return filename.endsWith('.ts') ? new URL('./print-compose-worker.ts', import.meta.url) : pathToFileURL(join(dirname(filename), 'print-compose-worker.js'));
}

const composer = keepComposeWorker<PrintedDocumentsPart>(() => composeWorkerScript());

/** Prints one HTML page set to PDF through the process's one renderer. */
export async function printPdf(config: Pick<Config, 'chromiumPath'>, html: string): Promise<Uint8Array> {
  return (await sharedRenderer(config)).renderPdf(html);
}

/**
 * Prints batch parts, each as its own PDF, through the process's renderer (print-templates'
 * renderParts: the parts go to its batch tabs in turn) while the compose worker composes the next
 * one: the print-batch route's path, which the print benchmark measures. A part that fails is
 * yielded with its error.
 */
export async function* printBatchParts<P extends PrintedDocumentsPart>(config: PrinterConfig, parts: Iterable<P> | AsyncIterable<P>): AsyncGenerator<PrintedPart<P>, void, undefined> {
  const renderer = await sharedRenderer(config);
  yield* renderer.renderParts(parts, ({ batch, lang }) => composer.current().compose({ batch, lang }));
}

/** Closes the process's renderer and compose worker, if started (server shutdown, the end of a test file). */
export async function closePdfPrinter(): Promise<void> {
  const renderer = shared;
  shared = null;
  await composer.close();
  if (renderer) await (await renderer.catch(() => null))?.close();
}
