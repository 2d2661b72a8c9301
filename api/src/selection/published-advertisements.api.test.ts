import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedVerifiedResults } from './selection.test-support';

// The public list of advertisements with a published written or final list (spec §1 "view
// selection results"): anyone reads it without signing in; a draft never shows; a publish or an
// unpublish shows at once (the staff write empties the cached answer).

let t: TestApp;
let officer: StaffUser;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaffUser(t, { WS: ['read', 'create', 'update', 'delete', 'approve'], FS: ['read', 'create', 'update', 'delete', 'approve'] });
});
afterAll(async () => {
  await t.close();
});

const W = '/api/admin/written-selection';
const F = '/api/admin/finalSelection';
const interview = { interviewAt: '2026-12-20T10:00:00+05:45', interviewPlaceEn: 'Commission hall, Anamnagar', interviewPlaceNp: 'आयोग सभाकक्ष, अनामनगर' };

type Listed = { advertisementCode: string; fiscalYear: string; postNameEn: string | null; postNameNp: string | null; kinds: string[]; publishedOnAd: string };

const ok = (answer: { status: number; body: unknown }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { data: never }).data;
};
const listed = async (code: string) => ((ok(await t.call('GET', '/api/public/selection-results/advertisements')) as Listed[]).find((row) => row.advertisementCode === code));

describe('public list of published selection results', () => {
  it('lists an advertisement once its written list is published, then with its final list, never a draft', async () => {
    const { advertisement } = await seedVerifiedResults(t.db, {
      quotas: [{ code: 'open', vacancies: 1 }],
      candidates: [
        { nameEn: 'Asha Karki', nameNp: 'आशा', quotas: ['open'], written: [80, 70], interview: 30 },
        { nameEn: 'Bikash Rai', quotas: ['open'], written: [75, 70], interview: 20 },
      ],
    });
    const draft = ok(await t.call('POST', `${W}/add`, { token: officer.token, json: { advertisementId: advertisement.advertisementId, ...interview } })) as { id: number };
    // Read once so that the cache holds the answer without it.
    expect(await listed(advertisement.code)).toBeUndefined();

    ok(await t.call('POST', `${W}/view/${draft.id}/publish`, { token: officer.token }));
    const afterWritten = await listed(advertisement.code);
    expect(afterWritten).toMatchObject({ advertisementCode: advertisement.code, fiscalYear: advertisement.fiscalYear, kinds: ['written'] });
    expect(afterWritten!.postNameEn).toEqual(expect.any(String));
    expect(afterWritten!.publishedOnAd).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const finalDraft = ok(await t.call('POST', `${F}/add-new-selection`, { token: officer.token, json: { advertisementId: advertisement.advertisementId } })) as { id: number };
    expect((await listed(advertisement.code))!.kinds).toEqual(['written']);
    ok(await t.call('POST', `${F}/view-new-selection/${finalDraft.id}/publish`, { token: officer.token }));
    expect((await listed(advertisement.code))!.kinds).toEqual(['written', 'final']);

    // Back to draft: the final list leaves the public list at once.
    ok(await t.call('POST', `${F}/view-new-selection/${finalDraft.id}/unpublish`, { token: officer.token }));
    expect((await listed(advertisement.code))!.kinds).toEqual(['written']);
  });

  it('answers anyone without a token, and holds no candidate data', async () => {
    const answer = await t.app.request('/api/public/selection-results/advertisements');
    expect(answer.status).toBe(200);
    const rows = ((await answer.json()) as { data: Record<string, unknown>[] }).data;
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['advertisementCode', 'fiscalYear', 'kinds', 'postNameEn', 'postNameNp', 'publishedOnAd']);
  });
});
