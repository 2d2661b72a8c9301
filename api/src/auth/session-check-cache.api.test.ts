import { schema, seedUser } from '@psc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basicAuth, createTestApp, portalClient, type TestApp } from '../test-support/test-app';
import { hashPassword } from './passwords';
import { sessionChecksOf } from './session-checks';

// A kept session check is used for SESSION_CHECK_CACHE_SECONDS. An hour here, so that a change
// this process makes is seen to count AT ONCE (not after the time to live), while one made
// behind its back counts once the test moves the check's clock past it. No waiting: the clock
// the check reads runs `ahead` of the real one by what the test says.
const TTL_SECONDS = 3_600;
const MINUTE = 60_000;

let t: TestApp;
let ahead = 0;
beforeAll(async () => {
  t = await createTestApp({ sessionCheckCacheSeconds: TTL_SECONDS });
  sessionChecksOf(t.db).now = () => Date.now() + ahead;
});
afterAll(() => t.close());
beforeEach(() => {
  ahead = 0;
});
/** Moves the check's clock to `at` (milliseconds since the epoch). */
const setClockTo = (at: number) => {
  ahead = at - Date.now();
};

let serial = 0;
async function newCandidate() {
  serial += 1;
  const username = `kept${serial}`;
  const password = 'Kept@12345';
  const userId = await seedUser(t.db, hashPassword, { kind: 'candidate', username, email: `${username}@example.com`, password, firstNameEn: 'K', lastNameEn: 'S' });
  return { userId, username, password };
}

const dashboard = (token: string) => t.call('GET', '/api/psc/dashboard', { token });

/** Signs in and makes one request, so that this session's check is kept. */
async function signInAndRead(candidate: { username: string; password: string }) {
  const session = await t.signIn(candidate.username, candidate.password);
  expect((await dashboard(session.accessToken)).status).toBe(200);
  return session;
}

describe('a kept session check, changed by this process: refused at once', () => {
  it('ends a session at sign-out', async () => {
    const candidate = await newCandidate();
    const session = await signInAndRead(candidate);
    expect((await t.call('POST', '/api/oauth/logout', { token: session.accessToken, json: {} })).status).toBe(200);
    const answer = await dashboard(session.accessToken);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('UNAUTHENTICATED');
  });

  it('stops a user blocked by staff at the next request, and lets them back in when the block is lifted', async () => {
    const candidate = await newCandidate();
    const session = await signInAndRead(candidate);
    const admin = (await t.signInAdministrator()).accessToken;
    expect((await t.call('POST', `/api/admin/users/${candidate.userId}/ban`, { token: admin, json: { reason: 'A duplicate account' } })).status).toBe(200);
    const blocked = await dashboard(session.accessToken);
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('USER_BLOCKED');
    expect((await t.call('DELETE', `/api/admin/users/${candidate.userId}/ban`, { token: admin })).status).toBe(200);
    expect((await dashboard(session.accessToken)).status).toBe(200);
  });

  it('ends every session of a deactivated account, the kept ones included', async () => {
    const candidate = await newCandidate();
    const here = await signInAndRead(candidate);
    const elsewhere = await signInAndRead(candidate);
    const deactivated = await t.call('POST', '/api/psc/account/deactivate', { token: here.accessToken, json: { password: candidate.password, confirm: true } });
    expect(deactivated.status).toBe(200);
    for (const session of [here, elsewhere]) expect((await dashboard(session.accessToken)).status).toBe(401);
  });

  it('ends a session whose used refresh token came back (spec §7 refresh: the family is revoked)', async () => {
    const candidate = await newCandidate();
    const session = await signInAndRead(candidate);
    const refresh = (refreshToken: string) =>
      t.call('POST', '/api/oauth/token', { headers: { authorization: basicAuth(portalClient) }, json: { grant_type: 'refresh_token', refresh_token: refreshToken } });
    expect((await refresh(session.refreshToken)).status).toBe(200);
    expect((await refresh(session.refreshToken)).body.code).toBe('INVALID_GRANT');
    const answer = await dashboard(session.accessToken);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('UNAUTHENTICATED');
  });

  it('ends the other sessions when the password is changed, keeping this one', async () => {
    const candidate = await newCandidate();
    const here = await signInAndRead(candidate);
    const elsewhere = await signInAndRead(candidate);
    const changed = await t.call('POST', '/api/psc/account/change-password', {
      token: here.accessToken,
      json: { oldPassword: candidate.password, newPassword: 'Other@12345', confirmPassword: 'Other@12345' },
    });
    expect(changed.status).toBe(200);
    expect((await dashboard(here.accessToken)).status).toBe(200);
    expect((await dashboard(elsewhere.accessToken)).status).toBe(401);
  });
});

describe('a kept session check, changed behind the process (another API worker, or SQL)', () => {
  it('refuses a user blocked in the database once the kept check has expired', async () => {
    const candidate = await newCandidate();
    const session = await signInAndRead(candidate);
    await t.db.update(schema.users).set({ isBlocked: true }).where(eq(schema.users.id, candidate.userId));
    // Within the time to live the kept answer stands: this is the stated bound.
    ahead = TTL_SECONDS * 1000 - MINUTE;
    expect((await dashboard(session.accessToken)).status).toBe(200);
    ahead = TTL_SECONDS * 1000;
    const answer = await dashboard(session.accessToken);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('USER_BLOCKED');
  });

  it('refuses a session whose refresh-token family was revoked in the database once the kept check has expired', async () => {
    const candidate = await newCandidate();
    const session = await signInAndRead(candidate);
    await t.db.update(schema.refreshTokens).set({ revokedAt: new Date() }).where(eq(schema.refreshTokens.userId, candidate.userId));
    ahead = TTL_SECONDS * 1000;
    const answer = await dashboard(session.accessToken);
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a deactivation made in the database once the kept check has expired', async () => {
    const candidate = await newCandidate();
    const session = await signInAndRead(candidate);
    await t.db.update(schema.users).set({ deactivatedAt: new Date() }).where(eq(schema.users.id, candidate.userId));
    ahead = TTL_SECONDS * 1000;
    expect((await dashboard(session.accessToken)).status).toBe(403);
  });
});

describe('a timed block, judged at each request from the kept check', () => {
  it('refuses the user when the block begins and lets them in again when it ends, while the check is still kept', async () => {
    const candidate = await newCandidate();
    const blockedFrom = Date.now() + 10 * MINUTE;
    const blockedUntil = Date.now() + 20 * MINUTE;
    await t.db
      .update(schema.users)
      .set({ isBlocked: true, blockedFrom: new Date(blockedFrom), blockedUntil: new Date(blockedUntil) })
      .where(eq(schema.users.id, candidate.userId));
    const session = await signInAndRead(candidate);
    setClockTo(blockedFrom);
    const during = await dashboard(session.accessToken);
    expect(during.status).toBe(403);
    expect(during.body.code).toBe('USER_BLOCKED');
    setClockTo(blockedUntil);
    expect((await dashboard(session.accessToken)).status).toBe(200);
  });
});

describe('SESSION_CHECK_CACHE_SECONDS=0', () => {
  it('looks at the database at every request', async () => {
    const uncached = await createTestApp({ sessionCheckCacheSeconds: 0 });
    try {
      const userId = await seedUser(uncached.db, hashPassword, { kind: 'candidate', username: 'nocache', email: 'nocache@example.com', password: 'Nocache@123', firstNameEn: 'N', lastNameEn: 'C' });
      const session = await uncached.signIn('nocache', 'Nocache@123');
      expect((await uncached.call('GET', '/api/psc/dashboard', { token: session.accessToken })).status).toBe(200);
      await uncached.db.update(schema.users).set({ isBlocked: true }).where(eq(schema.users.id, userId));
      expect((await uncached.call('GET', '/api/psc/dashboard', { token: session.accessToken })).status).toBe(403);
      expect(sessionChecksOf(uncached.db).size).toBe(0);
    } finally {
      await uncached.close();
    }
  });
});
