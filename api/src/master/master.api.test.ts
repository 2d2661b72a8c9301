import { schema } from '@psc/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signInAdministrator()).accessToken;
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { id: number };
const data = <T>(answer: { body: { data?: unknown } }) => answer.body.data as T;

async function lastAudit(entity: string, entityId: number | string) {
  const [row] = await t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, entity), eq(schema.auditLog.entityId, String(entityId))))
    .orderBy(desc(schema.auditLog.id))
    .limit(1);
  return row;
}

describe('master data', () => {
  it('lists, searches, reads, creates, changes and deletes a row, auditing each write', async () => {
    const list = await t.call('GET', '/api/admin/master/services?pageSize=5', { token: admin });
    expect(list.status).toBe(200);
    const page = data<{ items: Row[]; total: number }>(list);
    expect(page.items.length).toBe(5);
    expect(page.total).toBeGreaterThanOrEqual(11);

    const created = await t.call('POST', '/api/admin/master/subjects', { token: admin, json: { nameEn: 'Public Administration', nameNp: 'सार्वजनिक प्रशासन' } });
    expect(created.status).toBe(200);
    const subject = data<Row>(created);
    expect(subject).toMatchObject({ nameEn: 'Public Administration', isActive: true });
    const createAudit = await lastAudit('subjects', subject.id);
    expect(createAudit).toMatchObject({ action: 'create', before: null, after: { nameEn: 'Public Administration' } });
    expect(createAudit?.actorUserId).toBeGreaterThan(0);
    expect(createAudit?.requestId).toBeTruthy();

    const searched = data<{ items: Row[] }>(await t.call('GET', '/api/admin/master/subjects?search=public%20admin', { token: admin }));
    expect(searched.items.map((r) => r.id)).toContain(subject.id);

    const one = await t.call('GET', `/api/admin/master/subjects/${subject.id}`, { token: admin });
    expect(data<Row>(one).nameNp).toBe('सार्वजनिक प्रशासन');

    const changed = await t.call('PUT', `/api/admin/master/subjects/${subject.id}`, { token: admin, json: { nameEn: 'Public Policy', nameNp: 'सार्वजनिक नीति', isActive: false } });
    expect(changed.status).toBe(200);
    expect(data<Row>(changed)).toMatchObject({ nameEn: 'Public Policy', isActive: false });
    expect(await lastAudit('subjects', subject.id)).toMatchObject({ action: 'update', before: { nameEn: 'Public Administration' }, after: { nameEn: 'Public Policy' } });

    const deleted = await t.call('DELETE', `/api/admin/master/subjects/${subject.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(await lastAudit('subjects', subject.id)).toMatchObject({ action: 'delete', before: { nameEn: 'Public Policy' }, after: null });
    expect((await t.call('GET', `/api/admin/master/subjects/${subject.id}`, { token: admin })).status).toBe(404);
  });

  it('gives a reference table without a sequence the next free id', async () => {
    const created = await t.call('POST', '/api/admin/master/religions', { token: admin, json: { nameEn: 'Bon', nameNp: 'बोन' } });
    expect(created.status).toBe(200);
    const [max] = await t.db.select({ id: schema.religions.id }).from(schema.religions).orderBy(desc(schema.religions.id)).limit(1);
    expect(data<Row>(created).id).toBe(max!.id);
  });

  it('refuses names with a space at either end, non-digits and more than 15 digits in numeric fields', async () => {
    const spaced = await t.call('POST', '/api/admin/master/ministries', { token: admin, lang: 'en', json: { nameEn: ' Ministry of Health', nameNp: 'स्वास्थ्य मन्त्रालय ' } });
    expect(spaced.status).toBe(400);
    expect(spaced.body.code).toBe('VALIDATION_FAILED');
    expect(spaced.body.errors?.nameEn).toEqual(['Remove the space at the start or end.']);
    expect(spaced.body.errors?.nameNp).toBeDefined();
    const missing = await t.call('POST', '/api/admin/master/ministries', { token: admin, json: { nameEn: '' } });
    expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual(['nameEn', 'nameNp']);

    const organization = data<Row>(await t.call('POST', '/api/admin/master/organizations', { token: admin, json: { nameEn: 'PSC Kathmandu', nameNp: 'लोक सेवा काठमाडौं', isCommissionOffice: true } }));
    const base = { organizationId: organization.id, fiscalYear: '2081/82', rollFrom: '1000', rollTo: '2000' };
    const letters = await t.call('POST', '/api/admin/master/roll-number-ranges', { token: admin, lang: 'en', json: { ...base, rollFrom: '12a4' } });
    expect(letters.body.errors?.rollFrom).toEqual(['Only numbers are allowed.']);
    const tooLong = await t.call('POST', '/api/admin/master/roll-number-ranges', { token: admin, lang: 'en', json: { ...base, rollTo: '1234567890123456' } });
    expect(tooLong.body.errors?.rollTo).toEqual(['At most 15 digits are allowed.']);
    const reversed = await t.call('POST', '/api/admin/master/roll-number-ranges', { token: admin, lang: 'en', json: { ...base, rollFrom: '3000' } });
    expect(reversed.body.errors?.rollTo).toEqual(['The to-roll number must be greater than the from-roll number.']);
    const fifteen = await t.call('POST', '/api/admin/master/roll-number-ranges', { token: admin, json: { ...base, rollFrom: '१००', rollTo: '999999999999999' } });
    expect(fifteen.status).toBe(200);
    expect(data<Row>(fifteen)).toMatchObject({ rollFrom: 100, rollTo: 999999999999999 });

    const noCapacity = await t.call('POST', '/api/admin/master/exam-centres', { token: admin, json: { nameEn: 'Centre', nameNp: 'केन्द्र', centerCapacity: 0 } });
    expect(noCapacity.body.errors?.centerCapacity).toBeDefined();
    const phone = await t.call('POST', '/api/admin/master/exam-centres', { token: admin, json: { nameEn: 'Centre', nameNp: 'केन्द्र', centerCapacity: 40, contactNumber: '01-4771' } });
    expect(phone.body.errors?.contactNumber).toBeDefined();
  });

  it('refuses to delete a row something refers to, with 409 and nothing lost', async () => {
    const ministry = data<Row>(await t.call('POST', '/api/admin/master/ministries', { token: admin, json: { nameEn: 'Ministry of Finance', nameNp: 'अर्थ मन्त्रालय' } }));
    await t.call('POST', '/api/admin/master/departments', { token: admin, json: { ministryId: ministry.id, nameEn: 'Inland Revenue Department', nameNp: 'आन्तरिक राजस्व विभाग' } });
    const auditsBefore = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entity, 'ministries'));
    const refused = await t.call('DELETE', `/api/admin/master/ministries/${ministry.id}`, { token: admin, lang: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', message: 'This record is used elsewhere and cannot be deleted.' });
    expect((await t.call('GET', `/api/admin/master/ministries/${ministry.id}`, { token: admin })).status).toBe(200);
    expect(await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entity, 'ministries'))).toHaveLength(auditsBefore.length);

    // A seeded class that posts refer to.
    const [post] = await t.db.select({ classId: schema.posts.classId }).from(schema.posts).limit(1);
    expect((await t.call('DELETE', `/api/admin/master/service-classes/${post!.classId}`, { token: admin })).status).toBe(409);
  });

  it('answers 404 for a row that does not exist, 422 for a reference to one, 400 for an unknown type', async () => {
    const unknown = await t.call('GET', '/api/admin/master/planets', { token: admin });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.type).toBeDefined();
    expect((await t.call('PUT', '/api/admin/master/subjects/999999', { token: admin, json: { nameEn: 'X', nameNp: 'क' } })).status).toBe(404);
    expect((await t.call('DELETE', '/api/admin/master/subjects/999999', { token: admin })).status).toBe(404);
    const dangling = await t.call('POST', '/api/admin/master/departments', { token: admin, json: { ministryId: 999999, nameEn: 'Nowhere', nameNp: 'कतै छैन' } });
    expect(dangling.status).toBe(422);
  });
});

describe('post qualifications', () => {
  it('sets, reads, changes and deletes the minimum qualification of a post, one per post', async () => {
    const [post] = await t.db.select({ id: schema.posts.id }).from(schema.posts).limit(1);
    const levels = await t.db.select({ id: schema.educationLevels.id }).from(schema.educationLevels).limit(2);
    const faculties = await t.db.select({ id: schema.faculties.id }).from(schema.faculties).limit(2);
    const body = { postId: post!.id, educationLevelId: levels[0]!.id, facultyIds: faculties.map((f) => f.id), description: "Bachelor's in any of these faculties" };
    const created = await t.call('POST', '/api/admin/qualifications', { token: admin, json: body });
    expect(created.status).toBe(200);
    const qualification = data<Row & { faculties: { id: number }[] }>(created);
    expect(qualification.faculties.map((f) => f.id)).toEqual(faculties.map((f) => f.id));
    expect((await t.call('POST', '/api/admin/qualifications', { token: admin, json: body })).status).toBe(409);

    const list = data<{ items: Row[]; total: number }>(await t.call('GET', '/api/admin/qualifications', { token: admin }));
    expect(list.items.map((r) => r.id)).toContain(qualification.id);
    const changed = await t.call('PUT', `/api/admin/qualifications/${qualification.id}`, { token: admin, json: { ...body, educationLevelId: levels[1]!.id, facultyIds: [] } });
    expect(data<Row & { faculties: unknown[] }>(changed)).toMatchObject({ educationLevelId: levels[1]!.id, faculties: [] });
    expect(await lastAudit('post-qualifications', qualification.id)).toMatchObject({ action: 'update', before: { educationLevelId: levels[0]!.id }, after: { educationLevelId: levels[1]!.id } });
    expect(data<Row>(await t.call('GET', `/api/admin/qualifications/${qualification.id}`, { token: admin })).id).toBe(qualification.id);
    expect((await t.call('DELETE', `/api/admin/qualifications/${qualification.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `/api/admin/qualifications/${qualification.id}`, { token: admin })).status).toBe(404);
  });
});

describe('master-data change feed', () => {
  type Feed = { changes: { seq: number; type: string; id: number; operation: string; row: Row | null }[]; lastSeq: number; hasMore: boolean };

  it('pages from 0 until hasMore is false, and reports inserts, updates and deletes with current rows', async () => {
    let since = 0;
    let pages = 0;
    const seen = new Map<string, Row | null>();
    for (;;) {
      const feed = data<Feed>(await t.call('GET', `/api/staff/master-data/changes?since=${since}&limit=5000`, { token: admin }));
      pages += 1;
      for (const change of feed.changes) {
        expect(change.seq).toBeGreaterThan(since);
        seen.set(`${change.type}:${change.id}`, change.row);
      }
      since = feed.lastSeq;
      if (!feed.hasMore) break;
    }
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(seen.get('provinces:1')).toMatchObject({ id: 1 });

    const cluster = data<Row>(await t.call('POST', '/api/admin/master/clusters', { token: admin, json: { nameEn: 'Far West', nameNp: 'सुदूरपश्चिम' } }));
    await t.call('PUT', `/api/admin/master/clusters/${cluster.id}`, { token: admin, json: { nameEn: 'Far Western', nameNp: 'सुदूरपश्चिम' } });
    const gone = data<Row>(await t.call('POST', '/api/admin/master/clusters', { token: admin, json: { nameEn: 'Temporary', nameNp: 'अस्थायी' } }));
    await t.call('DELETE', `/api/admin/master/clusters/${gone.id}`, { token: admin });

    // Small pages: every change arrives once, in order, and the last page says hasMore=false.
    const changes: Feed['changes'] = [];
    for (let page = 0; page < 10; page += 1) {
      const feed = data<Feed>(await t.call('GET', `/api/staff/master-data/changes?since=${since}&limit=2`, { token: admin }));
      changes.push(...feed.changes);
      expect(feed.changes.length).toBeLessThanOrEqual(2);
      since = feed.lastSeq;
      if (!feed.hasMore) break;
    }
    expect(changes.map((c) => [c.type, c.id, c.operation])).toEqual([
      ['clusters', cluster.id, 'insert'],
      ['clusters', cluster.id, 'update'],
      ['clusters', gone.id, 'insert'],
      ['clusters', gone.id, 'delete'],
    ]);
    // Rows are as they are now: the insert of the renamed cluster carries the new name, and the
    // insert of the deleted one carries null.
    expect(changes[0]!.row).toMatchObject({ nameEn: 'Far Western' });
    expect(changes[2]!.row).toBeNull();
    expect(changes[3]!.row).toBeNull();

    const empty = data<Feed>(await t.call('GET', `/api/staff/master-data/changes?since=${since}`, { token: admin }));
    expect(empty).toEqual({ changes: [], lastSeq: since, hasMore: false });
    expect((await t.call('GET', '/api/staff/master-data/changes?limit=5001', { token: admin })).status).toBe(400);
  });
});
