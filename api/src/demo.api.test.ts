import { addDaysAd, todayAd } from '@psc/core';
import { DEMO_ACCOUNTS, schema, type DemoAccountKey } from '@psc/db';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFileStorage } from './files/file-storage';
import { prepareDatabase } from './prepare-database';
import { createApprovedRequisition, createRecruitmentSetup, type StaffUser } from './requisitions/requisition.test-support';
import { createTestApp, desktopClient, type TestApp } from './test-support/test-app';

// The demo a newcomer meets after `npm install && npm start` (README "Run it"): every demo
// account, the candidate who can apply at once, and the staff who together take a requisition
// to a published advertisement (four eyes: the one who entered a requisition or a distribution
// may not decide it).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Answer = Awaited<ReturnType<TestApp['call']>>;
const data = <T>(answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
};

async function signInDemo(key: DemoAccountKey): Promise<StaffUser> {
  const account = DEMO_ACCOUNTS[key];
  const session = await t.signIn(account.username, account.password, account.kind === 'staff' ? desktopClient : undefined);
  const [user] = await t.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, account.username));
  return { token: session.accessToken, userId: user!.id };
}

async function openDemoVacancy(token: string) {
  const page = data<{ items: { id: number; code: string }[] }>(await t.call('GET', '/api/psc/vacancies?page=1&pageSize=20', { token }));
  expect(page.items.length).toBeGreaterThan(0);
  return data<{ id: number; quotas: { advertisementQuotaId: number; quotaCode: string }[]; examCentres: { id: number }[] }>(
    await t.call('GET', `/api/psc/vacancies/${page.items[0]!.id}`, { token }),
  );
}

describe('the demo accounts', () => {
  it('each signs in where it belongs', async () => {
    for (const key of Object.keys(DEMO_ACCOUNTS) as DemoAccountKey[]) await signInDemo(key);
  });

  it("keeps the candidate's profile empty, to try the profile", async () => {
    const { token } = await signInDemo('candidate');
    const profile = data<{ completeness: { completed: number } }>(await t.call('GET', '/api/psc/profile', { token }));
    expect(profile.completeness.completed).toBe(0);
  });
});

describe('the complete demo candidate (applicant)', () => {
  it('has every section of the profile, with real pictures kept where uploads are kept', async () => {
    const { token, userId } = await signInDemo('applicant');
    const profile = data<{ completeness: { completed: number; total: number } }>(await t.call('GET', '/api/psc/profile', { token }));
    expect(profile.completeness).toMatchObject({ completed: 8, total: 8 });
    const documents = await t.db
      .select({ kind: schema.candidateDocuments.kind, sha256: schema.storedFiles.sha256, contentType: schema.storedFiles.contentType })
      .from(schema.candidateDocuments)
      .innerJoin(schema.storedFiles, eq(schema.storedFiles.id, schema.candidateDocuments.fileId))
      .where(eq(schema.candidateDocuments.userId, userId));
    expect(documents.map((document) => document.kind).sort()).toEqual(['citizenship-back', 'citizenship-front', 'photograph', 'signature']);
    const storage = getFileStorage(t.deps);
    for (const document of documents) {
      const bytes = await storage.get(document.sha256);
      expect(bytes, document.kind).not.toBeNull();
      // JPEG (FF D8) or PNG (89 'P' 'N' 'G'), as the stored type says.
      expect([...bytes!.slice(0, 2)]).toEqual(document.contentType === 'image/jpeg' ? [0xff, 0xd8] : [0x89, 0x50]);
    }
  });

  it('applies to the open demo advertisement at once', async () => {
    const { token } = await signInDemo('applicant');
    const vacancy = await openDemoVacancy(token);
    expect(data<{ eligible: boolean }>(await t.call('GET', `/api/psc/vacancies/${vacancy.id}/eligibility`, { token }))).toMatchObject({ eligible: true });
    const quotas = vacancy.quotas.filter((quota) => ['open', 'women', 'madhesi'].includes(quota.quotaCode));
    expect(quotas).toHaveLength(3);
    const submitted = data<{ receipt: { receiptCode: string } }>(
      await t.call('POST', '/api/psc/applications', {
        token,
        json: {
          advertisementId: vacancy.id,
          advertisementQuotaIds: quotas.map((quota) => quota.advertisementQuotaId),
          examCentreId: vacancy.examCentres[0]!.id,
          qualificationAnswers: { qualification: true, truth: true },
          acceptTerms: true,
        },
      }),
    );
    expect(submitted.receipt.receiptCode.length).toBeGreaterThan(5);
  });
});

describe('the demo staff', () => {
  it('take a requisition to a published advertisement, each step by an account allowed to take it', async () => {
    const [officer, approver, admin] = [await signInDemo('requisitionOfficer'), await signInDemo('approver'), await signInDemo('administrator')];
    const setup = await createRecruitmentSetup(t, { numberFrom: 6001, numberTo: 6999 });
    // The requisition officer enters it; the approver approves it (not its author).
    const requisitionId = await createApprovedRequisition(t, setup, officer, approver);
    // The approver distributes the vacancies with one number per quota; the administrator approves.
    const quotaRows = await t.db.select({ id: schema.quotas.id, code: schema.quotas.code }).from(schema.quotas);
    const quotaId = (code: string) => quotaRows.find((row) => row.code === code)!.id;
    const lines = [];
    for (const [code, vacancies] of [['open', 6], ['women', 2], ['madhesi', 2]] as const) {
      const number = data<{ id: number }>(await t.call('POST', '/api/admin/advertisement-numbers', { token: approver.token, json: { requisitionId } }));
      lines.push({ quotaId: quotaId(code), vacancies, advertisementNumberId: number.id });
    }
    const distribution = data<{ id: number }>(await t.call('POST', '/api/admin/distributions', { token: approver.token, json: { requisitionId, method: 'manual', lines } }));
    const ownDecision = await t.call('POST', `/api/admin/distributions/${distribution.id}/approve`, { token: approver.token, json: {} });
    expect(ownDecision.status).toBe(409);
    const approved = data<{ advertisementId: number }>(await t.call('POST', `/api/admin/distributions/${distribution.id}/approve`, { token: admin.token, json: { remarks: 'Checked.' } }));
    // The approver configures the advertisement, sends it pre-live and publishes it.
    const [centre] = await t.db.select({ id: schema.examCentres.id }).from(schema.examCentres).limit(1);
    const today = todayAd();
    const base = `/api/admin/advertisements/${approved.advertisementId}`;
    data(
      await t.call('PUT', `${base}/configuration`, {
        token: approver.token,
        json: {
          publishDate: today,
          paymentLastDate: addDaysAd(today, 20),
          lastDateForSubmission: addDaysAd(today, 21),
          doubleFeeLastDate: addDaysAd(today, 28),
          ageCutOffDate: addDaysAd(today, 21),
          reapplyFrom: null,
          reapplyTo: null,
          minAgeYears: 18,
          maxAgeYears: 35,
          maxAgeYearsRelaxed: 40,
          examCentreIds: [centre!.id],
          optionalSubjectIds: [],
        },
      }),
    );
    data(await t.call('POST', `${base}/pre-live`, { token: approver.token, json: { remarks: 'Ready.' } }));
    expect(data<{ status: string }>(await t.call('POST', `${base}/publish`, { token: approver.token, json: {} })).status).toBe('published');
  });
});

describe('the demo advertisement in scrutiny', () => {
  type Row = { applicationId: number; status: string; advertisementCode: string; quotas: { code: string; status: string }[] };

  it("shows the demo applicant her partially approved application: the Madhesi quota rejected, with its reason in her language", async () => {
    const { token } = await signInDemo('applicant');
    const mine = data<{ items: Row[] }>(await t.call('GET', '/api/psc/applications?page=1&pageSize=10', { token }));
    const decided = mine.items.find((row) => row.status === 'partially-approved')!;
    expect(Object.fromEntries(decided.quotas.map((quota) => [quota.code, quota.status]))).toEqual({ open: 'approved', women: 'approved', madhesi: 'rejected' });
    const approved = data<{ items: Row[] }>(await t.call('GET', '/api/psc/applications?page=1&pageSize=10&outcome=approved', { token }));
    // Hers in scrutiny, and hers to the advertisements whose roll numbers are generated, whose exam
    // is scheduled, whose candidates are seated and whose admit cards are due, current and old
    // (all five approved).
    expect(approved.items.map((row) => row.applicationId)).toContain(decided.applicationId);
    expect(approved.items.map((row) => row.status).sort()).toEqual(['approved', 'approved', 'approved', 'approved', 'approved', 'partially-approved']);
    const detail = data<{ paymentState: string; timeline: { kind: string; text: string }[] }>(
      await t.call('GET', `/api/psc/applications/${decided.applicationId}`, { token, lang: 'ne' }),
    );
    expect(detail.paymentState).toBe('paid');
    expect(detail.timeline.map((entry) => entry.kind)).toEqual(['submitted', 'payment-paid', 'scrutiny-quota-approve', 'scrutiny-quota-approve', 'scrutiny-quota-reject']);
    expect(detail.timeline.at(-1)!.text).toBe('आयोगले रुजुमा मधेसी समूहमा दरखास्त अस्वीकृत गर्‍यो। कारण: दाबी गरिएको समूहको प्रमाणपत्र छैन');
  });

  it("fills the demo scrutiny officer's queue: one approved, one partially approved, one on hold, two to decide", async () => {
    const { token } = await signInDemo('scrutinyOfficer');
    const queue = data<{ items: { id: number; applicationStatus: string }[]; counts: Record<string, number> }>(await t.call('GET', '/api/admin/scrutiny/queue?page=1&pageSize=20', { token }));
    // A partially approved application is finished for the officer: its allocation is approved.
    expect(queue.counts).toEqual({ pending: 2, approved: 2, hold: 1, rejected: 0 });
    expect(queue.items.map((item) => item.applicationStatus).sort()).toEqual(['approved', 'partially-approved', 'pending', 'pending', 'pending']);
    // Each decision is in the history, by the officer, with the reason where one is needed.
    const decisions = await t.db
      .select({ decision: schema.scrutinyDecisions.decision, reasonCode: schema.scrutinyDecisions.reasonCode })
      .from(schema.scrutinyDecisions)
      .where(inArray(schema.scrutinyDecisions.applicationId, queue.items.map((item) => item.id)))
      .orderBy(schema.scrutinyDecisions.id);
    expect(decisions).toEqual([
      { decision: 'approve', reasonCode: null },
      { decision: 'approve', reasonCode: null },
      { decision: 'reject', reasonCode: 'quota-proof' },
      { decision: 'approve', reasonCode: null },
      { decision: 'hold', reasonCode: 'document-unclear' },
    ]);
  });
});

describe('the demo admit cards', () => {
  type Card = { id: string; firstPaperDateAd: string; confirmedAt: string | null; rollNumber: string };
  it('give the demo applicant one card to confirm, a week ahead, and one old card, confirmed', async () => {
    const { token } = await signInDemo('applicant');
    const current = data<{ items: Card[] }>(await t.call('GET', '/api/psc/admit-cards', { token }));
    expect(current.items).toEqual([expect.objectContaining({ firstPaperDateAd: addDaysAd(todayAd(), 7), confirmedAt: null })]);
    // Not open until she confirms (spec §7 "confirm").
    expect((await t.call('GET', `/api/psc/admit-cards/${current.items[0]!.id}`, { token })).status).toBe(409);
    const old = data<{ items: Card[] }>(await t.call('GET', '/api/psc/admit-cards/old', { token }));
    expect(old.items).toEqual([expect.objectContaining({ firstPaperDateAd: addDaysAd(todayAd(), -10), confirmedAt: expect.any(String) })]);
    const card = data<{ card: { papers: { roomNumber: string; seatNumber: number }[] } }>(await t.call('GET', `/api/psc/admit-cards/${old.items[0]!.id}`, { token }));
    expect(card.card.papers.length).toBeGreaterThan(0);
  });

  it("let the administrator print every paper's sittings, current and old, and find the applicant's form", async () => {
    const { token } = await signInDemo('administrator');
    type Sitting = { dateAd: string; centres: { rooms: unknown[] }[] };
    const current = data<{ items: Sitting[] }>(await t.call('GET', '/api/admin/print/sittings', { token }));
    const ahead = current.items.filter((sitting) => sitting.dateAd === addDaysAd(todayAd(), 7));
    expect(ahead).toHaveLength(2);
    expect(ahead.every((sitting) => sitting.centres.length > 0 && sitting.centres.every((centre) => centre.rooms.length > 0))).toBe(true);
    const old = data<{ items: Sitting[] }>(await t.call('GET', '/api/admin/print/sittings?old=true', { token }));
    expect(old.items.filter((sitting) => sitting.dateAd === addDaysAd(todayAd(), -10))).toHaveLength(2);
    const [applicant] = await t.db.select({ nameEn: schema.users.firstNameEn }).from(schema.users).where(eq(schema.users.username, DEMO_ACCOUNTS.applicant.username));
    const forms = data<{ items: { applicationId: number }[]; total: number }>(await t.call('GET', `/api/admin/application-forms?search=${encodeURIComponent(applicant!.nameEn)}`, { token }));
    expect(forms.total).toBeGreaterThanOrEqual(5);
  });
});

describe('seeding the demo again', () => {
  it('adds nothing', async () => {
    const counts = async () =>
      Promise.all(
        [schema.users, schema.advertisements, schema.storedFiles, schema.candidateDocuments, schema.candidateEducations, schema.applications, schema.scrutinyAllocations, schema.scrutinyDecisions].map(async (table) => (await t.db.select({ value: count() }).from(table))[0]!.value));
    const before = await counts();
    await prepareDatabase(t.deps.connection, { seedDemo: true, files: getFileStorage(t.deps) });
    expect(await counts()).toEqual(before);
  });
});
