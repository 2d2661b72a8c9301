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
   * documents into one HTML page set, usually with renderDocumentsHtml, or promises it (a compose
   * worker's compose): a promise lets the next chunk be composed while this one prints.
   */
  renderBatch<T>(
    documents: Iterable<T> | AsyncIterable<T>,
    composeHtml: (chunk: T[]) => string | Promise<string>,
  ): AsyncGenerator<PdfChunk, void, undefined>;
  /**
   * Prints each part (a room's admit cards, an attendance sheet) as a PDF of its own, on the batch
   * tabs in turn, while the next part is composed: what renderBatch does with its chunks, for
   * callers whose parts are given (the print batches). A part whose composition or print fails is
   * yielded with its error, in its place, and the parts after it still print. The next part is
   * taken from `parts` only once it is wanted, so a caller that stops yielding (a cancelled job)
   * starts no more.
   */
  renderParts<P>(parts: Iterable<P> | AsyncIterable<P>, composeHtml: (part: P) => string | Promise<string>): AsyncGenerator<PrintedPart<P>, void, undefined>;
  close(): Promise<void>;
};

/** A part renderParts printed, or the reason it could not. */
export type PrintedPart<P> = { index: number; part: P } & ({ pdf: Uint8Array; error?: undefined } | { pdf?: undefined; error: unknown });

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

/**
 * The protocol over a pipe rather than a WebSocket: a chunk's body (megabytes of markup with its
 * pictures) is sent in one message, which a WebSocket client masks byte by byte and the browser
 * unmasks again.
 */
export const CHROMIUM_PIPE = true;

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

/** Marks, in a body's markup sent without its pictures, the picture an image had as its source. */
const PICTURE_INDEX_ATTRIBUTE = 'data-psc-picture';

/**
 * A body's markup with every inline picture (a photograph's or signature's JPEG, a QR's PNG, as a
 * data URL) taken out into a list of its own, each image naming its picture by its place in it.
 * The protocol carries a string with any character beyond ASCII (the Nepali text) as UTF-16, two
 * bytes a character, and an ASCII one as one: the pictures are nine tenths of a body, so sent
 * apart they travel, and are handled by the browser and the renderer, at half the bytes. Measured
 * alternately in one run, three times over five parts of 100 cards: 8.3, 9.0 and 10.1 ms of
 * Chromium's CPU a card against 9.5, 10.3 and 11.0 with the pictures in the markup.
 * Only base64 data URLs are taken, whose characters React's escaping of attribute values leaves
 * as they are; any other source stays in the markup.
 */
function separateInlinePictures(body: string): { markup: string; pictures: string[] } {
  const pictures: string[] = [];
  const markup = body.replace(/<img([^>]*?) src="(data:[a-z]+\/[\w.+-]+;base64,[\w+/=]*)"/g, (_match, before: string, url: string) => `<img${before} ${PICTURE_INDEX_ATTRIBUTE}="${pictures.push(url) - 1}"`);
  return { markup, pictures };
}

/**
 * Runs in the tab: turns the loaded body into the body of `markup` by changing only the nodes that
 * differ (text, attributes; a subtree whose element differs is replaced, surplus nodes are removed
 * and missing ones appended), then waits for new pictures to load and for the faces. The result
 * is the DOM that loading the page set would give, but the heading, labels, rules and boxes every
 * admit card shares are untouched, so Chromium re-styles, re-shapes and re-lays out only the names,
 * numbers, pictures and QR that changed: that was two thirds of the renderer's work on a card.
 * The body's inline pictures come apart from its markup (see separateInlinePictures) and are put
 * back into the parsed body before it is compared.
 * Plain JavaScript in a string: the function is sent as its source, and a bundler's helpers in
 * compiled TypeScript would not exist in the page.
 */
const REPLACE_BODY_SOURCE = `(markup, pictures) => {
  const template = document.createElement('template');
  template.innerHTML = markup;
  for (const image of template.content.querySelectorAll('img[${PICTURE_INDEX_ATTRIBUTE}]')) {
    image.setAttribute('src', pictures[Number(image.getAttribute('${PICTURE_INDEX_ATTRIBUTE}'))]);
    image.removeAttribute('${PICTURE_INDEX_ATTRIBUTE}');
  }
  const morphChildren = (current, next) => {
    let currentChild = current.firstChild;
    let nextChild = next.firstChild;
    while (currentChild && nextChild) {
      const currentSibling = currentChild.nextSibling;
      const nextSibling = nextChild.nextSibling;
      morph(currentChild, nextChild);
      currentChild = currentSibling;
      nextChild = nextSibling;
    }
    while (currentChild) {
      const currentSibling = currentChild.nextSibling;
      current.removeChild(currentChild);
      currentChild = currentSibling;
    }
    while (nextChild) {
      const nextSibling = nextChild.nextSibling;
      current.appendChild(nextChild);
      nextChild = nextSibling;
    }
  };
  const morph = (current, next) => {
    if (current.nodeType !== next.nodeType || current.nodeName !== next.nodeName) {
      current.parentNode.replaceChild(next, current);
      return;
    }
    if (current.nodeType !== Node.ELEMENT_NODE) {
      if (current.nodeValue !== next.nodeValue) current.nodeValue = next.nodeValue;
      return;
    }
    for (const attribute of next.attributes) {
      if (current.getAttribute(attribute.name) !== attribute.value) current.setAttribute(attribute.name, attribute.value);
    }
    for (const attribute of [...current.attributes]) {
      if (!next.hasAttribute(attribute.name)) current.removeAttribute(attribute.name);
    }
    morphChildren(current, next);
  };
  morphChildren(document.body, template.content);
  // Laying out now starts loading any face the new text is the first to need, which fonts.ready
  // then waits for; the print reuses this layout.
  void document.body.offsetHeight;
  // Loaded, not decoded: the PDF carries a photograph's JPEG as it came, so decoding every picture
  // (image.decode(), as this waited before) was a sixth of the renderer's work on a card and kept
  // the bitmaps in memory for nothing. A picture that fails prints as a broken one would on load.
  const loaded = (image) => new Promise((resolve) => {
    image.addEventListener('load', resolve, { once: true });
    image.addEventListener('error', resolve, { once: true });
  });
  return Promise.all([...document.images].map((image) => (image.complete ? null : loaded(image))))
    .then(() => document.fonts.ready)
    .then(() => undefined);
}`;

/**
 * A page set as what comes before its body (doctype, language, title, styles, the embedded faces)
 * and the body's markup; null for HTML not shaped as renderDocumentsHtml writes it. React escapes
 * `<` in text and attributes, so the first `<body>` is the tag.
 */
function splitPageSet(html: string): { head: string; body: string } | null {
  const bodyStart = html.indexOf('<body>');
  const bodyEnd = html.lastIndexOf('</body>');
  if (bodyStart < 0 || bodyEnd < bodyStart || html.slice(bodyEnd) !== '</body></html>') return null;
  return { head: html.slice(0, bodyStart), body: html.slice(bodyStart + '<body>'.length, bodyEnd) };
}

/**
 * Page sets printed by changing the body before the tab loads one whole again: a document that lives
 * for a 100,000-card batch grew by some 15 MiB a chunk over the first sixteen (pictures replaced,
 * caches, the collector's pace), and a fresh tab every twenty-five bodies bounds whatever of that
 * stays, for about a twenty-fifth of what the reuse saves.
 */
const MAX_BODIES_PER_LOAD = 25;

/** REPLACE_BODY_SOURCE as a function, which puppeteer sends once and calls with each body. */
const replaceBody = new Function(`return ${REPLACE_BODY_SOURCE}`)() as (markup: string, pictures: string[]) => Promise<void>;

async function printPage(tab: PrintTab, html: string, timeoutMs: number, purpose: PrintPurpose): Promise<Uint8Array> {
  const { page } = tab;
  const parts = splitPageSet(html);
  // What the tab holds is unknown until this print succeeds: a failure midway loads afresh next time.
  const loadedHead = tab.loadedHead;
  tab.loadedHead = null;
  if (parts && parts.head === loadedHead && tab.bodiesSinceLoad < MAX_BODIES_PER_LOAD) {
    tab.bodiesSinceLoad += 1;
    // The same shell (faces, styles, title) as the page set on the tab: only the body changes.
    // The body goes as the function's argument, not inside its source: a script's source is kept
    // by the renderer, and 3.9 MiB of new source a chunk grew it by some 25 MiB a chunk.
    const { markup, pictures } = separateInlinePictures(parts.body);
    await page.evaluate(replaceBody, markup, pictures);
  } else {
    if (tab.bodiesSinceLoad >= MAX_BODIES_PER_LOAD) {
      // A new tab, a new renderer process: loading the page set again in the old one gave back
      // little of what the bodies before had grown it by (the renderers of a 100,000-card batch
      // reached several GiB together), closing it gives back all.
      const fresh = await page.browser().newPage();
      tab.page = fresh;
      await page.close();
    }
    tab.bodiesSinceLoad = 0;
    await tab.page.setContent(html, { waitUntil: 'load', timeout: timeoutMs });
    // Faces are data URLs but still decode asynchronously; printing before they are ready would
    // put fallback glyphs on paper.
    await tab.page.evaluate(() => document.fonts.ready.then(() => undefined));
  }
  const pdf = await tab.page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, timeout: timeoutMs, tagged: purpose === 'document' });
  tab.loadedHead = parts?.head ?? null;
  return pdf;
}

/**
 * A tab, the prints waiting for it (one page set at a time per tab), the part before the body of
 * the page set it holds, when that was printed whole, and how many bodies it has had since it last
 * loaded a page set whole.
 */
type PrintTab = { page: Page; queue: Promise<unknown>; loadedHead: string | null; bodiesSinceLoad: number };

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
    pipe: CHROMIUM_PIPE,
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
  const tabs: PrintTab[] = [{ page, queue: Promise.resolve(), loadedHead: null, bodiesSinceLoad: 0 }];
  let openingBatchTabs: Promise<void> | undefined;
  let isClosed = false;
  function printExclusively(tab: PrintTab, html: string, purpose: PrintPurpose): Promise<Uint8Array> {
    if (isClosed) return Promise.reject(new Error('The PDF renderer is closed'));
    const printing = tab.queue.then(() => printPage(tab, html, timeoutMs, purpose));
    tab.queue = printing.catch(() => undefined);
    return printing;
  }
  function openBatchTabs(): Promise<void> {
    openingBatchTabs ??= (async () => {
      while (tabs.length < batchTabs) tabs.push({ page: await browser.newPage(), queue: Promise.resolve(), loadedHead: null, bodiesSinceLoad: 0 });
    })();
    return openingBatchTabs;
  }

  // Batch parts go to the batch tabs in turn across callers, so two requests of one part each
  // print side by side rather than queueing on the same tab.
  let nextBatchTab = 0;

  async function* renderParts<P>(parts: Iterable<P> | AsyncIterable<P>, composeHtml: (part: P) => string | Promise<string>): AsyncGenerator<PrintedPart<P>, void, undefined> {
    await openBatchTabs();
    let index = 0;
    // A part per tab in flight and one more composed: every tab prints while the next part's HTML
    // is composed (on this thread between prints, or meanwhile on a compose worker's), instead of
    // each waiting on the other. Parts are yielded in order, so at most batchTabs + 1 are held.
    const inFlight: Promise<PrintedPart<P>>[] = [];
    const startPart = (part: P): Promise<PrintedPart<P>> => {
      const started = { index: index++, part };
      const tab = tabs[nextBatchTab++ % tabs.length]!;
      return Promise.resolve()
        .then(() => composeHtml(part))
        .then((html) => printExclusively(tab, html, 'batch'))
        .then(
          (pdf) => ({ ...started, pdf }),
          (error: unknown) => ({ ...started, error }),
        );
    };
    for await (const part of parts) {
      inFlight.push(startPart(part));
      if (inFlight.length > tabs.length) yield await inFlight.shift()!;
    }
    while (inFlight.length > 0) yield await inFlight.shift()!;
  }

  async function* chunksOf<T>(documents: Iterable<T> | AsyncIterable<T>): AsyncGenerator<T[], void, undefined> {
    let chunk: T[] = [];
    for await (const document of documents) {
      chunk.push(document);
      if (chunk.length === chunkSize) {
        yield chunk;
        chunk = [];
      }
    }
    if (chunk.length > 0) yield chunk;
  }

  async function* renderBatch<T>(
    documents: Iterable<T> | AsyncIterable<T>,
    composeHtml: (chunk: T[]) => string | Promise<string>,
  ): AsyncGenerator<PdfChunk, void, undefined> {
    let firstDocument = 0;
    for await (const printed of renderParts(chunksOf(documents), composeHtml)) {
      if (!printed.pdf) throw printed.error;
      yield { index: printed.index, firstDocument, documentCount: printed.part.length, pdf: printed.pdf };
      firstDocument += printed.part.length;
    }
  }

  return {
    renderPdf: (html) => printExclusively(tabs[0]!, html, 'document'),
    renderBatch,
    renderParts,
    async close() {
      if (isClosed) return;
      isClosed = true;
      await openingBatchTabs?.catch(() => undefined);
      await Promise.all(tabs.map((tab) => tab.queue));
      await browser.close();
    },
  };
}
