import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export type PdfRendererOptions = {
  /** Chromium to drive; defaults to CHROMIUM_PATH, then Debian's /usr/bin/chromium. */
  executablePath?: string;
  /** Documents per PDF in renderBatch (default 100). */
  chunkSize?: number;
  /** Limit for loading one HTML page set and for printing it (default 120 s). */
  timeoutMs?: number;
};

export type PdfChunk = {
  /** 0 for the first chunk of a batch. */
  index: number;
  /** Position in the batch of this chunk's first document. */
  firstDocument: number;
  documentCount: number;
  pdf: Uint8Array;
};

export type PdfRenderer = {
  /** Prints one HTML page set (from renderDocumentHtml or renderDocumentsHtml) to PDF. */
  renderPdf(html: string): Promise<Uint8Array>;
  /**
   * Prints many documents as a sequence of PDFs of `chunkSize` documents each, yielded as each
   * is ready so the caller can write it out and let it go. `composeHtml` turns one chunk of
   * documents into one HTML page set, usually with renderDocumentsHtml.
   */
  renderBatch<T>(
    documents: Iterable<T> | AsyncIterable<T>,
    composeHtml: (chunk: T[]) => string,
  ): AsyncGenerator<PdfChunk, void, undefined>;
  close(): Promise<void>;
};

// A print service on a workstation or a server, not a desktop browser: no GPU, no sandbox inside a
// container, a small /dev/shm, and no background traffic to Google.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const DEFAULT_CHUNK_SIZE = 100;
const DEFAULT_TIMEOUT_MS = 120_000;

function resolveExecutablePath(executablePath: string | undefined): string {
  // A library default, not application configuration: callers that have parsed their own
  // configuration pass executablePath explicitly.
  return executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

async function printPage(page: Page, html: string, timeoutMs: number): Promise<Uint8Array> {
  await page.setContent(html, { waitUntil: 'load', timeout: timeoutMs });
  // Faces are data URLs but still decode asynchronously; printing before they are ready would
  // put fallback glyphs on paper.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, timeout: timeoutMs });
}

/**
 * Launches Chromium once and keeps one tab for every print: opening a tab per document costs more
 * than printing it. One huge document does not scale in memory; chunks printed one after another
 * on the reused tab do, at a steady pace.
 */
export async function createPdfRenderer(options: PdfRendererOptions = {}): Promise<PdfRenderer> {
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new RangeError(`chunkSize must be a positive integer, got ${chunkSize}`);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const browser: Browser = await puppeteer.launch({
    executablePath: resolveExecutablePath(options.executablePath),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  let page: Page;
  try {
    page = await browser.newPage();
  } catch (error) {
    await browser.close();
    throw error;
  }

  // The one tab prints one page set at a time; concurrent callers (two staff requests, a batch
  // and a single reprint) wait their turn instead of overwriting each other's content.
  let queue: Promise<unknown> = Promise.resolve();
  let isClosed = false;
  function printExclusively(html: string): Promise<Uint8Array> {
    if (isClosed) return Promise.reject(new Error('The PDF renderer is closed'));
    const printing = queue.then(() => printPage(page, html, timeoutMs));
    queue = printing.catch(() => undefined);
    return printing;
  }

  async function* renderBatch<T>(
    documents: Iterable<T> | AsyncIterable<T>,
    composeHtml: (chunk: T[]) => string,
  ): AsyncGenerator<PdfChunk, void, undefined> {
    let index = 0;
    let firstDocument = 0;
    let chunk: T[] = [];
    // Two chunks in flight: Chromium prints one while Node composes the next one's HTML (React
    // rendering is a fifth of a chunk's time for admit cards), instead of each waiting on the other.
    let printing: Promise<PdfChunk> | undefined;
    const startChunk = (): Promise<PdfChunk> => {
      const started = { index, firstDocument, documentCount: chunk.length };
      const printed = printExclusively(composeHtml(chunk)).then((pdf) => ({ ...started, pdf }));
      // Handled here as well as where it is awaited: a print that fails while the previous chunk is
      // still awaited must not surface as an unhandled rejection.
      printed.catch(() => undefined);
      index += 1;
      firstDocument += chunk.length;
      chunk = [];
      return printed;
    };
    for await (const document of documents) {
      chunk.push(document);
      if (chunk.length === chunkSize) {
        const next = startChunk();
        if (printing) yield await printing;
        printing = next;
      }
    }
    const last = chunk.length > 0 ? startChunk() : undefined;
    if (printing) yield await printing;
    if (last) yield await last;
  }

  return {
    renderPdf: printExclusively,
    renderBatch,
    async close() {
      if (isClosed) return;
      isClosed = true;
      await queue;
      await browser.close();
    },
  };
}
