import { createPdfRenderer, PrintedList, renderDocumentsHtml } from '@psc/print-templates';
import { execFileSync } from 'node:child_process';
import { createElement } from 'react';

const DOCUMENTS = Number(process.env.BENCH_PRINT_DOCUMENTS ?? 2000);
const CHUNK_SIZE = Number(process.env.BENCH_PRINT_CHUNK_SIZE ?? 100);

/** A one-page Nepali document about the size of an admit card's text. */
function buildDocument(index: number) {
  const rollNumber = String(100_000 + index);
  return createElement(PrintedList, {
    lang: 'ne',
    title: 'लिखित परीक्षाको प्रवेश पत्र',
    subtitle: 'विज्ञापन नं. ८०/०८१-८२, शाखा अधिकृत',
    columns: [{ header: 'विवरण', width: '35%' }, { header: 'उम्मेदवार' }],
    rows: [
      ['रोल नं.', rollNumber],
      ['नाम', 'श्रीकृष्ण प्रसाद क्षेत्री'],
      ['परीक्षा केन्द्र', 'पद्मकन्या बहुमुखी क्याम्पस, बागबजार, काठमाडौं'],
      ['परीक्षा मिति', '२०८१-०५-१५'],
    ],
    printedOnAd: '2024-07-31',
  });
}

/** Resident memory of every process descended from this one (Chromium and its helpers), via ps. */
function readChildrenRss(): number {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const descendants = new Set([process.pid]);
  let total = 0;
  // ps lists parents before children often but not always: repeat until no process is added.
  for (let isGrowing = true; isGrowing; ) {
    isGrowing = false;
    for (const [pid, ppid, rssKib] of table) {
      if (!descendants.has(pid) && descendants.has(ppid)) {
        descendants.add(pid);
        total += rssKib * 1024;
        isGrowing = true;
      }
    }
  }
  return total;
}

/** `npm run bench -- print`: documents per second through renderBatch, and peak memory. */
export async function benchPrint() {
  const renderer = await createPdfRenderer({ chunkSize: CHUNK_SIZE });
  let peakRss = process.memoryUsage().rss;
  let peakChromiumRss = readChildrenRss();
  let pdfBytes = 0;
  try {
    // Warm-up: the first print pays for font decoding and the renderer's start.
    await renderer.renderPdf(renderDocumentsHtml([buildDocument(0)], { lang: 'ne' }));
    const indexes = Array.from({ length: DOCUMENTS }, (_, index) => index);
    const started = performance.now();
    for await (const chunk of renderer.renderBatch(indexes, (batch) => renderDocumentsHtml(batch.map(buildDocument), { lang: 'ne' }))) {
      pdfBytes += chunk.pdf.byteLength;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      peakChromiumRss = Math.max(peakChromiumRss, readChildrenRss());
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `print benchmark: ${DOCUMENTS} one-page Nepali documents in chunks of ${CHUNK_SIZE} on one Chromium tab: ` +
        `${(DOCUMENTS / seconds).toFixed(1)} documents/s (${seconds.toFixed(1)} s), ` +
        `${(pdfBytes / DOCUMENTS / 1024).toFixed(1)} KiB of PDF per document, peak RSS: Node ${(peakRss / 2 ** 20).toFixed(0)} MiB, ` +
        `Chromium (all its processes, sampled after each chunk) ${(peakChromiumRss / 2 ** 20).toFixed(0)} MiB`,
    );
  } finally {
    await renderer.close();
  }
}
