import puppeteer from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, requireChromium, shouldPrint } from '../print-tools.test-support';
import { renderDocumentHtml } from '../render-html';
import { Certificate } from './certificate';
import { buildCertificate, buildLongCertificate } from './certificate-fixtures.test-support';
import { NEPALI_NAME } from './exam-document-fixtures.test-support';
import type { CertificateData } from '@psc/core';

function renderCertificate(certificate: CertificateData, lang: 'ne' | 'en' = 'ne') {
  const html = renderDocumentHtml(<Certificate certificate={certificate} lang={lang} />, { lang });
  return html.slice(html.indexOf('<body>'), html.indexOf('</body>'));
}

describe('Certificate', () => {
  it('prints the Nepali certificate: title, names in both scripts, the body filled in Devanagari digits, dates B.S. first', () => {
    const body = renderCertificate(buildCertificate());
    expect(body).toContain('<h1 class="certificate-title">सिफारिस पत्र</h1>');
    expect(body).toContain(NEPALI_NAME);
    expect(body).toContain('Shreekrishna Prasad Kshetri');
    expect(body).toContain('<td class="certificate-roll">१००२३४५</td>');
    expect(body).toContain(`रोल नं. १००२३४५ का उम्मेदवार ${NEPALI_NAME} योग्यताक्रममा ३ स्थानमा`);
    expect(body).toContain('शाखा अधिकृत पदको खुला समूहमा');
    expect(body).toContain('मिति: वि.सं. २०८१ चैत १ (ई.सं. २०२५ मार्च १४)');
    expect(body).toContain('रामचन्द्र पौडेल');
    expect(body).toContain('सचिव');
    expect(body).toContain('<img src="data:image/png;base64,');
    expect(body).not.toMatch(/\{[a-zA-Z]+\}/);
    expect(body).not.toMatch(/>[^<]*\b1002345\b/);
  });

  it('prints the English certificate with Latin digits', () => {
    const body = renderCertificate(buildCertificate(), 'en');
    expect(body).toContain('<h1 class="certificate-title">Recommendation certificate</h1>');
    expect(body).toContain('Shreekrishna Prasad Kshetri, roll number 1002345, stood at position 3');
    expect(body).toContain('Date: 1 Chaitra 2081 B.S. (14 March 2025 A.D.)');
    expect(body).toContain('Ramchandra Poudel');
  });

  it('prints an empty labelled ring for a missing seal', () => {
    const body = renderCertificate(buildCertificate({ seal: null }));
    expect(body).not.toContain('<img');
    expect(body).toContain('<div class="certificate-seal certificate-seal-missing">आयोगको छाप</div>');
    expect(renderCertificate(buildCertificate({ seal: null }), 'en')).toContain("Commission&#x27;s seal");
  });

  it('prints long names and a long body in either language', () => {
    for (const lang of ['ne', 'en'] as const) {
      const body = renderCertificate(buildLongCertificate(), lang);
      expect(body).toContain(lang === 'ne' ? 'श्रीकृष्णप्रसाद विश्वेश्वरप्रसाद क्षेत्री उपाध्याय बज्राचार्य' : 'Shreekrishnaprasad Bishweshwarprasad Kshetri Upadhyaya Bajracharya');
      expect(body).not.toMatch(/\{[a-zA-Z]+\}/);
    }
  });

  it('prints a candidate named <script> and a body holding markup as text', () => {
    const certificate = buildCertificate();
    const body = renderCertificate({
      ...certificate,
      body: { np: '<b>{name}</b>', en: '<b>{name}</b>' },
      values: { ...certificate.values, name: { np: '<script>alert(1)</script>', en: 'x' } },
    });
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<b>');
    expect(body).toContain('&lt;b&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;/b&gt;');
  });
});

describe.runIf(shouldPrint)('the certificate box', { timeout: 60_000 }, () => {
  // The certificate is a fixed box the size of a sheet's body (its CSS says why); the longest names
  // and body must end inside it.
  it('holds the longest names and body in either language', async () => {
    requireChromium();
    const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      await page.emulateMediaType('print');
      for (const lang of ['ne', 'en'] as const) {
        await page.setContent(renderDocumentHtml(<Certificate certificate={buildLongCertificate()} lang={lang} />, { lang }), { waitUntil: 'load' });
        const room = await page.evaluate(async () => {
          await document.fonts.ready;
          const box = document.querySelector('.certificate')!.getBoundingClientRect();
          const body = document.querySelector('.certificate-body')!.getBoundingClientRect();
          const footer = document.querySelector('.certificate-footer')!.getBoundingClientRect();
          return { belowFooter: box.bottom - footer.bottom, betweenBodyAndFooter: footer.top - body.bottom };
        });
        expect(room.belowFooter).toBeGreaterThanOrEqual(0);
        expect(room.betweenBodyAndFooter).toBeGreaterThan(0);
      }
    } finally {
      await browser.close();
    }
  });
});
