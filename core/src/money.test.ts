import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from './money';

describe('formatMoney', () => {
  it('shows Rs. with South Asian grouping in both languages', () => {
    expect(formatMoney(123456, 'en')).toBe('Rs. 1,23,456');
    expect(formatMoney(123456, 'ne')).toBe('Rs. १,२३,४५६');
    expect(formatMoney(500, 'en')).toBe('Rs. 500');
    expect(formatMoney(0, 'ne')).toBe('Rs. ०');
    expect(formatMoney(-1500, 'en')).toBe('-Rs. 1,500');
  });

  it('refuses fractions of a rupee and unsafe numbers', () => {
    expect(() => formatMoney(10.5, 'en')).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, 'ne')).toThrow(RangeError);
    expect(() => formatMoney(2 ** 60, 'en')).toThrow(RangeError);
  });
});

describe('parseMoney', () => {
  it.each([
    ['Rs. 1,23,456', 123456],
    ['Rs. १,२३,४५६', 123456],
    ['रु. १५००', 1500],
    ['Rs 500', 500],
    ['rs.500', 500],
    ['NPR 2,000', 2000],
    ['1500', 1500],
    ['1500.00', 1500],
    [' ० ', 0],
  ])('reads %j as %d', (text, expected) => {
    expect(parseMoney(text)).toBe(expected);
  });

  it.each(['', 'Rs.', 'abc', '1500.50', '-500', '1,', '1,,000', 'Rs. 12a', '$ 100'])('refuses %j', (text) => {
    expect(parseMoney(text)).toBeNull();
  });

  it('round-trips through formatMoney', () => {
    for (const rupees of [0, 1, 999, 1000, 123456, 987654321]) {
      expect(parseMoney(formatMoney(rupees, 'ne'))).toBe(rupees);
      expect(parseMoney(formatMoney(rupees, 'en'))).toBe(rupees);
    }
  });
});
