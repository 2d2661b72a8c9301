import { spawnSync } from 'node:child_process';
import { benchResultsLookup } from './results-lookup';
import { benchResultsSelection } from './results-selection';
import { benchResultsUpload } from './results-upload';

// `npm run bench -- results [--part upload|selection|lookup] [the part's own options]`: the three
// figures of results day, each against its own baseline in the same run:
// - upload: a 100,000-row marks workbook validated and stored (at most 5 s, 300 MB resident),
//   beside exceljs' streaming read of the same file alone;
// - selection: the final selection of 100,000 candidates over 7 quotas (at most 2 s), core's rule
//   alone and through the API;
// - lookup: the public result lookup by roll number and date of birth at release (at least 2,000 a
//   second, p99 under 100 ms), beside bare Hono.
// Without --part all three run one after another with their defaults, each in its own process (a
// part starts and stops its own PostgreSQL cluster and sets the environment for it); a part's own
// options (see its file) are taken only with --part, since each part reads the command line itself.

const parts = { upload: benchResultsUpload, selection: benchResultsSelection, lookup: benchResultsLookup } as const;

export async function benchResults() {
  const at = process.argv.indexOf('--part');
  if (at === -1) {
    if (process.argv.length > 3) throw new Error('options are taken only with --part upload|selection|lookup');
    for (const name of Object.keys(parts)) {
      console.log(`\n=== results: ${name} ===`);
      const child = spawnSync(process.execPath, ['--import', 'tsx', process.argv[1]!, 'results', '--part', name], { stdio: 'inherit' });
      if (child.status !== 0) throw new Error(`the ${name} part failed (exit ${child.status ?? child.signal})`);
    }
    return;
  }
  const name = process.argv[at + 1] as keyof typeof parts | undefined;
  const run = name ? parts[name] : undefined;
  if (!run) throw new Error(`--part takes one of ${Object.keys(parts).join(', ')}`);
  // The part parses the rest of the command line as its own.
  process.argv.splice(at, 2);
  await run();
}
