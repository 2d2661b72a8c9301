import { findGlossaryVariants, findHandWrittenMoney } from '@psc/core';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { ne } from './ne';

// core's glossary: the spec's terms written one way; amounts come formatted by formatMoney.
describe('the workstation catalogues', () => {
  it('write the glossary terms and no variant', () => {
    expect(findGlossaryVariants(ne, 'ne')).toEqual([]);
    expect(findGlossaryVariants(en, 'en')).toEqual([]);
  });

  it('write no currency by hand', () => {
    expect(findHandWrittenMoney(ne)).toEqual([]);
    expect(findHandWrittenMoney(en)).toEqual([]);
  });
});
