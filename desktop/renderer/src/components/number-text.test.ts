import { describe, expect, it } from 'vitest';
import { formatNumberText, parseNumberText } from './number-text';

describe('the number inputs text', () => {
  it('reads Devanagari and Latin digits alike', () => {
    expect(parseNumberText('५')).toBe('5');
    expect(parseNumberText('१,२५०')).toBe('1250');
    expect(parseNumberText('12.5')).toBe('12.5');
    expect(parseNumberText('-३')).toBe('-3');
    expect(parseNumberText('')).toBe('');
    expect(parseNumberText(undefined)).toBe('');
  });

  it('shows the number in Devanagari digits in Nepali and Latin in English', () => {
    expect(formatNumberText(1250, 'ne')).toBe('१२५०');
    expect(formatNumberText('14.85', 'ne')).toBe('१४.८५');
    expect(formatNumberText(1250, 'en')).toBe('1250');
    expect(formatNumberText(undefined, 'ne')).toBe('');
  });

  it('leaves the text being typed as it is until the field is left', () => {
    expect(formatNumberText(5, 'ne', { userTyping: true, input: '5' })).toBe('5');
    expect(formatNumberText(5, 'en', { userTyping: true, input: '५' })).toBe('५');
  });
});
