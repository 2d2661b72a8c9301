// tsx runs this package from the consumer's working directory and reads that tsconfig, not ours:
// the pragmas keep the automatic JSX runtime whoever runs it.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { Language } from '@psc/core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ReactNode } from 'react';

// The family name is our own so that it can only resolve to the faces embedded below: a printed
// admit card must look the same on a workstation without Devanagari fonts as on the server.
export const PRINT_FONT_FAMILY = 'PSC Noto Sans Devanagari';

const FONT_PACKAGE = '@fontsource/noto-sans-devanagari';
const FONT_WEIGHTS = [400, 700] as const;

// Unicode ranges as @fontsource publishes them (unicode.json), so each subset file is used only for
// the characters it holds. Latin is embedded too: roll numbers, English names and the English
// version of every document use it.
const FONT_SUBSETS = [
  {
    name: 'devanagari',
    unicodeRange: 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09',
  },
  {
    name: 'latin',
    unicodeRange:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  },
] as const;

let embeddedFontCss: string | undefined;

/**
 * The @font-face rules with every face inlined as a base64 woff2 data URL, read once from the
 * installed @fontsource package and kept for the life of the process.
 */
export function readEmbeddedFontCss(): string {
  if (embeddedFontCss !== undefined) return embeddedFontCss;
  const require = createRequire(import.meta.url);
  const rules: string[] = [];
  for (const subset of FONT_SUBSETS) {
    for (const weight of FONT_WEIGHTS) {
      const file = require.resolve(`${FONT_PACKAGE}/files/noto-sans-devanagari-${subset.name}-${weight}-normal.woff2`);
      const base64 = readFileSync(file).toString('base64');
      rules.push(
        `@font-face{font-family:'${PRINT_FONT_FAMILY}';font-style:normal;font-weight:${weight};font-display:block;` +
          `src:url(data:font/woff2;base64,${base64}) format('woff2');unicode-range:${subset.unicodeRange};}`,
      );
    }
  }
  embeddedFontCss = rules.join('\n');
  return embeddedFontCss;
}

// Margins leave room for the page-number footer that documents may place in the bottom margin
// box. Colours print as designed (table header shading) instead of being dropped to save ink.
const PAGE_CSS = `
@page { size: A4 portrait; margin: 14mm 12mm 16mm 12mm; }
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: '${PRINT_FONT_FAMILY}', sans-serif; font-size: 10.5pt; line-height: 1.45; color: #000; background: #fff; }
.print-document + .print-document { break-before: page; }
table { border-collapse: collapse; }
`;

// React emits hoisted styles grouped by precedence, in the order each precedence is first met: the
// shell's come first, so a document's own rules follow and win ties.
const SHELL_STYLE_PRECEDENCE = 'psc-shell';
/** The precedence documents give their `<style href>` so it lands after the shell's. */
export const DOCUMENT_STYLE_PRECEDENCE = 'psc-document';

export type PrintDocumentProps = {
  lang: Language;
  /** The PDF's title in its metadata and the tab title when the HTML is opened in a browser. */
  title: string;
  children: ReactNode;
};

/**
 * The HTML skeleton of a set of A4 pages: language, page size and margins, print CSS and the
 * embedded font. Documents (admit card, attendance sheet, printed list) render inside it and add
 * their own styles with `<style href precedence={DOCUMENT_STYLE_PRECEDENCE}>`, which React hoists into the head once however
 * many copies of a document a batch holds.
 */
export function PrintDocument({ lang, title, children }: PrintDocumentProps) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
        <style href="psc-print-font" precedence={SHELL_STYLE_PRECEDENCE}>
          {readEmbeddedFontCss()}
        </style>
        <style href="psc-print-page" precedence={SHELL_STYLE_PRECEDENCE}>
          {PAGE_CSS}
        </style>
      </head>
      <body>{children}</body>
    </html>
  );
}
