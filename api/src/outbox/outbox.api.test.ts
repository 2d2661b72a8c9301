import { PERMISSION_ACTIONS } from '@psc/core';
import { DEMO_ACCOUNTS, schema, seedRole, seedUser } from '@psc/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTemporaryPassword, register } from '../account/account.test-support';
import { hashPassword } from '../auth/passwords';
import { MAX_SEND_ATTEMPTS } from '../messaging/drain-outbox';
import { queueSms } from '../messaging/queue-sms';
import { createTestApp, desktopClient, type TestApp } from '../test-support/test-app';

type MailPage = { items: { id: number; to: string; subject: string; bodyText: string; kind: string; status: string; attempts: number; sentAt: string | null }[]; total: number };
type SmsPage = { items: { id: number; to: string; body: string; kind: string; status: string }[]; total: number };

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signInAdministrator()).accessToken;
});
afterAll(() => t.close());

describe('GET /api/admin/outbox/mail [UM read]', () => {
  it('lists mail newest first with the body, so an administrator can pass on a temporary password', async () => {
    const { input } = await register(t);
    const answer = await t.call('GET', '/api/admin/outbox/mail?pageSize=5', { token: admin });
    expect(answer.status).toBe(200);
    const page = answer.body.data as MailPage;
    const newest = page.items[0]!;
    expect(newest).toMatchObject({ to: input.email, kind: 'temporary-password', status: 'pending', attempts: 0, sentAt: null });
    expect(readTemporaryPassword(newest.bodyText)).toHaveLength(12);
    const ids = page.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('pages and filters by status, kind and address', async () => {
    for (let i = 0; i < 3; i += 1) await register(t);
    const all = (await t.call('GET', '/api/admin/outbox/mail?pageSize=200', { token: admin })).body.data as MailPage;
    const first = (await t.call('GET', '/api/admin/outbox/mail?page=1&pageSize=2', { token: admin })).body.data as MailPage;
    const second = (await t.call('GET', '/api/admin/outbox/mail?page=2&pageSize=2', { token: admin })).body.data as MailPage;
    expect(first.total).toBe(all.total);
    expect([...first.items, ...second.items].map((m) => m.id)).toEqual(all.items.slice(0, 4).map((m) => m.id));

    const target = all.items[1]!;
    await t.db.update(schema.mailOutbox).set({ sentAt: sql`now()`, attempts: 1 }).where(eq(schema.mailOutbox.id, target.id));
    const failedId = all.items[2]!.id;
    await t.db.update(schema.mailOutbox).set({ attempts: MAX_SEND_ATTEMPTS, lastError: 'Error: refused' }).where(eq(schema.mailOutbox.id, failedId));
    const sent = (await t.call('GET', '/api/admin/outbox/mail?status=sent', { token: admin })).body.data as MailPage;
    expect(sent.items.map((m) => m.id)).toEqual([target.id]);
    const failed = (await t.call('GET', '/api/admin/outbox/mail?status=failed', { token: admin })).body.data as MailPage;
    expect(failed.items.map((m) => m.id)).toEqual([failedId]);
    const pending = (await t.call('GET', '/api/admin/outbox/mail?status=pending&pageSize=200', { token: admin })).body.data as MailPage;
    expect(pending.total).toBe(all.total - 2);

    const byAddress = (await t.call('GET', `/api/admin/outbox/mail?search=${encodeURIComponent(target.to.toUpperCase())}`, { token: admin })).body.data as MailPage;
    expect(byAddress.items.map((m) => m.to)).toEqual([target.to]);
    const byKind = (await t.call('GET', '/api/admin/outbox/mail?kind=password-reset', { token: admin })).body.data as MailPage;
    expect(byKind.total).toBe(0);
  });

  it('refuses bad paging and an unknown status', async () => {
    for (const query of ['page=0', 'pageSize=500', 'status=lost', 'page=abc']) {
      const answer = await t.call('GET', `/api/admin/outbox/mail?${query}`, { token: admin });
      expect(answer.status, query).toBe(400);
      expect(answer.body.code, query).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /api/admin/outbox/sms [UM read]', () => {
  it('lists SMS newest first with the text', async () => {
    await queueSms(t.db, { to: '9800000001', body: 'first', kind: 'account-recovery' });
    await queueSms(t.db, { to: '9800000002', body: 'second', kind: 'account-recovery' });
    const answer = await t.call('GET', '/api/admin/outbox/sms', { token: admin });
    expect(answer.status).toBe(200);
    const page = answer.body.data as SmsPage;
    expect(page.items.slice(0, 2)).toMatchObject([
      { to: '9800000002', body: 'second', status: 'pending' },
      { to: '9800000001', body: 'first', status: 'pending' },
    ]);
  });
});

describe('who may read the outboxes', () => {
  it('refuses the anonymous, candidates and staff without UM', async () => {
    const candidate = (await t.signInCandidate()).accessToken;
    const officer = (await t.signIn(DEMO_ACCOUNTS.requisitionOfficer.username, DEMO_ACCOUNTS.requisitionOfficer.password, desktopClient)).accessToken;
    for (const path of ['/api/admin/outbox/mail', '/api/admin/outbox/sms']) {
      expect((await t.call('GET', path)).status, path).toBe(401);
      expect((await t.call('GET', path, { token: candidate })).body.code, path).toBe('FORBIDDEN');
      expect((await t.call('GET', path, { token: officer })).body.code, path).toBe('FORBIDDEN');
    }
  });

  it('admits staff who hold UM read alone', async () => {
    const roleId = await seedRole(t.db, { name: 'Outbox reader', description: 'UM', codes: ['UM'] });
    const [module] = await t.db.select({ id: schema.modules.id }).from(schema.modules).where(eq(schema.modules.code, 'UM'));
    const onlyRead = Object.fromEntries(PERMISSION_ACTIONS.map((a) => [`can${a[0]!.toUpperCase()}${a.slice(1)}`, a === 'read']));
    await t.db.update(schema.rolePermissions).set(onlyRead).where(and(eq(schema.rolePermissions.roleId, roleId), eq(schema.rolePermissions.moduleId, module!.id)));
    await seedUser(t.db, hashPassword, { kind: 'staff', username: 'outbox.reader', email: 'outbox.reader@example.com', password: 'Reader@1234', firstNameEn: 'Out', lastNameEn: 'Box', roleIds: [roleId] });
    const reader = (await t.signIn('outbox.reader', 'Reader@1234', desktopClient)).accessToken;
    expect((await t.call('GET', '/api/admin/outbox/mail', { token: reader })).status).toBe(200);
  });
});
