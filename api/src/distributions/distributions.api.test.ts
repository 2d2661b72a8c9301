import { formatAdvertisementNumber } from '@psc/core';
import { schema } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_ACTIONS,
  createApprovedRequisition,
  createRecruitmentSetup,
  createStaffUser,
  requisitionBody,
  uploadedDocumentId,
  type RecruitmentSetup,
  type StaffUser,
} from '../requisitions/requisition.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let setup: RecruitmentSetup;
let officer: StaffUser;
let approver: StaffUser;
let quotaIds: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  // Numbers are unique per fiscal year across offices: each office of this file has its own range.
  setup = await createRecruitmentSetup(t, { numberFrom: 1, numberTo: 999 });
  officer = await createStaffUser(t, { RQ: ALL_ACTIONS, PD: ['read', 'create', 'update'] });
  approver = await createStaffUser(t, { RQ: ALL_ACTIONS, PD: ['read', 'approve', 'reject'] });
  const rows = await t.db.select({ id: schema.quotas.id, code: schema.quotas.code }).from(schema.quotas);
  quotaIds = Object.fromEntries(rows.map((row) => [row.code, row.id]));
});
afterAll(() => t.close());

async function auditRows(entity: string, entityId: string | number, action: string) {
  return t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, entity), eq(schema.auditLog.entityId, String(entityId)), eq(schema.auditLog.action, action)));
}

const approvedRequisition = (onSetup: RecruitmentSetup = setup, overrides: Record<string, unknown> = {}) => createApprovedRequisition(t, onSetup, officer, approver, overrides);

async function generateNumber(requisitionId: number, user: StaffUser = officer) {
  const answer = await t.call('POST', '/api/admin/advertisement-numbers', { token: user.token, json: { requisitionId } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { id: number; number: number; fiscalYear: string; label: string };
}

/** A valid manual distribution of 10: open 6, women 2, madhesi 2, each with a new number. */
async function tenVacancyLines(requisitionId: number) {
  const lines = [];
  for (const [code, vacancies] of [
    ['open', 6],
    ['women', 2],
    ['madhesi', 2],
  ] as const) {
    lines.push({ quotaId: quotaIds[code]!, vacancies, advertisementNumberId: (await generateNumber(requisitionId)).id });
  }
  return lines;
}

async function createDistribution(requisitionId: number, lines: unknown[], user: StaffUser = officer) {
  return t.call('POST', '/api/admin/distributions', { token: user.token, lang: 'en', json: { requisitionId, method: 'manual', lines } });
}

async function createPendingDistribution(requisitionId: number) {
  const answer = await createDistribution(requisitionId, await tenVacancyLines(requisitionId));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { id: number }).id;
}

describe('advertisement numbers (POST /advertisement-numbers)', () => {
  it("allocates from the requisition's office range and fiscal year, printed as notices print it", async () => {
    const office = await createRecruitmentSetup(t, { numberFrom: 3000, numberTo: 3999 });
    const requisitionId = await approvedRequisition(office);
    const first = await generateNumber(requisitionId);
    expect(first).toEqual({ id: expect.any(Number), number: 3000, fiscalYear: office.fiscalYear, label: formatAdvertisementNumber(3000, office.fiscalYear) });
    expect((await generateNumber(requisitionId)).number).toBe(3001);
    expect(await auditRows('advertisement_numbers', first.id, 'allocate')).toHaveLength(1);
  });

  it('gives 100 concurrent requests 100 different numbers', async () => {
    const office = await createRecruitmentSetup(t, { numberFrom: 4000, numberTo: 4999 });
    const requisitionId = await approvedRequisition(office);
    const answers = await Promise.all(Array.from({ length: 100 }, () => t.call('POST', '/api/admin/advertisement-numbers', { token: officer.token, json: { requisitionId } })));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 100 }, () => 200));
    const numbers = answers.map((answer) => (answer.body.data as { number: number }).number);
    expect(new Set(numbers).size).toBe(100);
    expect(Math.min(...numbers)).toBe(4000);
    expect(Math.max(...numbers)).toBe(4099);
  });

  it('refuses a requisition that is not approved, an office without a range, and a used-up range', async () => {
    const documentFileId = await uploadedDocumentId(t, officer.token);
    const submitted = await t.call('POST', '/api/admin/requisitions', { token: officer.token, json: requisitionBody(setup, documentFileId) });
    const submittedId = (submitted.body.data as { id: number }).id;
    const notApproved = await t.call('POST', '/api/admin/advertisement-numbers', { token: officer.token, lang: 'en', json: { requisitionId: submittedId } });
    expect(notApproved.status).toBe(409);
    expect(notApproved.body.message).toBe('Only an approved requisition can be distributed.');
    expect((await t.call('POST', '/api/admin/advertisement-numbers', { token: officer.token, json: { requisitionId: 999_999 } })).status).toBe(404);

    const noRange = await createRecruitmentSetup(t, { numberFrom: 5000, numberTo: 5001 });
    await t.db.update(schema.advertisementRanges).set({ isActive: false }).where(eq(schema.advertisementRanges.id, noRange.rangeId));
    const withoutRange = await t.call('POST', '/api/admin/advertisement-numbers', { token: officer.token, lang: 'en', json: { requisitionId: await approvedRequisition(noRange) } });
    expect(withoutRange.status).toBe(409);
    expect(withoutRange.body.message).toBe('No advertisement number range is set for this office and fiscal year.');

    const small = await createRecruitmentSetup(t, { numberFrom: 5100, numberTo: 5101 });
    const smallRequisition = await approvedRequisition(small);
    await generateNumber(smallRequisition);
    await generateNumber(smallRequisition);
    const exhausted = await t.call('POST', '/api/admin/advertisement-numbers', { token: officer.token, lang: 'en', json: { requisitionId: smallRequisition } });
    expect(exhausted.status).toBe(409);
    expect(exhausted.body.message).toBe("Every number of this office's advertisement range for the fiscal year has been used.");
  });
});

describe('automatic proposal from configured shares', () => {
  it('splits 10 vacancies by the seeded Civil Service Act shares, adding up to the total', async () => {
    const requisitionId = await approvedRequisition();
    const answer = await t.call('GET', `/api/admin/distributions/proposal/${requisitionId}`, { token: officer.token });
    expect(answer.status).toBe(200);
    const proposal = answer.body.data as { total: number; lines: { code: string; vacancies: number }[] };
    expect(proposal.total).toBe(10);
    expect(proposal.lines.map((line) => [line.code, line.vacancies])).toEqual([
      ['open', 6],
      ['women', 2],
      ['adivasi-janajati', 1],
      ['madhesi', 1],
    ]);
    expect((await t.call('GET', '/api/admin/distributions/proposal/999999', { token: officer.token })).status).toBe(404);
  });
});

describe('manual distribution rules (spec §5)', () => {
  it('needs an approved requisition', async () => {
    const documentFileId = await uploadedDocumentId(t, officer.token);
    const submitted = await t.call('POST', '/api/admin/requisitions', { token: officer.token, json: requisitionBody(setup, documentFileId) });
    const answer = await createDistribution((submitted.body.data as { id: number }).id, [{ quotaId: quotaIds.open, vacancies: 10, advertisementNumberId: 1 }]);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Only an approved requisition can be distributed.');
  });

  it('names each broken rule: number first, valid vacancies, a quota chosen, the sum equal to the total', async () => {
    const requisitionId = await approvedRequisition();
    const [a, b] = [await generateNumber(requisitionId), await generateNumber(requisitionId)];
    const cases: [unknown[], string[]][] = [
      [[], ['Distribute the vacancies across at least one quota.']],
      [[{ quotaId: quotaIds.open, vacancies: 10, advertisementNumberId: null }], ['Generate the advertisement number first.']],
      [[{ quotaId: null, vacancies: 10, advertisementNumberId: a.id }], ['Please choose a quota type.']],
      [[{ quotaId: quotaIds.open, vacancies: 0, advertisementNumberId: a.id }], ['Please enter a valid vacancy number (a whole number, at least 1).']],
      [
        [
          { quotaId: quotaIds.open, vacancies: 6, advertisementNumberId: a.id },
          { quotaId: quotaIds.women, vacancies: 3, advertisementNumberId: b.id },
        ],
        ['The distributed vacancies must add up to the total vacancy.'],
      ],
      [
        [
          { quotaId: quotaIds.open, vacancies: 6, advertisementNumberId: a.id },
          { quotaId: quotaIds.open, vacancies: 4, advertisementNumberId: b.id },
        ],
        ['Each quota may appear only once.'],
      ],
      [
        [
          { quotaId: quotaIds.open, vacancies: 6, advertisementNumberId: a.id },
          { quotaId: quotaIds.women, vacancies: 4, advertisementNumberId: a.id },
        ],
        ['Each quota needs its own advertisement number.'],
      ],
    ];
    for (const [lines, messages] of cases) {
      const answer = await createDistribution(requisitionId, lines);
      expect(answer.status, JSON.stringify(lines)).toBe(400);
      expect(answer.body.errors, JSON.stringify(lines)).toEqual({ lines: messages });
    }
    const [stored] = await t.db.select().from(schema.vacancyDistributions).where(eq(schema.vacancyDistributions.requisitionId, requisitionId));
    expect(stored).toBeUndefined();
  });

  it("refuses a number that is unknown, of another office, or already in another requisition's distribution", async () => {
    const requisitionId = await approvedRequisition();
    const other = await createRecruitmentSetup(t, { numberFrom: 6000, numberTo: 6999 });
    const foreign = await generateNumber(await approvedRequisition(other));
    const numberUnavailable = ['This advertisement number is already used, or belongs to another office or fiscal year.'];
    for (const advertisementNumberId of [foreign.id, 99_999]) {
      const answer = await createDistribution(requisitionId, [{ quotaId: quotaIds.open, vacancies: 10, advertisementNumberId }]);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ lines: numberUnavailable });
    }
    const firstRequisition = await approvedRequisition();
    const lines = await tenVacancyLines(firstRequisition);
    expect((await createDistribution(firstRequisition, lines)).status).toBe(200);
    const reused = await createDistribution(requisitionId, [{ quotaId: quotaIds.open, vacancies: 10, advertisementNumberId: lines[0]!.advertisementNumberId }]);
    expect(reused.status).toBe(400);
    expect(reused.body.errors).toEqual({ lines: numberUnavailable });
  });

  it('lets only one of several distributions naming the same number at once pass', async () => {
    const requisitionIds = [];
    for (let i = 0; i < 8; i += 1) requisitionIds.push(await approvedRequisition());
    const shared = await generateNumber(requisitionIds[0]!);
    const answers = await Promise.all(
      requisitionIds.map((requisitionId) => createDistribution(requisitionId, [{ quotaId: quotaIds.open, vacancies: 10, advertisementNumberId: shared.id }])),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(7);
    const lines = await t.db.select().from(schema.vacancyDistributionLines).where(eq(schema.vacancyDistributionLines.advertisementNumberId, shared.id));
    expect(lines).toHaveLength(1);
  });

  it('records an automatic distribution as such', async () => {
    const requisitionId = await approvedRequisition();
    const proposal = (await t.call('GET', `/api/admin/distributions/proposal/${requisitionId}`, { token: officer.token })).body.data as { lines: { quotaId: number; vacancies: number }[] };
    const lines = [];
    for (const line of proposal.lines) lines.push({ ...line, advertisementNumberId: (await generateNumber(requisitionId)).id });
    const answer = await t.call('POST', '/api/admin/distributions', { token: officer.token, json: { requisitionId, method: 'automatic', lines } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const detail = (await t.call('GET', `/api/admin/distributions/${(answer.body.data as { id: number }).id}`, { token: officer.token })).body.data as { method: string; lines: unknown[] };
    expect(detail.method).toBe('automatic');
    expect(detail.lines).toHaveLength(proposal.lines.length);
  });

  it('stores a valid distribution as pending, audited, and refuses a second one while it is live', async () => {
    const requisitionId = await approvedRequisition();
    const id = await createPendingDistribution(requisitionId);
    const detail = await t.call('GET', `/api/admin/distributions/${id}`, { token: officer.token });
    expect(detail.status).toBe(200);
    const data = detail.body.data as { status: string; method: string; createdByName: string; lines: { quotaCode: string; vacancies: number; label: string; number: number; fiscalYear: string }[]; requisition: { id: number } };
    expect(data).toMatchObject({ status: 'pending', method: 'manual', createdByName: 'Recruitment Officer', createdByNameNp: 'भर्ना अधिकृत', requisition: { id: requisitionId } });
    expect(data.lines.map((line) => [line.quotaCode, line.vacancies])).toEqual([
      ['open', 6],
      ['women', 2],
      ['madhesi', 2],
    ]);
    for (const line of data.lines) expect(line.label).toBe(formatAdvertisementNumber(line.number, line.fiscalYear));
    expect(await auditRows('vacancy_distributions', id, 'create')).toHaveLength(1);
    const second = await createDistribution(requisitionId, await tenVacancyLines(requisitionId));
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('This requisition already has a pending or approved distribution.');
  });
});

describe('distribution decisions', () => {
  it('is approved by another officer, creating the draft advertisement with its quotas, numbers and history', async () => {
    const requisitionId = await approvedRequisition();
    const id = await createPendingDistribution(requisitionId);
    const own = await t.call('POST', `/api/admin/distributions/${id}/approve`, { token: officer.token, lang: 'en', json: {} });
    // The author holds no PD approve: the route refuses before the four-eyes rule is reached.
    expect(own.status).toBe(403);

    const approved = await t.call('POST', `/api/admin/distributions/${id}/approve`, { token: approver.token, json: { remarks: 'Distribution checked.' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const result = approved.body.data as { id: number; status: string; advertisementId: number; code: string };
    expect(result).toMatchObject({ id, status: 'approved' });
    expect(result.code).toMatch(new RegExp(`^${setup.fiscalYear.replace('/', '\\/')}-\\d{4}$`));

    const [advertisement] = await t.db.select().from(schema.advertisements).where(eq(schema.advertisements.id, result.advertisementId));
    expect(advertisement).toMatchObject({
      code: result.code,
      status: 'draft',
      requisitionId,
      distributionId: id,
      fiscalYear: setup.fiscalYear,
      organizationId: setup.requestOrganizationId,
      serviceId: setup.serviceId,
      classId: setup.classId,
      postId: setup.postId,
      totalVacancy: 10,
      applicationFee: 1000,
      internalCompetitionFee: 500,
      extraQuotaFee: 200,
      extraServiceFee: 100,
      extraClusterFee: 50,
    });
    const quotas = await t.db.select().from(schema.advertisementQuotas).where(eq(schema.advertisementQuotas.advertisementId, result.advertisementId));
    const lines = await t.db.select().from(schema.vacancyDistributionLines).where(eq(schema.vacancyDistributionLines.distributionId, id));
    expect(quotas.map((q) => [q.quotaId, q.vacancies, q.advertisementNumberId]).sort()).toEqual(lines.map((l) => [l.quotaId, l.vacancies, l.advertisementNumberId]).sort());
    const history = await t.db.select().from(schema.advertisementStatusChanges).where(eq(schema.advertisementStatusChanges.advertisementId, result.advertisementId));
    expect(history).toEqual([expect.objectContaining({ action: 'create', fromStatus: null, toStatus: 'draft', remarks: 'Distribution checked.', actorUserId: approver.userId })]);
    expect(await auditRows('vacancy_distributions', id, 'approve')).toHaveLength(1);
    expect(await auditRows('advertisements', result.advertisementId, 'create')).toHaveLength(1);

    for (const action of ['approve', 'reject']) {
      const again = await t.call('POST', `/api/admin/distributions/${id}/${action}`, { token: approver.token, lang: 'en', json: { remarks: 'Again.' } });
      expect(again.status, action).toBe(409);
      expect(again.body.message).toBe('Only a pending distribution can be approved or rejected; this one has already been decided.');
    }
    const detail = (await t.call('GET', `/api/admin/distributions/${id}`, { token: officer.token })).body.data as { advertisement: { id: number; code: string } };
    expect(detail.advertisement).toMatchObject({ id: result.advertisementId, code: result.code });
  });

  it('is never decided by its author (four eyes), even one who holds every privilege', async () => {
    const author = await createStaffUser(t, { RQ: ALL_ACTIONS, PD: ALL_ACTIONS });
    const requisitionId = await approvedRequisition();
    const lines = await tenVacancyLines(requisitionId);
    const created = await createDistribution(requisitionId, lines, author);
    const id = (created.body.data as { id: number }).id;
    for (const action of ['approve', 'reject']) {
      const answer = await t.call('POST', `/api/admin/distributions/${id}/${action}`, { token: author.token, lang: 'en', json: { remarks: 'Mine.' } });
      expect(answer.status, action).toBe(409);
      expect(answer.body.message).toBe('You entered this distribution; another officer must approve or reject it.');
    }
    const [row] = await t.db.select().from(schema.vacancyDistributions).where(eq(schema.vacancyDistributions.id, id));
    expect(row!.status).toBe('pending');
  });

  it('is rejected with a remark; its numbers are free again for a new distribution', async () => {
    const requisitionId = await approvedRequisition();
    const lines = await tenVacancyLines(requisitionId);
    const id = ((await createDistribution(requisitionId, lines)).body.data as { id: number }).id;
    const noRemark = await t.call('POST', `/api/admin/distributions/${id}/reject`, { token: approver.token, json: {} });
    expect(noRemark.status).toBe(400);
    expect(Object.keys(noRemark.body.errors ?? {})).toEqual(['remarks']);
    const rejected = await t.call('POST', `/api/admin/distributions/${id}/reject`, { token: approver.token, json: { remarks: 'Madhesi share too high.' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toEqual({ id, status: 'rejected' });
    expect(await auditRows('vacancy_distributions', id, 'reject')).toHaveLength(1);
    expect((await t.call('POST', `/api/admin/distributions/${id}/approve`, { token: approver.token, json: {} })).status).toBe(409);

    const again = await createDistribution(requisitionId, lines);
    expect(again.status).toBe(200);
    const requests = await t.call('GET', `/api/admin/distributions/requests?pageSize=100`, { token: officer.token });
    const item = (requests.body.data as { items: { id: number; distributionStatus: string; distributionId: number }[] }).items.find((row) => row.id === requisitionId);
    expect(item).toMatchObject({ distributionStatus: 'pending', distributionId: (again.body.data as { id: number }).id });
  });

  it('gives two distributions approved at once two different advertisement codes', async () => {
    const first = await createPendingDistribution(await approvedRequisition());
    const second = await createPendingDistribution(await approvedRequisition());
    const answers = await Promise.all([first, second].map((id) => t.call('POST', `/api/admin/distributions/${id}/approve`, { token: approver.token, json: { remarks: 'ok' } })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const codes = answers.map((answer) => (answer.body.data as { code: string }).code);
    expect(new Set(codes).size).toBe(2);
  });

  it('lists the requests with their distribution status and the distributions by status', async () => {
    const none = await approvedRequisition();
    const pending = await approvedRequisition();
    const pendingId = await createPendingDistribution(pending);
    const requests = await t.call('GET', `/api/admin/distributions/requests?pageSize=100&fiscalYear=${encodeURIComponent(setup.fiscalYear)}`, { token: officer.token });
    expect(requests.status).toBe(200);
    const items = (requests.body.data as { items: { id: number; status: string; distributionStatus: string }[] }).items;
    expect(items.every((row) => row.status === 'approved')).toBe(true);
    expect(items.find((row) => row.id === none)?.distributionStatus).toBe('none');
    expect(items.find((row) => row.id === pending)?.distributionStatus).toBe('pending');

    const list = await t.call('GET', '/api/admin/distributions?status=pending&pageSize=100', { token: approver.token });
    expect(list.status).toBe(200);
    const page = list.body.data as { items: { id: number; status: string; totalVacancy: number; lineCount: number; requisition: { id: number; postNameEn: string } }[]; total: number };
    expect(page.items.every((row) => row.status === 'pending')).toBe(true);
    expect(page.items.find((row) => row.id === pendingId)).toMatchObject({ totalVacancy: 10, lineCount: 3, requisition: { id: pending } });
    expect((await t.call('GET', '/api/admin/distributions?status=unknown', { token: approver.token })).status).toBe(400);
  });
});

describe('quota share configuration', () => {
  it('lists each quota with its share; the shares must add up to 100%, and a refused change leaves them as they were', async () => {
    const before = await t.call('GET', '/api/admin/quota-shares', { token: officer.token });
    expect(before.status).toBe(200);
    const shares = before.body.data as { quotaId: number; code: string; basisPoints: number }[];
    expect(shares.reduce((sum, row) => sum + row.basisPoints, 0)).toBe(10_000);
    expect(shares.find((row) => row.code === 'open')?.basisPoints).toBe(5500);

    const unbalanced = await t.call('PUT', '/api/admin/quota-shares', { token: officer.token, lang: 'en', json: { shares: [{ quotaId: quotaIds.open, basisPoints: 5400 }] } });
    expect(unbalanced.status).toBe(400);
    expect(unbalanced.body.errors).toEqual({ shares: ['The quota shares must add up to exactly 100%.'] });
    expect((await t.call('GET', '/api/admin/quota-shares', { token: officer.token })).body.data).toEqual(shares);
    const unknown = await t.call('PUT', '/api/admin/quota-shares', { token: officer.token, json: { shares: [{ quotaId: 99_999, basisPoints: 0 }] } });
    expect(unknown.status).toBe(400);

    const moved = await t.call('PUT', '/api/admin/quota-shares', {
      token: officer.token,
      json: {
        shares: [
          { quotaId: quotaIds.open, basisPoints: 5400 },
          { quotaId: quotaIds.women, basisPoints: '१५८५' },
        ],
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = moved.body.data as { code: string; basisPoints: number }[];
    expect(after.find((row) => row.code === 'women')?.basisPoints).toBe(1585);
    const [audit] = await t.db.select().from(schema.auditLog).where(and(eq(schema.auditLog.entity, 'quota_shares'), eq(schema.auditLog.action, 'update')));
    expect(audit).toBeDefined();

    // The proposal follows the configuration.
    const requisitionId = await approvedRequisition(setup, { totalVacancy: 100, proposedOpen: 0, proposedFemale: 0, proposedInternal: 0, proposedMadhesi: 0 });
    const proposal = (await t.call('GET', `/api/admin/distributions/proposal/${requisitionId}`, { token: officer.token })).body.data as { lines: { code: string; vacancies: number }[] };
    expect(proposal.lines.find((line) => line.code === 'open')?.vacancies).toBe(54);
  });
});
