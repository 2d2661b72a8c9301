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

export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of a base64url text, or null when it is not base64url. */
export function decodeBase64Url(text: string): Uint8Array | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
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
  return encodeBase64Url(new TextEncoder().encode(JSON.stringify(body)));
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
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bodyBytes));
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
