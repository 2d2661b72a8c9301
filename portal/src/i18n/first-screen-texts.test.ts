import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogue as catalogueEn } from './catalogue-en';
import { catalogue as catalogueNe } from './catalogue-ne';
import { catalogue as firstEn } from './first-catalogue-en';
import { catalogue as firstNe } from './first-catalogue-ne';

const sourceRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The first screens and what renders around them before the whole catalogue can arrive: the
 * shell (main.tsx statically imports the router), the frames and the pages that render with the
 * first-screen texts alone (routes/router.tsx: the lazy pages without withAllTexts).
 */
const FIRST_SCREEN_MODULES = [
  'main.tsx',
  'layout/public-layout.tsx',
  'pages/login-page.tsx',
  'pages/faq-page.tsx',
  'pages/account/register-page.tsx',
  'antd-frame.tsx',
  'layout/signed-in-layout.tsx',
  'pages/vacancy/vacancy-page.tsx',
];

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => existsSync(candidate));
}

/** The source files a module runs with: its static relative imports, transitively (a dynamic import() is a chunk of its own). */
function staticClosure(modules: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string | undefined) => {
    if (!file || seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^(import|export)(?! type)[^;]*?\bfrom\s+'(\.[^']+)'/gms)) visit(resolveImport(file, match[2]!));
  };
  for (const module of modules) visit(resolve(sourceRoot, module));
  return [...seen];
}

describe('first-screen texts', () => {
  it('hold every key the first screens pass to t() literally', () => {
    const missing: string[] = [];
    for (const file of staticClosure(FIRST_SCREEN_MODULES)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([^'$`]+)'/g)) {
        const key = match[1]!;
        if (!(key in firstNe) && !(`${key}_other` in firstNe)) missing.push(`${file.slice(sourceRoot.length)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('reach the sign-in page, the FAQ, the registration and the public frame without i18next', () => {
    const withI18next = staticClosure(['main.tsx', 'layout/public-layout.tsx', 'pages/login-page.tsx', 'pages/faq-page.tsx', 'pages/account/register-page.tsx'])
      .filter((file) => /from '(react-)?i18next'/.test(readFileSync(file, 'utf8').replace(/^import type .*$/gm, '')))
      .map((file) => file.slice(sourceRoot.length));
    expect(withI18next).toEqual([]);
  });

  it('are the same keys in both languages, each text as the whole catalogue has it', () => {
    expect(Object.keys(firstEn).sort()).toEqual(Object.keys(firstNe).sort());
    for (const [key, text] of Object.entries(firstNe)) expect(text, key).toBe(catalogueNe[key]);
    for (const [key, text] of Object.entries(firstEn)) expect(text, key).toBe(catalogueEn[key]);
  });

  it('leave most of the catalogue to the pages after the first screens', () => {
    expect(Object.keys(firstNe).length).toBeLessThan(Object.keys(catalogueNe).length / 2);
  });
});
