import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export type PdfRendererOptions = {
  /** Chromium to drive; defaults to CHROMIUM_PATH, then Debian's /usr/bin/chromium. */
  executablePath?: string;
  /** Documents per PDF in renderBatch (default 100). */
  chunkSize?: number;
  /** Tabs renderBatch prints chunks on at once (default 2, one per core of a small server). */
  batchTabs?: number;
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
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const DEFAULT_CHUNK_SIZE = 100;
const DEFAULT_BATCH_TABS = 2;
const DEFAULT_TIMEOUT_MS = 120_000;

function resolveExecutablePath(executablePath: string | undefined): string {
  // A library default, not application configuration: callers that have parsed their own
  // configuration pass executablePath explicitly.
  return executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * A batch chunk goes to paper, not to a screen reader: its PDF is printed untagged, which spares
 * Chromium building the accessibility tree of a hundred pages and cuts a third of the PDF's size.
 * A single document (a candidate's download) keeps its tags.
 */
type PrintPurpose = 'document' | 'batch';

async function printPage(page: Page, html: string, timeoutMs: number, purpose: PrintPurpose): Promise<Uint8Array> {
  await page.setContent(html, { waitUntil: 'load', timeout: timeoutMs });
  // Faces are data URLs but still decode asynchronously; printing before they are ready would
  // put fallback glyphs on paper.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, timeout: timeoutMs, tagged: purpose === 'document' });
}

/** A tab and the prints waiting for it: one page set at a time per tab. */
type PrintTab = { page: Page; queue: Promise<unknown> };

/**
 * Launches Chromium once and keeps one tab for every single print: opening a tab per document
 * costs more than printing it. One huge document does not scale in memory; chunks printed one
 * after another on reused tabs do, at a steady pace. Batches print on `batchTabs` tabs at once,
 * each its own renderer process, so every core lays out and paints.
 */
export async function createPdfRenderer(options: PdfRendererOptions = {}): Promise<PdfRenderer> {
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new RangeError(`chunkSize must be a positive integer, got ${chunkSize}`);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const batchTabs = options.batchTabs ?? DEFAULT_BATCH_TABS;
  if (!Number.isInteger(batchTabs) || batchTabs < 1) throw new RangeError(`batchTabs must be a positive integer, got ${batchTabs}`);

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

  // Each tab prints one page set at a time; concurrent callers (two staff requests, a batch and a
  // single reprint) wait their turn instead of overwriting each other's content. Single documents
  // all go to the first tab; the others are opened by the first batch.
  const tabs: PrintTab[] = [{ page, queue: Promise.resolve() }];
  let openingBatchTabs: Promise<void> | undefined;
  let isClosed = false;
  function printExclusively(tab: PrintTab, html: string, purpose: PrintPurpose): Promise<Uint8Array> {
    if (isClosed) return Promise.reject(new Error('The PDF renderer is closed'));
    const printing = tab.queue.then(() => printPage(tab.page, html, timeoutMs, purpose));
    tab.queue = printing.catch(() => undefined);
    return printing;
  }
  function openBatchTabs(): Promise<void> {
    openingBatchTabs ??= (async () => {
      while (tabs.length < batchTabs) tabs.push({ page: await browser.newPage(), queue: Promise.resolve() });
    })();
    return openingBatchTabs;
  }

  async function* renderBatch<T>(
    documents: Iterable<T> | AsyncIterable<T>,
    composeHtml: (chunk: T[]) => string,
  ): AsyncGenerator<PdfChunk, void, undefined> {
    await openBatchTabs();
    let index = 0;
    let firstDocument = 0;
    let chunk: T[] = [];
    // A chunk per tab in flight and one more composed: every tab prints while Node composes the
    // next chunk's HTML, instead of each waiting on the other. Chunks go to the tabs in turn and
    // are yielded in order, so at most batchTabs + 1 chunks are held at once.
    const inFlight: Promise<PdfChunk>[] = [];
    const startChunk = (): Promise<PdfChunk> => {
      const started = { index, firstDocument, documentCount: chunk.length };
      const tab = tabs[index % tabs.length]!;
      const printed = printExclusively(tab, composeHtml(chunk), 'batch').then((pdf) => ({ ...started, pdf }));
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
        inFlight.push(startChunk());
        if (inFlight.length > tabs.length) yield await inFlight.shift()!;
      }
    }
    if (chunk.length > 0) inFlight.push(startChunk());
    while (inFlight.length > 0) yield await inFlight.shift()!;
  }

  return {
    renderPdf: (html) => printExclusively(tabs[0]!, html, 'document'),
    renderBatch,
    async close() {
      if (isClosed) return;
      isClosed = true;
      await openingBatchTabs?.catch(() => undefined);
      await Promise.all(tabs.map((tab) => tab.queue));
      await browser.close();
    },
  };
}
