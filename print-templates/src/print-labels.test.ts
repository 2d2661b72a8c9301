import { findGlossaryVariants, findHandWrittenMoney } from '@psc/core';
import { describe, expect, it } from 'vitest';
import { PRINT_LABELS } from './print-labels';

// core's glossary: printed words use the spec's terms as the screens do, and no currency by hand.
describe('print labels', () => {
  it('write the glossary terms, no variant and no currency', () => {
    for (const language of ['ne', 'en'] as const) {
      expect(findGlossaryVariants(PRINT_LABELS[language], language)).toEqual([]);
      expect(findHandWrittenMoney(PRINT_LABELS[language])).toEqual([]);
    }
  });
});
