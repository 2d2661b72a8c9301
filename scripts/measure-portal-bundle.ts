/**
 * `npm run measure:portal`: how much JavaScript and CSS the portal's first load pulls, gzipped.
 * Builds nothing: run `npm run build -w portal` first. "First load" is what index.html names: the
 * entry script, its modulepreload links and its stylesheets; lazily loaded page chunks and fonts
 * (fetched only when a page uses their characters) are not counted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const distDir = fileURLToPath(new URL('../portal/dist', import.meta.url));
const indexPath = join(distDir, 'index.html');

type Asset = { kind: 'entry' | 'modulepreload' | 'stylesheet'; href: string };

/** The assets index.html asks for before any page code runs, in document order. */
function listFirstLoadAssets(html: string): Asset[] {
  const assets: Asset[] = [];
  const tags = html.match(/<(script|link)\b[^>]*>/gi) ?? [];
  for (const tag of tags) {
    const attribute = (name: string) => tag.match(new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
    if (/^<script/i.test(tag)) {
      const src = attribute('src');
      if (src && attribute('type') === 'module') assets.push({ kind: 'entry', href: src });
      continue;
    }
    const rel = attribute('rel');
    const href = attribute('href');
    if (!href) continue;
    if (rel === 'modulepreload') assets.push({ kind: 'modulepreload', href });
    if (rel === 'stylesheet') assets.push({ kind: 'stylesheet', href });
  }
  return assets;
}

function formatKb(bytes: number): string {
  return (bytes / 1024).toFixed(2);
}

function main(): void {
  if (!existsSync(indexPath)) {
    console.error('portal/dist/index.html is missing. Build the portal first: npm run build -w portal');
    process.exit(1);
  }
  const assets = listFirstLoadAssets(readFileSync(indexPath, 'utf8'));
  const rows = assets.map((asset) => {
    // Hrefs are absolute from the site root ('/assets/x.js'), which is portal/dist.
    const content = readFileSync(join(distDir, asset.href.replace(/^\//, '')));
    return { ...asset, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  const nameWidth = Math.max(4, ...rows.map((row) => row.href.length));
  const line = (name: string, kind: string, raw: string, gzip: string) =>
    `${name.padEnd(nameWidth)}  ${kind.padEnd(13)}  ${raw.padStart(9)}  ${gzip.padStart(9)}`;
  console.log(line('file', 'kind', 'raw kB', 'gzip kB'));
  console.log('-'.repeat(nameWidth + 39));
  for (const row of rows) console.log(line(row.href, row.kind, formatKb(row.raw), formatKb(row.gzip)));
  console.log('-'.repeat(nameWidth + 39));
  const sum = (pick: (row: (typeof rows)[number]) => number, kinds: Asset['kind'][]) =>
    rows.filter((row) => kinds.includes(row.kind)).reduce((total, row) => total + pick(row), 0);
  const scripts: Asset['kind'][] = ['entry', 'modulepreload'];
  console.log(line('JavaScript', '', formatKb(sum((row) => row.raw, scripts)), formatKb(sum((row) => row.gzip, scripts))));
  console.log(line('CSS', '', formatKb(sum((row) => row.raw, ['stylesheet'])), formatKb(sum((row) => row.gzip, ['stylesheet']))));
  const all: Asset['kind'][] = ['entry', 'modulepreload', 'stylesheet'];
  console.log(line('total', '', formatKb(sum((row) => row.raw, all)), formatKb(sum((row) => row.gzip, all))));
  console.log(`\nFirst load of the portal: ${formatKb(sum((row) => row.gzip, all))} kB gzipped (${rows.length} files).`);
}

main();
