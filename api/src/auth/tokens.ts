import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { sign, verify } from 'hono/jwt';

export type AccessTokenClaims = {
  sub: string;
  kind: 'candidate' | 'staff';
  cid: string;
  fam: string;
  iat: number;
  exp: number;
  jti: string;
};

// hono/jwt imports the secret as a WebCrypto key on every call unless it is given a CryptoKey;
// every request verifies a token, so the key is imported once per secret and kept.
const keys = new Map<string, Promise<webcrypto.CryptoKey>>();

function keyFor(secret: string): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  secret: string,
  claims: { userId: number; kind: 'candidate' | 'staff'; clientId: string; familyId: string },
  ttlSeconds: number,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  const payload: AccessTokenClaims = {
    sub: String(claims.userId),
    kind: claims.kind,
    cid: claims.clientId,
    fam: claims.familyId,
    iat: nowSeconds,
    exp: nowSeconds + ttlSeconds,
    jti: randomUUID(),
  };
  return sign(payload, await keyFor(secret), 'HS256');
}

/** Returns the claims, or null for any token that is expired, tampered or malformed. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessTokenClaims | null> {
  try {
    const payload = (await verify(token, await keyFor(secret), 'HS256')) as Partial<AccessTokenClaims>;
    if (
      typeof payload.sub !== 'string' ||
      (payload.kind !== 'candidate' && payload.kind !== 'staff') ||
      typeof payload.cid !== 'string' ||
      typeof payload.fam !== 'string'
    ) {
      return null;
    }
    return payload as AccessTokenClaims;
  } catch {
    return null;
  }
}

/** An opaque refresh token: 256 random bits. Only its hash is stored. */
export function generateRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
