import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { coreMessages } from '../core';
import { en } from './en';
import { catalogue as catalogueEn } from './catalogue-en';
import { catalogue as catalogueNe } from './catalogue-ne';
import { applyCoreNumberFormat } from './index';
import { ne } from './ne';

// STYLE §10: every user-visible string goes through i18next with both catalogues filled; this
// test fails on a key missing from either language.

// A placeholder is {name}, or {name, format} when i18next formats the value ({count, number}).
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?:,[^}]*)?\}/g)].map((match) => match[1]).sort();

/** Keys whose text shows the `count` placeholder. */
const countedKeys = (catalogue: Record<string, string>) => Object.keys(catalogue).filter((key) => placeholders(catalogue[key]!).includes('count'));
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

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
    expect(Object.keys(catalogueEn).sort()).toEqual(Object.keys(catalogueNe).sort());
  });

  it('contain every key the portal source passes to t() literally', () => {
    const catalogue = catalogueEn;
    const sourceRoot = fileURLToPath(new URL('..', import.meta.url));
    const missing: string[] = [];
    for (const file of listSourceFiles(sourceRoot)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([^'$`]+)'/g)) {
        // A counted message is asked for by its base key; i18next adds _one or _other.
        if (!(match[1]! in catalogue) && !(`${match[1]}_other` in catalogue)) missing.push(`${file.slice(sourceRoot.length)}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  // "1 advertisements": a count shown in a message needs the language's plural forms (i18next
  // picks _one or _other from `count`), and its digits formatted ({count, number}: Devanagari in Nepali).
  it('give every message that shows a count its plural forms, and format the count', () => {
    for (const catalogue of [catalogueEn, catalogueNe]) {
      for (const key of countedKeys(catalogue)) {
        expect(key, `${key} shows a count without plural forms`).toMatch(PLURAL_SUFFIX);
        const base = key.replace(PLURAL_SUFFIX, '');
        expect(`${base}_one` in catalogue && `${base}_other` in catalogue, `${base}_one and ${base}_other`).toBe(true);
        expect(catalogue[key], key).toContain('{count, number}');
      }
    }
  });

  it('read one advertisement and many in both languages', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: { ne: { translation: catalogueNe }, en: { translation: catalogueEn } },
      lng: 'en',
      fallbackLng: false,
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
      showSupportNotice: false,
    });
    applyCoreNumberFormat(i18n);
    expect(i18n.t('vacancy.count', { count: 1 })).toBe('1 advertisement');
    expect(i18n.t('vacancy.count', { count: 12 })).toBe('12 advertisements');
    expect(i18n.t('myApps.count', { count: 1 })).toBe('1 application');
    // Formatted by core (South Asian grouping), not by Intl, whose Nepali digits vary by browser.
    expect(i18n.t('vacancy.count', { count: 123456 })).toBe('1,23,456 advertisements');
    await i18n.changeLanguage('ne');
    expect(i18n.t('vacancy.count', { count: 1 })).toBe('जम्मा १ विज्ञापन');
    expect(i18n.t('vacancy.count', { count: 123456 })).toBe('जम्मा १,२३,४५६ विज्ञापन');
  });
});
