import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Certificate } from './documents/certificate';
import { buildCertificate, buildLongCertificate } from './documents/certificate-fixtures.test-support';
import { NEPALI_NAME } from './documents/exam-document-fixtures.test-support';
import { countPages, extractText, normalizeDevanagari, shouldReadPdf, usePdfPrinter } from './print-tools.test-support';
import { renderDocumentsHtml } from './render-html';

const screenshotDirectory = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));

describe.runIf(shouldReadPdf)('the recommendation certificate on paper', { timeout: 120_000 }, () => {
  const { printToFile } = usePdfPrinter('psc-certificate-');

  it('prints a Nepali certificate on one page with the name spelt right and the roll number in Devanagari', async () => {
    const pdfPath = await printToFile('certificate.pdf', renderDocumentsHtml([<Certificate certificate={buildCertificate()} lang="ne" />], { lang: 'ne' }));
    expect(countPages(pdfPath)).toBe(1);
    const text = extractText(pdfPath);
    expect(text).toContain('१००२३४५');
    expect(text).toContain('Shreekrishna Prasad Kshetri');
    expect(normalizeDevanagari(text)).toContain(normalizeDevanagari(NEPALI_NAME));
    expect(normalizeDevanagari(text)).toContain(normalizeDevanagari('सिफारिस पत्र'));
    expect(text).toContain('वि.सं. २०८१ चैत १');
    mkdirSync(screenshotDirectory, { recursive: true });
    execFileSync('pdftoppm', ['-png', '-r', '90', '-singlefile', pdfPath, join(screenshotDirectory, 'print-templates-certificate')]);
  });

  it('keeps the longest names and body on one page in either language, seal or none', async () => {
    for (const lang of ['ne', 'en'] as const) {
      const pdfPath = await printToFile(`certificate-long-${lang}.pdf`, renderDocumentsHtml([<Certificate certificate={{ ...buildLongCertificate(), seal: null }} lang={lang} />], { lang }));
      expect(countPages(pdfPath)).toBe(1);
      const text = extractText(pdfPath);
      expect(normalizeDevanagari(text)).toContain(normalizeDevanagari(lang === 'ne' ? 'डा. रामचन्द्रप्रसाद पौडेल उपाध्याय' : 'Dr. Ramchandraprasad Poudel Upadhyaya'));
      if (lang === 'en') expect(text).toContain('Bishweshwarprasad');
    }
  });
});
