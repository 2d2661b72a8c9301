import { addDaysAd, todayAd } from '@psc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAdvertisementQuotaIds, seedApplicant, type Applicant } from '../applications/applications.test-support';
import { createAdvertisementFixture, createSubjectFixture } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let applicant: Applicant;
const today = todayAd();
const fiscalYear = '2077/78';
beforeAll(async () => {
  t = await createTestApp();
  applicant = await seedApplicant(t);
});
afterAll(() => t.close());

type Vacancy = { id: number; code: string; organizationId: number; feePeriod: string; hasApplied: boolean };
const codesOf = (data: unknown) => (data as { items: Vacancy[] }).items.map((item) => item.code);

describe('open vacancies (candidate)', () => {
  it('lists published advertisements from the publish date until the double-fee date, with the fee period today', async () => {
    const open = await createAdvertisementFixture(t.db, { status: 'published', fiscalYear });
    const doubleFee = await createAdvertisementFixture(t.db, {
      status: 'published',
      fiscalYear,
      dates: { publishDate: addDaysAd(today, -20), paymentLastDate: addDaysAd(today, -2), lastDateForSubmission: addDaysAd(today, -2), doubleFeeLastDate: today },
    });
    const over = await createAdvertisementFixture(t.db, {
      status: 'published',
      fiscalYear,
      dates: { publishDate: addDaysAd(today, -20), paymentLastDate: addDaysAd(today, -3), lastDateForSubmission: addDaysAd(today, -3), doubleFeeLastDate: addDaysAd(today, -1) },
    });
    const tomorrow = await createAdvertisementFixture(t.db, { status: 'published', fiscalYear, publishDate: addDaysAd(today, 1) });
    const pending = await createAdvertisementFixture(t.db, { status: 'pending', fiscalYear });
    const answer = await t.call('GET', `/api/psc/vacancies?search=${fiscalYear}&pageSize=100`, { token: applicant.token });
    expect(answer.status).toBe(200);
    expect(codesOf(answer.body.data).sort()).toEqual([open.code, doubleFee.code].sort());
    const items = (answer.body.data as { items: Vacancy[] }).items;
    expect(items.find((item) => item.code === open.code)).toMatchObject({ feePeriod: 'normal', hasApplied: false });
    expect(items.find((item) => item.code === doubleFee.code)).toMatchObject({ feePeriod: 'double-fee' });
    for (const hidden of [over, tomorrow, pending]) {
      expect((await t.call('GET', `/api/psc/vacancies/${hidden.advertisementId}`, { token: applicant.token })).status).toBe(404);
    }
    expect((await t.call('GET', `/api/psc/vacancies/${pending.advertisementId}/eligibility`, { token: applicant.token })).status).toBe(404);
    // /organization/vacancy: one office's vacancies.
    const byOffice = await t.call('GET', `/api/psc/vacancies?organizationId=${open.organizationId}`, { token: applicant.token });
    expect(codesOf(byOffice.body.data)).toEqual([open.code]);
  });

  it('shows a staff change at once although the list is kept a few seconds (advertisement cache)', async () => {
    const advertisement = await createAdvertisementFixture(t.db, { status: 'published', fiscalYear: '2076/77' });
    const list = () => t.call('GET', '/api/psc/vacancies?search=2076/77', { token: applicant.token }).then((answer) => codesOf(answer.body.data));
    expect(await list()).toEqual([advertisement.code]);
    const admin = (await t.signInAdministrator()).accessToken;
    const closed = await t.call('POST', `/api/admin/advertisements/${advertisement.advertisementId}/close`, { token: admin, json: {} });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(await list()).toEqual([]);
    const reopened = await t.call('POST', `/api/admin/advertisements/${advertisement.advertisementId}/open`, { token: admin, json: {} });
    expect(reopened.status).toBe(200);
    expect(await list()).toEqual([advertisement.code]);
  });

  it('quotes the fee by the one rule for a choice, doubled in the double-fee window', async () => {
    const window = await createAdvertisementFixture(t.db, {
      status: 'published',
      fiscalYear,
      dates: { publishDate: addDaysAd(today, -20), paymentLastDate: addDaysAd(today, -1), lastDateForSubmission: addDaysAd(today, -1), doubleFeeLastDate: addDaysAd(today, 3) },
    });
    const quotaIds = await findAdvertisementQuotaIds(t.db, window.advertisementId);
    const quote = await t.call('POST', `/api/psc/vacancies/${window.advertisementId}/fee-quote`, { token: applicant.token, json: { quotaIds: [quotaIds.open] } });
    expect(quote.status).toBe(200);
    expect(quote.body.data).toEqual({ period: 'double-fee', multiplier: 2, baseAmount: 1000, amount: 2000, lines: [{ kind: 'application', count: 1, amount: 1000 }] });
    const unknown = await t.call('POST', `/api/psc/vacancies/${window.advertisementId}/fee-quote`, { token: applicant.token, json: { quotaIds: [999_999] }, lang: 'en' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ quotaIds: ['This quota is not offered by this advertisement.'] });
  });

  it('offers the optional subjects, and a submit must choose one of them', async () => {
    const subjectId = await createSubjectFixture(t.db, 'Economics');
    const advertisement = await createAdvertisementFixture(t.db, { status: 'published', fiscalYear, optionalSubjectIds: [subjectId] });
    const detail = await t.call('GET', `/api/psc/vacancies/${advertisement.advertisementId}`, { token: applicant.token });
    expect((detail.body.data as { optionalSubjects: { id: number; nameEn: string }[] }).optionalSubjects).toEqual([expect.objectContaining({ id: subjectId, nameEn: 'Economics' })]);
    const quotaIds = await findAdvertisementQuotaIds(t.db, advertisement.advertisementId);
    const body = { advertisementId: advertisement.advertisementId, advertisementQuotaIds: [quotaIds.open], examCentreId: advertisement.examCentreIds[0], acceptTerms: true };
    const without = await t.call('POST', '/api/psc/applications', { token: applicant.token, json: body, lang: 'en' });
    expect(without.status).toBe(400);
    expect(without.body.errors).toEqual({ optionalSubjectId: ['Choose one of the optional subjects of this advertisement.'] });
    const chosen = await t.call('POST', '/api/psc/applications', { token: applicant.token, json: { ...body, optionalSubjectId: subjectId } });
    expect(chosen.status).toBe(200);
  });

  it('answers only signed-in candidates', async () => {
    expect((await t.call('GET', '/api/psc/vacancies')).status).toBe(401);
    const admin = await t.signInAdministrator();
    expect((await t.call('GET', '/api/psc/vacancies', { token: admin.accessToken })).status).toBe(403);
    expect((await t.call('POST', '/api/psc/applications', { token: admin.accessToken, json: {} })).status).toBe(403);
  });
});
