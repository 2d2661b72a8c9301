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
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(ne[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('write placeholders the i18next way, {{name}}; a single-brace {name} would show as typed', () => {
    for (const [key, text] of [...Object.entries(en), ...Object.entries(ne)]) {
      expect(text.replace(/\{\{\w+\}\}/g, ''), key).not.toMatch(/\{\w+\}/);
    }
  });

  it('write Nepali texts in Devanagari digits (spec §1)', () => {
    for (const [key, text] of Object.entries(ne)) {
      if (key.startsWith('language.')) continue;
      expect(text.replace(/\{\{\w+\}\}/g, ''), key).not.toMatch(/[0-9]/);
    }
  });
});
