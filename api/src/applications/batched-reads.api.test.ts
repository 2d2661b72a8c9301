import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { findAdvertisementQuotaIds, seedApplicant, type Applicant } from './applications.test-support';

// The read paths a candidate uses answer requests that arrive together from ONE statement
// (createStatementBatcher): on both databases, two candidates asking at the same moment each
// get their own answer, never the other's, and another candidate's application stays 404.
let t: TestApp;
type Submitted = { applicant: Applicant; advertisementId: number; examCentreId: number; applicationId: number; receiptCode: string };
const submitted: Submitted[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const gender of ['female', 'male'] as const) {
    const advertisement = await createAdvertisementFixture(t.db, { status: 'published', fiscalYear: '2078/79' });
    const quotaIds = await findAdvertisementQuotaIds(t.db, advertisement.advertisementId);
    const applicant = await seedApplicant(t, { gender });
    const body = { advertisementId: advertisement.advertisementId, advertisementQuotaIds: [quotaIds.open], examCentreId: advertisement.examCentreIds[0], acceptTerms: true };
    const answer = await t.call('POST', '/api/psc/applications', { token: applicant.token, json: body });
    expect(answer.status).toBe(200);
    const data = answer.body.data as { applicationId: number; receipt: { receiptCode: string } };
    submitted.push({ applicant, advertisementId: advertisement.advertisementId, examCentreId: advertisement.examCentreIds[0]!, applicationId: data.applicationId, receiptCode: data.receipt.receiptCode });
  }
});
afterAll(() => t.close());

/** Each request twice over, all at once, so that the later ones queue into one batch. */
async function together<T>(requests: (() => Promise<T>)[]): Promise<T[]> {
  return Promise.all([...requests, ...requests].map((request) => request()));
}

describe('batched candidate reads', () => {
  it('answers each candidate their own profile', async () => {
    const answers = await together(submitted.map(({ applicant }) => () => t.call('GET', '/api/psc/profile', { token: applicant.token })));
    answers.forEach((answer, index) => {
      expect(answer.status).toBe(200);
      const { personal } = answer.body.data as { personal: { username: string; gender: string; dateOfBirthAd: string } };
      expect(personal.username).toBe(submitted[index % 2]!.applicant.username);
      expect(personal.gender).toBe(index % 2 === 0 ? 'female' : 'male');
    });
  });

  it("answers each candidate their own application, and 404 for the other's asked at the same time", async () => {
    const [a, b] = submitted as [Submitted, Submitted];
    const answers = await together([
      () => t.call('GET', `/api/psc/applications/${a.applicationId}`, { token: a.applicant.token }),
      () => t.call('GET', `/api/psc/applications/${b.applicationId}`, { token: b.applicant.token }),
      () => t.call('GET', `/api/psc/applications/${b.applicationId}`, { token: a.applicant.token }),
      () => t.call('GET', `/api/psc/applications/${a.applicationId}`, { token: b.applicant.token }),
    ]);
    answers.forEach((answer, index) => {
      const own = [a, b, null, null][index % 4];
      if (!own) {
        expect(answer.status).toBe(404);
        return;
      }
      expect(answer.status).toBe(200);
      const data = answer.body.data as { applicationId: number; receiptCode: string; submittedAt: string; timeline: { kind: string; at: string }[]; charges: { status: string; createdAt: string }[]; payments: unknown[] };
      expect(data).toMatchObject({ applicationId: own.applicationId, receiptCode: own.receiptCode, advertisementId: own.advertisementId });
      expect(data.submittedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(data.timeline.map((event) => event.kind)).toEqual(['submitted']);
      expect(data.timeline[0]!.at).toMatch(/Z$/);
      expect(data.charges).toHaveLength(1);
      expect(data.charges[0]!.createdAt).toMatch(/Z$/);
      expect(data.payments).toEqual([]);
    });
  });

  it('lists each candidate their own applications', async () => {
    const answers = await together(submitted.map(({ applicant }) => () => t.call('GET', '/api/psc/applications?page=1&pageSize=20', { token: applicant.token })));
    answers.forEach((answer, index) => {
      expect(answer.status).toBe(200);
      const data = answer.body.data as { items: { applicationId: number }[]; total: number };
      expect(data.items.map((item) => item.applicationId)).toEqual([submitted[index % 2]!.applicationId]);
      expect(data.total).toBe(1);
    });
  });

  it('answers each request its own page and size of the list, newest first, asked at the same time', async () => {
    const applicant = await seedApplicant(t);
    const ids: number[] = [];
    for (const { advertisementId, examCentreId } of submitted) {
      const quotaIds = await findAdvertisementQuotaIds(t.db, advertisementId);
      const body = { advertisementId, advertisementQuotaIds: [quotaIds.open], examCentreId, acceptTerms: true };
      const answer = await t.call('POST', '/api/psc/applications', { token: applicant.token, json: body });
      expect(answer.status).toBe(200);
      ids.push((answer.body.data as { applicationId: number }).applicationId);
    }
    const newestFirst = [...ids].reverse();
    const answers = await together(
      ['page=1&pageSize=1', 'page=2&pageSize=1', 'page=1&pageSize=20', 'page=3&pageSize=1'].map((query) => () => t.call('GET', `/api/psc/applications?${query}`, { token: applicant.token })),
    );
    answers.forEach((answer, index) => {
      expect(answer.status).toBe(200);
      const data = answer.body.data as { items: { applicationId: number }[]; total: number };
      expect(data.items.map((item) => item.applicationId)).toEqual([[newestFirst[0]], [newestFirst[1]], newestFirst, []][index % 4]);
      expect(data.total).toBe(2);
    });
  });

  it('shows on the vacancy and the vacancy list only the candidate’s own live application', async () => {
    const [a, b] = submitted as [Submitted, Submitted];
    const details = await together([
      () => t.call('GET', `/api/psc/vacancies/${a.advertisementId}`, { token: a.applicant.token }),
      () => t.call('GET', `/api/psc/vacancies/${a.advertisementId}`, { token: b.applicant.token }),
      () => t.call('GET', `/api/psc/vacancies/${b.advertisementId}`, { token: b.applicant.token }),
      () => t.call('GET', `/api/psc/vacancies/${b.advertisementId}`, { token: a.applicant.token }),
    ]);
    details.forEach((answer, index) => {
      expect(answer.status).toBe(200);
      const mine = (answer.body.data as { myApplication: { applicationId: number } | null }).myApplication;
      expect(mine?.applicationId ?? null).toBe([a.applicationId, null, b.applicationId, null][index % 4]);
    });
    const lists = await together(submitted.map(({ applicant }) => () => t.call('GET', '/api/psc/vacancies?page=1&pageSize=100', { token: applicant.token })));
    lists.forEach((answer, index) => {
      expect(answer.status).toBe(200);
      const own = submitted[index % 2]!;
      const items = (answer.body.data as { items: { id: number; hasApplied: boolean; myApplication: { id: number } | null }[] }).items;
      expect(items.filter((item) => item.hasApplied).map((item) => [item.id, item.myApplication?.id])).toEqual([[own.advertisementId, own.applicationId]]);
    });
  });

  it('checks each receipt code for its own application', async () => {
    const answers = await together([...submitted.map(({ receiptCode }) => () => t.call('GET', `/api/public/receipts/${encodeURIComponent(receiptCode)}`)), () => t.call('GET', '/api/public/receipts/NO-SUCH-CODE')]);
    answers.forEach((answer, index) => {
      const own = submitted[index % 3];
      if (!own) {
        expect(answer.status).toBe(404);
        return;
      }
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ receiptCode: own.receiptCode, submittedOn: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
    });
  });
});
