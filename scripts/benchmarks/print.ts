import { AdmitCard, CHROMIUM_ARGS, createPdfRenderer, renderDocumentsHtml, type AdmitCardData } from '@psc/print-templates';
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import puppeteer from 'puppeteer-core';
import { createElement } from 'react';
import sharp from 'sharp';

// Spec target: a whole advertisement's admit cards (up to 100,000) printed within ten minutes.
const DOCUMENTS = Number(process.env.BENCH_PRINT_DOCUMENTS ?? 100_000);
const CHUNK_SIZE = Number(process.env.BENCH_PRINT_CHUNK_SIZE ?? 100);
// Tabs renderBatch prints on at once; unset, the renderer's default.
const BATCH_TABS = process.env.BENCH_PRINT_TABS === undefined ? undefined : Number(process.env.BENCH_PRINT_TABS);
const TARGET_DOCUMENTS = 100_000;
const TARGET_SECONDS = 600;
// Distinct photographs in the batch: each chunk holds several different images to decode, as a
// real batch does, without generating one JPEG per candidate before the clock starts.
const PHOTO_POOL_SIZE = 50;
const PHOTO_BYTES = 20 * 1024;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A passport photograph of about 20 KB: noise over a gradient compresses like a face does, and the
 * quality is stepped down until the file is no larger than that.
 */
async function makePhotoDataUrl(seed: number): Promise<string> {
  const width = 240;
  const height = 300;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 7919 + 1;
  for (let index = 0; index < pixels.length; index += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const y = Math.floor(index / 3 / width);
    pixels[index] = (y * 200) / height + (state % 56);
  }
  for (let quality = 90; quality >= 20; quality -= 2) {
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
    if (jpeg.byteLength <= PHOTO_BYTES || quality <= 20) return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
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

/** One candidate's card: distinct roll number, name and signed address (so a distinct QR), a pooled photograph. */
function buildCard(index: number, photos: string[]): AdmitCardData {
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
      signature: null,
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

function composeChunk(indexes: number[], photos: string[]): string {
  return renderDocumentsHtml(
    indexes.map((index) => createElement(AdmitCard, { key: index, card: buildCard(index, photos), lang: 'ne' })),
    { lang: 'ne' },
  );
}

function* chunksOf(total: number, size: number): Generator<number[]> {
  for (let first = 0; first < total; first += size) {
    yield Array.from({ length: Math.min(size, total - first) }, (_, offset) => first + offset);
  }
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

/** Node and all of Chromium, sampled together so the peak is of one moment. */
function readTotalRss(): number {
  return process.memoryUsage().rss + readChildrenRss();
}

type Run = { seconds: number; printSeconds: number; pdfBytes: number; peakRss: number };

/** Ours: renderBatch, which composes each chunk's HTML (React) and prints it on the renderer's tab. */
async function runRenderBatch(photos: string[]): Promise<Run> {
  const renderer = await createPdfRenderer({ executablePath: CHROMIUM_PATH, chunkSize: CHUNK_SIZE, batchTabs: BATCH_TABS });
  try {
    // Warm-up: the first print pays for font decoding and the renderer's start.
    await renderer.renderPdf(composeChunk([0], photos));
    let pdfBytes = 0;
    let peakRss = readTotalRss();
    const indexes = Array.from({ length: DOCUMENTS }, (_, index) => index);
    const started = performance.now();
    for await (const chunk of renderer.renderBatch(indexes, (batch) => composeChunk(batch, photos))) {
      pdfBytes += chunk.pdf.byteLength;
      peakRss = Math.max(peakRss, readTotalRss());
    }
    const seconds = (performance.now() - started) / 1000;
    return { seconds, printSeconds: seconds, pdfBytes, peakRss };
  } finally {
    await renderer.close();
  }
}

/**
 * The baseline: bare puppeteer-core on the same flags printing the same HTML pages (fonts, photos
 * and QR images all inline as data URLs, as renderBatch gets them) on one tab, each composed before
 * its clock starts, so only setContent and page.pdf are timed (the wall time including composition
 * is reported beside it). It prints untagged like renderBatch's chunks: puppeteer's default tags
 * the PDF, which is extra work that would flatter the ratio.
 */
async function runRawPuppeteer(photos: string[]): Promise<Run> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] }); // createPdfRenderer's own flags: the baseline differs only in the wrapper
  try {
    const page = await browser.newPage();
    const print = async (html: string) => {
      await page.setContent(html, { waitUntil: 'load' });
      return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, tagged: false, timeout: 120_000 });
    };
    await print(composeChunk([0], photos));
    let pdfBytes = 0;
    let printSeconds = 0;
    let peakRss = readTotalRss();
    const started = performance.now();
    for (const indexes of chunksOf(DOCUMENTS, CHUNK_SIZE)) {
      const html = composeChunk(indexes, photos);
      const printing = performance.now();
      pdfBytes += (await print(html)).byteLength;
      printSeconds += (performance.now() - printing) / 1000;
      peakRss = Math.max(peakRss, readTotalRss());
    }
    return { seconds: (performance.now() - started) / 1000, printSeconds, pdfBytes, peakRss };
  } finally {
    await browser.close();
  }
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/**
 * `npm run bench -- print`: Nepali admit cards with photographs through renderBatch in chunks,
 * documents per second and peak memory of Node and Chromium together, against bare puppeteer-core
 * printing the same pages; and whether 100,000 cards fit in ten minutes at that pace.
 */
export async function benchPrint() {
  const photos = await Promise.all(Array.from({ length: PHOTO_POOL_SIZE }, (_, seed) => makePhotoDataUrl(seed)));
  const photoKib = photos.reduce((sum, photo) => sum + (photo.length * 3) / 4, 0) / photos.length / 1024;
  const sampleHtmlKib = composeChunk([...chunksOf(Math.min(CHUNK_SIZE, DOCUMENTS), CHUNK_SIZE)][0]!, photos).length / 1024;
  console.log(
    `print benchmark: ${DOCUMENTS} Nepali admit cards (2 papers, QR, ${photoKib.toFixed(1)} KiB JPEG photograph from a pool of ${PHOTO_POOL_SIZE}) ` +
      `in chunks of ${CHUNK_SIZE} on ${BATCH_TABS ?? 'the default number of'} tab(s); one chunk's HTML is ${(sampleHtmlKib / 1024).toFixed(1)} MiB`,
  );
  // React's development build checks and records every element: composing costs about half again
  // as much as in production, where the API and the desktop app run with NODE_ENV=production.
  if (process.env.NODE_ENV !== 'production') console.log('  (React in development mode: run with NODE_ENV=production for the figures production sees)');

  // The figures are only as good as the machine is quiet: other work on the cores slows both runs.
  // The averages include this benchmark's own processes, about 2 while it prints.
  const describeLoad = () => `load average ${loadavg().map((load) => load.toFixed(1)).join(', ')}`;
  console.log(`  before: ${describeLoad()}`);
  const ours = await runRenderBatch(photos);
  const oursRate = DOCUMENTS / ours.seconds;
  console.log(
    `  renderBatch:        ${oursRate.toFixed(1)} documents/s (${ours.seconds.toFixed(1)} s, HTML composed and printed), ` +
      `${(ours.pdfBytes / DOCUMENTS / 1024).toFixed(1)} KiB of PDF per card, peak RSS of Node + Chromium ${mib(ours.peakRss)}`,
  );

  const raw = await runRawPuppeteer(photos);
  const rawRate = DOCUMENTS / raw.printSeconds;
  console.log(
    `  raw puppeteer-core: ${rawRate.toFixed(1)} documents/s (${raw.printSeconds.toFixed(1)} s of setContent + page.pdf; ` +
      `${raw.seconds.toFixed(1)} s with the same HTML composed; one tab, untagged), peak RSS of Node + Chromium ${mib(raw.peakRss)}`,
  );

  console.log(`  after: ${describeLoad()}`);
  const projectedSeconds = TARGET_DOCUMENTS / oursRate;
  console.log(
    `  ours / raw: ${(oursRate / rawRate).toFixed(2)} (target 0.9 or more); ${TARGET_DOCUMENTS} cards at this pace take ` +
      `${(projectedSeconds / 60).toFixed(1)} min: ${projectedSeconds <= TARGET_SECONDS ? 'fits' : 'does NOT fit'} in ${TARGET_SECONDS / 60} minutes`,
  );
}
