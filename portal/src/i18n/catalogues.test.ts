import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { coreMessages } from '../core';
import { en } from './en';
import { buildCatalogue } from './index';
import { ne } from './ne';

// STYLE §10: every user-visible string goes through i18next with both catalogues filled; this
// test fails on a key missing from either language.

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

function listSourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return listSourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('portal catalogues', () => {
  it('have the same keys in Nepali and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ne).sort());
  });

  it('have a text for every key, with the same placeholders in both languages', () => {
    for (const key of Object.keys(ne) as (keyof typeof ne)[]) {
      expect(ne[key].trim(), `ne ${key}`).not.toBe('');
      expect(en[key].trim(), `en ${key}`).not.toBe('');
      expect(placeholders(en[key]), key).toEqual(placeholders(ne[key]));
    }
  });

  it('write digits in Devanagari in the Nepali texts (spec §1)', () => {
    for (const [key, text] of Object.entries(ne)) expect(text, key).not.toMatch(/[0-9]/);
  });

  it('do not silently replace a shared core message', () => {
    const overlap = Object.keys(ne).filter((key) => key in coreMessages.en);
    expect(overlap).toEqual([]);
  });

  it('merged with core have the same keys in both languages', () => {
    expect(Object.keys(buildCatalogue('en')).sort()).toEqual(Object.keys(buildCatalogue('ne')).sort());
  });

  it('contain every key the portal source passes to t() literally', () => {
    const catalogue = buildCatalogue('en');
    const sourceRoot = fileURLToPath(new URL('..', import.meta.url));
    const missing: string[] = [];
    for (const file of listSourceFiles(sourceRoot)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([^'$`]+)'/g)) {
        if (!(match[1]! in catalogue)) missing.push(`${file.slice(sourceRoot.length)}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
