import jsQR from 'jsqr';
import puppeteer from 'puppeteer-core';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chromiumPath, requireChromium, shouldPrint } from '../print-tools.test-support';
import { renderDocumentHtml, renderDocumentsHtml } from '../render-html';
import { AdmitCard } from './admit-card';
import { buildAdmitCard, buildAdmitCardAtTwoCentres, NEPALI_NAME, VERIFICATION_URL } from './exam-document-fixtures.test-support';
import { encodeQrModules, QR_MASK_PATTERN } from './qr-code';
import type { AdmitCardData } from './exam-documents';

function renderCard(card: AdmitCardData, lang: 'ne' | 'en' = 'ne') {
  const html = renderDocumentHtml(<AdmitCard card={card} lang={lang} />, { lang });
  return html.slice(html.indexOf('<body>'), html.indexOf('</body>'));
}

describe('AdmitCard', () => {
  it('prints the Nepali card: title, names in both scripts, roll number in Devanagari digits, dates B.S. first', () => {
    const body = renderCard(buildAdmitCard());
    expect(body).toContain('<h1 class="admit-card-title">प्रवेशपत्र</h1>');
    expect(body).toContain('लोक सेवा आयोग');
    expect(body).toContain(NEPALI_NAME);
    expect(body).toContain('Shreekrishna Prasad Kshetri');
    expect(body).toContain('<td class="admit-card-roll">१००२३४५</td>');
    expect(body).toContain('वि.सं. २०८१ पुस २०<span class="date-ad">ई.सं. २०२५ जनवरी ४</span>');
    expect(body).toContain('३ घण्टा');
    expect(body).toContain('परीक्षा सुरु हुनुभन्दा ३० मिनेट अगावै');
    expect(body).toContain('जारी मिति: वि.सं. २०८१ पुस १ (ई.सं. २०२४ डिसेम्बर १६)');
    expect(body).not.toMatch(/>[^<]*\b1002345\b/);
  });

  it('prints the English card with Latin digits and the rules in English', () => {
    const body = renderCard(buildAdmitCard(), 'en');
    expect(body).toContain('<h1 class="admit-card-title">Admit card</h1>');
    expect(body).toContain('<td class="admit-card-roll">1002345</td>');
    expect(body).toContain('20 Poush 2081 B.S.<span class="date-ad">4 January 2025 A.D.</span>');
    expect(body).toContain('Arrive at the exam centre 30 minutes before the exam starts.');
    expect(body).toContain('Scan to verify');
    expect(body).toContain('2 hours 30 minutes');
  });

  it('prints a shared centre once above the papers, and a centre per row when they differ', () => {
    const shared = renderCard(buildAdmitCard());
    expect(shared.match(/पद्मकन्या बहुमुखी क्याम्पस/g)).toHaveLength(1);
    expect(shared).toContain('<p class="admit-card-centre">');
    const split = renderCard(buildAdmitCardAtTwoCentres());
    expect(split).not.toContain('admit-card-centre"');
    expect(split.match(/पद्मकन्या बहुमुखी क्याम्पस/g)).toHaveLength(2);
    expect(split.match(/Tri-Chandra Multiple Campus/g)).toHaveLength(2);
  });

  it('prints an empty labelled box for a missing photograph or signature', () => {
    const card = buildAdmitCard();
    const body = renderCard({ ...card, candidate: { ...card.candidate, photo: null, signature: null } });
    // The QR is the one image left.
    expect(body.match(/<img/g)).toHaveLength(1);
    expect(body).toContain('<img class="qr-code"');
    expect(body).toContain('<div class="image-box-frame"><span class="image-box-missing">फोटो</span></div>');
    expect(body).toContain('<span class="image-box-missing">उम्मेदवारको दस्तखत</span>');
  });

  it('prints a candidate named <script> as text', () => {
    const card = buildAdmitCard();
    const body = renderCard({ ...card, candidate: { ...card.candidate, name: { np: '<script>alert(1)</script>', en: '<img src=x onerror=alert(1)>' } } });
    expect(body).not.toContain('<script>');
    expect(body).not.toContain('<img src=x');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('puts each card of a batch on its own sheet, with the styles once', () => {
    const html = renderDocumentsHtml(
      Array.from({ length: 3 }, (_, index) => <AdmitCard key={index} card={buildAdmitCard({ rollNumber: String(1002345 + index) })} lang="en" />),
      { lang: 'en' },
    );
    expect(html.match(/<article class="admit-card">/g)).toHaveLength(3);
    expect(html.match(/data-href="psc-admit-card"/g)).toHaveLength(1);
  });
});

describe('the admit card QR', () => {
  // Paints the modules into an RGBA bitmap as a scanner would see the printed symbol.
  function paintQr(text: string, scale = 4) {
    const { size, modules } = encodeQrModules(text);
    const extent = (size + 8) * scale;
    const pixels = new Uint8ClampedArray(extent * extent * 4).fill(255);
    for (let y = 0; y < extent; y += 1) {
      for (let x = 0; x < extent; x += 1) {
        const row = Math.floor(y / scale) - 4;
        const column = Math.floor(x / scale) - 4;
        if (row >= 0 && row < size && column >= 0 && column < size && modules[row * size + column] === 1) pixels.fill(0, (y * extent + x) * 4, (y * extent + x) * 4 + 3);
      }
    }
    return { pixels, extent };
  }

  it('encodes exactly the verification address', () => {
    const { pixels, extent } = paintQr(VERIFICATION_URL);
    expect(VERIFICATION_URL.length).toBeGreaterThanOrEqual(380);
    expect(jsQR(pixels, extent, extent)?.data).toBe(VERIFICATION_URL);
  });

  it('builds the symbol the qrcode encoder builds on the fixed mask, which scans, for addresses of every length', () => {
    for (const text of [VERIFICATION_URL, 'https://portal.example/verify#v1.x', `${VERIFICATION_URL}${'A9_-'.repeat(40)}`]) {
      const reference = QRCode.create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: QR_MASK_PATTERN });
      const { size, modules } = encodeQrModules(text);
      expect(size).toBe(reference.modules.size);
      expect([...modules]).toEqual([...(reference.modules as unknown as { data: Uint8Array }).data]);
      const { pixels, extent } = paintQr(text);
      expect(jsQR(pixels, extent, extent)?.data).toBe(text);
    }
  });

  it('draws the symbol as a one-bit image of one pixel per module inside a quiet zone of four modules, scaled without smoothing', async () => {
    const body = renderCard(buildAdmitCard());
    const image = /<img class="qr-code" src="data:image\/png;base64,([^"]+)" alt="[^"]+" style="([^"]+)"\/>/.exec(body);
    expect(image?.[2]).toContain('image-rendering:pixelated');
    expect(image?.[2]).toContain('width:32mm');
    const png = Buffer.from(image![1]!, 'base64');
    const { size } = encodeQrModules(VERIFICATION_URL);
    const metadata = await sharp(png).metadata();
    expect([metadata.width, metadata.height, metadata.channels]).toEqual([size + 8, size + 8, 1]);
    // Scaled up as the printer does, the image reads back as the address.
    const { data, info } = await sharp(png).resize((size + 8) * 4, (size + 8) * 4, { kernel: 'nearest' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data).toBe(VERIFICATION_URL);
  });
});

describe.runIf(shouldPrint)('the admit card box', { timeout: 60_000 }, () => {
  // The card is a fixed box the size of a sheet's body (its CSS says why); what does not fit is cut
  // off rather than carried onto a second sheet, so the longest card must end inside it.
  it('holds four papers at two centres with the longest names, in either language', async () => {
    requireChromium();
    const card = buildAdmitCardAtTwoCentres();
    const longest: AdmitCardData = {
      ...card,
      candidate: {
        ...card.candidate,
        name: { np: 'श्रीकृष्णप्रसाद विश्वेश्वरप्रसाद क्षेत्री उपाध्याय बज्राचार्य', en: 'Shreekrishnaprasad Bishweshwarprasad Kshetri Upadhyaya Bajracharya' },
      },
      post: { np: 'सहायक प्रशासकीय अधिकृत (लेखा तथा आन्तरिक लेखापरीक्षण)', en: 'Assistant Administrative Officer (Accounts and Internal Audit)' },
    };
    const browser = await puppeteer.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      await page.emulateMediaType('print');
      for (const lang of ['ne', 'en'] as const) {
        await page.setContent(renderDocumentHtml(<AdmitCard card={longest} lang={lang} />, { lang }), { waitUntil: 'load' });
        const room = await page.evaluate(async () => {
          await document.fonts.ready;
          const box = document.querySelector('.admit-card')!.getBoundingClientRect();
          const contentBottom = Math.max(...[...document.querySelectorAll('.admit-card > *')].map((part) => part.getBoundingClientRect().bottom));
          return box.bottom - contentBottom;
        });
        expect(room).toBeGreaterThan(0);
      }
    } finally {
      await browser.close();
    }
  });
});
