import { schema } from '@psc/db';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: string;
let rule: { serviceId: number; groupId: number; facultyId: number; decisionId: number };
let otherServiceGroupId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signInAdministrator()).accessToken;
  const groups = await t.db.select().from(schema.serviceGroups).orderBy(asc(schema.serviceGroups.id));
  const group = groups[0]!;
  otherServiceGroupId = groups.find((g) => g.serviceId !== group.serviceId)!.id;
  const [faculty] = await t.db.select().from(schema.faculties).orderBy(asc(schema.faculties.id)).limit(1);
  const [decision] = await t.db.insert(schema.decisions).values({ decisionNo: '12', decisionDate: '2025-09-01', descriptionEn: 'Relevance', descriptionNp: 'सम्बद्धता' }).returning();
  rule = { serviceId: group.serviceId, groupId: group.id, facultyId: faculty!.id, decisionId: decision!.id };
});
afterAll(() => t.close());

async function lastAudit(entityId: number) {
  const [row] = await t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, 'relevances'), eq(schema.auditLog.entityId, String(entityId))))
    .orderBy(desc(schema.auditLog.id))
    .limit(1);
  return row;
}

describe('relevance (configuration/relevance create and view)', () => {
  it('creates, views, lists and deletes a rule, audited', async () => {
    const created = await t.call('POST', '/api/admin/relevances', { token: admin, json: { ...rule, descriptionEn: 'Relevant degree' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id } = created.body.data as { id: number };
    expect(created.body.data).toMatchObject({ ...rule, descriptionEn: 'Relevant degree', decisionNo: '12' });
    expect(await lastAudit(id)).toMatchObject({ action: 'create', before: null });
    const viewed = await t.call('GET', `/api/admin/relevances/${id}`, { token: admin });
    expect((viewed.body.data as { serviceNameEn: string; facultyNameNp: string }).facultyNameNp.length).toBeGreaterThan(0);
    const list = await t.call('GET', `/api/admin/relevances?serviceId=${rule.serviceId}`, { token: admin });
    expect((list.body.data as { items: { id: number }[] }).items.map((item) => item.id)).toContain(id);

    const duplicate = await t.call('POST', '/api/admin/relevances', { token: admin, json: rule });
    expect(duplicate.status).toBe(409);

    expect((await t.call('DELETE', `/api/admin/relevances/${id}`, { token: admin })).status).toBe(200);
    expect(await lastAudit(id)).toMatchObject({ action: 'delete', after: null });
    expect((await t.call('GET', `/api/admin/relevances/${id}`, { token: admin })).status).toBe(404);
    expect((await t.call('DELETE', `/api/admin/relevances/${id}`, { token: admin })).status).toBe(404);
  });

  it('refuses missing fields, unknown references and a group of another service', async () => {
    const missing = await t.call('POST', '/api/admin/relevances', { token: admin, json: {} });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual(['facultyId', 'serviceId']);
    expect((await t.call('POST', '/api/admin/relevances', { token: admin, json: { ...rule, facultyId: 987654 } })).status).toBe(422);
    expect((await t.call('POST', '/api/admin/relevances', { token: admin, json: { ...rule, groupId: otherServiceGroupId } })).status).toBe(422);
  });
});
