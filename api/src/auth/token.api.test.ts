import { DEMO_ACCOUNTS, schema, seedUser } from '@psc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, basicAuth, desktopClient, portalClient, type TestApp } from '../test-support/test-app';
import { hashPassword } from './passwords';
import { signAccessToken } from './tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ signInMaxFailuresPerUser: 3, signInMaxFailuresPerAddress: 1000 });
});
afterAll(() => t.close());

const token = (body: Record<string, string>, client: { id: string; secret: string } = portalClient, lang?: 'ne' | 'en') =>
  t.call('POST', '/api/oauth/token', { headers: { authorization: basicAuth(client) }, json: body, ...(lang ? { lang } : {}) });

describe('password grant', () => {
  it('signs the demo candidate in by user name, and by e-mail in any case', async () => {
    const byName = await token({ grant_type: 'password', username: 'candidate', password: DEMO_ACCOUNTS.candidate.password });
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ status: 1, data: { tokenType: 'Bearer' } });
    const data = byName.body.data as { accessToken: string; refreshToken: string; expiresIn: number };
    expect(data.accessToken.split('.')).toHaveLength(3);
    expect(data.refreshToken.length).toBeGreaterThanOrEqual(40);
    const byEmail = await token({ grant_type: 'password', username: 'CANDIDATE@example.com', password: DEMO_ACCOUNTS.candidate.password });
    expect(byEmail.status).toBe(200);
  });

  it('accepts a form-encoded body as OAuth clients send it', async () => {
    const answer = await t.call('POST', '/api/oauth/token', {
      headers: { authorization: basicAuth(portalClient) },
      form: { grant_type: 'password', username: 'candidate', password: DEMO_ACCOUNTS.candidate.password },
    });
    expect(answer.status).toBe(200);
  });

  it('stores only a hash of the refresh token', async () => {
    const { refreshToken } = await t.signInCandidate();
    const rows = await t.db.select({ tokenHash: schema.refreshTokens.tokenHash }).from(schema.refreshTokens);
    expect(rows.some((row) => row.tokenHash === refreshToken)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('answers a wrong password in Nepali by default and in English when asked', async () => {
    await seedUser(t.db, hashPassword, { kind: 'candidate', username: 'wrongpass', email: 'wrongpass@example.com', password: 'Right@1234', firstNameEn: 'W', lastNameEn: 'P' });
    const ne = await token({ grant_type: 'password', username: 'wrongpass', password: 'Wrong@1234' });
    expect(ne.status).toBe(401);
    expect(ne.body).toMatchObject({ status: 0, code: 'INVALID_CREDENTIALS' });
    expect(ne.body.message).toMatch(/[\u0900-\u097F]/);
    const en = await token({ grant_type: 'password', username: 'wrongpass', password: 'Wrong@1234' }, portalClient, 'en');
    expect(en.body.message).toMatch(/[A-Za-z]/);
    expect(en.body.message).not.toMatch(/[\u0900-\u097F]/);
  });

  it('gives an unknown user the same answer as a wrong password', async () => {
    const answer = await token({ grant_type: 'password', username: 'nobody-here', password: 'Whatever@1' });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a wrong client secret, a missing client and an unknown client', async () => {
    const wrongSecret = await token({ grant_type: 'password', username: 'candidate', password: DEMO_ACCOUNTS.candidate.password }, { id: portalClient.id, secret: 'nope' });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.code).toBe('INVALID_CLIENT');
    const unknown = await token({ grant_type: 'password', username: 'candidate', password: 'x' }, { id: 'who', secret: 'x' });
    expect(unknown.body.code).toBe('INVALID_CLIENT');
    const none = await t.call('POST', '/api/oauth/token', { json: { grant_type: 'password', username: 'candidate', password: 'x' } });
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('INVALID_CLIENT');
  });

  it('keeps candidates out of the staff client and staff out of the portal client', async () => {
    const candidateOnDesktop = await token({ grant_type: 'password', username: 'candidate', password: DEMO_ACCOUNTS.candidate.password }, desktopClient);
    expect(candidateOnDesktop.status).toBe(401);
    const adminOnPortal = await token({ grant_type: 'password', username: 'admin', password: DEMO_ACCOUNTS.administrator.password }, portalClient);
    expect(adminOnPortal.status).toBe(401);
    const adminOnDesktop = await token({ grant_type: 'password', username: 'admin', password: DEMO_ACCOUNTS.administrator.password }, desktopClient);
    expect(adminOnDesktop.status).toBe(200);
  });

  it('tells a blocked user so, only after the right password, and lets them in once the block ends', async () => {
    await seedUser(t.db, hashPassword, { kind: 'candidate', username: 'blocked1', email: 'blocked1@example.com', password: 'Blocked@123', firstNameEn: 'B', lastNameEn: 'U' });
    await t.db.update(schema.users).set({ isBlocked: true, blockReason: 'duplicate account' }).where(eq(schema.users.username, 'blocked1'));
    const wrong = await token({ grant_type: 'password', username: 'blocked1', password: 'Nope@1234' });
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    const right = await token({ grant_type: 'password', username: 'blocked1', password: 'Blocked@123' }, portalClient, 'en');
    expect(right.status).toBe(403);
    expect(right.body).toMatchObject({ code: 'USER_BLOCKED', message: 'This user has been blocked' });
    await t.db.update(schema.users).set({ blockedUntil: new Date(Date.now() - 1000) }).where(eq(schema.users.username, 'blocked1'));
    expect((await token({ grant_type: 'password', username: 'blocked1', password: 'Blocked@123' })).status).toBe(200);
  });

  it('lets a user in until a ban that starts later begins', async () => {
    await seedUser(t.db, hashPassword, { kind: 'candidate', username: 'laterban', email: 'laterban@example.com', password: 'Laterban@1', firstNameEn: 'L', lastNameEn: 'B' });
    const tomorrow = new Date(Date.now() + 86_400_000);
    await t.db.update(schema.users).set({ isBlocked: true, blockedFrom: tomorrow }).where(eq(schema.users.username, 'laterban'));
    expect((await token({ grant_type: 'password', username: 'laterban', password: 'Laterban@1' })).status).toBe(200);
    await t.db.update(schema.users).set({ blockedFrom: new Date(Date.now() - 1000) }).where(eq(schema.users.username, 'laterban'));
    expect((await token({ grant_type: 'password', username: 'laterban', password: 'Laterban@1' })).body.code).toBe('USER_BLOCKED');
  });

  it('rate-limits failed sign-ins per user name with Retry-After, even for the right password', async () => {
    await seedUser(t.db, hashPassword, { kind: 'candidate', username: 'limited1', email: 'limited1@example.com', password: 'Limited@123', firstNameEn: 'L', lastNameEn: 'U' });
    for (let i = 0; i < 3; i += 1) {
      expect((await token({ grant_type: 'password', username: 'limited1', password: `Bad@pass${i}` })).status).toBe(401);
    }
    const limited = await token({ grant_type: 'password', username: 'LIMITED1', password: 'Limited@123' });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user from the same address is not affected by this user's limit.
    expect((await token({ grant_type: 'password', username: 'candidate', password: DEMO_ACCOUNTS.candidate.password })).status).toBe(200);
  });
});

describe('rate limit per address', () => {
  it('stops many failures from one address across user names', async () => {
    const strict = await createTestApp({ signInMaxFailuresPerUser: 100, signInMaxFailuresPerAddress: 4 });
    try {
      const attempt = (username: string) =>
        strict.call('POST', '/api/oauth/token', { headers: { authorization: basicAuth(portalClient) }, json: { grant_type: 'password', username, password: 'Wrong@1234' } });
      for (let i = 0; i < 4; i += 1) expect((await attempt(`someone${i}`)).status).toBe(401);
      const limited = await attempt('someone-else');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBeTruthy();
    } finally {
      await strict.close();
    }
  });
});

describe('refresh grant', () => {
  const refresh = (refreshToken: string, client: { id: string; secret: string } = portalClient) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }, client);

  it('rotates the refresh token on every use', async () => {
    const first = await t.signInCandidate();
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    const next = second.body.data as { accessToken: string; refreshToken: string };
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect((await t.call('GET', '/api/oauth/privileges/get/init', { token: next.accessToken })).status).toBe(200);
    expect((await refresh(next.refreshToken)).status).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const first = await t.signInCandidate();
    const rotated = (await refresh(first.refreshToken)).body.data as { accessToken: string; refreshToken: string };
    const replay = await refresh(first.refreshToken);
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('INVALID_GRANT');
    // The thief's replay also ends the legitimate holder's session.
    expect((await refresh(rotated.refreshToken)).body.code).toBe('INVALID_GRANT');
    const init = await t.call('GET', '/api/oauth/privileges/get/init', { token: rotated.accessToken });
    expect(init.status).toBe(401);
    expect(init.body.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a refresh token presented by another client, or made up', async () => {
    const session = await t.signInCandidate();
    expect((await refresh(session.refreshToken, desktopClient)).body.code).toBe('INVALID_GRANT');
    expect((await refresh('made-up-token')).body.code).toBe('INVALID_GRANT');
  });

  it('refuses an expired refresh token', async () => {
    const session = await t.signInCandidate();
    await t.db.update(schema.refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await refresh(session.refreshToken)).body.code).toBe('INVALID_GRANT');
  });
});

describe('access tokens', () => {
  it('answers INVALID_TOKEN for an expired token, so that the client refreshes', async () => {
    const session = await t.signInCandidate();
    const [user] = await t.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, 'candidate'));
    const claims = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()) as { fam: string };
    const expired = await signAccessToken(t.deps.jwtSecret, { userId: user!.id, kind: 'candidate', clientId: portalClient.id, familyId: claims.fam }, 60, Math.floor(Date.now() / 1000) - 3600);
    const answer = await t.call('GET', '/api/oauth/privileges/get/init', { token: expired });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('INVALID_TOKEN');
  });

  it('answers INVALID_TOKEN for a tampered token and one signed with another secret', async () => {
    const session = await t.signInCandidate();
    const [header, payload, signature] = session.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, kind: 'staff' })).toString('base64url');
    expect((await t.call('GET', '/api/oauth/privileges/get/init', { token: `${header}.${forged}.${signature}` })).body.code).toBe('INVALID_TOKEN');
    const foreign = await signAccessToken('another-secret-of-sufficient-length-000', { userId: 1, kind: 'staff', clientId: 'staff-desktop', familyId: claims.fam }, 60);
    expect((await t.call('GET', '/api/oauth/privileges/get/init', { token: foreign })).body.code).toBe('INVALID_TOKEN');
    expect((await t.call('GET', '/api/oauth/privileges/get/init', { token: 'not-a-jwt' })).body.code).toBe('INVALID_TOKEN');
  });

  it('answers UNAUTHENTICATED without a token', async () => {
    const answer = await t.call('GET', '/api/oauth/privileges/get/init');
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('UNAUTHENTICATED');
  });

  it('stops a user blocked in mid-session at the next request', async () => {
    await seedUser(t.db, hashPassword, { kind: 'candidate', username: 'midblock', email: 'midblock@example.com', password: 'Midblock@1', firstNameEn: 'M', lastNameEn: 'B' });
    const session = await t.signIn('midblock', 'Midblock@1');
    await t.db.update(schema.users).set({ isBlocked: true }).where(eq(schema.users.username, 'midblock'));
    const answer = await t.call('GET', '/api/oauth/privileges/get/init', { token: session.accessToken });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('USER_BLOCKED');
  });
});

describe('init and logout', () => {
  it('gives the administrator every privilege code with all six actions, and a candidate none', async () => {
    const admin = await t.signInAdministrator();
    const init = await t.call('GET', '/api/oauth/privileges/get/init', { token: admin.accessToken });
    const data = init.body.data as { user: { kind: string; fullNameEn: string }; roles: { name: string }[]; privileges: { code: string; actions: string[] }[] };
    expect(data.user.kind).toBe('staff');
    expect(data.roles.map((r) => r.name)).toContain('Administrator');
    expect(data.privileges.find((p) => p.code === 'UM')?.actions.sort()).toEqual(['approve', 'create', 'delete', 'read', 'reject', 'update']);
    const candidate = await t.signInCandidate();
    const candidateInit = await t.call('GET', '/api/oauth/privileges/get/init', { token: candidate.accessToken });
    const candidateData = candidateInit.body.data as { user: { fullNameEn: string; fullNameNp: string }; privileges: unknown[] };
    expect(candidateData.privileges).toEqual([]);
    expect(candidateData.user.fullNameEn).toBe('Sita Sharma');
  });

  it('judges each of many requests that arrive together by its own session and user', async () => {
    // Session checks that arrive together go to the database as one statement (authenticate.ts).
    const live = await t.signInCandidate();
    const ended = await t.signInCandidate();
    await t.call('POST', '/api/oauth/logout', { token: ended.accessToken, json: { refreshToken: ended.refreshToken } });
    await seedUser(t.db, hashPassword, { kind: 'candidate', username: 'windowban', email: 'windowban@example.com', password: 'Windowban@1', firstNameEn: 'W', lastNameEn: 'B' });
    const banned = await t.signIn('windowban', 'Windowban@1');
    const hour = 3_600_000;
    await t.db
      .update(schema.users)
      .set({ isBlocked: true, blockedFrom: new Date(Date.now() - hour), blockedUntil: new Date(Date.now() + hour) })
      .where(eq(schema.users.username, 'windowban'));
    const sessions = [live, ended, banned];
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, index) => t.call('GET', '/api/oauth/privileges/get/init', { token: sessions[index % 3]!.accessToken })),
    );
    answers.forEach((answer, index) => {
      const expected = [{ status: 200 }, { status: 401, code: 'UNAUTHENTICATED' }, { status: 403, code: 'USER_BLOCKED' }][index % 3]!;
      expect(answer.status, `request ${index}`).toBe(expected.status);
      if (expected.code) expect(answer.body.code, `request ${index}`).toBe(expected.code);
    });
  });

  it('ends the session: the access token and the refresh token stop working', async () => {
    const session = await t.signInCandidate();
    const logout = await t.call('POST', '/api/oauth/logout', { token: session.accessToken, json: { refreshToken: session.refreshToken } });
    expect(logout.status).toBe(200);
    expect((await t.call('GET', '/api/oauth/privileges/get/init', { token: session.accessToken })).body.code).toBe('UNAUTHENTICATED');
    expect((await token({ grant_type: 'refresh_token', refresh_token: session.refreshToken })).body.code).toBe('INVALID_GRANT');
  });
});
