import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A comment, test name or string that points at a tracker entry by its number sends the
// reader to a tracker they cannot open. State the rule, or cite the spec section it comes from
// (STYLE habit 13: `// spec §5: to-roll must exceed from-roll`).

const root = fileURLToPath(new URL('..', import.meta.url));
const thisFile = 'scripts/no-tracker-citations.test.ts';

// A public upstream tracker anyone can open: a URL, or `owner/repo#123` / the same with the word issue and a number.
const UPSTREAM_REFERENCE = /https?:\/\/\S+|\b[\w.-]+\/[\w.-]+(?:#|\s+issues?\s+#?)\d+/gi;
const TRACKER_CITATIONS = [
  /\bissues?[ -]?#?\d+/i, // the word, singular or plural, then a number, with a space, a hyphen or #
  /\b(?:see|fixes|closes|refs?)\s+#\d+/i, // see #12
  /\b[Cc]ontract [A-H]\b/, // the parts of an issue's contract
];

/** Whether a line cites this project's tracker by number; an upstream reference is fine. */
function citesTracker(line: string): boolean {
  const rest = line.replace(UPSTREAM_REFERENCE, '');
  return TRACKER_CITATIONS.some((citation) => citation.test(rest));
}

function trackedTextFiles(): string[] {
  const listing = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return listing
    .split('\0')
    .filter((path) => path !== '' && path !== thisFile && !path.includes('node_modules/') && !path.endsWith('package-lock.json'));
}

describe('tracker citations', () => {
  it('are told apart from rules and upstream references', () => {
    // The examples are assembled so that this file does not itself hold a citation.
    const issue = (rest: string) => `Issue${rest}`;
    expect(citesTracker(`// ${issue(' 7')}: online payments go to the sandbox.`)).toBe(true);
    expect(citesTracker(`// Texts of the vacancy lists (${issue('s 6')} and 7).`.toLowerCase())).toBe(true);
    expect(citesTracker(` * The candidate profile (${issue('-4')} contract "Profile").`)).toBe(true);
    expect(citesTracker('// Percentage distribution (contract B).')).toBe(true);
    expect(citesTracker('// see #12')).toBe(true);
    expect(citesTracker('// spec §5: to-roll must exceed from-roll')).toBe(false);
    expect(citesTracker(' * statements already waiting in its own queue (porsager/postgres#747)')).toBe(false);
    expect(citesTracker('// https://github.com/porsager/postgres/issues/747')).toBe(false);
    expect(citesTracker("it('refuses a renewal before the issue date')")).toBe(false);
    expect(citesTracker("employmentType: 'contract'")).toBe(false);
    expect(citesTracker('border: 1px solid #999;')).toBe(false);
  });

  it('appear nowhere in the tracked files', () => {
    const citations: string[] = [];
    for (const path of trackedTextFiles()) {
      const content = readFileSync(join(root, path));
      if (content.includes(0)) continue; // images, PDFs, fonts
      content
        .toString('utf8')
        .split('\n')
        .forEach((line, index) => {
          if (citesTracker(line)) citations.push(`${path}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(citations).toEqual([]);
  });
});
