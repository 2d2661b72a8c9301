import { toDevanagariDigits, toLatinDigits, type Language } from '@psc/core';

// The number inputs' text in both digit sets (spec §1: numbers in Devanagari digits in Nepali;
// DESIGN "Numbers and money": every input accepts either digit set). antd's InputNumber reads
// its text with the parser and writes its value with the formatter.

/** What was typed, as the Latin number InputNumber understands; Devanagari digits and grouping commas read too. */
export function parseNumberText(text: string | undefined): string {
  return toLatinDigits(text ?? '').replace(/[,\s]/g, '');
}

/** The value in the reader's digits; what is being typed is left as typed until the field is left. */
export function formatNumberText(value: string | number | undefined, language: Language, typing?: { userTyping: boolean; input: string }): string {
  if (typing?.userTyping) return typing.input;
  if (value === undefined || value === '') return '';
  return language === 'ne' ? toDevanagariDigits(String(value)) : toLatinDigits(String(value));
}
