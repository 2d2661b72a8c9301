import { describe, expect, it } from 'vitest';
import { PRINT_FONT_FAMILY, readEmbeddedFontCss } from './document-shell';
import { renderDocumentHtml, renderDocumentsHtml } from './render-html';

const WOFF2_SIGNATURE = 'wOF2';

function readFontFaces(css: string) {
  return [...css.matchAll(/@font-face\{([^}]*)\}/g)].map(([, body = '']) => ({
    weight: /font-weight:(\d+)/.exec(body)?.[1],
    unicodeRange: /unicode-range:([^;]+)/.exec(body)?.[1] ?? '',
    base64: /data:font\/woff2;base64,([A-Za-z0-9+/=]+)/.exec(body)?.[1] ?? '',
  }));
}

describe('renderDocumentHtml', () => {
  it('writes a full HTML document with a doctype, the language and the title', () => {
    const html = renderDocumentHtml(<p>नमस्ते</p>, { lang: 'ne', title: 'प्रवेश पत्र' });
    expect(html.startsWith('<!doctype html><html lang="ne">')).toBe(true);
    expect(html).toContain('<meta charSet="utf-8"/>');
    expect(html).toContain('<title>प्रवेश पत्र</title>');
    expect(html).toContain('<p>नमस्ते</p>');
    expect(renderDocumentHtml(<p>Hello</p>, { lang: 'en' })).toContain('<html lang="en">');
  });

  it('embeds Noto Sans Devanagari (Devanagari and Latin, regular and bold) as woff2 data, not as a link', () => {
    const html = renderDocumentHtml(<p>क</p>, { lang: 'ne' });
    const faces = readFontFaces(html);
    expect(faces.map((face) => face.weight).sort()).toEqual(['400', '400', '700', '700']);
    expect(faces.filter((face) => face.unicodeRange.includes('U+0900-097F'))).toHaveLength(2);
    expect(faces.filter((face) => face.unicodeRange.startsWith('U+0000-00FF'))).toHaveLength(2);
    for (const face of faces) {
      const bytes = Buffer.from(face.base64, 'base64');
      expect(bytes.length).toBeGreaterThan(5_000);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe(WOFF2_SIGNATURE);
    }
    expect(html).toContain(`font-family: '${PRINT_FONT_FAMILY}', sans-serif`);
    // Nothing the page could fetch: the font must travel inside the HTML.
    expect(html).not.toMatch(/url\((?!data:)/);
    expect(html).not.toMatch(/<link\b/);
  });

  it('sets an A4 page and keeps printed colours', () => {
    const html = renderDocumentHtml(<p>x</p>, { lang: 'en' });
    expect(html).toContain('@page { size: A4 portrait;');
    expect(html).toContain('print-color-adjust: exact');
  });

  it('reads the font files once per process', () => {
    expect(readEmbeddedFontCss()).toBe(readEmbeddedFontCss());
  });
});

describe('renderDocumentsHtml', () => {
  it('puts each document on its own sheet and a document style in the head only once', () => {
    const styled = (n: number) => (
      <article>
        <style href="test-document" precedence="psc-document">
          {'.test-document { color: #000; }'}
        </style>
        document {n}
      </article>
    );
    const html = renderDocumentsHtml([styled(1), styled(2), styled(3)], { lang: 'en' });
    expect(html.match(/class="print-document"/g)).toHaveLength(3);
    expect(html.match(/\.test-document \{/g)).toHaveLength(1);
    expect(html.match(/@font-face/g)).toHaveLength(4);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('.test-document {');
    // The document's rules come after the shell's so they win ties.
    expect(head.indexOf('.test-document {')).toBeGreaterThan(head.indexOf('@page { size: A4'));
    expect(html).toContain('.print-document + .print-document { break-before: page; }');
  });
});
