// The programs the PDF tests print and read with. On a developer's machine a missing one skips the
// tests that need it; in CI (CI=true, set by .ci/run) it fails them with the Debian package to
// install, so a green CI run always means the documents were printed and read back.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createPdfRenderer, type PdfRenderer } from './render-pdf';

export const isCi = process.env.CI === 'true';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);

function hasCommand(command: string): boolean {
  try {
    execFileSync(command, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const POPPLER_COMMANDS = ['pdftotext', 'pdfinfo', 'pdftoppm'] as const;
const missingPopplerCommands = POPPLER_COMMANDS.filter((command) => !hasCommand(command));
export const hasPoppler = missingPopplerCommands.length === 0;

/** Whether tests that print should run: when Chromium is here, and always in CI. */
export const shouldPrint = hasChromium || isCi;
/** Whether tests that read PDFs back should run: when Chromium and poppler are here, and always in CI. */
export const shouldReadPdf = (hasChromium && hasPoppler) || isCi;

/** Throws, naming the package, when Chromium is missing; call it first in a test that prints. */
export function requireChromium(): void {
  if (!hasChromium) {
    throw new Error(`Chromium is missing at ${chromiumPath}: install Debian's chromium package (apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
}

/** Throws, naming the package, when a poppler program is missing; call it first in a test that reads a PDF. */
export function requirePoppler(): void {
  requireChromium();
  if (!hasPoppler) {
    throw new Error(`Missing ${missingPopplerCommands.join(', ')}: install Debian's poppler-utils package (apt-get install -y poppler-utils)`);
  }
}

/**
 * pdftotext puts a space after a vowel sign that the shaper moved (श्रीकृ ष्ण) and breaks lines
 * where the layout did, so Devanagari is compared with every space and line break taken out of
 * both sides; Latin text and digits are compared as printed.
 */
export function normalizeDevanagari(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, '');
}

export function countPages(pdfPath: string): number {
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' }))?.[1]);
}

/** The text of the PDF, or of one of its pages, laid out as printed. */
export function extractText(pdfPath: string, page?: number): string {
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return execFileSync('pdftotext', ['-layout', ...range, pdfPath, '-'], { encoding: 'utf8' });
}

/**
 * One renderer and a scratch folder for a describe block of PDF tests (started before its tests,
 * closed and removed after): `printToFile` prints HTML into the folder and answers the file's path.
 */
export function usePdfPrinter(folderPrefix: string) {
  let renderer: PdfRenderer | undefined;
  let folder = '';
  beforeAll(async () => {
    requirePoppler();
    renderer = await createPdfRenderer({ executablePath: chromiumPath });
    folder = mkdtempSync(join(tmpdir(), folderPrefix));
  }, 60_000);
  afterAll(async () => {
    await renderer?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  return {
    folder: () => folder,
    printToFile: async (name: string, html: string): Promise<string> => {
      const path = join(folder, name);
      writeFileSync(path, await renderer!.renderPdf(html));
      return path;
    },
  };
}
