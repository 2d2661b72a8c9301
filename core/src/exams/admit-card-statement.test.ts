import { describe, expect, it } from 'vitest';
import {
  admitCardVerificationUrl,
  composeAdmitCardStatement,
  decodeBase64Url,
  decodeUtf8,
  encodeAdmitCardStatementBody,
  encodeBase64Url,
  encodeUtf8,
  parseAdmitCardStatement,
  type AdmitCardStatement,
} from './admit-card-statement';

const statement: AdmitCardStatement = {
  rollNumber: '10011',
  nameEn: 'Sita Sharma',
  nameNp: 'सीता शर्मा',
  advertisementCode: '2082/83-7',
  fiscalYear: '2082/83',
  photoDigest: 'n4bQgYhMfWWaL-qgxVrQFaO_TxsrC4Is0V1sFbDwCgg',
  issuedOnAd: '2026-05-10',
};
const signature = Uint8Array.from({ length: 64 }, (_, index) => index);
const genuine = composeAdmitCardStatement(encodeAdmitCardStatementBody(statement), signature);
const bodyOf = (fields: Record<string, unknown>) => encodeBase64Url(encodeUtf8(JSON.stringify(fields)));
const shortFields = { r: '10011', ne: 'Sita Sharma', nn: 'सीता शर्मा', a: '2082/83-7', fy: '2082/83', p: '', i: '2026-05-10' };

describe('admit card statement', () => {
  // The expected texts are what Node's Buffer.from(text).toString('base64url') gives.
  it.each([
    ['', ''],
    ['a', 'YQ'],
    ['ab', 'YWI'],
    ['abc', 'YWJj'],
    ['सीता ?>~', '4KS44KWA4KSk4KS-ID8-fg'],
    ['😀 x', '8J-YgCB4'],
  ])('round-trips %j through UTF-8 and base64url', (text, expected) => {
    const bytes = encodeUtf8(text);
    const encoded = encodeBase64Url(bytes);
    expect(encoded).toBe(expected);
    expect(decodeBase64Url(encoded)).toEqual(bytes);
    expect(decodeUtf8(bytes)).toBe(text);
  });

  it('refuses malformed UTF-8', () => {
    expect(decodeUtf8(Uint8Array.from([0xc0, 0x80]))).toBeNull();
    expect(decodeUtf8(Uint8Array.from([0xe0, 0x80]))).toBeNull();
  });

  it('parses what it composed, with the signed part and the signature', () => {
    const parsed = parseAdmitCardStatement(genuine);
    expect(parsed?.statement).toEqual(statement);
    expect(parsed?.signedPart).toBe(genuine.slice(0, genuine.lastIndexOf('.')));
    expect(parsed?.signedPart.startsWith('v1.')).toBe(true);
    expect(parsed?.signature).toEqual(signature);
  });

  it.each([
    ['empty', ''],
    ['another version', genuine.replace(/^v1\./, 'v2.')],
    ['two parts', genuine.slice(0, genuine.lastIndexOf('.'))],
    ['four parts', `${genuine}.x`],
    ['a short signature', composeAdmitCardStatement(encodeAdmitCardStatementBody(statement), signature.slice(0, 63))],
    ['not base64url', genuine.replace('v1.', 'v1.+')],
    ['a body that is not JSON', composeAdmitCardStatement(encodeBase64Url(encodeUtf8('{nope')), signature)],
    ['a JSON array', composeAdmitCardStatement(bodyOf([1] as unknown as Record<string, unknown>), signature)],
    ['a missing field', composeAdmitCardStatement(bodyOf({ ...shortFields, p: undefined }), signature)],
    ['an extra field', composeAdmitCardStatement(bodyOf({ ...shortFields, x: 1 }), signature)],
    ['a number for the roll', composeAdmitCardStatement(bodyOf({ ...shortFields, r: 10011 }), signature)],
    ['a date that is not A.D.', composeAdmitCardStatement(bodyOf({ ...shortFields, i: '10 May' }), signature)],
    ['too long', `v1.${'A'.repeat(1000)}.${encodeBase64Url(signature)}`],
  ])('refuses %s', (_name, text) => {
    expect(parseAdmitCardStatement(text)).toBeNull();
  });

  it('accepts a card without a photograph', () => {
    expect(parseAdmitCardStatement(composeAdmitCardStatement(bodyOf(shortFields), signature))?.statement.photoDigest).toBe('');
  });

  it('puts the statement after # of the verification address', () => {
    expect(admitCardVerificationUrl('https://psc.example/', genuine)).toBe(`https://psc.example/verify#${genuine}`);
  });
});
