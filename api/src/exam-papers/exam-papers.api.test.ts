import { DEMO_EXAM_PAPERS, schema } from '@psc/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';

// Spec §3 Paper configuration [PE], spec §2 paper-detail/{id} [MC]: a post's ordered papers.

let t: TestApp;
let officer: StaffUser;
let reader: StaffUser;
let master: StaffUser;
let outsider: StaffUser;
let post: { id: number; classId: number };
let otherPost: { id: number; classId: number };
let groupId: number;
let subjectId: number;
beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaffUser(t, { PE: ['read', 'create', 'update', 'delete'] });
  reader = await createStaffUser(t, { PE: ['read'] });
  master = await createStaffUser(t, { MC: ['read'] });
  // Every privilege but PE: master configuration, requisitions, scrutiny...
  outsider = await createStaffUser(t, { MC: ['read', 'create', 'update', 'delete'], RQ: ['read', 'create', 'update', 'delete'], SA: ['read', 'create'] });
  // Posts without demo papers, so each test's exam starts empty.
  const posts = await t.db.select({ id: schema.posts.id, classId: schema.posts.classId }).from(schema.posts).orderBy(asc(schema.posts.id));
  const classes = [...new Set(posts.map((row) => row.classId))];
  post = posts.find((row, index) => index > 0 && row.classId === classes[0])!;
  otherPost = posts.find((row) => row.classId !== post.classId)!;
  const [group] = await t.db.select({ id: schema.serviceGroups.id }).from(schema.serviceGroups).orderBy(asc(schema.serviceGroups.id)).limit(1);
  groupId = group!.id;
  const [subject] = await t.db.insert(schema.subjects).values({ nameEn: 'Economics', nameNp: 'अर्थशास्त्र' }).returning({ id: schema.subjects.id });
  subjectId = subject!.id;
});
afterAll(() => t.close());

const paper = (overrides: Record<string, unknown> = {}) => ({
  postId: post.id,
  testType: 'written',
  paperType: 'objective',
  subjectNameEn: 'General Knowledge',
  subjectNameNp: 'सामान्य ज्ञान',
  fullMarks: '१००',
  passMarks: '४०',
  durationMinutes: '४५',
  examOption: 'compulsory',
  ...overrides,
});

async function create(body: Record<string, unknown>, user: StaffUser = officer): Promise<number> {
  const answer = await t.call('POST', '/api/admin/exam-papers', { token: user.token, json: body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { id: number }).id;
}

type Listed = { id: number; paperOrder: number; postId: number; classId: number; serviceGroupId: number | null; fullMarks: number; subjectNameEn: string };
async function list(query: string, user: StaffUser = reader) {
  const answer = await t.call('GET', `/api/admin/exam-papers?${query}`, { token: user.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { items: Listed[]; total: number };
}

const auditOf = (id: number) =>
  t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, 'exam_papers'), eq(schema.auditLog.entityId, String(id))));

describe('creating papers', () => {
  it('stores a paper with Devanagari digits read, last in its exam, and audits it', async () => {
    const first = await create(paper({ serviceGroupId: groupId }));
    const second = await create(paper({ serviceGroupId: groupId, paperType: 'subjective', subjectNameEn: 'Service Subject', subjectNameNp: 'सेवा विषय', durationMinutes: '१८०' }));
    const { items } = await list(`postId=${post.id}&serviceGroupId=${groupId}`);
    expect(items.map((row) => [row.id, row.paperOrder, row.fullMarks])).toEqual([
      [first, 1, 100],
      [second, 2, 100],
    ]);
    expect(items[0]).toMatchObject({ classId: post.classId, passMarks: 40, durationMinutes: 45, serviceGroupId: groupId });
    expect(await auditOf(first)).toMatchObject([{ action: 'create', before: null, after: { id: first, paperOrder: 1 } }]);
  });

  it('refuses marks and durations out of range and pass marks over full marks, in both languages, storing nothing', async () => {
    const [{ before }] = await t.db.select({ before: sql<number>`count(*)::int` }).from(schema.examPapers);
    const english = await t.call('POST', '/api/admin/exam-papers', { token: officer.token, lang: 'en', json: paper({ fullMarks: '१००१', passMarks: '0', durationMinutes: '0' }) });
    expect(english.status).toBe(400);
    expect(english.body.errors).toEqual({ fullMarks: ['The number must be at most 1000.'], durationMinutes: ['The number must be at least 1.'] });
    const nepali = await t.call('POST', '/api/admin/exam-papers', { token: officer.token, lang: 'ne', json: paper({ passMarks: '१०१' }) });
    expect(nepali.status).toBe(400);
    expect(nepali.body.errors).toEqual({ passMarks: ['उत्तीर्णाङ्क पूर्णाङ्कभन्दा बढी हुन सक्दैन।'] });
    const english2 = await t.call('POST', '/api/admin/exam-papers', { token: officer.token, lang: 'en', json: paper({ passMarks: '101' }) });
    expect(english2.body.errors).toEqual({ passMarks: ['The pass marks cannot be more than the full marks.'] });
    const optional = await t.call('POST', '/api/admin/exam-papers', { token: officer.token, lang: 'en', json: paper({ examOption: 'optional' }) });
    expect(optional.body.errors).toEqual({ optionalSubjectId: ['Please choose the optional subject this paper examines.'] });
    const unknownPost = await t.call('POST', '/api/admin/exam-papers', { token: officer.token, lang: 'en', json: paper({ postId: 2_000_000_000 }) });
    expect(unknownPost.status).toBe(422);
    const [{ after }] = await t.db.select({ after: sql<number>`count(*)::int` }).from(schema.examPapers);
    expect(after).toBe(before);
  });

  it('keeps the database to the same rules when a write skips the API', async () => {
    const insert = (values: Partial<typeof schema.examPapers.$inferInsert>) =>
      t.db.insert(schema.examPapers).values({ ...paper(), fullMarks: 100, passMarks: 40, durationMinutes: 45, paperOrder: 19, createdBy: officer.userId, ...values } as typeof schema.examPapers.$inferInsert);
    await expect(insert({ passMarks: 101 })).rejects.toThrow();
    await expect(insert({ fullMarks: 1001, passMarks: 0 })).rejects.toThrow();
    await expect(insert({ durationMinutes: 0 })).rejects.toThrow();
    await expect(insert({ examOption: 'optional' })).rejects.toThrow();
    await expect(insert({ paperOrder: 0 })).rejects.toThrow();
  });

  it('stores an optional paper with its subject from the subjects master', async () => {
    const id = await create(paper({ postId: otherPost.id, examOption: 'optional', optionalSubjectId: subjectId, subjectNameEn: 'Economics', subjectNameNp: 'अर्थशास्त्र' }));
    const answer = await t.call('GET', `/api/admin/exam-papers/${id}`, { token: reader.token });
    expect(answer.body.data).toMatchObject({ examOption: 'optional', optionalSubjectId: subjectId, optionalSubjectNameNp: 'अर्थशास्त्र' });
  });
});

describe('filters', () => {
  it('lists by class, post and master division (service group), each exam in order, paged', async () => {
    const common = await create(paper({ postId: otherPost.id, subjectNameEn: 'Common paper' }));
    const byPost = await list(`postId=${otherPost.id}`);
    expect(byPost.items.every((row) => row.postId === otherPost.id)).toBe(true);
    expect(byPost.items.map((row) => row.id)).toContain(common);
    const byClass = await list(`classId=${otherPost.classId}&pageSize=100`);
    expect(byClass.items.every((row) => row.classId === otherPost.classId)).toBe(true);
    expect(byClass.items.map((row) => row.id)).toContain(common);
    const byGroup = await list(`serviceGroupId=${groupId}&postId=${post.id}`);
    expect(byGroup.items.every((row) => row.serviceGroupId === groupId)).toBe(true);
    expect(byGroup.items.map((row) => row.id)).not.toContain(common);
    const paged = await list(`pageSize=1&page=2`);
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThan(2);
    const bad = await t.call('GET', '/api/admin/exam-papers?classId=abc', { token: reader.token, lang: 'en' });
    expect(bad.status).toBe(400);
  });

  it('has the demo papers of the demo post: written objective, written subjective, interview', async () => {
    const [demo] = await t.db.select({ postId: schema.examPapers.postId }).from(schema.examPapers).where(eq(schema.examPapers.subjectNameEn, DEMO_EXAM_PAPERS[0]!.subjectNameEn));
    const { items } = await list(`postId=${demo!.postId}`);
    expect(items.slice(0, 3).map((row) => row.subjectNameEn)).toEqual(DEMO_EXAM_PAPERS.map((row) => row.subjectNameEn));
  });
});

describe('changing, ordering and deleting', () => {
  it('updates a paper in place and audits the before and after', async () => {
    const id = await create(paper({ postId: otherPost.id, subjectNameEn: 'To change' }));
    const answer = await t.call('PUT', `/api/admin/exam-papers/${id}`, { token: officer.token, json: paper({ postId: otherPost.id, subjectNameEn: 'Changed', fullMarks: '५०', passMarks: '२०' }) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = await t.db.select().from(schema.examPapers).where(eq(schema.examPapers.id, id));
    expect(row).toMatchObject({ subjectNameEn: 'Changed', fullMarks: 50, passMarks: 20 });
    expect((await auditOf(id)).find((entry) => entry.action === 'update')).toMatchObject({ before: { subjectNameEn: 'To change' }, after: { subjectNameEn: 'Changed' } });
    const over = await t.call('PUT', `/api/admin/exam-papers/${id}`, { token: officer.token, lang: 'en', json: paper({ postId: otherPost.id, fullMarks: 50, passMarks: 60 }) });
    expect(over.status).toBe(400);
    const missing = await t.call('PUT', '/api/admin/exam-papers/2000000000', { token: officer.token, json: paper() });
    expect(missing.status).toBe(404);
  });

  it("reorders a post's exam and refuses a list that misses or repeats a paper", async () => {
    const ids = [await create(paper({ subjectNameEn: 'A' })), await create(paper({ subjectNameEn: 'B' })), await create(paper({ subjectNameEn: 'C' }))];
    const exam = () =>
      t.db
        .select({ id: schema.examPapers.id })
        .from(schema.examPapers)
        .where(and(eq(schema.examPapers.postId, post.id), isNull(schema.examPapers.serviceGroupId)))
        .orderBy(asc(schema.examPapers.paperOrder));
    const reordered = [ids[2]!, ids[0]!, ids[1]!];
    const answer = await t.call('POST', '/api/admin/exam-papers/reorder', { token: officer.token, json: { postId: post.id, paperIds: reordered.map(String) } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await exam()).map((row) => row.id)).toEqual(reordered);
    expect((await auditOf(ids[2]!)).find((entry) => entry.action === 'reorder')).toMatchObject({ before: { paperOrder: 3 }, after: { paperOrder: 1 } });
    for (const paperIds of [[ids[0], ids[1]], [ids[0], ids[0], ids[1]], [ids[0], ids[1], ids[2], 2_000_000_000]]) {
      const refused = await t.call('POST', '/api/admin/exam-papers/reorder', { token: officer.token, lang: 'en', json: { postId: post.id, paperIds } });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/every paper of this exam exactly once/);
    }
    expect((await exam()).map((row) => row.id)).toEqual(reordered);
  });

  it('refuses more papers than an exam holds', async () => {
    const [group] = await t.db.select({ id: schema.serviceGroups.id }).from(schema.serviceGroups).orderBy(asc(schema.serviceGroups.id)).offset(1).limit(1);
    for (let index = 0; index < 20; index += 1) await create(paper({ serviceGroupId: group!.id, subjectNameEn: `Paper ${index + 1}` }));
    const refused = await t.call('POST', '/api/admin/exam-papers', { token: officer.token, lang: 'en', json: paper({ serviceGroupId: group!.id }) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("A post's exam can have at most 20 papers.");
  });

  it('deletes an unused paper, and refuses to delete one something refers to, in both languages', async () => {
    const unused = await create(paper({ postId: otherPost.id, subjectNameEn: 'Unused' }));
    expect((await t.call('DELETE', `/api/admin/exam-papers/${unused}`, { token: officer.token })).status).toBe(200);
    expect((await auditOf(unused)).map((entry) => entry.action).sort()).toEqual(['create', 'delete']);
    expect((await t.call('DELETE', `/api/admin/exam-papers/${unused}`, { token: officer.token })).status).toBe(404);

    // Any later table (an exam schedule, marks) refers to a paper by a foreign key: a stand-in here.
    const used = await create(paper({ postId: otherPost.id, subjectNameEn: 'Used' }));
    await t.db.execute(sql`create table exam_paper_use_test (paper_id integer not null references exam_papers(id))`);
    await t.db.execute(sql`insert into exam_paper_use_test values (${used})`);
    const english = await t.call('DELETE', `/api/admin/exam-papers/${used}`, { token: officer.token, lang: 'en' });
    expect(english.status).toBe(409);
    expect(english.body.message).toBe('This paper is already used (for example by an exam schedule) and cannot be deleted.');
    const nepali = await t.call('DELETE', `/api/admin/exam-papers/${used}`, { token: officer.token, lang: 'ne' });
    expect(nepali.body.message).toBe('यो प्रश्नपत्र प्रयोगमा छ (जस्तै परीक्षा तालिकामा), त्यसैले हटाउन मिल्दैन।');
    expect(await t.db.select().from(schema.examPapers).where(eq(schema.examPapers.id, used))).toHaveLength(1);
    await t.db.execute(sql`drop table exam_paper_use_test`);
  });
});

describe('paper detail [MC]', () => {
  it('answers the paper and its history, newest first', async () => {
    const id = await create(paper({ postId: otherPost.id, subjectNameEn: 'Detailed' }));
    await t.call('PUT', `/api/admin/exam-papers/${id}`, { token: officer.token, json: paper({ postId: otherPost.id, subjectNameEn: 'Detailed again' }) });
    const answer = await t.call('GET', `/api/admin/exam-papers/${id}/detail`, { token: master.token });
    expect(answer.status).toBe(200);
    const data = answer.body.data as { paper: { subjectNameEn: string }; history: { action: string; actorNameEn: string }[] };
    expect(data.paper.subjectNameEn).toBe('Detailed again');
    expect(data.history.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect((await t.call('GET', '/api/admin/exam-papers/2000000000/detail', { token: master.token })).status).toBe(404);
  });
});

describe('authorisation', () => {
  it('refuses every route to a user without PE, and writes to a user with PE read only', async () => {
    const [demo] = await t.db.select({ id: schema.examPapers.id }).from(schema.examPapers).limit(1);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/exam-papers'],
      ['GET', `/api/admin/exam-papers/${demo!.id}`],
      ['POST', '/api/admin/exam-papers', paper()],
      ['PUT', `/api/admin/exam-papers/${demo!.id}`, paper()],
      ['DELETE', `/api/admin/exam-papers/${demo!.id}`],
      ['POST', '/api/admin/exam-papers/reorder', { postId: post.id, paperIds: [demo!.id] }],
    ];
    for (const [method, path, json] of calls) {
      expect((await t.call(method, path, { token: outsider.token, ...(json ? { json } : {}) })).status, `${method} ${path}`).toBe(403);
      expect((await t.call(method, path, json ? { json } : {})).status, `${method} ${path} anonymous`).toBe(401);
      if (method !== 'GET') expect((await t.call(method, path, { token: reader.token, ...(json ? { json } : {}) })).status, `${method} ${path} read only`).toBe(403);
    }
    // The detail is master configuration's (spec §2 paper-detail/{id} [MC]): PE alone does not open it.
    expect((await t.call('GET', `/api/admin/exam-papers/${demo!.id}/detail`, { token: officer.token })).status).toBe(403);
    expect((await t.call('GET', `/api/admin/exam-papers/${demo!.id}/detail`, { token: master.token })).status).toBe(200);
    const candidate = await t.signInCandidate();
    expect((await t.call('GET', '/api/admin/exam-papers', { token: candidate.accessToken })).status).toBe(403);
  });
});
