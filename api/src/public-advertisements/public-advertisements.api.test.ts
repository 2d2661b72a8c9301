import { ADVERTISEMENT_STATUSES, addDaysAd, formatAdvertisementNumber, todayAd } from '@psc/core';
import type { SeededAdvertisement } from '@psc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPublicAdvertisements } from './list-public-advertisements';
import { createAdvertisementFixture } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
const today = todayAd();
const fiscalYear = '2080/81';
let fromToday: SeededAdvertisement;
let fromTomorrow: SeededAdvertisement;
let older: SeededAdvertisement;
const hidden: SeededAdvertisement[] = [];
beforeAll(async () => {
  t = await createTestApp();
  older = await createAdvertisementFixture(t.db, { status: 'published', fiscalYear, publishDate: addDaysAd(today, -10) });
  fromToday = await createAdvertisementFixture(t.db, {
    status: 'published',
    fiscalYear,
    publishDate: today,
    quotas: [
      { code: 'open', vacancies: 4 },
      { code: 'women', vacancies: 2 },
      { code: 'madhesi', vacancies: 1 },
    ],
  });
  fromTomorrow = await createAdvertisementFixture(t.db, { status: 'published', fiscalYear, publishDate: addDaysAd(today, 1) });
  // Every other status, with a publish date already past: never public.
  for (const status of ADVERTISEMENT_STATUSES.filter((s) => s !== 'published')) {
    hidden.push(await createAdvertisementFixture(t.db, { status, fiscalYear, publishDate: addDaysAd(today, -1) }));
  }
});
afterAll(() => t.close());

type PublicAdvertisement = {
  code: string;
  fiscalYear: string;
  totalVacancy: number;
  publishDate: string;
  lastDateForSubmission: string;
  postNameEn: string;
  postNameNp: string;
  organizationNameEn: string;
  applicationFee: number;
  quotas: { quotaCode: string; nameEn: string; nameNp: string; vacancies: number; label: string }[];
};
type Page = { items: PublicAdvertisement[]; total: number };

const codesOf = (page: { items: { code: string }[] }) => page.items.map((item) => item.code).filter((code) => code.startsWith(fiscalYear));

describe('public advertisements (no sign-in)', () => {
  it('lists published advertisements from their publish date, newest first, and nothing else', async () => {
    const answer = await t.call('GET', '/api/public/advertisements?pageSize=100');
    expect(answer.status).toBe(200);
    const page = answer.body.data as Page;
    expect(codesOf(page)).toEqual([fromToday.code, older.code]);
    for (const ad of [fromTomorrow, ...hidden]) expect(page.items.map((item) => item.code)).not.toContain(ad.code);
    const item = page.items.find((row) => row.code === fromToday.code)!;
    expect(item).toMatchObject({ fiscalYear, totalVacancy: 7, publishDate: today, applicationFee: 1000 });
    expect(item.postNameEn.length).toBeGreaterThan(0);
    expect(item.postNameNp.length).toBeGreaterThan(0);
    expect(item.quotas.map((q) => [q.quotaCode, q.vacancies, q.label])).toEqual(fromToday.quotas.map((q) => [q.code, q.vacancies, formatAdvertisementNumber(q.number, fiscalYear)]));
    expect(Object.keys(item)).not.toContain('statusRemarks');
  });

  it('shows an advertisement on its publish date, not the day before', async () => {
    const dayBefore = await listPublicAdvertisements(t.db, { page: 1, pageSize: 100 }, addDaysAd(today, -1));
    expect(codesOf(dayBefore)).toEqual([older.code]);
    const tomorrow = await listPublicAdvertisements(t.db, { page: 1, pageSize: 100 }, addDaysAd(today, 1));
    expect(codesOf(tomorrow)).toEqual([fromTomorrow.code, fromToday.code, older.code]);
  });

  it('shows the demo advertisement of the seeded central office', async () => {
    const page = (await t.call('GET', `/api/public/advertisements?search=${encodeURIComponent('Central Office')}`)).body.data as Page;
    expect(page.total).toBe(0); // search looks at codes, numbers and post, service and class names, not offices
    const all = (await t.call('GET', '/api/public/advertisements?pageSize=100')).body.data as Page;
    const demo = all.items.find((item) => item.organizationNameEn === 'Public Service Commission, Central Office');
    expect(demo?.quotas.map((q) => q.quotaCode)).toEqual(['open', 'women', 'madhesi']);
    expect(demo!.publishDate <= today && demo!.lastDateForSubmission >= today).toBe(true);
  });

  it('searches and pages', async () => {
    const byCode = (await t.call('GET', `/api/public/advertisements?search=${encodeURIComponent(fromToday.code)}`)).body.data as Page;
    expect(byCode.items.map((item) => item.code)).toEqual([fromToday.code]);
    const hiddenByCode = (await t.call('GET', `/api/public/advertisements?search=${encodeURIComponent(fromTomorrow.code)}`)).body.data as Page;
    expect(hiddenByCode.total).toBe(0);
    const first = (await t.call('GET', '/api/public/advertisements?pageSize=1&page=1')).body.data as Page;
    const second = (await t.call('GET', '/api/public/advertisements?pageSize=1&page=2')).body.data as Page;
    expect(first.items).toHaveLength(1);
    expect(second.items).toHaveLength(1);
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(first.items[0]!.code).not.toBe(second.items[0]!.code);
    expect((await t.call('GET', '/api/public/advertisements?pageSize=101')).status).toBe(400);
    expect((await t.call('GET', '/api/public/advertisements?page=0')).status).toBe(400);
  });

  it('gives one public advertisement by its code (encoded or dashed), and 404 until it is public', async () => {
    const encoded = await t.call('GET', `/api/public/advertisements/${encodeURIComponent(fromToday.code)}`);
    expect(encoded.status).toBe(200);
    expect(encoded.body.data).toMatchObject({ code: fromToday.code, totalVacancy: 7 });
    const dashed = await t.call('GET', `/api/public/advertisements/${fromToday.code.replace('/', '-')}`);
    expect((dashed.body.data as PublicAdvertisement).code).toBe(fromToday.code);
    for (const ad of [fromTomorrow, ...hidden]) {
      const answer = await t.call('GET', `/api/public/advertisements/${encodeURIComponent(ad.code)}`);
      expect(answer.status, ad.code).toBe(404);
      expect(answer.body.code).toBe('NOT_FOUND');
    }
  });
});
