import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

// Secrets the account flows send to a person. Only hashes are stored (account_tokens.token_hash).

/** A reset link lasts 60 minutes and works once. */
export const PASSWORD_LINK_VALID_MINUTES = 60;
/** A recovery code lasts 15 minutes and survives 5 wrong tries. */
export const RECOVERY_CODE_VALID_MINUTES = 15;
export const RECOVERY_CODE_MAX_FAILURES = 5;
/** At most 3 links, codes or new passwords per account per hour. */
export const MESSAGES_PER_ACCOUNT_PER_HOUR = 3;

/** 32 random bytes in base64url: the {tokenid} of spec §2 /change/password/{tokenid}. */
export function generateLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Six digits, every value equally likely. */
export function generateRecoveryCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * A code has only a million values, so its hash is tied to its token row: equal codes of two
 * people hash differently (token_hash is unique) and a table of code hashes is useless.
 */
export function hashRecoveryCode(tokenId: string, code: string): string {
  return createHash('sha256').update(`account-recovery:${tokenId}:${code}`).digest('hex');
}

export function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// Letters and digits that cannot be mistaken for one another when read from a mail (no 0/O, 1/l/I).
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const TEMPORARY_PASSWORD_LENGTH = 12;

/**
 * spec §4: the temporary password e-mailed after registration. It meets the spec §5 new-password
 * rule itself (upper, lower, digit, 8+), though the candidate must replace it at the first sign-in.
 */
export function generateTemporaryPassword(): string {
  const all = UPPER + LOWER + DIGITS;
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;
  const characters = [pick(UPPER), pick(LOWER), pick(DIGITS)];
  while (characters.length < TEMPORARY_PASSWORD_LENGTH) characters.push(pick(all));
  // Fisher-Yates, so the guaranteed classes do not always sit at the front.
  for (let i = characters.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j]!, characters[i]!];
  }
  return characters.join('');
}

/** 98XXXXXX67 -> 98******67: enough for the owner to recognise, too little to be of use. */
export function maskMobile(mobile: string): string {
  return mobile.length <= 4 ? '*'.repeat(mobile.length) : `${mobile.slice(0, 2)}${'*'.repeat(mobile.length - 4)}${mobile.slice(-2)}`;
}

/** ram.thapa@example.com -> r*******a@example.com */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}*` : `${local[0]}${'*'.repeat(local.length - 2)}${local.at(-1)}`;
  return `${shown}${email.slice(at)}`;
}
