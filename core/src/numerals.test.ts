import { describe, expect, it } from 'vitest';
import { formatDigits, formatNumber, groupSouthAsian, parseNumber, toDevanagariDigits, toLatinDigits } from './numerals';

describe('digit conversion', () => {
  it('converts Latin digits to Devanagari and back', () => {
    expect(toDevanagariDigits('2081-04-15')).toBe('२०८१-०४-१५');
    expect(toDevanagariDigits(1234567890)).toBe('१२३४५६७८९०');
    expect(toLatinDigits('२०८१-०४-१५')).toBe('2081-04-15');
  });

  it('leaves every other character alone', () => {
    expect(toDevanagariDigits('Rs. abc')).toBe('Rs. abc');
    expect(toLatinDigits('राम ९ and 9')).toBe('राम 9 and 9');
  });
});

describe('parseNumber', () => {
  it.each([
    ['123', 123],
    ['१२३', 123],
    ['1,23,456', 123456],
    ['१,२३,४५६.५०', 123456.5],
    ['100,000', 100000],
    [' 42.75 ', 42.75],
    ['-15', -15],
    ['+7', 7],
    ['0', 0],
  ])('reads %s as %d', (text, expected) => {
    expect(parseNumber(text)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '12a', '1.2.3', '.5', '5.', '1,', '1,,000', '1.000,5', 'NaN', 'Infinity', '१२x'])(
    'refuses %j',
    (text) => {
      expect(parseNumber(text)).toBeNull();
    },
  );
});

describe('groupSouthAsian', () => {
  it.each([
    ['1', '1'],
    ['123', '123'],
    ['1234', '1,234'],
    ['12345', '12,345'],
    ['123456', '1,23,456'],
    ['12345678', '1,23,45,678'],
    ['123456789', '12,34,56,789'],
  ])('groups %s as %s', (digits, expected) => {
    expect(groupSouthAsian(digits)).toBe(expected);
  });
});

describe('formatNumber', () => {
  it('uses South Asian grouping and the digits of the language', () => {
    expect(formatNumber(12345678, 'en')).toBe('1,23,45,678');
    expect(formatNumber(12345678, 'ne')).toBe('१,२३,४५,६७८');
    expect(formatNumber(0, 'ne')).toBe('०');
  });

  it('keeps decimals and the sign', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(-123456.25, 'ne')).toBe('-१,२३,४५६.२५');
  });

  it('round-trips through parseNumber', () => {
    for (const n of [0, 7, 999, 1000, 123456, 98765432.1, -5000]) {
      expect(parseNumber(formatNumber(n, 'ne'))).toBe(n);
      expect(parseNumber(formatNumber(n, 'en'))).toBe(n);
    }
  });

  it('refuses non-finite numbers', () => {
    expect(() => formatNumber(Number.NaN, 'en')).toThrow(RangeError);
    expect(() => formatNumber(Number.POSITIVE_INFINITY, 'ne')).toThrow(RangeError);
  });
});

describe('formatDigits', () => {
  it('changes only the script of digits read one by one, without grouping', () => {
    expect(formatDigits(20821234, 'ne')).toBe('२०८२१२३४');
    expect(formatDigits('EBP-1200', 'ne')).toBe('EBP-१२००');
    expect(formatDigits(20821234, 'en')).toBe('20821234');
    expect(formatDigits(null, 'ne')).toBe('');
    expect(formatDigits(undefined, 'en')).toBe('');
  });
});
