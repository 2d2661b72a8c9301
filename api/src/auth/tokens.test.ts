import { sign, verify } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens';

const secret = 'a-secret-of-sufficient-length-for-hs256-000000';
const claims = { userId: 42, kind: 'candidate', clientId: 'candidate-portal', familyId: '3f1c2a5e-8d4b-4c1a-9e2f-0a1b2c3d4e5f' } as const;
const now = 1_800_000_000;
const FAMILY = '3f1c2a5e-8d4b-4c1a-9e2f-0a1b2c3d4e5f';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('access tokens (HS256)', () => {
  it('verifies its own token, and a standard library reads it the same', async () => {
    const token = await signAccessToken(secret, claims, 600, now);
    expect(await verifyAccessToken(secret, token, now + 1)).toMatchObject({ sub: '42', kind: 'candidate', cid: 'candidate-portal', fam: '3f1c2a5e-8d4b-4c1a-9e2f-0a1b2c3d4e5f', exp: now + 600 });
    const current = await signAccessToken(secret, claims, 600);
    expect(await verify(current, secret, 'HS256')).toMatchObject({ sub: '42', fam: '3f1c2a5e-8d4b-4c1a-9e2f-0a1b2c3d4e5f' });
  });

  it('accepts a token a standard library signed with the same secret and claims', async () => {
    const token = await sign({ sub: '7', kind: 'staff', cid: 'staff-desktop', fam: FAMILY, iat: now, exp: now + 60, jti: 'j' }, secret, 'HS256');
    expect(await verifyAccessToken(secret, token, now + 1)).toMatchObject({ sub: '7', kind: 'staff' });
  });

  it('refuses an expired token, one issued in the future, another secret, a changed payload or signature', async () => {
    const token = await signAccessToken(secret, claims, 600, now);
    expect(await verifyAccessToken(secret, token, now + 600)).toBeNull();
    expect(await verifyAccessToken(secret, token, now - 10)).toBeNull();
    expect(await verifyAccessToken('another-secret-of-sufficient-length-0000000', token, now + 1)).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = base64url({ sub: '1', kind: 'staff', cid: 'staff-desktop', fam: '3f1c2a5e-8d4b-4c1a-9e2f-0a1b2c3d4e5f', iat: now, exp: now + 600, jti: 'x' });
    expect(await verifyAccessToken(secret, `${header}.${forged}.${signature}`, now + 1)).toBeNull();
    const flipped = signature!.slice(0, -2) + (signature!.endsWith('AA') ? 'BB' : 'AA');
    expect(await verifyAccessToken(secret, `${token.slice(0, token.lastIndexOf('.'))}.${flipped}`, now + 1)).toBeNull();
  });

  it('refuses "alg: none", missing claims and what is not a token at all', async () => {
    const payload = base64url({ sub: '1', kind: 'staff', cid: 'c', fam: FAMILY, iat: now, exp: now + 600 });
    expect(await verifyAccessToken(secret, `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`, now + 1)).toBeNull();
    const withoutFamily = await sign({ sub: '1', kind: 'staff', cid: 'c', iat: now, exp: now + 60 }, secret, 'HS256');
    expect(await verifyAccessToken(secret, withoutFamily, now + 1)).toBeNull();
    const withoutExpiry = await sign({ sub: '1', kind: 'staff', cid: 'c', fam: FAMILY, iat: now }, secret, 'HS256');
    expect(await verifyAccessToken(secret, withoutExpiry, now + 1)).toBeNull();
    for (const garbage of ['', 'abc', 'a.b', 'a.b.c.d', '...', '%%%.%%%.%%%']) expect(await verifyAccessToken(secret, garbage, now)).toBeNull();
  });

  it('refuses a correctly signed token whose user id or session family is not of the shape this API signs', async () => {
    const signed = (sub: string, fam: string) => sign({ sub, kind: 'candidate', cid: 'c', fam, iat: now, exp: now + 60 }, secret, 'HS256');
    expect(await verifyAccessToken(secret, await signed('12', FAMILY), now + 1)).toMatchObject({ sub: '12' });
    for (const sub of ['', '0', '-1', '1.5', '1e3', '12,13', '99999999999']) expect(await verifyAccessToken(secret, await signed(sub, FAMILY), now + 1), sub).toBeNull();
    for (const fam of ['', 'family-1', `${FAMILY},${FAMILY}`, `${FAMILY}}`]) expect(await verifyAccessToken(secret, await signed('12', fam), now + 1), fam).toBeNull();
  });
});
