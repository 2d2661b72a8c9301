import { findGlossaryVariants, findHandWrittenMoney } from '@psc/core';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// core's glossary: the mails and text messages the commission sends use the spec's terms as the
// screens do. The templates are code around their texts, so their source is read whole.
const folder = fileURLToPath(new URL('.', import.meta.url));
const templates = Object.fromEntries(
  readdirSync(folder)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => [name, readFileSync(`${folder}/${name}`, 'utf8')]),
);

describe('mail and text-message templates', () => {
  it('write the glossary terms, no variant and no currency', () => {
    expect(Object.keys(templates).length).toBeGreaterThan(3);
    expect(findGlossaryVariants(templates, 'ne')).toEqual([]);
    expect(findGlossaryVariants(templates, 'en')).toEqual([]);
    expect(findHandWrittenMoney(templates)).toEqual([]);
  });
});
