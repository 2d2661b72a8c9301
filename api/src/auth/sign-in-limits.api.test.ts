import { schema, seedUser } from '@psc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, createTestApp, portalClient, type TestApp } from '../test-support/test-app';
import { hashPassword } from './passwords';

// Sign-in limits (rate-limit.ts): a password check is reserved before argon2 runs, so attempts
// sent together cannot outrun the count; the lockout is per account and address, and the
// account's failures from every address only pace its checks.

const LIMIT = 5;
const MAX_PAUSE = 60;
const WINDOW = 900;
const SLOW_AFTER = 10;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    trustProxy: true,
    signInMaxFailuresPerUser: LIMIT,
    signInMaxFailuresPerAddress: 1000,
    signInFailureWindowSeconds: WINDOW,
    signInSlowAfterFailuresPerUser: SLOW_AFTER,
    signInSlowMaxDelaySeconds: MAX_PAUSE,
  });
});
afterAll(() => t.close());

const attempt = (username: string, password: string, address: string) =>
  t.call('POST', '/api/oauth/token', {
    headers: { authorization: basicAuth(portalClient), 'x-forwarded-for': address },
    json: { grant_type: 'password', username, password },
  });

async function seedCandidate(username: string, password: string) {
  await seedUser(t.db, hashPassword, { kind: 'candidate', username, email: `${username}@example.com`, password, firstNameEn: 'R', lastNameEn: 'L' });
  const [user] = await t.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, username));
  return user!.id;
}

/** The failures counted against the account from one address (the lockout's count). */
async function pairFailures(userId: number, address: string) {
  const [row] = await t.db.select().from(schema.signInFailures).where(eq(schema.signInFailures.key, `user:id:${userId}|ip:${address}`));
  return row?.failures ?? 0;
}

/** Stands for the pause between two paced checks of the account passing. */
const letPausePass = (userId: number) =>
  t.db.update(schema.signInFailures).set({ windowStartedAt: new Date() }).where(eq(schema.signInFailures.key, `pace:id:${userId}`));

describe('sign-in attempts sent together', () => {
  it('check no more wrong passwords than the limit, and refuse the right one once it is used', async () => {
    const address = '203.0.113.7';
    const right = 'Burst@12345';
    // Several rounds, each on its own account, with the right password first, early, in the
    // middle and last: neither a lucky ordering nor the right password's release lets more through.
    for (const [round, rightAt] of [0, 2, 12, 24].entries()) {
      const username = `burst${round}`;
      const userId = await seedCandidate(username, right);
      const passwords = Array.from({ length: 25 }, (_, index) => (index === rightAt ? right : `Wrong@${round}${index}`));
      const answers = await Promise.all(passwords.map((password) => attempt(username, password, address)));
      const count = (status: number) => answers.filter((answer) => answer.status === status).length;
      const wrong = count(401);
      const accepted = count(200);
      const refused = count(429);
      expect(wrong + accepted + refused, `round ${round}`).toBe(25);
      // Every check that ran was reserved below the limit; the rest never reached argon2.
      expect(wrong, `round ${round}`).toBeLessThanOrEqual(LIMIT);
      expect(accepted, `round ${round}`).toBeLessThanOrEqual(1);
      expect(refused, `round ${round}`).toBeGreaterThanOrEqual(25 - LIMIT - 1);
      // The right password counts as no failure: the table holds exactly the wrong ones checked.
      expect(await pairFailures(userId, address), `round ${round}`).toBe(wrong);
      if (accepted === 0) expect(wrong, `round ${round}`).toBe(LIMIT);
      for (const answer of answers.filter((one) => one.status === 429)) {
        expect(answer.body.code).toBe('RATE_LIMITED');
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }

      // Used up (topped up when the right password took one of the checks): the right password is refused.
      for (let index = wrong; index < LIMIT; index += 1) expect((await attempt(username, `Late@wrong${index}`, address)).status).toBe(401);
      const late = await attempt(username, right, address);
      expect(late.status, `round ${round}`).toBe(429);
      expect(Number(late.headers.get('retry-after'))).toBeLessThanOrEqual(WINDOW);
      expect(await pairFailures(userId, address)).toBe(LIMIT);
    }
  });
});

describe("a stranger's wrong guesses", () => {
  it('lock only the stranger out, not the owner at their own address', async () => {
    const right = 'Owner@12345';
    const userId = await seedCandidate('owner1', right);
    const stranger = '198.51.100.9';
    const answers = [];
    for (let index = 0; index < LIMIT * 2; index += 1) answers.push((await attempt('owner1', `Guess@${index}`, stranger)).status);
    expect(answers).toEqual([...Array(LIMIT).fill(401), ...Array(LIMIT).fill(429)]);
    // The stranger is refused even the right password, from their address...
    expect((await attempt('owner1', right, stranger)).status).toBe(429);
    // ...while the owner signs in from theirs, by user name or by e-mail.
    const owner = '203.0.113.50';
    expect((await attempt('owner1', right, owner)).status).toBe(200);
    expect((await attempt('OWNER1@example.com', right, owner)).status).toBe(200);
    expect(await pairFailures(userId, owner)).toBe(0);
  });

  it('from many addresses only pace the account: the owner waits at most the longest pause', async () => {
    const right = 'Spread@1234';
    const userId = await seedCandidate('spread1', right);
    // The first SLOW_AFTER failures from all addresses together are free; each later one doubles
    // the pause before the account's next check (1, 2, 4, ... 60 s), whatever its address.
    const failures = SLOW_AFTER + 7;
    for (let index = 0; index < failures; index += 1) {
      expect((await attempt('spread1', `Guess@${index}`, `198.51.100.${index + 10}`)).status, `stranger ${index}`).toBe(401);
      if (index < failures - 1) await letPausePass(userId);
    }
    // The last failure set the longest pause, and no time is let pass now.
    const stranger = await attempt('spread1', 'Guess@next', '198.51.100.99');
    expect(stranger.status).toBe(429);
    const owner = await attempt('spread1', right, '203.0.113.60');
    expect(owner.status).toBe(429);
    const wait = Number(owner.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(MAX_PAUSE);
    // No stranger used up a check of the owner's own address.
    expect(await pairFailures(userId, '203.0.113.60')).toBe(0);
    await letPausePass(userId);
    expect((await attempt('spread1', right, '203.0.113.60')).status).toBe(200);
  });
});
