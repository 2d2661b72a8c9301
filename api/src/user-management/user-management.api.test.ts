import { DEMO_ACCOUNTS, schema } from '@psc/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, desktopClient, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: string;
let candidateId: number;
let masterId: number;
let citizenshipNumber: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signInAdministrator()).accessToken;
  const [candidate] = await t.db
    .select({ id: schema.users.id, masterId: schema.users.masterId })
    .from(schema.users)
    .where(eq(schema.users.username, DEMO_ACCOUNTS.candidate.username));
  candidateId = candidate!.id;
  masterId = candidate!.masterId;
  await t.db
    .insert(schema.candidateProfiles)
    .values({ userId: candidateId, citizenshipNumber: '27-01-75-01234', citizenshipIssueDistrictId: 27, citizenshipIssueDate: '2012-05-01', dateOfBirth: '1995-04-14', gender: 'female' })
    .onConflictDoNothing();
  const [profile] = await t.db
    .select({ citizenshipNumber: schema.candidateProfiles.citizenshipNumber })
    .from(schema.candidateProfiles)
    .where(eq(schema.candidateProfiles.userId, candidateId));
  citizenshipNumber = profile!.citizenshipNumber;
});
afterAll(() => t.close());

const data = <T>(answer: { body: { data?: unknown } }) => answer.body.data as T;

async function lastAudit(entity: string, entityId: number) {
  const [row] = await t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, entity), eq(schema.auditLog.entityId, String(entityId))))
    .orderBy(desc(schema.auditLog.id))
    .limit(1);
  return row;
}

describe('user management', () => {
  it('finds candidates by name, user name, e-mail, mobile, citizenship number and masterId', async () => {
    for (const q of ['sita', DEMO_ACCOUNTS.candidate.username, '9841000001', citizenshipNumber.slice(0, 8), String(masterId), 'शर्मा']) {
      const found = data<{ items: { id: number }[]; total: number }>(await t.call('GET', `/api/admin/candidates/search?q=${encodeURIComponent(q)}`, { token: admin }));
      expect(found.items.map((u) => u.id), q).toContain(candidateId);
    }
    const staff = data<{ total: number }>(await t.call('GET', `/api/admin/candidates/search?q=${DEMO_ACCOUNTS.administrator.username}`, { token: admin }));
    expect(staff.total).toBe(0);
    expect((await t.call('GET', '/api/admin/candidates/search?q=', { token: admin })).status).toBe(400);
  });

  it('locks and unlocks a profile, auditing both', async () => {
    const locked = await t.call('POST', `/api/admin/candidates/${candidateId}/profile-lock`, { token: admin, json: { lockedUntilAd: '2099-12-31', reason: 'Under scrutiny' } });
    expect(locked.status).toBe(200);
    expect(data<{ until: string; reason: string }>(locked)).toMatchObject({ until: '2099-12-31T18:14:59.999Z', reason: 'Under scrutiny' });
    expect(await lastAudit('profile-lock', candidateId)).toMatchObject({ action: 'lock', before: { until: null }, after: { reason: 'Under scrutiny' } });
    const [row] = await t.db.select({ lockedUntil: schema.candidateProfiles.lockedUntil }).from(schema.candidateProfiles).where(eq(schema.candidateProfiles.userId, candidateId));
    expect(row?.lockedUntil?.toISOString()).toBe('2099-12-31T18:14:59.999Z');

    const reversed = await t.call('POST', `/api/admin/candidates/${candidateId}/profile-lock`, { token: admin, json: { lockedFromAd: '2030-01-02', lockedUntilAd: '2030-01-01', reason: 'x' } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors?.lockedUntilAd).toBeDefined();
    const noReason = await t.call('POST', `/api/admin/candidates/${candidateId}/profile-lock`, { token: admin, json: { lockedUntilAd: '2030-01-01', reason: '  ' } });
    expect(noReason.body.errors?.reason).toBeDefined();

    const unlocked = await t.call('DELETE', `/api/admin/candidates/${candidateId}/profile-lock`, { token: admin });
    expect(data<{ until: string | null }>(unlocked).until).toBeNull();
    expect(await lastAudit('profile-lock', candidateId)).toMatchObject({ action: 'unlock', before: { reason: 'Under scrutiny' }, after: { until: null } });

    const [staff] = await t.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, DEMO_ACCOUNTS.administrator.username));
    expect((await t.call('POST', `/api/admin/candidates/${staff!.id}/profile-lock`, { token: admin, json: { lockedUntilAd: '2099-12-31', reason: 'x' } })).status).toBe(422);
    expect((await t.call('DELETE', '/api/admin/candidates/999999/profile-lock', { token: admin })).status).toBe(404);
  });

  it('locks and unlocks a voucher', async () => {
    const locked = await t.call('POST', `/api/admin/candidates/${candidateId}/voucher-lock`, { token: admin, json: { lockedFromAd: '2026-01-01', lockedUntilAd: '2026-02-01', reason: 'Voucher mismatch' } });
    expect(data<{ from: string }>(locked).from).toBe('2025-12-31T18:15:00.000Z');
    expect(await lastAudit('voucher-lock', candidateId)).toMatchObject({ action: 'lock', after: { reason: 'Voucher mismatch' } });
    expect((await t.call('DELETE', `/api/admin/candidates/${candidateId}/voucher-lock`, { token: admin })).status).toBe(200);
  });

  it('bans a user, who is refused at the next request, and lifts the ban', async () => {
    const session = await t.signIn(DEMO_ACCOUNTS.requisitionOfficer.username, DEMO_ACCOUNTS.requisitionOfficer.password, desktopClient);
    const [officer] = await t.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, DEMO_ACCOUNTS.requisitionOfficer.username));
    const banned = await t.call('POST', `/api/admin/users/${officer!.id}/ban`, { token: admin, json: { reason: 'Left the office' } });
    expect(banned.status).toBe(200);
    expect(data<{ isBlocked: boolean; until: string | null }>(banned)).toMatchObject({ isBlocked: true, until: null });
    const refused = await t.call('GET', '/api/oauth/privileges/get/init', { token: session.accessToken });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('USER_BLOCKED');
    expect(await lastAudit('users', officer!.id)).toMatchObject({ action: 'ban', before: { isBlocked: false }, after: { isBlocked: true, reason: 'Left the office' } });

    expect((await t.call('DELETE', `/api/admin/users/${officer!.id}/ban`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', '/api/oauth/privileges/get/init', { token: session.accessToken })).status).toBe(200);
    expect(await lastAudit('users', officer!.id)).toMatchObject({ action: 'unban', before: { isBlocked: true }, after: { isBlocked: false } });
  });
});

describe('audit log', () => {
  it('lists rows with before and after, filtered by entity, actor and period', async () => {
    await t.call('POST', '/api/admin/master/clusters', { token: admin, json: { nameEn: 'Audit Cluster', nameNp: 'लेखा क्लस्टर' } });
    const [actor] = await t.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, DEMO_ACCOUNTS.administrator.username));
    const today = new Date().toISOString().slice(0, 10);
    const page = data<{ items: { entity: string; action: string; actorUsername: string; before: unknown; after: { nameEn?: string } }[]; total: number }>(
      await t.call('GET', `/api/admin/audit-log?entity=clusters&actorUserId=${actor!.id}&from=2000-01-01&to=2099-12-31`, { token: admin }),
    );
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.items[0]).toMatchObject({ entity: 'clusters', action: 'create', actorUsername: DEMO_ACCOUNTS.administrator.username, before: null, after: { nameEn: 'Audit Cluster' } });
    const none = data<{ total: number }>(await t.call('GET', `/api/admin/audit-log?entity=clusters&to=2000-01-01`, { token: admin }));
    expect(none.total).toBe(0);
    expect(data<{ total: number }>(await t.call('GET', `/api/admin/audit-log?from=${today}`, { token: admin })).total).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/admin/audit-log?from=yesterday', { token: admin })).status).toBe(400);
  });

  it('has no route that changes or deletes audit rows, and the table refuses it', async () => {
    expect((await t.call('DELETE', '/api/admin/audit-log', { token: admin })).status).toBe(405);
    await expect(t.db.delete(schema.auditLog)).rejects.toThrow();
  });
});
