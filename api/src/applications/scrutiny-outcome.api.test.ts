import { schema } from '@psc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { addApplications, createClosedAdvertisement } from '../scrutiny/scrutiny.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { findAdvertisementQuotaIds, seedApplicant, type Applicant } from './applications.test-support';

// The candidate's side of scrutiny (spec §2 /vacancy-applied and /vacancy-applied/approved, §4
// "Application status"): the status and each claimed quota's outcome follow the officer's
// decisions, the approved list holds the approved and partially approved applications, the
// timeline gives each decision's reason in the reader's language, and nothing in the
// candidate's answers names the officer who decided (spec §4: the Commission decides).

let t: TestApp;
let allocator: StaffUser;
let officer: StaffUser;
const OFFICER = { firstNameEn: 'Kamala', lastNameEn: 'Bhattarai', firstNameNp: 'कमला', lastNameNp: 'भट्टराई' };

beforeAll(async () => {
  t = await createTestApp();
  allocator = await createStaffUser(t, { SA: ['read', 'create', 'update'] });
  officer = await createStaffUser(t, { SC: ['read', 'update'] });
  await t.db.update(schema.users).set(OFFICER).where(eq(schema.users.id, officer.userId));
});
afterAll(() => t.close());

type Answer = Awaited<ReturnType<TestApp['call']>>;
const data = <T>(answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
};

type Row = { applicationId: number; status: string; organizationNameEn: string; quotas: { code: string; status: string }[] };
type Detail = Row & { timeline: { kind: string; text: string }[] };

/** A paid application of a new candidate claiming open and Madhesi, allocated to the officer. */
async function allocatedApplication(): Promise<{ applicant: Applicant; applicationId: number; quotaIds: Record<string, number> }> {
  const advertisement = await createClosedAdvertisement(t, [
    { code: 'open', vacancies: 3 },
    { code: 'madhesi', vacancies: 1 },
  ]);
  const applicant = await seedApplicant(t);
  const [application] = await addApplications(t, advertisement, [applicant.userId]);
  const quotaIds = await findAdvertisementQuotaIds(t.db, advertisement.advertisementId);
  await t.db.insert(schema.applicationQuotas).values([
    { applicationId: application!.id, advertisementQuotaId: quotaIds.open! },
    { applicationId: application!.id, advertisementQuotaId: quotaIds.madhesi! },
  ]);
  data(
    await t.call('POST', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/allocations`, {
      token: allocator.token,
      json: { mode: 'even', officers: [{ officerId: officer.userId }] },
    }),
  );
  return { applicant, applicationId: application!.id, quotaIds };
}

let version = new Map<number, number>();
async function decide(applicationId: number, json: Record<string, unknown>) {
  const answer = data<{ version: number }>(
    await t.call('POST', `/api/admin/scrutiny/applications/${applicationId}/decisions`, { token: officer.token, json: { version: version.get(applicationId) ?? 0, ...json } }),
  );
  version.set(applicationId, answer.version);
}

/** Every key of an answer, at any depth. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  return [];
}

/** The candidate's answer names the Commission's office, never who decided. */
async function expectNoOfficer(answer: unknown) {
  const [user] = await t.db.select({ username: schema.users.username, email: schema.users.email }).from(schema.users).where(eq(schema.users.id, officer.userId));
  const text = JSON.stringify(answer);
  for (const trace of [user!.username, user!.email, ...Object.values(OFFICER)]) expect(text, trace).not.toContain(trace);
  expect(keysOf(answer).filter((key) => /officer|actor|decidedBy|allocatedBy|verifiedBy/i.test(key))).toEqual([]);
}

describe("the candidate's application after scrutiny", () => {
  it('is partially approved with each quota\'s outcome, listed as approved, its timeline giving the rejected quota\'s reason in either language, naming no officer', async () => {
    version = new Map();
    const { applicant, applicationId, quotaIds } = await allocatedApplication();
    await decide(applicationId, { decision: 'approve', advertisementQuotaId: quotaIds.open });
    await decide(applicationId, { decision: 'reject', advertisementQuotaId: quotaIds.madhesi, reasonCode: 'quota-proof', remark: 'Certificate of 2015 only' });

    const list = data<{ items: Row[] }>(await t.call('GET', '/api/psc/applications?page=1&pageSize=10', { token: applicant.token }));
    const row = list.items.find((item) => item.applicationId === applicationId)!;
    expect(row.status).toBe('partially-approved');
    expect(Object.fromEntries(row.quotas.map((quota) => [quota.code, quota.status]))).toEqual({ open: 'approved', madhesi: 'rejected' });
    await expectNoOfficer(list);

    const approved = data<{ items: Row[]; total: number }>(await t.call('GET', '/api/psc/applications?page=1&pageSize=10&outcome=approved', { token: applicant.token }));
    expect(approved.items.map((item) => item.applicationId)).toEqual([applicationId]);
    expect(approved.total).toBe(1);

    const nepali = data<Detail>(await t.call('GET', `/api/psc/applications/${applicationId}`, { token: applicant.token, lang: 'ne' }));
    expect(nepali.status).toBe('partially-approved');
    // The office that ran the scrutiny: the advertisement's commission office, for whom to contact.
    expect(nepali.organizationNameEn.length).toBeGreaterThan(0);
    const scrutiny = nepali.timeline.filter((entry) => entry.kind.startsWith('scrutiny-'));
    expect(scrutiny.map((entry) => entry.kind)).toEqual(['scrutiny-quota-approve', 'scrutiny-quota-reject']);
    expect(scrutiny[0]!.text).toBe('आयोगले रुजुमा खुला समूहमा दरखास्त स्वीकृत गर्‍यो।');
    expect(scrutiny[1]!.text).toBe('आयोगले रुजुमा मधेसी समूहमा दरखास्त अस्वीकृत गर्‍यो। कारण: दाबी गरिएको समूहको प्रमाणपत्र छैन: Certificate of 2015 only');
    await expectNoOfficer(nepali);

    const english = data<Detail>(await t.call('GET', `/api/psc/applications/${applicationId}`, { token: applicant.token, lang: 'en' }));
    expect(english.timeline.find((entry) => entry.kind === 'scrutiny-quota-reject')!.text).toBe(
      'The Commission rejected the application in scrutiny for Madhesi. Reason: The claimed quota is not supported by its certificate: Certificate of 2015 only',
    );
    await expectNoOfficer(english);
  });

  it('is rejected when every quota is, and then not among the approved', async () => {
    version = new Map();
    const { applicant, applicationId } = await allocatedApplication();
    await decide(applicationId, { decision: 'reject', reasonCode: 'age' });
    const detail = data<Detail>(await t.call('GET', `/api/psc/applications/${applicationId}`, { token: applicant.token, lang: 'ne' }));
    expect(detail.status).toBe('rejected');
    expect(detail.quotas.map((quota) => quota.status)).toEqual(['rejected', 'rejected']);
    expect(detail.timeline.at(-1)!.text).toBe('आयोगले रुजुमा दरखास्त अस्वीकृत गर्‍यो। कारण: तोकिएको मितिमा उमेर हदभित्र छैन');
    await expectNoOfficer(detail);
    const approved = data<{ items: Row[]; total: number }>(await t.call('GET', '/api/psc/applications?page=1&pageSize=10&outcome=approved', { token: applicant.token }));
    expect(approved).toMatchObject({ items: [], total: 0 });
  });

  it('refuses an outcome filter it does not know', async () => {
    const applicant = await seedApplicant(t);
    const answer = await t.call('GET', '/api/psc/applications?page=1&pageSize=10&outcome=rejected', { token: applicant.token });
    expect(answer.status).toBe(400);
  });
});
