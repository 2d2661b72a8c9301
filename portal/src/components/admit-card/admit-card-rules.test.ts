import { describe, expect, it } from 'vitest';
import { admitCardFileName, arrivalTimeOf, endTimeOf, isPdf, isStatementShaped, readStatement } from './admit-card-rules';

describe('readStatement', () => {
  it('reads the statement from the page hash the QR opens', () => {
    expect(readStatement('#v1.eyJyIjoiMTAwMTEifQ.c2ln')).toBe('v1.eyJyIjoiMTAwMTEifQ.c2ln');
  });

  it('reads a whole pasted address, a bare statement, and drops spaces and line breaks', () => {
    expect(readStatement('https://portal.example/verify#v1.abc.def')).toBe('v1.abc.def');
    expect(readStatement('  v1.abc\n.def ')).toBe('v1.abc.def');
  });

  it('decodes an escaped hash and leaves a malformed escape as it came', () => {
    expect(readStatement('#v1.a%2Db.c')).toBe('v1.a-b.c');
    expect(readStatement('#v1.a%E0.c')).toBe('v1.a%E0.c');
  });

  it('is empty without a statement', () => {
    expect(readStatement('')).toBe('');
    expect(readStatement('#')).toBe('');
  });
});

describe('isStatementShaped', () => {
  it('wants the version prefix and something after it', () => {
    expect(isStatementShaped('v1.abc.def')).toBe(true);
    expect(isStatementShaped('v1.')).toBe(false);
    expect(isStatementShaped('hello')).toBe(false);
  });
});

describe('admitCardFileName', () => {
  it('names the advertisement, roll number and language, in safe characters', () => {
    expect(admitCardFileName({ advertisementCode: '12/2082-83', rollNumber: '10011' }, 'ne')).toBe('admit-card-12-2082-83-10011-ne.pdf');
  });
});

describe('isPdf', () => {
  it('accepts the PDF signature and refuses anything else', () => {
    expect(isPdf(new TextEncoder().encode('%PDF-1.7\n'))).toBe(true);
    expect(isPdf(new TextEncoder().encode('<html>'))).toBe(false);
    expect(isPdf(new Uint8Array([0x25, 0x50]))).toBe(false);
  });
});

describe('paper times', () => {
  it('ends a paper after its duration and asks for arrival 30 minutes before it starts', () => {
    expect(endTimeOf('10:00', 180)).toBe('13:00');
    expect(endTimeOf('11:45', 45)).toBe('12:30');
    expect(arrivalTimeOf('10:00')).toBe('09:30');
    expect(arrivalTimeOf('07:15')).toBe('06:45');
  });
});
