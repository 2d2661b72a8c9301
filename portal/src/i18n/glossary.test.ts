import { findGlossaryDepartures } from '@psc/core';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { ne } from './ne';

// core's glossary: the spec's terms written one way; amounts come formatted by formatMoney.
describe('the portal catalogues', () => {
  it('write the glossary terms and no variant, and no currency by hand', () => {
    expect(findGlossaryDepartures({ ne, en })).toEqual({ variants: [], handWrittenMoney: [] });
  });
});
