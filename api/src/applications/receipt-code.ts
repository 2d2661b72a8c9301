import { randomBytes } from 'node:crypto';

// Crockford's base32 without I, L, O, U: read aloud or typed from paper without confusion.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A receipt code anyone can verify an application by: 60 random bits, so codes cannot
 * be guessed or walked, printed as XXXX-XXXX-XXXX.
 */
export function createReceiptCode(): string {
  const bytes = randomBytes(12);
  let code = '';
  for (let i = 0; i < 12; i += 1) code += ALPHABET[bytes[i]! & 31];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;
}

/** Typed by hand: lower case, spaces or no dashes are the same code. */
export function normaliseReceiptCode(text: string): string {
  const plain = text.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return plain.length === 12 ? `${plain.slice(0, 4)}-${plain.slice(4, 8)}-${plain.slice(8, 12)}` : text;
}
