import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// DESIGN "Numbers and money", spec §1 "Currency is shown as Rs.": money is written by core's
// formatMoney and nowhere else. This fails on code that writes a currency into a string itself
// ("Rs. ${amount}", "रु. ..."), or formats numbers with toLocaleString or a currency style
// (both give Latin digits or a different grouping). Catalogue texts are checked by
// findHandWrittenMoney in each app's glossary test.

const REPOSITORY = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_FOLDERS = ['core/src', 'api/src', 'portal/src', 'desktop/main', 'desktop/preload', 'desktop/renderer/src', 'print-templates/src'];
/** The one place money is formatted. */
const MONEY_RULE = 'core/src/money.ts';

const SOURCE_FILE = /\.(?:ts|tsx)$/;
const TEST_FILE = /\.test\.tsx?$|\.test-support\.ts$/;
// A currency written inside a string or template literal, or a number formatter that is not ours.
const HAND_WRITTEN = /(['"`])(?:(?!\1).)*?(?:\bRs\b\.?|रु\.|रू\.|\bNPR\b)|\.toLocaleString\(|style:\s*['"]currency['"]/u;
const COMMENT = /^\s*(?:\/\/|\/?\*)/;

function listFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return listFiles(path);
    return SOURCE_FILE.test(name) && !TEST_FILE.test(name) ? [path] : [];
  });
}

function findHandWrittenMoney(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (file === MONEY_RULE) continue;
    text.split('\n').forEach((line, index) => {
      if (!COMMENT.test(line) && HAND_WRITTEN.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('money in the source', () => {
  it('is written by core formatMoney only', () => {
    const files = new Map(
      SOURCE_FOLDERS.flatMap((folder) => listFiles(join(REPOSITORY, folder))).map((path) => [relative(REPOSITORY, path), readFileSync(path, 'utf8')] as const),
    );
    expect(files.size).toBeGreaterThan(100);
    expect(findHandWrittenMoney(files)).toEqual([]);
  });

  it('is told apart from comments and from words that only contain the letters', () => {
    const files = new Map([
      ['portal/src/a.ts', "const money = (amount: number) => `Rs. ${formatNumber(amount, language)}`;"],
      ['portal/src/b.ts', "const fee = 'रु. ' + amount;"],
      ['portal/src/c.ts', 'const text = amount.toLocaleString();'],
      ['portal/src/d.ts', "// spec §1: currency is shown as Rs.\nconst kind = 'UNPROCESSABLE';\nconst total = formatMoney(amount, language);"],
      ['core/src/money.ts', "const CURRENCY_PREFIX = 'Rs.';"],
    ]);
    expect(findHandWrittenMoney(files)).toEqual([
      'portal/src/a.ts:1: const money = (amount: number) => `Rs. ${formatNumber(amount, language)}`;',
      "portal/src/b.ts:1: const fee = 'रु. ' + amount;",
      'portal/src/c.ts:1: const text = amount.toLocaleString();',
    ]);
  });
});
