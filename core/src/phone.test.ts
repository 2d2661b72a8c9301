import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, normalizePhoneNumber, phoneKindOf } from './phone';

describe('phone numbers', () => {
  it('store one form: Latin digits, no separators, no country code', () => {
    expect(normalizePhoneNumber('०१-४४१२३४५')).toBe('014412345');
    expect(normalizePhoneNumber('01-4412345')).toBe('014412345');
    expect(normalizePhoneNumber('(061) 520000')).toBe('061520000');
    expect(normalizePhoneNumber('+977 1 4412345')).toBe('014412345');
    expect(normalizePhoneNumber('00977-61-520000')).toBe('061520000');
    expect(normalizePhoneNumber('+977 984-1234567')).toBe('9841234567');
    expect(normalizePhoneNumber('९८४१ २३४५६७')).toBe('9841234567');
  });

  it('know a Nepali landline and a mobile, and nothing else', () => {
    expect(phoneKindOf('014412345')).toBe('landline');
    expect(phoneKindOf('061520000')).toBe('landline');
    expect(phoneKindOf('9841234567')).toBe('mobile');
    expect(phoneKindOf('12345')).toBeNull();
    expect(phoneKindOf('8841234567')).toBeNull();
    expect(phoneKindOf('0014412345')).toBeNull();
  });

  it('show a number grouped as it is written, in Devanagari digits in Nepali', () => {
    expect(formatPhoneNumber('014412345', 'en')).toBe('01-4412345');
    expect(formatPhoneNumber('014412345', 'ne')).toBe('०१-४४१२३४५');
    expect(formatPhoneNumber('061520000', 'en')).toBe('061-520000');
    expect(formatPhoneNumber('9841234567', 'en')).toBe('984-1234567');
    expect(formatPhoneNumber('9841234567', 'ne')).toBe('९८४-१२३४५६७');
    // Saved before the rule: shown as it was stored.
    expect(formatPhoneNumber('+97714412345', 'en')).toBe('01-4412345');
    expect(formatPhoneNumber('12345', 'ne')).toBe('१२३४५');
  });
});
