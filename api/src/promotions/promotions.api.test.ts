import { schema } from '@psc/db';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: string;
let draft: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signInAdministrator()).accessToken;
  const [type] = await t.db.insert(schema.promotionTypes).values({ nameEn: 'Seniority', nameNp: 'जेष्ठता' }).returning();
  const [decision] = await t.db
    .insert(schema.decisions)
    .values({ decisionNo: '45', decisionDate: '2025-10-01', descriptionEn: 'Promotion vacancies', descriptionNp: 'बढुवा रिक्त पद' })
    .returning();
  const [group] = await t.db.select().from(schema.serviceGroups).orderBy(asc(schema.serviceGroups.id)).limit(1);
  const [post] = await t.db.select().from(schema.posts).orderBy(asc(schema.posts.id)).limit(1);
  draft = { fiscalYear: '2082/83', promotionTypeId: type!.id, serviceId: group!.serviceId, groupId: group!.id, classId: post!.classId, postId: post!.id, vacancies: 3, area: 'Bagmati', fee: 1500, decisionId: decision!.id };
});
afterAll(() => t.close());

type Promotion = { id: number; status: string; vacancies: number; fee: number; promotionTypeNameEn: string; decisionNo: string | null; decisionRemarks: string | null; createdByNameEn: string };

async function lastAudit(entityId: number) {
  const [row] = await t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, 'promotions'), eq(schema.auditLog.entityId, String(entityId))))
    .orderBy(desc(schema.auditLog.id))
    .limit(1);
  return row;
}

async function create(overrides: Record<string, unknown> = {}) {
  const answer = await t.call('POST', '/api/admin/promotions', { token: admin, json: { ...draft, ...overrides } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Promotion;
}

describe('promotions (configuratuin/add-promotion, configuration/approve-promotion)', () => {
  it('adds a promotion vacancy as a draft with its decision, audited', async () => {
    const created = await create();
    expect(created).toMatchObject({ status: 'draft', vacancies: 3, fee: 1500, promotionTypeNameEn: 'Seniority', decisionNo: '45', createdByNameEn: 'Ram Adhikari' });
    expect(await lastAudit(created.id)).toMatchObject({ action: 'create', before: null });
    const fetched = await t.call('GET', `/api/admin/promotions/${created.id}`, { token: admin });
    expect(fetched.body.data).toMatchObject({ id: created.id, area: 'Bagmati' });
  });

  it('changes a draft, then approves it (draft -> live); a live one can no longer change', async () => {
    const created = await create();
    const changed = await t.call('PUT', `/api/admin/promotions/${created.id}`, { token: admin, json: { ...draft, vacancies: 5 } });
    expect((changed.body.data as Promotion).vacancies).toBe(5);
    expect(await lastAudit(created.id)).toMatchObject({ action: 'update', before: { vacancies: 3 }, after: { vacancies: 5 } });
    const approved = await t.call('POST', `/api/admin/promotions/${created.id}/approve`, { token: admin, json: {} });
    expect(approved.body.data).toMatchObject({ status: 'live' });
    expect(await lastAudit(created.id)).toMatchObject({ action: 'approve', before: { status: 'draft' }, after: { status: 'live' } });
    for (const [method, path, json] of [
      ['PUT', '', { ...draft, vacancies: 9 }],
      ['POST', '/approve', {}],
      ['POST', '/reject', { remarks: 'Too late' }],
    ] as const) {
      const refused = await t.call(method, `/api/admin/promotions/${created.id}${path}`, { token: admin, json, lang: 'en' });
      expect(refused.status, path).toBe(409);
      expect(refused.body.message).toBe('Only a draft promotion can be changed, approved or rejected.');
    }
    const [row] = await t.db.select().from(schema.promotions).where(eq(schema.promotions.id, created.id));
    expect(row).toMatchObject({ status: 'live', vacancies: 5 });
  });

  it('rejects a draft with a required reason (draft -> rejected)', async () => {
    const created = await create();
    expect((await t.call('POST', `/api/admin/promotions/${created.id}/reject`, { token: admin, json: {} })).status).toBe(400);
    const rejected = await t.call('POST', `/api/admin/promotions/${created.id}/reject`, { token: admin, json: { remarks: 'No decision yet' } });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', decisionRemarks: 'No decision yet' });
    expect((await t.call('POST', `/api/admin/promotions/${created.id}/approve`, { token: admin, json: {} })).status).toBe(409);
  });

  it('lets only one of a concurrent approve and reject pass', async () => {
    const created = await create();
    const answers = await Promise.all([
      t.call('POST', `/api/admin/promotions/${created.id}/approve`, { token: admin, json: {} }),
      t.call('POST', `/api/admin/promotions/${created.id}/reject`, { token: admin, json: { remarks: 'Conflicting' } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('lists by status and fiscal year, and refuses bad input', async () => {
    const created = await create({ fiscalYear: '2079/80' });
    const list = await t.call('GET', `/api/admin/promotions?status=draft&fiscalYear=${encodeURIComponent('2079/80')}`, { token: admin });
    expect(list.body.data).toMatchObject({ total: 1, items: [{ id: created.id }] });
    const bad = await t.call('POST', '/api/admin/promotions', { token: admin, json: { ...draft, vacancies: 0, fee: -5, fiscalYear: '82/83' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['fee', 'fiscalYear', 'vacancies']);
    const unknown = await t.call('POST', '/api/admin/promotions', { token: admin, json: { ...draft, promotionTypeId: 987654 } });
    expect(unknown.status).toBe(422);
    expect((await t.call('GET', '/api/admin/promotions/987654', { token: admin })).status).toBe(404);
  });
});
