import {
  ADVERTISEMENT_EDITS,
  ADVERTISEMENT_STATUSES,
  ADVERTISEMENT_TRANSITIONS,
  addDaysAd,
  canApplyAdvertisementAction,
  formatAdvertisementNumber,
  nextAdvertisementStatus,
  todayAd,
  type AdvertisementAction,
  type AdvertisementStatus,
} from '@psc/core';
import { schema, type SeededAdvertisement } from '@psc/db';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocateAdvertisementNumber } from '../distributions/allocate-advertisement-number';
import { createAdvertisementFixture, createExamCentreFixture, createSubjectFixture, findAdministratorId } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let admin: string;
let adminId: number;
let centreId: number;
let subjectId: number;
let dalitQuotaId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signInAdministrator()).accessToken;
  adminId = await findAdministratorId(t.db);
  centreId = await createExamCentreFixture(t.db, 'Centre for configuration');
  subjectId = await createSubjectFixture(t.db, 'Optional subject one');
  [{ id: dalitQuotaId }] = (await t.db.select({ id: schema.quotas.id }).from(schema.quotas).where(eq(schema.quotas.code, 'dalit'))) as [{ id: number }];
});
afterAll(() => t.close());

type Answer = Awaited<ReturnType<TestApp['call']>>;
const data = <T>(answer: Answer) => answer.body.data as T;
const today = todayAd();

/** Dates in order, all set, starting `offset` days from today. */
function completeDates(offset = 0) {
  return {
    publishDate: addDaysAd(today, offset),
    paymentLastDate: addDaysAd(today, offset + 20),
    lastDateForSubmission: addDaysAd(today, offset + 21),
    doubleFeeLastDate: addDaysAd(today, offset + 28),
    ageCutOffDate: addDaysAd(today, offset + 21),
    reapplyFrom: null,
    reapplyTo: null,
  };
}

/** A fresh number of the advertisement's own office and fiscal year, allocated outside the lifecycle. */
async function freeNumber(ad: SeededAdvertisement) {
  return t.db.transaction((tx) => allocateAdvertisementNumber(tx, { organizationId: ad.organizationId, fiscalYear: ad.fiscalYear, actorUserId: adminId }));
}

/** Everything an action may touch, to prove a refused one changed nothing. */
async function snapshot(advertisementId: number) {
  const [row] = await t.db.select().from(schema.advertisements).where(eq(schema.advertisements.id, advertisementId));
  return {
    row,
    quotas: await t.db.select().from(schema.advertisementQuotas).where(eq(schema.advertisementQuotas.advertisementId, advertisementId)).orderBy(asc(schema.advertisementQuotas.id)),
    centres: await t.db.select().from(schema.advertisementExamCentres).where(eq(schema.advertisementExamCentres.advertisementId, advertisementId)),
    subjects: await t.db.select().from(schema.advertisementOptionalSubjects).where(eq(schema.advertisementOptionalSubjects.advertisementId, advertisementId)),
    history: await t.db.select().from(schema.advertisementStatusChanges).where(eq(schema.advertisementStatusChanges.advertisementId, advertisementId)).orderBy(asc(schema.advertisementStatusChanges.id)),
    audits: (await t.db.select({ value: count() }).from(schema.auditLog).where(and(eq(schema.auditLog.entity, 'advertisements'), eq(schema.auditLog.entityId, String(advertisementId)))))[0]!.value,
  };
}

type Attempt = { send: () => Promise<Answer>; verify: (after: Awaited<ReturnType<typeof snapshot>>) => void };

/** A valid request for each lifecycle action, and what it must have changed when allowed. */
async function prepareAction(ad: SeededAdvertisement, action: AdvertisementAction): Promise<Attempt> {
  const base = `/api/admin/advertisements/${ad.advertisementId}`;
  const send = (method: string, path: string, json: unknown) => () => t.call(method, `${base}${path}`, { token: admin, json, lang: 'en' });
  switch (action) {
    case 'configure': {
      const dates = completeDates(1);
      return {
        send: send('PUT', '/configuration', { ...dates, minAgeYears: 21, maxAgeYears: 35, maxAgeYearsRelaxed: 40, examCentreIds: [centreId], optionalSubjectIds: [subjectId] }),
        verify: (after) => {
          expect(after.row).toMatchObject({ publishDate: dates.publishDate, doubleFeeLastDate: dates.doubleFeeLastDate, minAgeYears: 21 });
          expect(after.centres.map((c) => c.examCentreId)).toEqual([centreId]);
          expect(after.subjects.map((s) => s.subjectId)).toEqual([subjectId]);
        },
      };
    }
    case 'change-dates': {
      const dates = completeDates(2);
      return { send: send('PUT', '/dates', dates), verify: (after) => expect(after.row).toMatchObject({ publishDate: dates.publishDate, lastDateForSubmission: dates.lastDateForSubmission }) };
    }
    case 'update-number': {
      const fresh = await freeNumber(ad);
      const quota = ad.quotas[0]!;
      return {
        send: send('PUT', `/quotas/${quota.quotaId}/number`, { advertisementNumberId: fresh.id }),
        verify: (after) =>
          expect(after.quotas.find((q) => q.quotaId === quota.quotaId)).toMatchObject({ advertisementNumberId: fresh.id, previousAdvertisementNumberId: quota.advertisementNumberId }),
      };
    }
    case 'configure-options': {
      const other = await createExamCentreFixture(t.db, 'Another centre');
      return { send: send('PUT', '/exam-centres', { examCentreIds: [other] }), verify: (after) => expect(after.centres.map((c) => c.examCentreId)).toEqual([other]) };
    }
    case 'add-quota': {
      const fresh = await freeNumber(ad);
      return {
        send: send('POST', '/quotas', { quotaId: dalitQuotaId, vacancies: 2, advertisementNumberId: fresh.id }),
        verify: (after) => {
          expect(after.row!.totalVacancy).toBe(ad.totalVacancy + 2);
          expect(after.quotas.find((q) => q.quotaId === dalitQuotaId)).toMatchObject({ vacancies: 2, advertisementNumberId: fresh.id });
        },
      };
    }
    case 'reject':
      return { send: send('POST', '/reject', { remarks: 'The syllabus is missing' }), verify: (after) => expect(after.row!.statusRemarks).toBe('The syllabus is missing') };
    case 'publish':
      return { send: send('POST', '/publish', {}), verify: (after) => expect(after.row!.publishedAt).not.toBeNull() };
    default:
      return { send: send('POST', `/${action}`, { remarks: `Done: ${action}` }), verify: (after) => expect(after.row!.statusRemarks).toBe(`Done: ${action}`) };
  }
}

const ACTIONS = [...Object.keys(ADVERTISEMENT_TRANSITIONS), ...Object.keys(ADVERTISEMENT_EDITS)] as AdvertisementAction[];

describe('the advertisement lifecycle, every action from every status', () => {
  for (const status of ADVERTISEMENT_STATUSES) {
    for (const action of ACTIONS) {
      const allowed = canApplyAdvertisementAction(status, action);
      it(`${allowed ? 'applies' : 'refuses'} ${action} on a ${status} advertisement`, async () => {
        const ad = await createAdvertisementFixture(t.db, { status });
        const attempt = await prepareAction(ad, action);
        const before = await snapshot(ad.advertisementId);
        const answer = await attempt.send();
        const after = await snapshot(ad.advertisementId);
        if (allowed) {
          const next = nextAdvertisementStatus(status, action)!;
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          expect(data(answer)).toMatchObject({ id: ad.advertisementId, status: next, fromStatus: status });
          expect(after.row!.status).toBe(next);
          attempt.verify(after);
          expect(after.history.slice(before.history.length)).toEqual([expect.objectContaining({ action, fromStatus: status, toStatus: next, actorUserId: adminId })]);
          expect(after.audits).toBe(before.audits + 1);
        } else {
          expect(answer.status).toBe(409);
          expect(answer.body).toMatchObject({ status: 0, code: 'CONFLICT' });
          expect(answer.body.message).toContain(`This advertisement is ${status === 'pending' ? 'pending publication' : status}`);
          expect(after).toEqual(before);
        }
      });
    }
  }

  it('writes the refusal in the caller’s language (Nepali by default)', async () => {
    const ad = await createAdvertisementFixture(t.db, { status: 'closed' });
    const answer = await t.call('POST', `/api/admin/advertisements/${ad.advertisementId}/publish`, { token: admin, json: {} });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('यो विज्ञापन बन्द अवस्थामा छ; अहिले "प्रकाशन" गर्न मिल्दैन।');
  });

  it('lets only one of two concurrent conflicting actions pass', async () => {
    for (const [first, second] of [
      ['publish', 'reject'],
      ['publish', 'publish'],
    ] as const) {
      const ad = await createAdvertisementFixture(t.db, { status: 'pending' });
      const before = await snapshot(ad.advertisementId);
      const send = (action: string) => t.call('POST', `/api/admin/advertisements/${ad.advertisementId}/${action}`, { token: admin, json: { remarks: 'Concurrent' } });
      const answers = await Promise.all([send(first), send(second)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const after = await snapshot(ad.advertisementId);
      const winner = answers[0]!.status === 200 ? first : second;
      expect(after.row!.status).toBe(ADVERTISEMENT_TRANSITIONS[winner].to);
      expect(after.history.length).toBe(before.history.length + 1);
      expect(after.audits).toBe(before.audits + 1);
    }
  });

  it('answers 404 for an advertisement that does not exist', async () => {
    expect((await t.call('POST', '/api/admin/advertisements/999999/close', { token: admin, json: {} })).status).toBe(404);
    expect((await t.call('GET', '/api/admin/advertisements/999999', { token: admin })).status).toBe(404);
  });
});

describe('publishing', () => {
  it('needs every date, in order, and names each missing one', async () => {
    const ad = await createAdvertisementFixture(t.db, { status: 'pending', dates: { paymentLastDate: null, ageCutOffDate: null } });
    const before = await snapshot(ad.advertisementId);
    const answer = await t.call('POST', `/api/admin/advertisements/${ad.advertisementId}/publish`, { token: admin, json: {}, lang: 'en' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/^Set the publish date/);
    expect(Object.keys(answer.body.errors ?? {}).sort()).toEqual(['ageCutOffDate', 'paymentLastDate']);
    expect(await snapshot(ad.advertisementId)).toEqual(before);
  });

  it('needs at least one exam centre', async () => {
    const ad = await createAdvertisementFixture(t.db, { status: 'pending', examCentreIds: [] });
    const before = await snapshot(ad.advertisementId);
    const answer = await t.call('POST', `/api/admin/advertisements/${ad.advertisementId}/publish`, { token: admin, json: {}, lang: 'en' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Choose at least one exam centre before publishing.');
    expect(await snapshot(ad.advertisementId)).toEqual(before);
  });

  it('requires a remark to reject', async () => {
    const ad = await createAdvertisementFixture(t.db, { status: 'pending' });
    const answer = await t.call('POST', `/api/admin/advertisements/${ad.advertisementId}/reject`, { token: admin, json: { remarks: ' ' } });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors ?? {})).toEqual(['remarks']);
  });
});

describe('dates and configuration', () => {
  it('refuses dates out of order, naming the later date, and changes nothing', async () => {
    const ad = await createAdvertisementFixture(t.db, { status: 'configured' });
    const before = await snapshot(ad.advertisementId);
    const answer = await t.call('PUT', `/api/admin/advertisements/${ad.advertisementId}/dates`, {
      token: admin,
      json: { ...completeDates(), lastDateForSubmission: addDaysAd(today, 1), reapplyFrom: addDaysAd(today, 5) },
      lang: 'en',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      lastDateForSubmission: ['The last date for submission cannot be before the payment last date.'],
      reapplyTo: ['Give both re-apply dates, the end not before the start.'],
    });
    expect(await snapshot(ad.advertisementId)).toEqual(before);
  });

  it('lets a published advertisement move its dates but not drop one', async () => {
    const ad = await createAdvertisementFixture(t.db, { status: 'published' });
    const answer = await t.call('PUT', `/api/admin/advertisements/${ad.advertisementId}/dates`, { token: admin, json: { ...completeDates(), doubleFeeLastDate: null } });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors ?? {})).toEqual(['doubleFeeLastDate']);
    const moved = await t.call('PUT', `/api/admin/advertisements/${ad.advertisementId}/dates`, { token: admin, json: { ...completeDates(), reapplyFrom: addDaysAd(today, 40), reapplyTo: addDaysAd(today, 47) } });
    expect(moved.status).toBe(200);
  });

  it('refuses an exam centre or subject that does not exist, and wrong ages', async () => {
    const ad = await createAdvertisementFixture(t.db, { status: 'draft' });
    const before = await snapshot(ad.advertisementId);
    const base = { ...completeDates(), minAgeYears: 18, maxAgeYears: 35, maxAgeYearsRelaxed: 40 };
    const unknownCentre = await t.call('PUT', `/api/admin/advertisements/${ad.advertisementId}/configuration`, { token: admin, json: { ...base, examCentreIds: [987654] } });
    expect(unknownCentre.status).toBe(400);
    expect(Object.keys(unknownCentre.body.errors ?? {})).toEqual(['examCentreIds']);
    const unknownSubject = await t.call('PUT', `/api/admin/advertisements/${ad.advertisementId}/optional-subjects`, { token: admin, json: { subjectIds: [987654] } });
    expect(Object.keys(unknownSubject.body.errors ?? {})).toEqual(['subjectIds']);
    const ages = await t.call('PUT', `/api/admin/advertisements/${ad.advertisementId}/configuration`, { token: admin, json: { ...base, maxAgeYears: 17 } });
    expect(Object.keys(ages.body.errors ?? {})).toEqual(['maxAgeYears']);
    expect(await snapshot(ad.advertisementId)).toEqual(before);
  });

  it('sets the optional subjects of a configured advertisement', async () => {
    const ad = await createAdvertisementFixture(t.db, { status: 'configured' });
    const other = await createSubjectFixture(t.db, 'Optional subject two');
    const answer = await t.call('PUT', `/api/admin/advertisements/${ad.advertisementId}/optional-subjects`, { token: admin, json: { subjectIds: [subjectId, other] } });
    expect(answer.status).toBe(200);
    const detail = data<{ optionalSubjects: { id: number }[]; history: { action: string }[] }>(await t.call('GET', `/api/admin/advertisements/${ad.advertisementId}`, { token: admin }));
    expect(detail.optionalSubjects.map((s) => s.id)).toEqual([subjectId, other]);
    expect(detail.history.at(-1)!.action).toBe('configure-options');
  });
});

describe('advertisement numbers and quotas', () => {
  it('allocates new numbers from the advertisement’s own range, for updates [PA] and added quotas [AQTEA]', async () => {
    const ad = await createAdvertisementFixture(t.db, { status: 'published' });
    const highest = Math.max(...ad.quotas.map((q) => q.number));
    const first = data<{ id: number; number: number; label: string; rangeId: number }>(await t.call('POST', `/api/admin/advertisements/${ad.advertisementId}/numbers`, { token: admin }));
    expect(first).toMatchObject({ number: highest + 1, rangeId: ad.rangeId, label: formatAdvertisementNumber(highest + 1, ad.fiscalYear) });
    const [audit] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'advertisement_numbers'), eq(schema.auditLog.entityId, String(first.id))));
    expect(audit).toMatchObject({ action: 'allocate', actorUserId: adminId });
    const second = data<{ number: number }>(await t.call('POST', `/api/admin/advertisements/${ad.advertisementId}/quota-numbers`, { token: admin }));
    expect(second.number).toBe(highest + 2);
    const closed = await createAdvertisementFixture(t.db, { status: 'closed' });
    expect((await t.call('POST', `/api/admin/advertisements/${closed.advertisementId}/numbers`, { token: admin })).status).toBe(409);
    expect((await t.call('POST', `/api/admin/advertisements/${closed.advertisementId}/quota-numbers`, { token: admin })).status).toBe(409);
  });

  it('requires a new, free number of the same office and fiscal year to update a number', async () => {
    const ad = await createAdvertisementFixture(t.db, { status: 'configured' });
    const other = await createAdvertisementFixture(t.db, { status: 'configured' });
    const [quota, secondQuota] = ad.quotas;
    const url = `/api/admin/advertisements/${ad.advertisementId}/quotas/${quota!.quotaId}/number`;
    const before = await snapshot(ad.advertisementId);
    const same = await t.call('PUT', url, { token: admin, json: { advertisementNumberId: quota!.advertisementNumberId }, lang: 'en' });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('Updating an advertisement number requires a new number.');
    expect(same.body.errors).toEqual({ advertisementNumberId: ['Updating an advertisement number requires a new number.'] });
    for (const taken of [secondQuota!.advertisementNumberId, (await freeNumber(other)).id, 987654]) {
      const answer = await t.call('PUT', url, { token: admin, json: { advertisementNumberId: taken } });
      expect(answer.status, String(taken)).toBe(400);
      expect(Object.keys(answer.body.errors ?? {})).toEqual(['advertisementNumberId']);
    }
    expect(await snapshot(ad.advertisementId)).toEqual(before);

    const fresh = await freeNumber(ad);
    expect((await t.call('PUT', url, { token: admin, json: { advertisementNumberId: fresh.id, remarks: 'Renumbered' } })).status).toBe(200);
    // The old number stays the quota's previous number and cannot be handed out again.
    const back = await t.call('PUT', url, { token: admin, json: { advertisementNumberId: quota!.advertisementNumberId } });
    expect(back.status).toBe(400);
    const detail = data<{ quotas: { quotaId: number; label: string; previousLabel: string | null }[] }>(await t.call('GET', `/api/admin/advertisements/${ad.advertisementId}`, { token: admin }));
    expect(detail.quotas.find((q) => q.quotaId === quota!.quotaId)).toMatchObject({
      label: formatAdvertisementNumber(fresh.number, ad.fiscalYear),
      previousLabel: formatAdvertisementNumber(quota!.number, ad.fiscalYear),
    });
    expect((await t.call('PUT', `/api/admin/advertisements/${ad.advertisementId}/quotas/${dalitQuotaId}/number`, { token: admin, json: { advertisementNumberId: fresh.id } })).status).toBe(404);
  });

  it('adds a quota once, with its own number, and grows the total vacancy', async () => {
    const ad = await createAdvertisementFixture(t.db, { status: 'published' });
    const number = data<{ id: number }>(await t.call('POST', `/api/admin/advertisements/${ad.advertisementId}/quota-numbers`, { token: admin }));
    const add = (json: unknown) => t.call('POST', `/api/admin/advertisements/${ad.advertisementId}/quotas`, { token: admin, json, lang: 'en' });
    const existing = await add({ quotaId: ad.quotas[0]!.quotaId, vacancies: 1, advertisementNumberId: number.id });
    expect(existing.status).toBe(409);
    expect(existing.body.message).toBe('This advertisement already has this quota.');
    const missing = await add({ quotaId: dalitQuotaId, vacancies: '' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual(['advertisementNumberId', 'vacancies']);
    expect((await add({ quotaId: dalitQuotaId, vacancies: '३', advertisementNumberId: number.id })).status).toBe(200);
    const detail = data<{ totalVacancy: number; quotas: { quotaCode: string; vacancies: number }[] }>(await t.call('GET', `/api/admin/advertisements/${ad.advertisementId}`, { token: admin }));
    expect(detail.totalVacancy).toBe(ad.totalVacancy + 3);
    expect(detail.quotas.find((q) => q.quotaCode === 'dalit')).toMatchObject({ vacancies: 3 });
  });
});

describe('lists, details, status summary and report', () => {
  let published: SeededAdvertisement;
  let draft: SeededAdvertisement;
  const fiscalYear = '2081/82';
  beforeAll(async () => {
    published = await createAdvertisementFixture(t.db, { status: 'published', fiscalYear });
    draft = await createAdvertisementFixture(t.db, { status: 'draft', fiscalYear });
    await createAdvertisementFixture(t.db, { status: 'closed', fiscalYear });
  });

  it('lists advertisements with names, quotas and labels, filtered by status, fiscal year and search', async () => {
    const list = data<{ items: { id: number; code: string; status: string; postNameEn: string; serviceNameNp: string; quotas: { label: string }[] }[]; total: number }>(
      await t.call('GET', `/api/admin/advertisements?fiscalYear=${encodeURIComponent(fiscalYear)}&pageSize=100`, { token: admin }),
    );
    expect(list.total).toBe(3);
    const row = list.items.find((item) => item.id === published.advertisementId)!;
    expect(row).toMatchObject({ code: published.code, status: 'published' });
    expect(row.postNameEn.length).toBeGreaterThan(0);
    expect(row.serviceNameNp.length).toBeGreaterThan(0);
    expect(row.quotas.map((q) => q.label)).toEqual(published.quotas.map((q) => formatAdvertisementNumber(q.number, fiscalYear)));
    const drafts = data<{ items: { id: number }[] }>(await t.call('GET', `/api/admin/advertisements?status=draft&fiscalYear=${encodeURIComponent(fiscalYear)}`, { token: admin }));
    expect(drafts.items.map((item) => item.id)).toEqual([draft.advertisementId]);
    const byCode = data<{ items: { id: number }[] }>(await t.call('GET', `/api/admin/advertisements?search=${encodeURIComponent(draft.code)}`, { token: admin }));
    expect(byCode.items.map((item) => item.id)).toEqual([draft.advertisementId]);
    const label = formatAdvertisementNumber(published.quotas[0]!.number, fiscalYear);
    const byNumber = data<{ items: { id: number }[] }>(await t.call('GET', `/api/admin/advertisements?search=${encodeURIComponent(label)}`, { token: admin }));
    expect(byNumber.items.map((item) => item.id)).toEqual([published.advertisementId]);
    expect((await t.call('GET', '/api/admin/advertisements?status=live', { token: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/admin/advertisements?pageSize=101', { token: admin })).status).toBe(400);
  });

  it('shows one advertisement with its allowed actions and history', async () => {
    const detail = data<{ code: string; status: string; allowedActions: string[]; examCentres: { id: number }[]; history: { action: string; toStatus: string; actorNameEn: string }[] }>(
      await t.call('GET', `/api/admin/advertisements/${published.advertisementId}`, { token: admin }),
    );
    expect(detail).toMatchObject({ code: published.code, status: 'published', allowedActions: ['close', 'change-dates', 'update-number', 'add-quota'] });
    expect(detail.examCentres.map((c) => c.id)).toEqual(published.examCentreIds);
    expect(detail.history.map((h) => h.action)).toEqual(['create', 'configure', 'pre-live', 'publish']);
    expect(detail.history[0]!.actorNameEn).toBe('Ram Adhikari');
  });

  it('counts advertisements per status (bigyapan/status)', async () => {
    const summary = data<{ counts: { status: AdvertisementStatus; count: number }[]; total: number }>(
      await t.call('GET', `/api/admin/advertisements/status-summary?fiscalYear=${encodeURIComponent(fiscalYear)}`, { token: admin }),
    );
    expect(summary.counts).toEqual(ADVERTISEMENT_STATUSES.map((status) => ({ status, count: ['published', 'draft', 'closed'].includes(status) ? 1 : 0 })));
    expect(summary.total).toBe(3);
    expect((await t.call('GET', '/api/admin/advertisements/status-summary?fiscalYear=2081', { token: admin })).status).toBe(400);
  });

  it('reports advertisements with numbers and vacancies by quota [AR]', async () => {
    const report = data<{ items: { code: string; numbers: string[]; quotas: { quotaCode: string; vacancies: number }[]; organizationNameEn: string }[]; total: number; totalVacancy: number }>(
      await t.call('GET', `/api/admin/reports/advertisements?fiscalYear=${encodeURIComponent(fiscalYear)}&status=published`, { token: admin }),
    );
    expect(report.total).toBe(1);
    expect(report.items[0]).toMatchObject({ code: published.code, numbers: published.quotas.map((q) => formatAdvertisementNumber(q.number, fiscalYear)) });
    expect(report.items[0]!.quotas.map((q) => [q.quotaCode, q.vacancies])).toEqual(published.quotas.map((q) => [q.code, q.vacancies]));
    expect(report.totalVacancy).toBe(published.totalVacancy);
  });
});
