import { CHROMIUM_ARGS, CHROMIUM_PIPE, type AdmitCardData } from '@psc/print-templates';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import puppeteer from 'puppeteer-core';
import sharp from 'sharp';
import { closePdfPrinter, printBatchParts } from '../../api/src/admit-cards/pdf-printer';
import { admitCardsHtml, type PrintedDocumentsPart } from '../../api/src/admit-cards/printed-documents';

// Spec target: a whole advertisement's admit cards (up to 100,000) printed within ten minutes.
const DOCUMENTS = Number(process.env.BENCH_PRINT_DOCUMENTS ?? 100_000);
// Cards per print batch part (the API's parts hold at most 200). Measured alternately in one run
// (2,000 cards each, a loaded machine, so CPU per card compares): parts of 100 took 11.5 and 10.9 ms
// of CPU a card, parts of 50 13.1 and 13.2, parts of 200 17.5 and 18.1 against 13.3 and 13.5.
const CHUNK_SIZE = Number(process.env.BENCH_PRINT_CHUNK_SIZE ?? 100);
// Tabs the parts print on at once; unset, the renderer's default.
const BATCH_TABS = process.env.BENCH_PRINT_TABS === undefined ? undefined : Number(process.env.BENCH_PRINT_TABS);
const TARGET_DOCUMENTS = 100_000;
const TARGET_SECONDS = 600;
// Distinct photographs and signatures in the batch, without generating one JPEG per candidate
// before the clock starts: pools of a prime size above the largest chunk (200 cards), so every card
// of a chunk has its own pictures and the card in the same place of the next chunk has others
// (the renderer keeps a tab's unchanged nodes: a picture repeated in place would not be decoded).
const PHOTO_POOL_SIZE = 211;
const SIGNATURE_POOL_SIZE = 223;
const PHOTO_BYTES = 20 * 1024;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A passport photograph of about 20 KB: noise over a gradient compresses like a face does, and the
 * quality is stepped down until the file is no larger than that.
 */
async function makePhotoDataUrl(seed: number): Promise<string> {
  return makeJpegDataUrl(seed, 240, 300, PHOTO_BYTES);
}

/** A scanned signature: a wide strip of about 6 KB. */
async function makeSignatureDataUrl(seed: number): Promise<string> {
  return makeJpegDataUrl(seed + 10_000, 300, 100, 6 * 1024);
}

async function makeJpegDataUrl(seed: number, width: number, height: number, maxBytes: number): Promise<string> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 7919 + 1;
  for (let index = 0; index < pixels.length; index += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const y = Math.floor(index / 3 / width);
    pixels[index] = (y * 200) / height + (state % 56);
  }
  for (let quality = 90; quality >= 20; quality -= 2) {
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
    if (jpeg.byteLength <= maxBytes || quality <= 20) return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  }
  throw new Error('unreachable');
}

const GIVEN = ['श्रीकृष्ण प्रसाद', 'सीता कुमारी', 'राम बहादुर', 'लक्ष्मी', 'पुष्पराज'];
const GIVEN_EN = ['Shreekrishna Prasad', 'Sita Kumari', 'Ram Bahadur', 'Laxmi', 'Pushparaj'];
const FAMILY = ['क्षेत्री', 'श्रेष्ठ', 'अधिकारी', 'त्रिपाठी'];
const FAMILY_EN = ['Kshetri', 'Shrestha', 'Adhikari', 'Tripathi'];
const CENTRE = {
  name: { np: 'पद्मकन्या बहुमुखी क्याम्पस', en: 'Padma Kanya Multiple Campus' },
  address: { np: 'बागबजार, काठमाडौं महानगरपालिका वडा नं. २८', en: 'Bagbazar, Kathmandu Metropolitan City Ward 28' },
};
const PAPERS = [
  { np: 'प्रथम पत्र: सामान्य ज्ञान र सार्वजनिक व्यवस्थापन', en: 'First paper: general knowledge and public management' },
  { np: 'द्वितीय पत्र: नेपालको संविधान र शासन व्यवस्था', en: 'Second paper: the Constitution of Nepal and governance' },
];

type Pictures = { photos: string[]; signatures: string[] };

/** One candidate's card: distinct roll number, name and signed address (so a distinct QR), pooled photograph and signature. */
function buildCard(index: number, { photos, signatures }: Pictures): AdmitCardData {
  const rollNumber = String(1_000_000 + index);
  const body = Buffer.from(JSON.stringify({ r: rollNumber, n: `${GIVEN[index % 5]} ${FAMILY[index % 4]}`, a: '80/081-82', p: index })).toString('base64url');
  return {
    commission: { np: 'लोक सेवा आयोग', en: 'Public Service Commission' },
    office: { np: 'लोक सेवा आयोग, केन्द्रीय कार्यालय, अनामनगर, काठमाडौं', en: 'Public Service Commission, Central Office, Anamnagar, Kathmandu' },
    advertisementCode: '80/081-82',
    fiscalYear: '2081/82',
    post: { np: 'शाखा अधिकृत', en: 'Section Officer' },
    postDetail: { np: 'नेपाल प्रशासन सेवा, सामान्य प्रशासन समूह, राजपत्रांकित तृतीय श्रेणी', en: 'Nepal Administration Service, General Administration, Gazetted Third Class' },
    candidate: {
      name: { np: `${GIVEN[index % 5]} ${FAMILY[index % 4]}`, en: `${GIVEN_EN[index % 5]} ${FAMILY_EN[index % 4]}` },
      photo: photos[index % photos.length]!,
      signature: signatures[index % signatures.length]!,
    },
    rollNumber,
    papers: PAPERS.map((name, paper) => ({
      name,
      dateAd: `2025-01-0${4 + paper}`,
      dateBs: `2081-09-2${paper}`,
      startTime: '07:00',
      durationMinutes: 180,
      centre: CENTRE,
      roomNumber: String(101 + Math.floor((index % 600) / 60)),
      seatNumber: (index % 60) + 1,
    })),
    verificationUrl: `https://portal.example/verify#v1.${body}${'x'.repeat(Math.max(0, 230 - body.length))}.${Buffer.alloc(64, index % 251).toString('base64url')}`,
    issuedOnAd: '2024-12-16',
    issuedOnBs: '2081-09-01',
  };
}

/** A chunk's HTML as the print-batch route and the workstation compose it. */
function composeChunk(indexes: number[], pictures: Pictures): string {
  return admitCardsHtml(
    indexes.map((index) => buildCard(index, pictures)),
    'ne',
  );
}

function* chunksOf(total: number, size: number): Generator<number[]> {
  for (let first = 0; first < total; first += size) {
    yield Array.from({ length: Math.min(size, total - first) }, (_, offset) => first + offset);
  }
}

/**
 * Resident memory of every process descended from this one (Chromium and its helpers), read from
 * /proc: sampled after every chunk, a `ps` run blocked the thread that drives Chromium for tens of
 * milliseconds each time, which the baseline did not pay inside its clock.
 */
const PAGE_BYTES = 4096;
function readChildrenRss(): number {
  let total = 0;
  for (const pid of descendantPids()) {
    // statm: size, then resident, in pages.
    const statm = readProcFile(`/proc/${pid}/statm`);
    if (statm !== null) total += Number(statm.split(' ')[1]) * PAGE_BYTES;
  }
  return total;
}

/** Node and all of Chromium, sampled together so the peak is of one moment. */
function readTotalRss(): number {
  return process.memoryUsage().rss + readChildrenRss();
}

/** The process ids descended from this one (Chromium and its helpers), read from /proc. */
function descendantPids(): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcFile(`/proc/${entry}/stat`);
    if (stat === null) continue;
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  for (const pending = [process.pid]; pending.length > 0; ) {
    for (const child of children.get(pending.pop()!) ?? []) {
      found.push(child);
      pending.push(child);
    }
  }
  return found;
}

/** A process may end between listing and reading: null then. */
function readProcFile(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

// Chromium's processes by their --type (renderer, gpu-process, utility, zygote); the browser has none.
type CpuByProcess = Map<number, { kind: string; ms: number }>;
const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU time (user + system) so far of Node and of each of its descendants. */
function readCpu(): { nodeMs: number; processes: CpuByProcess } {
  const processes: CpuByProcess = new Map();
  for (const pid of descendantPids()) {
    const stat = readProcFile(`/proc/${pid}/stat`);
    const commandLine = readProcFile(`/proc/${pid}/cmdline`);
    if (stat === null || commandLine === null) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const kind = /--type=([a-z-]+)/.exec(commandLine)?.[1] ?? 'browser';
    processes.set(pid, { kind, ms: (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS });
  }
  const { user, system } = process.cpuUsage();
  return { nodeMs: (user + system) / 1000, processes };
}

/**
 * CPU per card between two readings: Node, Chromium's browser process, its renderers (one per
 * tab) and the rest (GPU, utility, zygote). CPU time, unlike wall time, does not depend on what
 * else the machine runs, and two cores give at most 2,000 ms of it a second.
 */
function cpuPerCard(before: ReturnType<typeof readCpu>, after: ReturnType<typeof readCpu>, cards: number): Record<string, number> {
  const byKind: Record<string, number> = { node: after.nodeMs - before.nodeMs, browser: 0, renderer: 0, other: 0 };
  for (const [pid, { kind, ms }] of after.processes) {
    const key = kind === 'browser' || kind === 'renderer' ? kind : 'other';
    byKind[key]! += ms - (before.processes.get(pid)?.ms ?? 0);
  }
  return Object.fromEntries(Object.entries(byKind).map(([kind, ms]) => [kind, ms / cards]));
}

function describeCpu(perCard: Record<string, number>): string {
  const total = Object.values(perCard).reduce((sum, ms) => sum + ms, 0);
  return `CPU ${total.toFixed(1)} ms a card (${Object.entries(perCard)
    .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`)
    .join(', ')})`;
}

type Run = { seconds: number; printSeconds: number; pdfBytes: number; peakRss: number; cpu: Record<string, number> };

/**
 * Ours: the print batches' own path (api/src/admit-cards/pdf-printer.ts printBatchParts, which the
 * print-batch route calls): each part of CHUNK_SIZE cards composed on the API's compose worker
 * (the cards' data built here, their HTML there) while the renderer's batch tabs print the parts
 * before, each part its own PDF.
 */
async function runPrintBatchParts(pictures: Pictures): Promise<Run> {
  const config = { chromiumPath: CHROMIUM_PATH, ...(BATCH_TABS === undefined ? {} : { batchTabs: BATCH_TABS }) };
  const part = (indexes: number[]): PrintedDocumentsPart => ({ batch: { kind: 'admit-cards', documents: indexes.map((index) => buildCard(index, pictures)) }, lang: 'ne' });
  try {
    // Warm-up: the first print pays for the worker's and the renderer's start and font decoding.
    for await (const printed of printBatchParts(config, [part([0])])) if (!printed.pdf) throw printed.error;
    let pdfBytes = 0;
    let peakRss = readTotalRss();
    const cpuBefore = readCpu();
    const started = performance.now();
    let lastPdf: Uint8Array | undefined;
    // The parts are built as they are wanted, as the workstation fetches its batches.
    const parts = (function* () {
      for (const indexes of chunksOf(DOCUMENTS, CHUNK_SIZE)) yield part(indexes);
    })();
    for await (const printed of printBatchParts(config, parts)) {
      if (!printed.pdf) throw printed.error;
      pdfBytes += printed.pdf.byteLength;
      lastPdf = printed.pdf;
      peakRss = Math.max(peakRss, readTotalRss());
    }
    const seconds = (performance.now() - started) / 1000;
    // BENCH_PRINT_LAST_PDF=file keeps the last part, printed on a reused tab, to look at.
    if (process.env.BENCH_PRINT_LAST_PDF && lastPdf) writeFileSync(process.env.BENCH_PRINT_LAST_PDF, lastPdf);
    return { seconds, printSeconds: seconds, pdfBytes, peakRss, cpu: cpuPerCard(cpuBefore, readCpu(), DOCUMENTS) };
  } finally {
    await closePdfPrinter();
  }
}

/**
 * The baseline: bare puppeteer-core on the same flags printing the same HTML pages (fonts, photos
 * and QR images all inline as data URLs, as the print batch parts get them) on one tab, each composed before
 * its clock starts, so only setContent and page.pdf are timed (the wall time including composition
 * is reported beside it). It prints untagged like the batch parts: puppeteer's default tags
 * the PDF, which is extra work that would flatter the ratio.
 */
async function runRawPuppeteer(pictures: Pictures): Promise<Run> {
  // createPdfRenderer's own flags and transport: the baseline differs only in the wrapper.
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS], pipe: CHROMIUM_PIPE });
  try {
    const page = await browser.newPage();
    const print = async (html: string) => {
      await page.setContent(html, { waitUntil: 'load' });
      return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, tagged: false, timeout: 120_000 });
    };
    await print(composeChunk([0], pictures));
    let pdfBytes = 0;
    let printSeconds = 0;
    let peakRss = readTotalRss();
    const cpuBefore = readCpu();
    const started = performance.now();
    for (const indexes of chunksOf(DOCUMENTS, CHUNK_SIZE)) {
      const html = composeChunk(indexes, pictures);
      const printing = performance.now();
      pdfBytes += (await print(html)).byteLength;
      printSeconds += (performance.now() - printing) / 1000;
      peakRss = Math.max(peakRss, readTotalRss());
    }
    return { seconds: (performance.now() - started) / 1000, printSeconds, pdfBytes, peakRss, cpu: cpuPerCard(cpuBefore, readCpu(), DOCUMENTS) };
  } finally {
    await browser.close();
  }
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/**
 * `npm run bench -- print`: Nepali admit cards with photographs through the print batches' own path in parts,
 * documents per second and peak memory of Node and Chromium together, against bare puppeteer-core
 * printing the same pages; and whether 100,000 cards fit in ten minutes at that pace.
 */
export async function benchPrint() {
  const photos = await Promise.all(Array.from({ length: PHOTO_POOL_SIZE }, (_, seed) => makePhotoDataUrl(seed)));
  const signatures = await Promise.all(Array.from({ length: SIGNATURE_POOL_SIZE }, (_, seed) => makeSignatureDataUrl(seed)));
  const pictures = { photos, signatures };
  const averageKib = (urls: string[]) => urls.reduce((sum, url) => sum + (url.length * 3) / 4, 0) / urls.length / 1024;
  const photoKib = averageKib(photos);
  const sampleHtmlKib = composeChunk([...chunksOf(Math.min(CHUNK_SIZE, DOCUMENTS), CHUNK_SIZE)][0]!, pictures).length / 1024;
  console.log(
    `print benchmark: ${DOCUMENTS} Nepali admit cards (2 papers, QR, ${photoKib.toFixed(1)} KiB JPEG photograph and ${averageKib(signatures).toFixed(1)} KiB signature from pools of ${PHOTO_POOL_SIZE} and ${SIGNATURE_POOL_SIZE}) ` +
      `in print batch parts of ${CHUNK_SIZE} on ${BATCH_TABS ?? 'the default number of'} tab(s), composed on the API's compose worker; ` +
      `one chunk's HTML is ${(sampleHtmlKib / 1024).toFixed(1)} MiB`,
  );
  // React's development build checks and records every element: composing costs about half again
  // as much as in production, where the API and the desktop app run with NODE_ENV=production.
  if (process.env.NODE_ENV !== 'production') console.log('  (React in development mode: run with NODE_ENV=production for the figures production sees)');

  // The figures are only as good as the machine is quiet: other work on the cores slows both runs.
  // The averages include this benchmark's own processes, about 2 while it prints.
  const describeLoad = () => `load average ${loadavg().map((load) => load.toFixed(1)).join(', ')}`;
  console.log(`  before: ${describeLoad()}`);
  const ours = await runPrintBatchParts(pictures);
  const oursRate = DOCUMENTS / ours.seconds;
  console.log(
    `  print batch parts:  ${oursRate.toFixed(1)} documents/s (${ours.seconds.toFixed(1)} s, HTML composed and printed), ` +
      `${(ours.pdfBytes / DOCUMENTS / 1024).toFixed(1)} KiB of PDF per card, peak RSS of Node + Chromium ${mib(ours.peakRss)}; ${describeCpu(ours.cpu)}`,
  );

  // BENCH_PRINT_RAW=false leaves the baseline out while trying a change: ours alone, no ratio.
  if (process.env.BENCH_PRINT_RAW === 'false') return console.log(`  after: ${describeLoad()}`);
  const raw = await runRawPuppeteer(pictures);
  const rawRate = DOCUMENTS / raw.printSeconds;
  console.log(
    `  raw puppeteer-core: ${rawRate.toFixed(1)} documents/s (${raw.printSeconds.toFixed(1)} s of setContent + page.pdf; ` +
      `${raw.seconds.toFixed(1)} s with the same HTML composed; one tab, untagged), peak RSS of Node + Chromium ${mib(raw.peakRss)}; ${describeCpu(raw.cpu)}`,
  );

  console.log(`  after: ${describeLoad()}`);
  const projectedSeconds = TARGET_DOCUMENTS / oursRate;
  console.log(
    `  ours / raw: ${(oursRate / rawRate).toFixed(2)} (target 0.9 or more); ${TARGET_DOCUMENTS} cards at this pace take ` +
      `${(projectedSeconds / 60).toFixed(1)} min: ${projectedSeconds <= TARGET_SECONDS ? 'fits' : 'does NOT fit'} in ${TARGET_SECONDS / 60} minutes`,
  );
}
