// The programs the PDF tests print and read with. On a developer's machine a missing one skips the
// tests that need it; in CI (CI=true, set by .ci/run) it fails them with the Debian package to
// install, so a green CI run always means the documents were printed and read back.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
