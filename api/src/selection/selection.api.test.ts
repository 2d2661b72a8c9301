import { schema } from '@psc/db';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePdfPrinter } from '../admit-cards/pdf-printer';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { rowsOf } from '../applications/rows-of';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { readSelectionCandidates } from './read-selection-candidates';
import { seedVerifiedResults, type ResultPlan, type SeededResults } from './selection.test-support';

// Written selection [WS], final selection [FS], verify previous selection [VS] and withheld
// results (spec §2, §6): computed from verified marks, saved as drafts, published with one SMS and
// one e-mail per person, reverted; withheld results never published.

let t: TestApp;
let written: StaffUser;
let final: StaffUser;
let verifier: StaffUser;
let reader: StaffUser;
let outsider: StaffUser;

beforeAll(async () => {
  t = await createTestApp();
  written = await createStaffUser(t, { WS: ['read', 'create', 'update', 'delete', 'approve'] });
  final = await createStaffUser(t, { FS: ['read', 'create', 'update', 'delete', 'approve'] });
  verifier = await createStaffUser(t, { VS: ['read'] });
  reader = await createStaffUser(t, { WS: ['read'], FS: ['read'] });
  outsider = await createStaffUser(t, { SA: ['read', 'create', 'update', 'delete', 'approve'] });
});
afterAll(async () => {
  await closePdfPrinter();
  await t.close();
});

const W = '/api/admin/written-selection';
const F = '/api/admin/finalSelection';
const interview = { interviewAt: '2026-12-20T10:00:00+05:45', interviewPlaceEn: 'Commission hall, Anamnagar', interviewPlaceNp: 'आयोग सभाकक्ष, अनामनगर' };

// Open 2 posts (1 extra: 2-5 posts shortlist 5 extra by default, so 7 places) and women 1 post (4 places).
const plans: ResultPlan[] = [
  { nameEn: 'Asha Karki', quotas: ['open', 'women'], written: [80, 70], interview: 30 },
  { nameEn: 'Bikash Rai', quotas: ['open'], written: [75, 70], interview: 20 },
  { nameEn: 'Chandra Yadav', quotas: ['open', 'women'], written: [60, 60], interview: 35 },
  { nameEn: 'Devi Thapa', quotas: ['women'], written: [50, 50], interview: 25 },
  { nameEn: 'Eka Gurung', quotas: ['open'], written: [90, 30] }, // failed paper 2
  { nameEn: 'Ganga Shah', quotas: ['women'], written: [45, 45], interview: 10 },
];

async function seed(candidates = plans): Promise<SeededResults> {
  return seedVerifiedResults(t.db, { quotas: [{ code: 'open', vacancies: 2 }, { code: 'women', vacancies: 1 }], candidates });
}

const ok = (answer: { status: number; body: unknown }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { data: never }).data;
};

type Entry = { applicationId: number; quotaCode: string; position: number; outcome: string; totalMarks: number | null; isWithheld: boolean };

describe('written selection', () => {
  it('previews, saves, publishes with the interview and queues one SMS and one e-mail per shortlisted person', async () => {
    const { advertisement, candidates } = await seed();
    const preview = ok(await t.call('POST', `${W}/add/preview`, { token: written.token, json: { advertisementId: advertisement.advertisementId }, lang: 'en' })) as {
      quotas: { quotaCode: string; listed: number; emptyPlaces: number }[];
      entries: Entry[];
    };
    // Eka failed a paper; the rest pass. Open first takes Asha, Bikash, Chandra (7 places); women then Devi and Ganga.
    expect(preview.entries.map((entry) => `${entry.quotaCode}:${entry.applicationId}`).sort()).toEqual(
      [`open:${candidates[0]!.applicationId}`, `open:${candidates[1]!.applicationId}`, `open:${candidates[2]!.applicationId}`, `women:${candidates[3]!.applicationId}`, `women:${candidates[5]!.applicationId}`].sort(),
    );
    expect(preview.quotas).toEqual(expect.arrayContaining([expect.objectContaining({ quotaCode: 'open', listed: 3, emptyPlaces: 4 })]));

    // Devanagari digits are read as the id.
    const saved = ok(await t.call('POST', `${W}/add`, { token: written.token, json: { advertisementId: String(advertisement.advertisementId).replace(/[0-9]/g, (d) => '०१२३४५६७८९'[Number(d)]!) }, lang: 'en' })) as { id: number; entries: number };
    expect(saved.entries).toBe(5);
    const refused = await t.call('POST', `${W}/view/${saved.id}/publish`, { token: written.token, lang: 'en' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/interview/);

    const withInterview = ok(await t.call('POST', `${W}/add`, { token: written.token, json: { advertisementId: advertisement.advertisementId, ...interview }, lang: 'ne' })) as { id: number };
    // The earlier draft was replaced.
    const list = ok(await t.call('GET', `${W}/view?advertisementId=${advertisement.advertisementId}`, { token: reader.token })) as { id: number; status: string }[];
    expect(list.map((row) => row.id)).toEqual([withInterview.id]);

    const published = ok(await t.call('POST', `${W}/view/${withInterview.id}/publish`, { token: written.token, lang: 'en' })) as { smsQueued: number; mailsQueued: number };
    expect(published).toMatchObject({ smsQueued: 5, mailsQueued: 5 });
    const sms = await t.db.select().from(schema.smsOutbox).where(like(schema.smsOutbox.dedupeKey, `selection-result:${advertisement.advertisementId}:written:%`));
    expect(sms).toHaveLength(5);
    expect(sms[0]!.body).toContain('Interview');
    expect(sms[0]!.body).toMatch(/[०-९]/);

    // Revert and publish again: no message twice.
    ok(await t.call('POST', `${W}/view/${withInterview.id}/unpublish`, { token: written.token }));
    expect(ok(await t.call('POST', `${W}/view/${withInterview.id}/publish`, { token: written.token }))).toMatchObject({ smsQueued: 0, mailsQueued: 0 });
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, String(withInterview.id)));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['written-selection.save', 'written-selection.publish', 'written-selection.unpublish']));

    // A second draft cannot be published beside the published one.
    const second = ok(await t.call('POST', `${W}/add`, { token: written.token, json: { advertisementId: advertisement.advertisementId, ...interview } })) as { id: number };
    expect((await t.call('POST', `${W}/view/${second.id}/publish`, { token: written.token })).status).toBe(409);
    ok(await t.call('DELETE', `${W}/view/${second.id}`, { token: written.token }));
    expect((await t.call('DELETE', `${W}/view/${withInterview.id}`, { token: written.token })).status).toBe(409);

    const publicList = ok(await t.call('GET', `/api/public/selection-results?advertisementCode=${encodeURIComponent(advertisement.code)}`)) as { selections: { kind: string; entries: { rollNumber: number }[] }[] };
    expect(publicList.selections[0]!.entries).toHaveLength(5);

    // The printed list: for anyone once published, for the officer by id.
    const pdf = await t.app.request(`/api/public/selection-results/pdf?advertisementCode=${encodeURIComponent(advertisement.code)}&kind=written&lang=ne`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.call('GET', `/api/public/selection-results/pdf?advertisementCode=${encodeURIComponent(advertisement.code)}&kind=final`)).status).toBe(404);
    const staffPdf = await t.app.request(`${W}/view/${withInterview.id}/pdf?lang=en`, { headers: { authorization: `Bearer ${reader.token}` } });
    expect(staffPdf.status).toBe(200);
  });

  it('refuses nothing to select and bad input', async () => {
    const { advertisement } = await seed([{ nameEn: 'Failed One', quotas: ['open'], written: [10, 10] }]);
    expect((await t.call('POST', `${W}/add`, { token: written.token, json: { advertisementId: advertisement.advertisementId } })).status).toBe(422);
    expect((await t.call('POST', `${W}/add`, { token: written.token, json: { advertisementId: 'abc' } })).status).toBe(400);
    expect((await t.call('POST', `${W}/add`, { token: written.token, json: { advertisementId: 999_999_999 } })).status).toBe(404);
    const badRules = await t.call('POST', `${W}/add/preview`, { token: written.token, json: { advertisementId: advertisement.advertisementId, rules: { tieBreakOrder: ['age', 'age'] } }, lang: 'ne' });
    expect(badRules.status).toBe(400);
  });
});

describe('final selection', () => {
  it('selects by merit open first, keeps alternates, withholds a result without giving the post on, and reverts in order', async () => {
    const { advertisement, candidates } = await seed();
    const [asha, bikash, chandra, devi, , ganga] = candidates;
    const writtenDraft = ok(await t.call('POST', `${W}/add`, { token: written.token, json: { advertisementId: advertisement.advertisementId, ...interview } })) as { id: number };
    ok(await t.call('POST', `${W}/view/${writtenDraft.id}/publish`, { token: written.token }));

    // Asha's result is withheld by a court order: her open post stays held.
    const hold = ok(
      await t.call('POST', '/api/admin/result-withholds', { token: final.token, json: { advertisementId: advertisement.advertisementId, applicationId: asha!.applicationId, reason: 'Writ petition pending', orderReference: '०७८-WO-०१२३' } }),
    ) as { id: number };
    expect((await t.call('POST', '/api/admin/result-withholds', { token: final.token, json: { advertisementId: advertisement.advertisementId, applicationId: asha!.applicationId, reason: 'again' } })).status).toBe(409);
    expect((await t.call('POST', '/api/admin/result-withholds', { token: final.token, json: { advertisementId: advertisement.advertisementId, applicationId: asha!.applicationId, reason: '   ' } })).status).toBe(400);
    const [stored] = await t.db.select().from(schema.resultWithholds).where(eq(schema.resultWithholds.id, hold.id));
    expect(stored!.orderReference).toBe('078-WO-0123');

    const saved = ok(await t.call('POST', `${F}/add-new-selection`, { token: final.token, json: { advertisementId: advertisement.advertisementId, rules: { defaultAlternateCount: 1 } } })) as { id: number };
    const view = ok(await t.call('GET', `${F}/view-new-selection/${saved.id}`, { token: final.token })) as { entries: Entry[]; quotas: { quotaCode: string; heldForWithheld: number; emptyPlaces: number }[]; withheldCount: number };
    const outcome = (entry: Entry) => `${entry.quotaCode}:${entry.outcome}:${entry.applicationId}`;
    // Totals: Asha 180 (withheld, her open post held), Bikash 165, Chandra 155, Devi 125, Ganga 100. Chandra, not
    // reached in open, counts in women; Devi is the women's alternate; Ganga is not listed; open has no one left.
    expect(view.entries.map(outcome)).toEqual([`open:selected:${bikash!.applicationId}`, `women:selected:${chandra!.applicationId}`, `women:alternate:${devi!.applicationId}`]);
    expect(view.entries.map((entry) => entry.applicationId)).not.toContain(ganga!.applicationId);
    expect(view.quotas.find((quota) => quota.quotaCode === 'open')).toMatchObject({ listed: 1, heldForWithheld: 1, emptyPlaces: 0, alternates: 0 });
    expect(view.withheldCount).toBe(1);
    const filtered = ok(await t.call('GET', `${F}/view-new-selection/${saved.id}?quota=women&outcome=selected`, { token: final.token })) as { entries: Entry[]; total: number };
    expect(filtered.entries.map((entry) => entry.applicationId)).toEqual([chandra!.applicationId]);

    const published = ok(await t.call('POST', `${F}/view-new-selection/${saved.id}/publish`, { token: final.token })) as { smsQueued: number };
    expect(published.smsQueued).toBe(3);
    // The written result cannot be reverted under a published final selection.
    expect((await t.call('POST', `${W}/view/${writtenDraft.id}/unpublish`, { token: written.token })).status).toBe(409);

    // The public list never shows a withheld result, even one withheld after publication.
    ok(await t.call('POST', '/api/admin/result-withholds', { token: final.token, json: { advertisementId: advertisement.advertisementId, applicationId: devi!.applicationId, reason: 'Complaint under review' } }));
    const publicList = ok(await t.call('GET', `/api/public/selection-results?advertisementCode=${encodeURIComponent(advertisement.code)}`)) as { selections: { kind: string; entries: { rollNumber: number }[] }[] };
    const finalList = publicList.selections.find((selection) => selection.kind === 'final')!;
    expect(finalList.entries.map((entry) => entry.rollNumber)).toEqual([bikash!.rollNumber, chandra!.rollNumber]);
    const writtenList = publicList.selections.find((selection) => selection.kind === 'written')!;
    expect(writtenList.entries.map((entry) => entry.rollNumber)).not.toContain(asha!.rollNumber);

    ok(await t.call('POST', `/api/admin/result-withholds/${hold.id}/release`, { token: final.token }));
    expect((await t.call('POST', `/api/admin/result-withholds/${hold.id}/release`, { token: final.token })).status).toBe(404);
    const holds = ok(await t.call('GET', `/api/admin/result-withholds?advertisementId=${advertisement.advertisementId}`, { token: reader.token })) as { id: number; releasedAt: string | null }[];
    expect(holds).toHaveLength(2);
    expect(holds.find((row) => row.id === hold.id)!.releasedAt).not.toBeNull();
    const audit = await t.db.select().from(schema.auditLog).where(inArray(schema.auditLog.action, ['result.withhold', 'result.release']));
    expect(audit.filter((row) => row.entityId === String(hold.id)).map((row) => row.action).sort()).toEqual(['result.release', 'result.withhold']);

    ok(await t.call('POST', `${F}/view-new-selection/${saved.id}/unpublish`, { token: final.token }));
    ok(await t.call('POST', `${W}/view/${writtenDraft.id}/unpublish`, { token: written.token }));
  });
});

describe('final selection tie-break on the minimum qualification', () => {
  // Rule 31 (reference "Results"): written, practical, interview, then the percentage in the
  // minimum qualification, read from the candidate's profile at the level the post requires.
  it('ranks first, of candidates equal on every mark, the one with the higher percentage at the required level', async () => {
    const same = { quotas: ['open'], written: [60, 60], interview: 30, dateOfBirth: '1995-01-01' };
    // Listed in this order, roll numbers would rank Hari, Ram, Sita; the percentages reverse it.
    const { advertisement, candidates } = await seed([
      { nameEn: 'Hari Adhikari', ...same },
      { nameEn: 'Ram Basnet', ...same },
      { nameEn: 'Sita Chaudhary', ...same },
    ]);
    const [hari, ram, sita] = candidates;
    const levels = rowsOf<{ id: number }>(await t.db.execute(sql`select id from education_levels order by rank, id limit 2`));
    const [lower, required] = [levels[0]!.id, levels[1]!.id];
    // The fixtures' advertisements share one post: name its minimum qualification (or find it named).
    await t.db.execute(sql`
      insert into post_qualifications (post_id, education_level_id)
      select post_id, ${required} from advertisements where id = ${advertisement.advertisementId}
      on conflict (post_id) do update set education_level_id = excluded.education_level_id`);
    const education = (userId: number, levelId: number, scoreType: 'percentage' | 'gpa', score: number) => sql`
      (${userId}, (select min(id) from universities), ${levelId}, (select min(id) from faculties), ${scoreType}, ${score}, 'Management', 'national', '2015-06-01')`;
    await t.db.execute(sql`
      insert into candidate_educations (user_id, university_id, level_id, faculty_id, score_type, score, major_subject, education_type, passed_date)
      values ${sql.join(
        [
          // Hari: a GPA at the required level (another scale: unknown) and a high percentage below it.
          education(hari!.userId, required, 'gpa', 3.9),
          education(hari!.userId, lower, 'percentage', 95),
          // Ram: 70 at the required level, 90 below it (not his minimum qualification).
          education(ram!.userId, required, 'percentage', 70),
          education(ram!.userId, lower, 'percentage', 90),
          // Sita: two at the required level; the better, 82.5, counts.
          education(sita!.userId, required, 'percentage', 64),
          education(sita!.userId, required, 'percentage', 82.5),
        ],
        sql`, `,
      )}`);

    const preview = ok(
      await t.call('POST', `${F}/add-new-selection/preview`, { token: final.token, json: { advertisementId: advertisement.advertisementId, rules: { defaultAlternateCount: 1 } } }),
    ) as { entries: Entry[] };
    // Open has 2 posts and 1 alternate: Sita and Ram selected in that order, Hari the alternate.
    const open = preview.entries.filter((entry) => entry.quotaCode === 'open');
    expect(open.map((entry) => `${entry.outcome}:${entry.position}:${entry.totalMarks}`)).toEqual(['selected:1:150', 'selected:2:150', 'alternate:1:150']);
    expect(open.map((entry) => entry.applicationId)).toEqual([sita!.applicationId, ram!.applicationId, hari!.applicationId]);
    // Read as the statement gives them to core.
    const read = await readSelectionCandidates(t.db, advertisement.advertisementId, null, false);
    expect(Object.fromEntries(read.map((candidate) => [candidate.applicationId, candidate.qualificationPercent]))).toEqual({
      [hari!.applicationId]: null,
      [ram!.applicationId]: 70,
      [sita!.applicationId]: 82.5,
    });
  });
});

describe('verify previous selection', () => {
  it('finds a person selected elsewhere by citizenship number and birth date under another account', async () => {
    const first = await seed([{ nameEn: 'Hari Bhandari', quotas: ['open'], written: [70, 70], citizenshipNumber: '12-03-45', dateOfBirth: '1994-05-06' }]);
    const draft = ok(await t.call('POST', `${F}/add-new-selection`, { token: final.token, json: { advertisementId: first.advertisement.advertisementId } })) as { id: number };
    ok(await t.call('POST', `${F}/view-new-selection/${draft.id}/publish`, { token: final.token }));
    const second = await seed([
      { nameEn: 'Hari Bhandary', quotas: ['open'], written: [65, 65], citizenshipNumber: '१२०३४५', dateOfBirth: '1994-05-06' },
      { nameEn: 'Other Person', quotas: ['open'], written: [60, 60], citizenshipNumber: '120345', dateOfBirth: '1990-01-01' },
    ]);
    const next = ok(await t.call('POST', `${F}/add-new-selection`, { token: final.token, json: { advertisementId: second.advertisement.advertisementId } })) as { id: number };
    const matches = ok(await t.call('GET', `/api/admin/verify-previous-selection/${next.id}`, { token: verifier.token })) as { applicationId: number; matchedBy: string; where: string; previous: { advertisementCode: string } }[];
    expect(matches).toEqual([
      expect.objectContaining({ applicationId: second.candidates[0]!.applicationId, matchedBy: 'citizenship', where: 'other-advertisement', previous: expect.objectContaining({ advertisementCode: first.advertisement.code }) }),
    ]);
    expect((await t.call('GET', '/api/admin/verify-previous-selection/999999999', { token: verifier.token })).status).toBe(404);
    const all = ok(await t.call('GET', '/api/admin/verify-previous-selection', { token: verifier.token })) as { id: number }[];
    expect(all.map((row) => row.id)).toEqual(expect.arrayContaining([draft.id, next.id]));
    const advertisements = ok(await t.call('GET', `${F}/add-new-selection/advertisements`, { token: final.token })) as { id: number; finalPublishedId: number | null }[];
    expect(advertisements.find((row) => row.id === first.advertisement.advertisementId)).toMatchObject({ finalPublishedId: draft.id });
  });
});

describe('authorisation', () => {
  it('refuses every route without the privilege, and without a token', async () => {
    const { advertisement } = await seed();
    const body = { advertisementId: advertisement.advertisementId };
    const routes: [string, string, unknown?][] = [
      ['GET', `${W}/add/advertisements`],
      ['POST', `${W}/add/preview`, body],
      ['POST', `${W}/add`, body],
      ['GET', `${W}/view`],
      ['GET', `${W}/view/1`],
      ['GET', `${W}/view/1/pdf`],
      ['POST', `${W}/view/1/publish`],
      ['POST', `${W}/view/1/unpublish`],
      ['DELETE', `${W}/view/1`],
      ['GET', `${F}/add-new-selection/advertisements`],
      ['POST', `${F}/add-new-selection/preview`, body],
      ['POST', `${F}/add-new-selection`, body],
      ['GET', `${F}/view-new-selection`],
      ['GET', `${F}/view-new-selection/1`],
      ['POST', `${F}/view-new-selection/1/publish`],
      ['POST', `${F}/view-new-selection/1/unpublish`],
      ['DELETE', `${F}/view-new-selection/1`],
      ['GET', '/api/admin/verify-previous-selection'],
      ['GET', '/api/admin/verify-previous-selection/1'],
      ['GET', `/api/admin/result-withholds?advertisementId=${advertisement.advertisementId}`],
      ['POST', '/api/admin/result-withholds', { ...body, applicationId: 1, reason: 'x' }],
      ['POST', '/api/admin/result-withholds/1/release'],
    ];
    for (const [method, path, json] of routes) {
      expect((await t.call(method, path, { token: outsider.token, json })).status, `${method} ${path}`).toBe(403);
      expect((await t.call(method, path, { json })).status, `${method} ${path} without a token`).toBe(401);
    }
    // Reading is not writing: a reader cannot save, publish or withhold; the written officer cannot touch the final list.
    expect((await t.call('POST', `${W}/add`, { token: reader.token, json: body })).status).toBe(403);
    expect((await t.call('POST', `${F}/add-new-selection`, { token: written.token, json: body })).status).toBe(403);
    expect((await t.call('POST', '/api/admin/result-withholds', { token: reader.token, json: { ...body, applicationId: 1, reason: 'x' } })).status).toBe(403);
    // A written selection's id is not found under the final routes.
    const draft = ok(await t.call('POST', `${W}/add`, { token: written.token, json: body })) as { id: number };
    expect((await t.call('GET', `${F}/view-new-selection/${draft.id}`, { token: final.token })).status).toBe(404);
    await t.db.execute(sql`delete from selections where id = ${draft.id}`);
  });
});
