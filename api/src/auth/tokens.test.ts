import { sign, verify } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens';

const secret = 'a-secret-of-sufficient-length-for-hs256-000000';
const claims = { userId: 42, kind: 'candidate', clientId: 'candidate-portal', familyId: 'family-1' } as const;
const now = 1_800_000_000;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens (HS256)', () => {
  it('verifies its own token, and a standard library reads it the same', async () => {
    const token = await signAccessToken(secret, claims, 600, now);
    expect(await verifyAccessToken(secret, token, now + 1)).toMatchObject({ sub: '42', kind: 'candidate', cid: 'candidate-portal', fam: 'family-1', exp: now + 600 });
    const current = await signAccessToken(secret, claims, 600);
    expect(await verify(current, secret, 'HS256')).toMatchObject({ sub: '42', fam: 'family-1' });
  });

  it('accepts a token a standard library signed with the same secret and claims', async () => {
    const token = await sign({ sub: '7', kind: 'staff', cid: 'staff-desktop', fam: 'f', iat: now, exp: now + 60, jti: 'j' }, secret, 'HS256');
    expect(await verifyAccessToken(secret, token, now + 1)).toMatchObject({ sub: '7', kind: 'staff' });
  });

  it('refuses an expired token, one issued in the future, another secret, a changed payload or signature', async () => {
    const token = await signAccessToken(secret, claims, 600, now);
    expect(await verifyAccessToken(secret, token, now + 600)).toBeNull();
    expect(await verifyAccessToken(secret, token, now - 10)).toBeNull();
    expect(await verifyAccessToken('another-secret-of-sufficient-length-0000000', token, now + 1)).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = base64url({ sub: '1', kind: 'staff', cid: 'staff-desktop', fam: 'family-1', iat: now, exp: now + 600, jti: 'x' });
    expect(await verifyAccessToken(secret, `${header}.${forged}.${signature}`, now + 1)).toBeNull();
    const flipped = signature!.slice(0, -2) + (signature!.endsWith('AA') ? 'BB' : 'AA');
    expect(await verifyAccessToken(secret, `${token.slice(0, token.lastIndexOf('.'))}.${flipped}`, now + 1)).toBeNull();
  });

  it('refuses "alg: none", missing claims and what is not a token at all', async () => {
    const payload = base64url({ sub: '1', kind: 'staff', cid: 'c', fam: 'f', iat: now, exp: now + 600 });
    expect(await verifyAccessToken(secret, `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`, now + 1)).toBeNull();
    const withoutFamily = await sign({ sub: '1', kind: 'staff', cid: 'c', iat: now, exp: now + 60 }, secret, 'HS256');
    expect(await verifyAccessToken(secret, withoutFamily, now + 1)).toBeNull();
    const withoutExpiry = await sign({ sub: '1', kind: 'staff', cid: 'c', fam: 'f', iat: now }, secret, 'HS256');
    expect(await verifyAccessToken(secret, withoutExpiry, now + 1)).toBeNull();
    for (const garbage of ['', 'abc', 'a.b', 'a.b.c.d', '...', '%%%.%%%.%%%']) expect(await verifyAccessToken(secret, garbage, now)).toBeNull();
  });
});
