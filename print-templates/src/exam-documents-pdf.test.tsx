import jsQR from 'jsqr';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AdmitCard } from './documents/admit-card';
import { AttendanceSheet } from './documents/attendance-sheet';
import {
  buildAdmitCard,
  buildAdmitCardAtTwoCentres,
  buildAttendanceSheet,
  NEPALI_NAME,
  VERIFICATION_URL,
} from './documents/exam-document-fixtures.test-support';
import type { AdmitCardData } from './documents/exam-documents';
import { countPages, extractText, normalizeDevanagari, shouldReadPdf, usePdfPrinter } from './print-tools.test-support';
import { renderDocumentsHtml } from './render-html';

const screenshotDirectory = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));

/** The longest names and texts a card is expected to carry, in both scripts. */
function buildLongNamedCard(): AdmitCardData {
  const card = buildAdmitCardAtTwoCentres();
  return {
    ...card,
    candidate: {
      ...card.candidate,
      name: { np: 'श्रीकृष्णप्रसाद विश्वेश्वरप्रसाद क्षेत्री उपाध्याय बज्राचार्य', en: 'Shreekrishnaprasad Bishweshwarprasad Kshetri Upadhyaya Bajracharya' },
    },
    post: { np: 'सहायक प्रशासकीय अधिकृत (लेखा तथा आन्तरिक लेखापरीक्षण)', en: 'Assistant Administrative Officer (Accounts and Internal Audit)' },
  };
}

describe.runIf(shouldReadPdf)('the exam documents on paper', { timeout: 120_000 }, () => {
  const { printToFile, folder } = usePdfPrinter('psc-exam-documents-');

  function saveScreenshot(pdfPath: string, name: string) {
    mkdirSync(screenshotDirectory, { recursive: true });
    execFileSync('pdftoppm', ['-png', '-r', '90', '-f', '1', '-l', '1', '-singlefile', pdfPath, join(screenshotDirectory, name)]);
  }

  it('prints a Nepali admit card on one page with the roll number and the name spelt right', async () => {
    const pdfPath = await printToFile('admit-card.pdf', renderDocumentsHtml([<AdmitCard card={buildAdmitCard()} lang="ne" />], { lang: 'ne' }));
    expect(countPages(pdfPath)).toBe(1);
    const text = extractText(pdfPath);
    expect(text).toContain('१००२३४५');
    expect(text).toContain('Shreekrishna Prasad Kshetri');
    expect(normalizeDevanagari(text)).toContain(normalizeDevanagari(NEPALI_NAME));
    expect(normalizeDevanagari(text)).toContain(normalizeDevanagari('प्रवेशपत्र'));
    expect(text).toContain('वि.सं. २०८१ पुस २०');
    saveScreenshot(pdfPath, 'print-templates-admit-card');
  });

  it('keeps four papers at two centres with long names on one page per card, in either language', async () => {
    const cards = [buildLongNamedCard(), buildAdmitCardAtTwoCentres(), { ...buildLongNamedCard(), rollNumber: '1002999' }];
    const nepali = await printToFile('cards-ne.pdf', renderDocumentsHtml(cards.map((card, index) => <AdmitCard key={index} card={card} lang="ne" />), { lang: 'ne' }));
    const english = await printToFile('cards-en.pdf', renderDocumentsHtml(cards.map((card, index) => <AdmitCard key={index} card={card} lang="en" />), { lang: 'en' }));
    expect(countPages(nepali)).toBe(3);
    expect(countPages(english)).toBe(3);
    // Each card's last line is on its own page: nothing ran over onto the next sheet.
    for (const page of [1, 2, 3]) expect(extractText(english, page)).toContain('Scan to verify');
    expect(extractText(english, 3)).toContain('1002999');
  });

  it('prints a QR that a scanner reads back as exactly the verification address', async () => {
    const pdfPath = await printToFile('admit-card-qr.pdf', renderDocumentsHtml([<AdmitCard card={buildAdmitCard()} lang="ne" />], { lang: 'ne' }));
    const imagePrefix = join(folder(), 'admit-card-qr');
    execFileSync('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', '-singlefile', pdfPath, imagePrefix]);
    const { data, info } = await sharp(`${imagePrefix}.png`).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    expect(decoded?.data).toBe(VERIFICATION_URL);
    // At 200 dpi a millimetre is 7.87 pixels: the symbol, quiet zone aside, is about 29 mm wide.
    const widthMm = (decoded!.location.topRightCorner.x - decoded!.location.topLeftCorner.x) / (200 / 25.4);
    expect(widthMm).toBeGreaterThan(26);
  });

  it('prints a room of 60 on five pages, headers on each, no row split across pages', async () => {
    const pdfPath = await printToFile('attendance-60.pdf', renderDocumentsHtml([<AttendanceSheet sheet={buildAttendanceSheet(60)} lang="ne" />], { lang: 'ne' }));
    expect(countPages(pdfPath)).toBe(5);
    const englishName = /(Shreekrishna Prasad|Sita Kumari|Ram Bahadur|Laxmi|Pushparaj) (Kshetri|Shrestha|Adhikari|Tripathi)/g;
    const rolls: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const text = extractText(pdfPath, page);
      expect(text).toContain('रोल नं.');
      expect(text).toContain('कोठा १०१');
      const pageRolls = text.match(/१००२[०-९]{3}/g) ?? [];
      // A row split over two pages would leave a roll number without its name, or a name without its roll.
      expect(text.match(englishName)?.length ?? 0).toBe(pageRolls.length);
      rolls.push(...pageRolls);
    }
    expect(rolls).toHaveLength(60);
    expect(new Set(rolls).size).toBe(60);
    expect(normalizeDevanagari(extractText(pdfPath, 5))).toContain(normalizeDevanagari('केन्द्राध्यक्षको दस्तखत'));
    saveScreenshot(pdfPath, 'print-templates-attendance-sheet');
  });

  it('prints a room of one on one page', async () => {
    const pdfPath = await printToFile('attendance-1.pdf', renderDocumentsHtml([<AttendanceSheet sheet={buildAttendanceSheet(1)} lang="en" />], { lang: 'en' }));
    expect(countPages(pdfPath)).toBe(1);
    const text = extractText(pdfPath);
    expect(text).toContain('1002001');
    expect(text).toContain("Centre chief's signature");
  });
});
