import { ADVERTISEMENT_STATUSES, addDaysAd, formatAdvertisementNumber, todayAd } from '@psc/core';
import { schema, type SeededAdvertisement } from '@psc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERTISEMENT_CACHE_TTL_MS } from '../advertisements/advertisement-cache';
import { listPublicAdvertisements, publicAdvertisementAnswer, publicListAnswer } from './list-public-advertisements';
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

/** A request to the app as sent, headers and raw body (a 304 has no JSON to read). */
async function raw(path: string, headers: Record<string, string> = {}) {
  const response = await t.app.request(path, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const listOf = (code: string) => `/api/public/advertisements?search=${encodeURIComponent(code)}`;
const detailOf = (code: string) => `/api/public/advertisements/${encodeURIComponent(code)}`;
const codesIn = (body: string | undefined) => (body === undefined ? [] : (JSON.parse(body) as { data: Page }).data.items.map((item) => item.code));
/** The instant Nepal's calendar turns to `date` (UTC+05:45, core/src/calendar/today.ts). */
const nepalMidnight = (date: string) => Date.parse(`${date}T00:00:00+05:45`);

describe('public advertisement answers are cacheable', () => {
  it('carry a strong ETag that stays while nothing changes, Last-Modified, and the Cache-Control bound', async () => {
    for (const path of ['/api/public/advertisements?pageSize=100', detailOf(fromToday.code)]) {
      const first = await raw(path);
      const second = await raw(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get('etag'), path).toMatch(/^"[\w-]+"$/);
      expect(second.headers.get('etag'), path).toBe(first.headers.get('etag'));
      expect(second.headers.get('last-modified'), path).toBe(first.headers.get('last-modified'));
      expect(Number.isNaN(Date.parse(first.headers.get('last-modified') ?? ''))).toBe(false);
      // PUBLIC_CACHE_MAX_AGE_SECONDS, 10 by default: with the API's 3-second copy, a closed
      // advertisement is gone from every cache within 13 seconds.
      expect(first.headers.get('cache-control'), path).toBe('public, max-age=10');
      expect(first.headers.get('vary'), path).toBe('Accept-Language');
      expect(first.headers.get('content-type'), path).toContain('application/json');
      expect(second.text).toBe(first.text);
    }
  });

  it('answer 304 without a body to a matching If-None-Match or If-Modified-Since, with the same validators', async () => {
    const path = detailOf(fromToday.code);
    const full = await raw(path);
    const etag = full.headers.get('etag')!;
    const lastModified = full.headers.get('last-modified')!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const unchanged = await raw(path, { 'if-none-match': ifNoneMatch });
      expect(unchanged.status, ifNoneMatch).toBe(304);
      expect(unchanged.text).toBe('');
      expect(unchanged.headers.get('etag')).toBe(etag);
      expect(unchanged.headers.get('cache-control')).toBe('public, max-age=10');
    }
    expect((await raw(path, { 'if-modified-since': lastModified })).status).toBe(304);
    // If-None-Match decides alone when sent: an old tag gets the body whatever the date says.
    const stale = await raw(path, { 'if-none-match': '"an-older-answer"', 'if-modified-since': lastModified });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(full.text);
    expect((await raw(path, { 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() })).status).toBe(200);
  });

  it('keep one answer per language, the envelope message being in the asker language', async () => {
    const nepali = await raw(detailOf(fromToday.code), { 'accept-language': 'ne' });
    const english = await raw(detailOf(fromToday.code), { 'accept-language': 'en-GB,en;q=0.9' });
    expect(JSON.parse(nepali.text).message).not.toBe(JSON.parse(english.text).message);
    expect(JSON.parse(nepali.text).data).toEqual(JSON.parse(english.text).data);
    expect(english.headers.get('etag')).not.toBe(nepali.headers.get('etag'));
    expect((await raw(detailOf(fromToday.code), { 'accept-language': 'en', 'if-none-match': nepali.headers.get('etag')! })).status).toBe(200);
  });

  it('drop an advertisement staff close in this process from the list and the detail at once', async () => {
    const ad = await createAdvertisementFixture(t.db, { status: 'published', fiscalYear, publishDate: today });
    const before = await raw(listOf(ad.code));
    expect(codesIn(before.text)).toEqual([ad.code]);
    expect((await raw(detailOf(ad.code))).status).toBe(200);
    const admin = (await t.signInAdministrator()).accessToken;
    expect((await t.call('POST', `/api/admin/advertisements/${ad.advertisementId}/close`, { token: admin, json: {} })).status).toBe(200);
    const after = await raw(listOf(ad.code), { 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(codesIn(after.text)).toEqual([]);
    expect((await raw(detailOf(ad.code))).status).toBe(404);
  });

  it('drop an advertisement closed behind the process back within the in-process TTL', async () => {
    const ad = await createAdvertisementFixture(t.db, { status: 'published', fiscalYear, publishDate: today });
    const query = { search: ad.code, page: 1, pageSize: 20 };
    const loadedAt = Date.now();
    const listed = await publicListAnswer(t.db, 'en', query, loadedAt);
    expect(codesIn(listed.body.toString())).toEqual([ad.code]);
    expect(await publicAdvertisementAnswer(t.db, 'en', ad.code, loadedAt)).toBeDefined();
    // Another API process, or SQL by hand: this process hears nothing of it.
    await t.db.update(schema.advertisements).set({ status: 'closed' }).where(eq(schema.advertisements.id, ad.advertisementId));
    const lastCachedMoment = loadedAt + ADVERTISEMENT_CACHE_TTL_MS - 1;
    expect((await publicListAnswer(t.db, 'en', query, lastCachedMoment)).etag).toBe(listed.etag);
    const expiredAt = loadedAt + ADVERTISEMENT_CACHE_TTL_MS;
    const renewed = await publicListAnswer(t.db, 'en', query, expiredAt);
    expect(codesIn(renewed.body.toString())).toEqual([]);
    expect(renewed.etag).not.toBe(listed.etag);
    expect(Date.parse(renewed.lastModified)).toBeGreaterThan(Date.parse(listed.lastModified));
    expect(await publicAdvertisementAnswer(t.db, 'en', ad.code, expiredAt)).toBeUndefined();
  });

  it('keep Last-Modified when a renewal after the TTL finds the same answer', async () => {
    const query = { search: fromToday.code, page: 1, pageSize: 7 };
    const loadedAt = Date.now();
    const first = await publicListAnswer(t.db, 'ne', query, loadedAt);
    const renewed = await publicListAnswer(t.db, 'ne', query, loadedAt + 5 * ADVERTISEMENT_CACHE_TTL_MS);
    expect(renewed.etag).toBe(first.etag);
    expect(renewed.lastModified).toBe(first.lastModified);
  });

  it('show an advertisement published for tomorrow from Nepal midnight, whatever the cache holds', async () => {
    const tomorrow = addDaysAd(today, 1);
    const ad = await createAdvertisementFixture(t.db, { status: 'published', fiscalYear, publishDate: tomorrow });
    const query = { search: ad.code, page: 1, pageSize: 20 };
    const midnight = nepalMidnight(tomorrow);
    expect(codesIn((await publicListAnswer(t.db, 'en', query, midnight - 1)).body.toString())).toEqual([]);
    expect(await publicAdvertisementAnswer(t.db, 'en', ad.code, midnight - 1)).toBeUndefined();
    // Well within the TTL of the answers read a millisecond earlier.
    expect(codesIn((await publicListAnswer(t.db, 'en', query, midnight)).body.toString())).toEqual([ad.code]);
    expect(await publicAdvertisementAnswer(t.db, 'en', ad.code, midnight)).toBeDefined();
  });
});
