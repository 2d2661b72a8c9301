// The admit card's signed statement (DESIGN "Signed documents"; spec §7 "Admit card: generate,
// confirm, download"): what the card's QR carries, so that anyone at an exam hall's door can check
// a card offline against the commission's published public key. Compact, because a QR of a few
// hundred characters still scans from a phone's screen and a cheap print.
//
//   v1.<base64url(JSON body)>.<base64url(Ed25519 signature of the ASCII bytes "v1.<body>")>
//
// This file only encodes and parses (it runs in browsers too); the API signs and verifies with
// node:crypto.

/** What a card states: only what the card itself prints, so a scan reveals nothing more. */
export type AdmitCardStatement = {
  rollNumber: string;
  nameEn: string;
  nameNp: string;
  advertisementCode: string;
  fiscalYear: string;
  /** base64url SHA-256 of the stored photograph's bytes, or '' when there is none. */
  photoDigest: string;
  /** A.D. `YYYY-MM-DD`. */
  issuedOnAd: string;
};

export const ADMIT_CARD_STATEMENT_VERSION = 'v1';
/** Longer than any genuine statement (names of at most 30 characters each); refused unread. */
export const ADMIT_CARD_STATEMENT_MAX_LENGTH = 1000;

type StatementBody = { r: string; ne: string; nn: string; a: string; fy: string; p: string; i: string };

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const AD_DATE = /^\d{4}-\d{2}-\d{2}$/;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// Written out here rather than through btoa/TextEncoder: core has no DOM or Node types (it is
// shared by the browser apps and the API), and these few lines are the whole of it.
export function encodeBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const chunk = (bytes[index]! << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - index) * 8) / 6));
    for (let place = 0; place < chars; place += 1) text += ALPHABET[(chunk >> (18 - 6 * place)) & 63];
  }
  return text;
}

/** The bytes of a base64url text (unpadded), or null when it is not base64url. */
export function decodeBase64Url(text: string): Uint8Array | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (const char of text) {
    buffer = ((buffer << 6) | ALPHABET.indexOf(char)) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}

/** UTF-8 bytes of a text. */
export function encodeUtf8(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return Uint8Array.from(bytes);
}

/** The text of UTF-8 bytes, or null when they are not well-formed UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  let text = '';
  for (let index = 0; index < bytes.length; ) {
    const lead = bytes[index]!;
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
    if (length === 0 || index + length > bytes.length) return null;
    let code = length === 1 ? lead : lead & (0x7f >> length);
    for (let next = 1; next < length; next += 1) {
      const byte = bytes[index + next]!;
      if ((byte & 0xc0) !== 0x80) return null;
      code = (code << 6) | (byte & 63);
    }
    const least = [0, 0, 0x80, 0x800, 0x10000][length]!;
    if (code < least || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return null;
    text += String.fromCodePoint(code);
    index += length;
  }
  return text;
}

/** The body part of a statement: the fields in a fixed order under short names. */
export function encodeAdmitCardStatementBody(statement: AdmitCardStatement): string {
  const body: StatementBody = {
    r: statement.rollNumber,
    ne: statement.nameEn,
    nn: statement.nameNp,
    a: statement.advertisementCode,
    fy: statement.fiscalYear,
    p: statement.photoDigest,
    i: statement.issuedOnAd,
  };
  return encodeBase64Url(encodeUtf8(JSON.stringify(body)));
}

/** What is signed: the ASCII bytes of `v1.<body>`. */
export function admitCardSignedPart(body: string): string {
  return `${ADMIT_CARD_STATEMENT_VERSION}.${body}`;
}

export function composeAdmitCardStatement(body: string, signature: Uint8Array): string {
  return `${admitCardSignedPart(body)}.${encodeBase64Url(signature)}`;
}

export type ParsedAdmitCardStatement = {
  statement: AdmitCardStatement;
  /** The exact text the signature covers. */
  signedPart: string;
  signature: Uint8Array;
};

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

/**
 * The parts of a statement, or null when it is not one: wrong version, not three parts, not
 * base64url, not a JSON body of exactly the seven text fields. Says nothing about the signature.
 */
export function parseAdmitCardStatement(text: string): ParsedAdmitCardStatement | null {
  if (text.length > ADMIT_CARD_STATEMENT_MAX_LENGTH) return null;
  const parts = text.split('.');
  if (parts.length !== 3 || parts[0] !== ADMIT_CARD_STATEMENT_VERSION) return null;
  const [, body = '', signatureText = ''] = parts;
  const bodyBytes = decodeBase64Url(body);
  const signature = decodeBase64Url(signatureText);
  // An Ed25519 signature is 64 bytes.
  if (!bodyBytes || !signature || signature.length !== 64) return null;
  const bodyText = decodeUtf8(bodyBytes);
  if (bodyText === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const fields = json as Record<string, unknown>;
  const keys = Object.keys(fields).sort();
  if (keys.join(',') !== 'a,fy,i,ne,nn,p,r') return null;
  const { r, ne, nn, a, fy, p, i } = fields;
  if (!isText(r, 20) || !isText(ne, 200) || !isText(nn, 200) || !isText(a, 40) || !isText(fy, 20) || !isText(p, 64) || !isText(i, 10)) return null;
  if (!AD_DATE.test(i) || !BASE64URL.test(p)) return null;
  return {
    statement: { rollNumber: r, nameEn: ne, nameNp: nn, advertisementCode: a, fiscalYear: fy, photoDigest: p, issuedOnAd: i },
    signedPart: admitCardSignedPart(body),
    signature,
  };
}

/** The address the card's QR opens: the statement after `#`, so it never reaches a server log. */
export function admitCardVerificationUrl(publicUrl: string, statement: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify#${statement}`;
}
