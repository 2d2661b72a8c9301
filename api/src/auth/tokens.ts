import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export type AccessTokenClaims = {
  sub: string;
  kind: 'candidate' | 'staff';
  cid: string;
  fam: string;
  iat: number;
  exp: number;
  jti: string;
};

// HS256 JSON Web Tokens (RFC 7519) with node:crypto's HMAC. Every request verifies one: the
// WebCrypto path (hono/jwt) took about 76 µs a token on this machine, most of it in the API's
// one thread, where HMAC here takes about 4 µs (the apply benchmark).

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest();

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
  const signed = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signed}.${hmac(secret, signed).toString('base64url')}`;
}

/** The payload of a well-formed HS256 token with a good signature, or null. */
function readSignedPayload(secret: string, token: string): unknown {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = hmac(secret, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // The signature is good, so the header is ours; its algorithm is checked all the same.
  const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
  if (alg !== 'HS256') return null;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

/** Returns the claims, or null for any token that is expired, tampered or malformed. */
// The shapes this API signs: a user id and a session family (a UUID). Anything else is refused
// before it reaches a statement (authenticate.ts writes them into array literals).
const USER_ID = /^[1-9]\d{0,9}$/;
const SESSION_FAMILY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function verifyAccessToken(secret: string, token: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<AccessTokenClaims | null> {
  try {
    const payload = readSignedPayload(secret, token) as Partial<AccessTokenClaims> | null;
    if (
      !payload ||
      typeof payload.exp !== 'number' ||
      payload.exp <= nowSeconds ||
      (typeof payload.iat === 'number' && payload.iat > nowSeconds) ||
      typeof payload.sub !== 'string' ||
      !USER_ID.test(payload.sub) ||
      (payload.kind !== 'candidate' && payload.kind !== 'staff') ||
      typeof payload.cid !== 'string' ||
      typeof payload.fam !== 'string' ||
      !SESSION_FAMILY.test(payload.fam)
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
