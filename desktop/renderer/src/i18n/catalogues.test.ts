import { describe, expect, it } from 'vitest';
import { en } from './en';
import { ne } from './ne';

describe('workstation catalogues', () => {
  it('fill every key in both languages', () => {
    expect(Object.keys(ne).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(ne)) expect(text.trim(), key).not.toBe('');
    for (const [key, text] of Object.entries(en)) expect(text.trim(), key).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)(?:,[^}]*)?\}\}/g)].map((match) => match[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(ne[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('write placeholders the i18next way, {{name}}; a single-brace {name} would show as typed', () => {
    for (const [key, text] of [...Object.entries(en), ...Object.entries(ne)]) {
      expect(text.replace(/\{\{\w+(?:,[^}]*)?\}\}/g, ''), key).not.toMatch(/\{\w+\}/);
    }
  });

  it('write Nepali texts in Devanagari digits (spec §1)', () => {
    for (const [key, text] of Object.entries(ne)) {
      if (key.startsWith('language.')) continue;
      expect(text.replace(/\{\{\w+(?:,[^}]*)?\}\}/g, ''), key).not.toMatch(/[0-9]/);
    }
  });

  // "1 records": a count shown in a message needs the language's plural forms (i18next picks
  // _one or _other from `count`), and its digits formatted ({{count, number}}: Devanagari in Nepali).
  it('give every message that shows a count its plural forms, and format the count', () => {
    const suffix = /_(zero|one|two|few|many|other)$/;
    for (const catalogue of [en, ne] as Record<string, string>[]) {
      for (const [key, text] of Object.entries(catalogue)) {
        if (!/\{\{count[,}]/.test(text)) continue;
        expect(key, `${key} shows a count without plural forms`).toMatch(suffix);
        const base = key.replace(suffix, '');
        expect(`${base}_one` in catalogue && `${base}_other` in catalogue, `${base}_one and ${base}_other`).toBe(true);
        expect(text, key).toContain('{{count, number}}');
      }
    }
  });
});
