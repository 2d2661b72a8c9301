import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdmitCard } from './documents/admit-card';
import { buildAdmitCard, buildAdmitCardAtTwoCentres } from './documents/exam-document-fixtures.test-support';
import { PrintedList, type PrintedListProps } from './documents/printed-list';
import { renderDocumentHtml, renderDocumentsHtml } from './render-html';
import { chromiumPath, hasPoppler, isCi, requireChromium, requirePoppler, shouldPrint, shouldReadPdf } from './print-tools.test-support';
import { createPdfRenderer, type PdfChunk, type PdfRenderer } from './render-pdf';

const screenshotDirectory = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));

const NEPALI_TITLE = 'लिखित परीक्षाको उपस्थिति सूची';

const nepaliList: PrintedListProps = {
  lang: 'ne',
  title: NEPALI_TITLE,
  subtitle: 'विज्ञापन नं. ८०/०८१-८२, शाखा अधिकृत (ROLL 2081)',
  columns: [{ header: 'रोल नं.', width: '18%' }, { header: 'उम्मेदवारको नाम' }, { header: 'ठेगाना' }, { header: 'कैफियत', align: 'center', width: '16%' }],
  rows: Array.from({ length: 45 }, (_, index) => [
    String(1000 + index),
    index % 2 ? 'श्रीकृष्ण प्रसाद क्षेत्री' : 'राम बहादुर श्रेष्ठ',
    'काठमाडौं महानगरपालिका, वडा नं. ' + String((index % 32) + 1),
    index % 3 ? 'उपस्थित' : 'अनुपस्थित',
  ]),
  printedOnAd: '2024-07-31',
  hasSerialColumn: true,
};

/** Counts page objects; Chromium writes them uncompressed, one `/Type /Page` each. */
function countPdfPages(pdf: Uint8Array): number {
  return Buffer.from(pdf).toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

function isPdf(pdf: Uint8Array): boolean {
  return Buffer.from(pdf.subarray(0, 5)).toString('latin1') === '%PDF-';
}

describe.runIf(shouldPrint)('createPdfRenderer', { timeout: 120_000 }, () => {
  let renderer: PdfRenderer;
  let workDirectory: string;

  beforeAll(async () => {
    requireChromium();
    renderer = await createPdfRenderer({ executablePath: chromiumPath, chunkSize: 100 });
    workDirectory = mkdtempSync(join(tmpdir(), 'psc-print-'));
  }, 60_000);

  afterAll(async () => {
    await renderer?.close();
    if (workDirectory) rmSync(workDirectory, { recursive: true, force: true });
  });

  it('prints a Nepali printed list to a PDF over several A4 pages', async () => {
    const pdf = await renderer.renderPdf(renderDocumentHtml(<PrintedList {...nepaliList} />, { lang: 'ne', title: NEPALI_TITLE }));
    expect(isPdf(pdf)).toBe(true);
    expect(countPdfPages(pdf)).toBe(2);
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansDevanagari-Regular/);
  });

  it.runIf(shouldReadPdf)('puts readable Nepali text in the PDF and renders it to an image', async () => {
    requirePoppler();
    const pdf = await renderer.renderPdf(renderDocumentHtml(<PrintedList {...nepaliList} />, { lang: 'ne', title: NEPALI_TITLE }));
    const pdfPath = join(workDirectory, 'printed-list.pdf');
    writeFileSync(pdfPath, pdf);

    const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+59\d(\.\d+)? x 84\d(\.\d+)? pts \(A4\)/);
    expect(info).toContain(`Title:           ${NEPALI_TITLE}`);

    // Extraction of shaped Devanagari can split a word around a reordered vowel sign (कृ त), so
    // only words without such signs are compared whole; Latin and digits must come out exactly.
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    expect(text).toContain(NEPALI_TITLE);
    expect(text).toContain('ROLL 2081');
    expect(text).toContain('१०४४');
    expect(text).toContain('वि.सं. २०८१ साउन १६');
    expect(text).toMatch(/पृष्ठ १ \/ २[\s\S]*पृष्ठ २ \/ २/);

    mkdirSync(screenshotDirectory, { recursive: true });
    const imagePrefix = join(screenshotDirectory, 'print-templates-printed-list');
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdfPath, imagePrefix]);
    expect(existsSync(`${imagePrefix}.png`)).toBe(true);
  });

  it('prints 250 one-page documents as three PDFs of 100, 100 and 50 pages on one tab', async () => {
    const candidates = Array.from({ length: 250 }, (_, index) => ({ rollNumber: String(5000 + index), name: `Candidate ${index + 1}` }));
    const chunks: PdfChunk[] = [];
    for await (const chunk of renderer.renderBatch(candidates, (batch) =>
      renderDocumentsHtml(
        batch.map((candidate) => (
          <PrintedList
            lang="en"
            title={`Seat slip ${candidate.rollNumber}`}
            columns={[{ header: 'Roll number' }, { header: 'Name' }]}
            rows={[[candidate.rollNumber, candidate.name]]}
            printedOnAd="2024-07-31"
          />
        )),
        { lang: 'en' },
      ),
    )) {
      chunks.push(chunk);
    }
    expect(chunks.map(({ index, firstDocument, documentCount }) => ({ index, firstDocument, documentCount }))).toEqual([
      { index: 0, firstDocument: 0, documentCount: 100 },
      { index: 1, firstDocument: 100, documentCount: 100 },
      { index: 2, firstDocument: 200, documentCount: 50 },
    ]);
    expect(chunks.every(({ pdf }) => isPdf(pdf))).toBe(true);
    expect(chunks.map(({ pdf }) => countPdfPages(pdf))).toEqual([100, 100, 50]);

    if (hasPoppler || isCi) {
      requirePoppler();
      const lastPath = join(workDirectory, 'last-chunk.pdf');
      writeFileSync(lastPath, chunks[2]!.pdf);
      expect(execFileSync('pdfinfo', [lastPath], { encoding: 'utf8' })).toMatch(/Pages:\s+50\n/);
      const text = execFileSync('pdftotext', [lastPath, '-'], { encoding: 'utf8' });
      expect(text).toContain('Seat slip 5200');
      expect(text).toContain('Seat slip 5249');
      expect(text).not.toContain('Seat slip 5199');
    }
  });

  it('serves concurrent callers one at a time on the shared tab', async () => {
    const titles = ['First list', 'Second list', 'Third list'];
    const pdfs = await Promise.all(
      titles.map((title) =>
        renderer.renderPdf(
          renderDocumentHtml(<PrintedList lang="en" title={title} columns={[{ header: 'A' }]} rows={[['1']]} printedOnAd="2024-07-31" />, {
            lang: 'en',
            title,
          }),
        ),
      ),
    );
    pdfs.forEach((pdf, index) => {
      expect(isPdf(pdf)).toBe(true);
      // Chromium writes an ASCII <title> as the PDF's literal Title string.
      expect(Buffer.from(pdf).toString('latin1')).toContain(`/Title (${titles[index]})`);
    });
  });

  it.runIf(shouldReadPdf)('prints a page set after another with the same shell exactly as that page set printed alone', async () => {
    requirePoppler();
    // The second set only changes the first's body in the tab: other names, roll numbers and QR, a
    // photograph gone, a card with a centre per paper row (another table shape), one card fewer.
    const cardsHtml = (cards: ReturnType<typeof buildAdmitCard>[]) => renderDocumentsHtml(cards.map((card, index) => <AdmitCard key={index} card={card} lang="ne" />), { lang: 'ne' });
    const first = cardsHtml([1, 2, 3].map((index) => buildAdmitCard({ rollNumber: String(1_002_340 + index), verificationUrl: `https://portal.example/verify#v1.first-${index}` })));
    const twoCentres = buildAdmitCardAtTwoCentres();
    const second = cardsHtml([
      buildAdmitCard({ rollNumber: '2000001', candidate: { name: { np: 'सीता कुमारी श्रेष्ठ', en: 'Sita Kumari Shrestha' }, photo: null, signature: null } }),
      { ...twoCentres, rollNumber: '2000002', verificationUrl: 'https://portal.example/verify#v1.second' },
    ]);
    await renderer.renderPdf(first);
    const afterAnother = await renderer.renderPdf(second);
    const alone = await createPdfRenderer({ executablePath: chromiumPath });
    let printedAlone: Uint8Array;
    try {
      printedAlone = await alone.renderPdf(second);
    } finally {
      await alone.close();
    }

    const read = (pdf: Uint8Array, name: string) => {
      const pdfPath = join(workDirectory, `${name}.pdf`);
      writeFileSync(pdfPath, pdf);
      execFileSync('pdftoppm', ['-png', '-r', '50', pdfPath, join(workDirectory, name)]);
      const pages = [1, 2].map((page) => readFileSync(join(workDirectory, `${name}-${page}.png`)));
      return { text: execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }), pages };
    };
    const printedAfter = read(afterAnother, 'after-another');
    const printedFresh = read(printedAlone, 'alone');
    expect(countPdfPages(afterAnother)).toBe(2);
    expect(printedAfter.text).toBe(printedFresh.text);
    expect(printedAfter.text).toContain('२०००००२');
    expect(printedAfter.text).not.toContain('१००२३४१');
    printedAfter.pages.forEach((page, index) => expect(page.equals(printedFresh.pages[index]!), `page ${index + 1} looks the same`).toBe(true));
  });

  it('refuses a chunk size that is not a positive integer', async () => {
    await expect(createPdfRenderer({ executablePath: chromiumPath, chunkSize: 0 })).rejects.toThrow(RangeError);
  });
});

/**
 * A TrueType font of this machine with Latin letters and no Devanagari (DejaVu Sans, Liberation,
 * Noto Sans, ...), found through fontconfig. Chromium ignores WOFF files in a font directory, so
 * the @fontsource Latin subset cannot stand in.
 */
function findLatinOnlyFont(): string | undefined {
  const listFiles = (pattern: string) => {
    try {
      return execFileSync('fc-list', [pattern, 'file'], { encoding: 'utf8' })
        .split('\n')
        .map((line) => line.replace(/:\s*$/, '').trim())
        .filter((file) => file.endsWith('.ttf'));
    } catch {
      return [];
    }
  };
  const devanagariFonts = new Set(listFiles(':charset=0915'));
  return listFiles(':lang=en').find((file) => !devanagariFonts.has(file));
}
const latinOnlyFont = findLatinOnlyFont();

// A machine whose only font has Latin glyphs: Devanagari on paper can then come only from the
// faces embedded in the HTML. Chromium reads its fonts through fontconfig, which FONTCONFIG_FILE
// points at a configuration listing one directory holding that one font.
describe.runIf(shouldReadPdf && latinOnlyFont !== undefined)('on a machine without Devanagari fonts', { timeout: 60_000 }, () => {
  let renderer: PdfRenderer;
  let fontDirectory: string;

  beforeAll(async () => {
    requirePoppler();
    fontDirectory = mkdtempSync(join(tmpdir(), 'psc-print-fonts-'));
    mkdirSync(join(fontDirectory, 'fonts'));
    copyFileSync(latinOnlyFont!, join(fontDirectory, 'fonts', 'latin-only.ttf'));
    const configPath = join(fontDirectory, 'fonts.conf');
    writeFileSync(
      configPath,
      `<?xml version="1.0"?>\n<fontconfig><dir>${join(fontDirectory, 'fonts')}</dir><cachedir>${join(fontDirectory, 'cache')}</cachedir></fontconfig>\n`,
    );
    const previous = process.env.FONTCONFIG_FILE;
    process.env.FONTCONFIG_FILE = configPath;
    try {
      renderer = await createPdfRenderer({ executablePath: chromiumPath });
    } finally {
      if (previous === undefined) delete process.env.FONTCONFIG_FILE;
      else process.env.FONTCONFIG_FILE = previous;
    }
  }, 60_000);

  afterAll(async () => {
    await renderer?.close();
    if (fontDirectory) rmSync(fontDirectory, { recursive: true, force: true });
  });

  async function extractText(pdf: Uint8Array, name: string) {
    const pdfPath = join(fontDirectory, name);
    writeFileSync(pdfPath, pdf);
    return execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' });
  }

  it('still prints Devanagari from the embedded font', async () => {
    const html = renderDocumentHtml(<PrintedList {...nepaliList} rows={nepaliList.rows.slice(0, 3)} />, { lang: 'ne' });
    const text = await extractText(await renderer.renderPdf(html), 'embedded.pdf');
    expect(text).toContain(NEPALI_TITLE);
    expect(text).toContain('वि.सं. २०८१ साउन १६');
  });

  it('while the same words in a page without it do not print', async () => {
    const bare = `<!doctype html><html lang="ne"><body><p>${NEPALI_TITLE} ROLL 2081</p></body></html>`;
    const text = await extractText(await renderer.renderPdf(bare), 'bare.pdf');
    expect(text).toContain('ROLL 2081');
    expect(text).not.toContain('लिखित');
  });
});

describe.runIf(shouldPrint)('a closed renderer', { timeout: 60_000 }, () => {
  it('refuses to print', async () => {
    requireChromium();
    const renderer = await createPdfRenderer({ executablePath: chromiumPath });
    await renderer.close();
    await expect(renderer.renderPdf('<!doctype html><p>x</p>')).rejects.toThrow('The PDF renderer is closed');
    await renderer.close();
  });
});
