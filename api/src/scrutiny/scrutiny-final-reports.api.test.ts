import { schema, type SeededAdvertisement } from '@psc/db';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAdvertisementQuotaIds, seedApplicant } from '../applications/applications.test-support';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { addApplications, createApplications, createClosedAdvertisement } from './scrutiny.test-support';

// Finalised scrutiny [SM] (spec §4 "Scrutiny allocation: ... finalise"), the scrutiny report [SD]
// (spec §5: office, advertisement code, fiscal year and exam centre required, exported to Excel)
// and the caste classification of the approved applicants [SC].

let t: TestApp;
let allocator: StaffUser;
let officer: StaffUser;
let otherOfficer: StaffUser;
let finaliser: StaffUser;
let reporter: StaffUser;
beforeAll(async () => {
  t = await createTestApp();
  allocator = await createStaffUser(t, { SA: ['read', 'create', 'update'] });
  officer = await createStaffUser(t, { SC: ['read', 'update'] });
  otherOfficer = await createStaffUser(t, { SC: ['read', 'update'] });
  finaliser = await createStaffUser(t, { SM: ['read', 'update'] });
  reporter = await createStaffUser(t, { SD: ['read'] });
});
afterAll(() => t.close());

async function allocate(advertisement: SeededAdvertisement, officers: { officerId: number; count: number }[]) {
  const answer = await t.call('POST', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/allocations`, {
    token: allocator.token,
    json: { mode: 'counts', officers },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function versionOf(applicationId: number) {
  const [row] = await t.db.select({ version: schema.scrutinyAllocations.version }).from(schema.scrutinyAllocations).where(eq(schema.scrutinyAllocations.applicationId, applicationId));
  return row!.version;
}

async function decide(applicationId: number, decision: 'approve' | 'hold' | 'reject' | 'revert', by: StaffUser = officer) {
  const json = { decision, version: await versionOf(applicationId), ...(decision === 'approve' ? {} : { remark: 'Citizenship copy unreadable' }) };
  return t.call('POST', `/api/admin/scrutiny/applications/${applicationId}/decisions`, { token: by.token, json, lang: 'en' });
}

const finalise = (advertisement: SeededAdvertisement, token = finaliser.token) =>
  t.call('POST', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/finalisation`, { token, lang: 'en' });
const reopen = (advertisement: SeededAdvertisement, json: Record<string, unknown>, token = finaliser.token) =>
  t.call('POST', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/reopening`, { token, json, lang: 'en' });

async function download(path: string, token: string, lang: 'en' | 'ne' = 'en') {
  const response = await t.app.request(path, { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function readWorkbook(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

describe('finalised scrutiny', () => {
  it('is refused with the counts while applications are unallocated, pending or on hold; then refuses decisions and moves until an audited reopen', async () => {
    const advertisement = await createClosedAdvertisement(t);
    const ids = (await createApplications(t, advertisement, 4)).map((row) => row.id).sort((a, b) => a - b);
    await allocate(advertisement, [
      { officerId: officer.userId, count: 2 },
      { officerId: otherOfficer.userId, count: 1 },
    ]);
    const mine = (await t.db.select().from(schema.scrutinyAllocations).where(eq(schema.scrutinyAllocations.officerUserId, officer.userId)))
      .filter((row) => ids.includes(row.applicationId))
      .map((row) => row.applicationId)
      .sort((a, b) => a - b);
    const [theirs] = (await t.db.select().from(schema.scrutinyAllocations).where(eq(schema.scrutinyAllocations.officerUserId, otherOfficer.userId))).filter((row) =>
      ids.includes(row.applicationId),
    );
    expect((await decide(mine[0]!, 'hold')).status).toBe(200);

    const refused = await finalise(advertisement);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Scrutiny of this advertisement cannot be finalised yet: 2 pending, 1 on hold and 1 not yet allocated.');

    // The list shows the counts by status.
    const listed = await t.call('GET', '/api/admin/scrutiny/finalisations?pageSize=200', { token: finaliser.token });
    expect(listed.status).toBe(200);
    const row = (listed.body.data as { items: { id: number; finalised: boolean; unallocated: number; pending: number; hold: number; total: number }[] }).items.find(
      (item) => item.id === advertisement.advertisementId,
    );
    expect(row).toMatchObject({ finalised: false, unallocated: 1, pending: 2, hold: 1, total: 4 });

    // Allocate the last one and decide everything: then it finalises.
    await allocate(advertisement, [{ officerId: officer.userId, count: 1 }]);
    const allMine = (await t.db.select().from(schema.scrutinyAllocations).where(eq(schema.scrutinyAllocations.officerUserId, officer.userId)))
      .filter((item) => ids.includes(item.applicationId))
      .map((item) => item.applicationId);
    for (const id of allMine) expect((await decide(id, id === mine[1] ? 'reject' : 'approve')).status).toBe(200);
    expect((await decide(theirs!.applicationId, 'approve', otherOfficer)).status).toBe(200);

    const done = await finalise(advertisement);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe('The scrutiny has been finalised.');
    expect(done.body.data).toMatchObject({ finalised: true, counts: { approved: 3, rejected: 1, pending: 0, hold: 0, unallocated: 0 } });
    expect((await finalise(advertisement)).body.message).toBe('Scrutiny of this advertisement is already finalised.');

    // Decisions, reallocations and switches are refused with a clear message.
    const decision = await decide(mine[0]!, 'revert');
    expect(decision.status).toBe(422);
    expect(decision.body.message).toBe('Scrutiny of this advertisement has been finalised: nothing can be changed until it is reopened.');
    const reallocation = await t.call('POST', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/reallocations`, {
      token: allocator.token,
      json: { fromOfficerId: officer.userId, toOfficerId: otherOfficer.userId },
      lang: 'en',
    });
    expect(reallocation.status).toBe(422);
    expect(reallocation.body.message).toBe('Scrutiny of this advertisement has been finalised: nothing can be changed until it is reopened.');
    const switched = await t.call('POST', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/switches`, {
      token: allocator.token,
      json: { officerId: officer.userId, otherOfficerId: otherOfficer.userId },
      lang: 'en',
    });
    expect(switched.status).toBe(422);
    expect(await versionOf(mine[0]!)).toBe(2);

    // A reopen needs its remark, in the caller's language.
    const bare = await reopen(advertisement, {});
    expect(bare.status).toBe(400);
    expect(bare.body.errors?.remark).toEqual(['Type a remark saying why the scrutiny is reopened.']);
    const blank = await reopen(advertisement, { remark: '   ' }, finaliser.token);
    expect(blank.status).toBe(400);
    const nepali = await t.call('POST', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/reopening`, { token: finaliser.token, json: {}, lang: 'ne' });
    expect(nepali.body.errors?.remark).toEqual(['रुजु किन फेरि खोलिएको हो, कैफियत लेख्नुहोस्।']);

    const reopened = await reopen(advertisement, { remark: 'A quota decision was appealed' });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.message).toBe('The scrutiny has been reopened.');
    expect((await reopen(advertisement, { remark: 'again' })).body.message).toBe('Scrutiny of this advertisement is not finalised: there is nothing to reopen.');
    const [audit] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'scrutiny-reopen'), eq(schema.auditLog.entityId, String(advertisement.advertisementId))))
      .orderBy(desc(schema.auditLog.id));
    expect(audit).toMatchObject({ actorUserId: finaliser.userId, entity: 'scrutiny_finalisations', after: { finalised: false, remark: 'A quota decision was appealed' } });
    const [finalAudit] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'scrutiny-finalise'), eq(schema.auditLog.entityId, String(advertisement.advertisementId))));
    expect(finalAudit).toMatchObject({ actorUserId: finaliser.userId });

    // After the reopen a decision is taken again, and the history keeps both steps.
    const allowed = await decide(mine[0]!, 'revert');
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    const history = await t.call('GET', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/finalisation-events`, { token: finaliser.token });
    expect((history.body.data as { action: string; remark: string | null }[]).map((event) => [event.action, event.remark])).toEqual([
      ['reopen', 'A quota decision was appealed'],
      ['finalise', null],
    ]);
    // Pending again: finalising is refused once more, naming the one.
    expect((await finalise(advertisement)).body.message).toBe('Scrutiny of this advertisement cannot be finalised yet: 1 pending, 0 on hold and 0 not yet allocated.');
  });

  it('opens every finalisation route to SM only', async () => {
    const advertisement = await createClosedAdvertisement(t);
    const id = advertisement.advertisementId;
    for (const token of [allocator.token, officer.token, reporter.token]) {
      expect((await t.call('GET', '/api/admin/scrutiny/finalisations', { token })).status).toBe(403);
      expect((await t.call('GET', `/api/admin/scrutiny/advertisements/${id}/finalisation-events`, { token })).status).toBe(403);
      expect((await finalise(advertisement, token)).status).toBe(403);
      expect((await reopen(advertisement, { remark: 'x' }, token)).status).toBe(403);
    }
    const reader = await createStaffUser(t, { SM: ['read'] });
    expect((await t.call('GET', '/api/admin/scrutiny/finalisations', { token: reader.token })).status).toBe(200);
    expect((await finalise(advertisement, reader.token)).status).toBe(403);
    expect((await t.call('GET', '/api/admin/scrutiny/finalisations')).status).toBe(401);
  });
});

describe('the scrutiny report', () => {
  it('requires the four filters, names a wrong one, pages the applications and exports them to Excel', async () => {
    const advertisement = await createClosedAdvertisement(t, [
      { code: 'open', vacancies: 3 },
      { code: 'madhesi', vacancies: 1 },
    ]);
    const applicant = await seedApplicant(t);
    const [claimed] = await addApplications(t, advertisement, [applicant.userId]);
    const quotaIds = await findAdvertisementQuotaIds(t.db, advertisement.advertisementId);
    await t.db.insert(schema.applicationQuotas).values([
      { applicationId: claimed!.id, advertisementQuotaId: quotaIds.open! },
      { applicationId: claimed!.id, advertisementQuotaId: quotaIds.madhesi! },
    ]);
    await createApplications(t, advertisement, 3);
    await allocate(advertisement, [{ officerId: officer.userId, count: 3 }]);
    const quotaDecision = await t.call('POST', `/api/admin/scrutiny/applications/${claimed!.id}/decisions`, {
      token: officer.token,
      json: { decision: 'approve', advertisementQuotaId: quotaIds.open, version: await versionOf(claimed!.id) },
    });
    expect(quotaDecision.status, JSON.stringify(quotaDecision.body)).toBe(200);
    const madhesi = await t.call('POST', `/api/admin/scrutiny/applications/${claimed!.id}/decisions`, {
      token: officer.token,
      json: { decision: 'reject', advertisementQuotaId: quotaIds.madhesi, remark: 'No Madhesi certificate', version: await versionOf(claimed!.id) },
    });
    expect(madhesi.status, JSON.stringify(madhesi.body)).toBe(200);

    const missing = await t.call('GET', '/api/admin/scrutiny/report', { token: reporter.token, lang: 'en' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({
      officeId: ['Office is required.'],
      advertisementCode: ['Advertisement code is required.'],
      fiscalYear: ['Fiscal year is required.'],
      examCentreId: ['Exam centre is required.'],
    });
    const missingNe = await t.call('GET', '/api/admin/scrutiny/report', { token: reporter.token, lang: 'ne' });
    expect(missingNe.body.errors?.officeId).toEqual(['कार्यालय अनिवार्य छ।']);

    const filter = (changes: Record<string, string | number> = {}) =>
      new URLSearchParams(
        Object.entries({ officeId: advertisement.organizationId, advertisementCode: advertisement.code, fiscalYear: advertisement.fiscalYear, examCentreId: advertisement.examCentreIds[0]!, ...changes }).map(
          ([key, value]): [string, string] => [key, String(value)],
        ),
      ).toString();
    const wrongYear = await t.call('GET', `/api/admin/scrutiny/report?${filter({ fiscalYear: '2070/71' })}`, { token: reporter.token, lang: 'en' });
    expect(wrongYear.status).toBe(400);
    expect(wrongYear.body.errors?.advertisementCode).toEqual([`This office has no advertisement ${advertisement.code} in the fiscal year 2070/71.`]);
    const centres = (await t.db.select({ id: schema.examCentres.id }).from(schema.examCentres)).map((row) => row.id).filter((centre) => !advertisement.examCentreIds.includes(centre));
    const wrongCentre = await t.call('GET', `/api/admin/scrutiny/report?${filter({ examCentreId: centres[0] ?? 2_000_000 })}`, { token: reporter.token, lang: 'en' });
    expect(wrongCentre.status).toBe(400);
    expect(wrongCentre.body.errors?.examCentreId).toEqual(["This exam centre is not one of the advertisement's exam centres."]);

    // Devanagari digits in the code and the fiscal year are read as Latin ones.
    const devanagari = (text: string) => text.replace(/\d/g, (digit) => '०१२३४५६७८९'[Number(digit)]!);
    const answer = await t.call('GET', `/api/admin/scrutiny/report?${filter({ advertisementCode: devanagari(advertisement.code), fiscalYear: devanagari(advertisement.fiscalYear), pageSize: 2 })}`, {
      token: reporter.token,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body.data as {
      counts: Record<string, number>;
      total: number;
      items: { applicationId: number; scrutinyStatus: string; officer: string | null; quotas: { code: string; status: string }[] }[];
    };
    expect(report.counts).toEqual({ unallocated: 1, pending: 2, hold: 0, approved: 1, rejected: 0, total: 4 });
    expect(report.total).toBe(4);
    expect(report.items).toHaveLength(2);
    expect(report.items[0]).toMatchObject({ applicationId: claimed!.id, scrutinyStatus: 'approved', officer: expect.stringMatching(/\S/) });
    expect(report.items[0]!.quotas.map((quota) => [quota.code, quota.status])).toEqual([
      ['open', 'approved'],
      ['madhesi', 'rejected'],
    ]);
    const second = (await t.call('GET', `/api/admin/scrutiny/report?${filter({ pageSize: 2, page: 2 })}`, { token: reporter.token })).body.data as typeof report;
    expect(second.items.map((item) => item.scrutinyStatus).sort()).toEqual(['pending', 'unallocated']);

    const file = await download(`/api/admin/scrutiny/report/excel?${filter()}`, reporter.token);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.disposition).toContain('attachment; filename="scrutiny-report-');
    const sheet = (await readWorkbook(file.bytes)).worksheets[0]!;
    expect(sheet.name).toBe('Scrutiny report');
    expect(sheet.getRow(2).values).toEqual([undefined, 'S.N.', 'Receipt number', 'Master ID', 'Candidate', 'Scrutiny status', 'Officer', 'Quotas decided', 'Application status']);
    expect(sheet.rowCount).toBe(6);
    const first = sheet.getRow(3).values as unknown[];
    expect(first[1]).toBe(1);
    expect(first[4]).toBe('Gita Adhikari');
    expect(first[5]).toBe('Approved');
    expect(first[7]).toBe('Open: approved; Madhesi: rejected');
    const nepaliFile = await download(`/api/admin/scrutiny/report/excel?${filter()}`, reporter.token, 'ne');
    const nepaliSheet = (await readWorkbook(nepaliFile.bytes)).worksheets[0]!;
    expect(nepaliSheet.name).toBe('रुजु प्रतिवेदन');
    expect((nepaliSheet.getRow(3).values as unknown[])[4]).toBe('गीता अधिकारी');

    expect((await download(`/api/admin/scrutiny/report/excel`, reporter.token)).status).toBe(400);
    for (const token of [allocator.token, officer.token, finaliser.token]) {
      expect((await t.call('GET', `/api/admin/scrutiny/report?${filter()}`, { token })).status).toBe(403);
      expect((await download(`/api/admin/scrutiny/report/excel?${filter()}`, token)).status).toBe(403);
    }
  });
});

describe('the caste classification', () => {
  it('counts the approved applicants by caste, approved quota, gender and district, on screen and in Excel, for SC only', async () => {
    const advertisement = await createClosedAdvertisement(t, [
      { code: 'open', vacancies: 3 },
      { code: 'madhesi', vacancies: 1 },
    ]);
    const first = await seedApplicant(t);
    const second = await seedApplicant(t, { gender: 'male', withAddress: false });
    const rows = await addApplications(t, advertisement, [first.userId, second.userId]);
    await createApplications(t, advertisement, 1);
    const quotaIds = await findAdvertisementQuotaIds(t.db, advertisement.advertisementId);
    await t.db.insert(schema.applicationQuotas).values([
      { applicationId: rows[0]!.id, advertisementQuotaId: quotaIds.open! },
      { applicationId: rows[0]!.id, advertisementQuotaId: quotaIds.madhesi! },
      { applicationId: rows[1]!.id, advertisementQuotaId: quotaIds.open! },
    ]);
    await allocate(advertisement, [{ officerId: officer.userId, count: 3 }]);
    for (const row of rows) expect((await decide(row.id, 'approve')).status).toBe(200);

    const answer = await t.call('GET', `/api/admin/scrutiny/caste-classification?advertisementCode=${encodeURIComponent(advertisement.code)}`, { token: officer.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body.data as Record<'byCaste' | 'byQuota' | 'byGender' | 'byDistrict', { key: string; count: number }[]> & { total: number };
    expect(report.total).toBe(2);
    expect(report.byGender.map((row) => [row.key, row.count])).toEqual([
      ['female', 1],
      ['male', 1],
    ]);
    expect(report.byQuota.map((row) => [row.key, row.count])).toEqual([
      ['open', 2],
      ['madhesi', 1],
    ]);
    for (const table of [report.byCaste, report.byDistrict]) expect(table.reduce((sum, row) => sum + row.count, 0)).toBe(2);
    // The second gave no address: counted as not given.
    expect(report.byDistrict.some((row) => row.key === '' && row.count === 1)).toBe(true);

    const file = await download(`/api/admin/scrutiny/caste-classification/excel?advertisementCode=${encodeURIComponent(advertisement.code)}`, officer.token);
    expect(file.status).toBe(200);
    const workbook = await readWorkbook(file.bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Caste-ethnicity', 'Inclusive group (quota)', 'Gender', 'District']);
    expect(workbook.getWorksheet('Gender')!.getRow(3).values).toEqual([undefined, 'Female', 1]);

    const missing = await t.call('GET', '/api/admin/scrutiny/caste-classification', { token: officer.token, lang: 'en' });
    expect(missing.body.errors?.advertisementCode).toEqual(['Advertisement code is required.']);
    const unknown = await t.call('GET', '/api/admin/scrutiny/caste-classification?advertisementCode=1999/00-9', { token: officer.token, lang: 'en' });
    expect(unknown.body.errors?.advertisementCode).toEqual(['There is no advertisement 1999/00-9.']);
    for (const token of [allocator.token, finaliser.token, reporter.token]) {
      expect((await t.call('GET', `/api/admin/scrutiny/caste-classification?advertisementCode=${encodeURIComponent(advertisement.code)}`, { token })).status).toBe(403);
      expect((await download(`/api/admin/scrutiny/caste-classification/excel?advertisementCode=${encodeURIComponent(advertisement.code)}`, token)).status).toBe(403);
    }
  });
});

describe("an advertisement's application counts", () => {
  it('counts by status, payment state and quota, for PA', async () => {
    const advertisement = await createClosedAdvertisement(t);
    await createApplications(t, advertisement, 2);
    await createApplications(t, advertisement, 1, { paymentState: 'unpaid' });
    await createApplications(t, advertisement, 1, { deleted: true });
    const reader = await createStaffUser(t, { PA: ['read'] });
    const answer = await t.call('GET', `/api/admin/advertisements/${advertisement.advertisementId}/application-counts`, { token: reader.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const counts = answer.body.data as { total: number; byStatus: { status: string; count: number }[]; byPaymentState: { state: string; count: number }[]; byQuota: { code: string }[] };
    expect(counts.total).toBe(3);
    expect(counts.byStatus.find((row) => row.status === 'pending')?.count).toBe(3);
    expect(counts.byPaymentState).toEqual([
      { state: 'unpaid', count: 1 },
      { state: 'verification-pending', count: 0 },
      { state: 'paid', count: 2 },
    ]);
    expect(counts.byQuota.length).toBeGreaterThan(0);
    expect((await t.call('GET', `/api/admin/advertisements/${advertisement.advertisementId}/application-counts`, { token: officer.token })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/advertisements/2000000000/application-counts', { token: reader.token })).status).toBe(404);
  });
});
