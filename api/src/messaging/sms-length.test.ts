import { describe, expect, it } from 'vitest';
import { smsLengthOf } from './sms-length';

describe('smsLengthOf', () => {
  it('counts plain Latin text in 7-bit parts of 160, then 153', () => {
    expect(smsLengthOf('a'.repeat(160))).toEqual({ encoding: 'gsm-7', units: 160, parts: 1 });
    expect(smsLengthOf('a'.repeat(161))).toEqual({ encoding: 'gsm-7', units: 161, parts: 2 });
    expect(smsLengthOf('a'.repeat(306))).toEqual({ encoding: 'gsm-7', units: 306, parts: 2 });
    expect(smsLengthOf('a'.repeat(307)).parts).toBe(3);
  });

  it('counts an extension character as two', () => {
    expect(smsLengthOf('[x]')).toEqual({ encoding: 'gsm-7', units: 5, parts: 1 });
  });

  it('sends any Devanagari text as UCS-2: 70 in one part, 67 per part once split', () => {
    expect(smsLengthOf('क'.repeat(70))).toEqual({ encoding: 'ucs-2', units: 70, parts: 1 });
    expect(smsLengthOf('क'.repeat(71))).toEqual({ encoding: 'ucs-2', units: 71, parts: 2 });
    expect(smsLengthOf('क'.repeat(134)).parts).toBe(2);
    expect(smsLengthOf('क'.repeat(135)).parts).toBe(3);
    // One Devanagari letter turns the Latin text around it into UCS-2 as well.
    expect(smsLengthOf(`${'a'.repeat(100)}क`)).toEqual({ encoding: 'ucs-2', units: 101, parts: 2 });
  });
});
