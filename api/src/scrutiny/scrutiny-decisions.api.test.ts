import { schema, type SeededAdvertisement } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAdvertisementQuotaIds, seedApplicant, type Applicant } from '../applications/applications.test-support';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { addApplications, createApplications, createClosedAdvertisement } from './scrutiny.test-support';

// An officer's queue, the pre-review view and decisions [SC] (spec §3 "Pre-review view", §4
// "Scrutiny and pre-review status"): only the allocated officer decides, per application or per
// claimed quota; the application's status follows; the candidate reads the decision and its
// reason in their language and is sent an SMS and an e-mail; two decisions on one view: one wins.

let t: TestApp;
let allocator: StaffUser;
let officer: StaffUser;
let otherOfficer: StaffUser;
let supervisor: StaffUser;
beforeAll(async () => {
  t = await createTestApp();
  allocator = await createStaffUser(t, { SA: ['read', 'create', 'update'] });
  officer = await createStaffUser(t, { SC: ['read', 'update'] });
  otherOfficer = await createStaffUser(t, { SC: ['read', 'update'] });
  // Reads the scrutiny report and may open any application's pre-review, not decide.
  supervisor = await createStaffUser(t, { SC: ['read'], SD: ['read'] });
});
afterAll(() => t.close());

type Claimed = { advertisement: SeededAdvertisement; applicant: Applicant; applicationId: number; quotaIds: Record<string, number> };

/** A candidate with a whole profile and a paid application claiming open and Madhesi, allocated to `to`. */
async function claimedApplication(to: StaffUser = officer): Promise<Claimed> {
  const advertisement = await createClosedAdvertisement(t, [
    { code: 'open', vacancies: 3 },
    { code: 'women', vacancies: 2 },
    { code: 'madhesi', vacancies: 1 },
  ]);
  const applicant = await seedApplicant(t);
  await t.db.update(schema.users).set({ mobile: '9841000001' }).where(eq(schema.users.id, applicant.userId));
  const [application] = await addApplications(t, advertisement, [applicant.userId]);
  const quotaIds = await findAdvertisementQuotaIds(t.db, advertisement.advertisementId);
  await t.db.insert(schema.applicationQuotas).values([
    { applicationId: application!.id, advertisementQuotaId: quotaIds.open! },
    { applicationId: application!.id, advertisementQuotaId: quotaIds.madhesi! },
  ]);
  const allocated = await t.call('POST', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/allocations`, {
    token: allocator.token,
    json: { mode: 'even', officers: [{ officerId: to.userId }] },
  });
  expect(allocated.status, JSON.stringify(allocated.body)).toBe(200);
  return { advertisement, applicant, applicationId: application!.id, quotaIds };
}

function decide(applicationId: number, json: Record<string, unknown>, options: { token?: string; lang?: 'en' | 'ne' } = {}) {
  return t.call('POST', `/api/admin/scrutiny/applications/${applicationId}/decisions`, { token: options.token ?? officer.token, json, lang: options.lang ?? 'en' });
}

async function statusOf(applicationId: number) {
  const [application] = await t.db.select({ status: schema.applications.status }).from(schema.applications).where(eq(schema.applications.id, applicationId));
  const [allocation] = await t.db
    .select({ status: schema.scrutinyAllocations.status, version: schema.scrutinyAllocations.version })
    .from(schema.scrutinyAllocations)
    .where(eq(schema.scrutinyAllocations.applicationId, applicationId));
  return { application: application!.status, scrutiny: allocation!.status, version: allocation!.version };
}

describe("the officer's queue", () => {
  it('lists only my allocations, by status, searched by name, master id or citizenship number, with counts, and finds the next pending one', async () => {
    const advertisement = await createClosedAdvertisement(t);
    const applicant = await seedApplicant(t);
    const [mine] = await addApplications(t, advertisement, [applicant.userId]);
    const others = await createApplications(t, advertisement, 3);
    const allocated = await t.call('POST', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/allocations`, {
      token: allocator.token,
      json: { mode: 'counts', officers: [{ officerId: officer.userId, count: 3 }, { officerId: otherOfficer.userId, count: 1 }] },
    });
    expect(allocated.status, JSON.stringify(allocated.body)).toBe(200);
    const ids = [mine!.id, ...others.map((row) => row.id)].sort((a, b) => a - b);
    const myIds = ids.slice(0, 3);
    // One of mine is on hold already.
    expect((await decide(myIds[1]!, { decision: 'hold', reasonCode: 'document-unclear', version: 0 })).status).toBe(200);

    const base = `/api/admin/scrutiny/queue?advertisementId=${advertisement.advertisementId}`;
    const all = await t.call('GET', base, { token: officer.token });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const page = all.body.data as { items: { id: number; status: string; masterId: number }[]; total: number; counts: Record<string, number> };
    expect(page.items.map((item) => item.id)).toEqual(myIds);
    expect(page.total).toBe(3);
    expect(page.counts).toEqual({ pending: 2, approved: 0, hold: 1, rejected: 0 });

    const held = (await t.call('GET', `${base}&status=hold`, { token: officer.token })).body.data as { items: { id: number }[]; total: number };
    expect(held.items.map((item) => item.id)).toEqual([myIds[1]]);
    expect(held.total).toBe(1);

    const [user] = await t.db.select({ masterId: schema.users.masterId }).from(schema.users).where(eq(schema.users.id, applicant.userId));
    const [profile] = await t.db.select({ citizenship: schema.candidateProfiles.citizenshipNumber }).from(schema.candidateProfiles).where(eq(schema.candidateProfiles.userId, applicant.userId));
    for (const q of ['gita adhik', 'गीता', String(user!.masterId), profile!.citizenship]) {
      const found = await t.call('GET', `${base}&q=${encodeURIComponent(q)}`, { token: officer.token });
      expect(found.status).toBe(200);
      expect((found.body.data as { items: { id: number }[] }).items.map((item) => item.id), q).toEqual(myIds.includes(mine!.id) ? [mine!.id] : []);
    }
    // A wildcard is searched for literally.
    expect((await t.call('GET', `${base}&q=%25`, { token: officer.token })).body.data).toMatchObject({ items: [], total: 0 });

    // The other officer's queue holds only theirs.
    const theirs = (await t.call('GET', base, { token: otherOfficer.token })).body.data as { items: { id: number }[] };
    expect(theirs.items.map((item) => item.id)).toEqual([ids[3]]);

    // Next pending after the first skips the one on hold, then wraps round.
    const next = await t.call('GET', `/api/admin/scrutiny/queue/next?after=${myIds[0]}&advertisementId=${advertisement.advertisementId}`, { token: officer.token });
    expect(next.body.data).toEqual({ id: myIds[2], advertisementId: advertisement.advertisementId, advertisementCode: advertisement.code, organizationId: advertisement.organizationId });
    const wrapped = await t.call('GET', `/api/admin/scrutiny/queue/next?after=${myIds[2]}&advertisementId=${advertisement.advertisementId}`, { token: officer.token });
    expect(wrapped.body.data).toMatchObject({ id: myIds[0] });
    // Without `after`: the first pending one.
    const firstPending = await t.call('GET', `/api/admin/scrutiny/queue/next?advertisementId=${advertisement.advertisementId}`, { token: officer.token });
    expect(firstPending.body.data).toMatchObject({ id: myIds[0] });

    expect((await t.call('GET', '/api/admin/scrutiny/queue?status=done', { token: officer.token })).status).toBe(400);
    expect((await t.call('GET', `/api/admin/scrutiny/queue?q=${'x'.repeat(101)}`, { token: officer.token })).status).toBe(400);
  });
});

describe('the pre-review view', () => {
  it('shows the profile with staff file links, the age, the qualification and the claimed quotas, to the officer and a supervisor only', async () => {
    const { applicationId, quotaIds } = await claimedApplication();
    const answer = await t.call('GET', `/api/admin/scrutiny/applications/${applicationId}`, { token: officer.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const view = answer.body.data as {
      application: { ageYears: number; scrutinyStatus: string; version: number; submittedAt: string };
      profile: { personal: Record<string, unknown>; educations: { id: number }[] };
      qualification: { met: boolean; meetingEducationIds: number[] };
      quotas: { advertisementQuotaId: number; code: string; nameNp: string; status: string }[];
    };
    expect(view.application).toMatchObject({ ageYears: 27, scrutinyStatus: 'pending', version: 0 });
    expect(view.quotas.map((quota) => [quota.advertisementQuotaId, quota.code, quota.status])).toEqual([
      [quotaIds.open, 'open', 'pending'],
      [quotaIds.madhesi, 'madhesi', 'pending'],
    ]);
    expect(view.qualification.met).toBe(true);
    expect(view.qualification.meetingEducationIds).toEqual(view.profile.educations.map((education) => education.id));
    const links = JSON.stringify(view.profile).match(/"url":"[^"]+"/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/"url":"\/api\/admin\/candidates\/\d+\/files\//);

    expect((await t.call('GET', `/api/admin/scrutiny/applications/${applicationId}`, { token: supervisor.token })).status).toBe(200);
    const refused = await t.call('GET', `/api/admin/scrutiny/applications/${applicationId}`, { token: otherOfficer.token, lang: 'ne' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^यो दरखास्त Recruitment Officer \(.+\) लाई बाँडफाँड गरिएको छ, तपाईंलाई होइन/);
  });
});

describe('decisions', () => {
  it('approves in open and rejects in Madhesi: partially approved, with the history, the timeline in Nepali and the outbox', async () => {
    const { applicationId, applicant, quotaIds } = await claimedApplication();
    const approved = await decide(applicationId, { decision: 'approve', advertisementQuotaId: quotaIds.open, version: 0 });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await statusOf(applicationId)).toEqual({ application: 'pending', scrutiny: 'pending', version: 1 });

    const rejected = await decide(applicationId, { decision: 'reject', advertisementQuotaId: quotaIds.madhesi, reasonCode: 'quota-proof', remark: 'Certificate of another person', version: 1 });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'approved', applicationStatus: 'partially-approved', notified: true, version: 2 });
    expect(await statusOf(applicationId)).toEqual({ application: 'partially-approved', scrutiny: 'approved', version: 2 });

    const history = await t.db.select().from(schema.scrutinyDecisions).where(eq(schema.scrutinyDecisions.applicationId, applicationId)).orderBy(schema.scrutinyDecisions.id);
    expect(history.map((row) => [row.decision, row.advertisementQuotaId, row.reasonCode, row.remark, row.officerUserId])).toEqual([
      ['approve', quotaIds.open, null, null, officer.userId],
      ['reject', quotaIds.madhesi, 'quota-proof', 'Certificate of another person', officer.userId],
    ]);
    const audits = await t.db.select().from(schema.auditLog).where(and(eq(schema.auditLog.entity, 'scrutiny_allocations'), eq(schema.auditLog.entityId, String(applicationId))));
    expect(audits.map((row) => row.action).sort()).toEqual(['scrutiny-approve', 'scrutiny-reject']);

    const mine = await t.call('GET', `/api/psc/applications/${applicationId}`, { token: applicant.token, lang: 'ne' });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const timeline = (mine.body.data as { status: string; timeline: { kind: string; text: string }[] }).timeline;
    expect((mine.body.data as { status: string }).status).toBe('partially-approved');
    const texts = timeline.filter((event) => event.kind.startsWith('scrutiny-')).map((event) => event.text);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/^आयोगले रुजुमा .+ समूहमा दरखास्त स्वीकृत गर्‍यो।$/);
    expect(texts[1]).toMatch(/^आयोगले रुजुमा .+ समूहमा दरखास्त अस्वीकृत गर्‍यो। कारण: दाबी गरिएको समूहको प्रमाणपत्र छैन: Certificate of another person$/);
    // The candidate is told of the Commission, never of the officer.
    expect(JSON.stringify(mine.body)).not.toContain(`"officer`);

    const mails = await t.db.select().from(schema.mailOutbox).where(and(eq(schema.mailOutbox.userId, applicant.userId), eq(schema.mailOutbox.kind, 'application-decided')));
    const sms = await t.db.select().from(schema.smsOutbox).where(and(eq(schema.smsOutbox.userId, applicant.userId), eq(schema.smsOutbox.kind, 'application-decided')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.bodyText).toContain('आंशिक स्वीकृत');
    expect(sms.map((row) => row.toNumber)).toEqual(['9841000001']);
  });

  it('approves and rejects the whole application, holds it, and reverts a decision to pending', async () => {
    const { applicationId } = await claimedApplication();
    expect((await decide(applicationId, { decision: 'approve', version: 0 })).status).toBe(200);
    expect(await statusOf(applicationId)).toEqual({ application: 'approved', scrutiny: 'approved', version: 1 });

    expect((await decide(applicationId, { decision: 'revert', reasonCode: 'decided-in-error', version: 1 })).status).toBe(200);
    expect(await statusOf(applicationId)).toEqual({ application: 'pending', scrutiny: 'pending', version: 2 });

    expect((await decide(applicationId, { decision: 'hold', remark: 'Waiting for the council letter', version: 2 })).status).toBe(200);
    expect(await statusOf(applicationId)).toEqual({ application: 'pending', scrutiny: 'hold', version: 3 });

    expect((await decide(applicationId, { decision: 'reject', reasonCode: 'qualification', version: 3 })).status).toBe(200);
    expect(await statusOf(applicationId)).toEqual({ application: 'rejected', scrutiny: 'rejected', version: 4 });
    const quotas = await t.db.select({ status: schema.applicationQuotas.status }).from(schema.applicationQuotas).where(eq(schema.applicationQuotas.applicationId, applicationId));
    expect(quotas.map((quota) => quota.status)).toEqual(['rejected', 'rejected']);
  });

  it('requires a remark for hold, reject and revert, in the caller language, and refuses a hold of one quota or a quota not claimed', async () => {
    const { applicationId, quotaIds } = await claimedApplication();
    for (const decision of ['hold', 'reject', 'revert']) {
      const answer = await decide(applicationId, { decision, remark: '   ', version: 0 }, { lang: 'ne' });
      expect(answer.status, decision).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('मानक कारण छान्नुहोस् वा कैफियत लेख्नुहोस्');
    }
    expect((await decide(applicationId, { decision: 'reject', reasonCode: 'no-such-reason', version: 0 })).status).toBe(400);
    expect((await decide(applicationId, { decision: 'reject', remark: 'x'.repeat(501), version: 0 })).status).toBe(400);
    expect((await decide(applicationId, { decision: 'hold', advertisementQuotaId: quotaIds.open, remark: 'One quota', version: 0 })).status).toBe(400);
    expect((await decide(applicationId, { decision: 'approve', advertisementQuotaId: quotaIds.women, version: 0 })).status).toBe(422);
    expect((await decide(applicationId, { decision: 'approve', advertisementQuotaId: 2_147_483_648, version: 0 })).status).toBe(400);
    expect(await statusOf(applicationId)).toEqual({ application: 'pending', scrutiny: 'pending', version: 0 });
    expect(await t.db.select().from(schema.scrutinyDecisions).where(eq(schema.scrutinyDecisions.applicationId, applicationId))).toEqual([]);
  });

  it('refuses an officer deciding an application not allocated to them, and leaves it as it was', async () => {
    const { applicationId } = await claimedApplication();
    const answer = await decide(applicationId, { decision: 'approve', version: 0 }, { token: otherOfficer.token });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(/^This application is allocated to Recruitment Officer \(.+\), not to you/);
    expect(await statusOf(applicationId)).toEqual({ application: 'pending', scrutiny: 'pending', version: 0 });
    expect((await decide(2_000_000_000, { decision: 'approve', version: 0 })).status).toBe(404);
  });

  it('lets one of two decisions made on the same view win; the other is told it was decided meanwhile', async () => {
    const { applicationId, applicant } = await claimedApplication();
    const answers = await Promise.all([
      decide(applicationId, { decision: 'approve', version: 0 }),
      decide(applicationId, { decision: 'reject', reasonCode: 'age', version: 0 }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body.message).toBe('This application was decided meanwhile. Open it again to see the latest decision.');
    const winner = answers.find((answer) => answer.status === 200)!;
    const state = await statusOf(applicationId);
    expect(state).toEqual({ application: (winner.body.data as { applicationStatus: string }).applicationStatus, scrutiny: (winner.body.data as { status: string }).status, version: 1 });
    expect(await t.db.select().from(schema.scrutinyDecisions).where(eq(schema.scrutinyDecisions.applicationId, applicationId))).toHaveLength(1);
    expect(await t.db.select().from(schema.mailOutbox).where(and(eq(schema.mailOutbox.userId, applicant.userId), eq(schema.mailOutbox.kind, 'application-decided')))).toHaveLength(1);
  });
});

describe('who may call each route', () => {
  it('asks SC read of the queue and the pre-review, SC update of a decision', async () => {
    const { applicationId } = await claimedApplication();
    const reader = await createStaffUser(t, { SC: ['read'] });
    const stranger = await createStaffUser(t, { SA: ['read'] });
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/scrutiny/queue'],
      ['GET', `/api/admin/scrutiny/queue/next?after=${applicationId}`],
      ['GET', `/api/admin/scrutiny/applications/${applicationId}`],
      ['POST', `/api/admin/scrutiny/applications/${applicationId}/decisions`, { decision: 'approve', version: 0 }],
    ];
    for (const [method, path, json] of routes) {
      expect((await t.call(method, path, { json })).status, path).toBe(401);
      expect((await t.call(method, path, { token: stranger.token, json })).status, path).toBe(403);
    }
    expect((await t.call('POST', `/api/admin/scrutiny/applications/${applicationId}/decisions`, { token: reader.token, json: { decision: 'approve', version: 0 } })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/scrutiny/queue', { token: reader.token })).status).toBe(200);
  });
});

describe('an application claiming no quota row', () => {
  it('is decided as a whole', async () => {
    const advertisement = await createClosedAdvertisement(t);
    const [application] = await createApplications(t, advertisement, 1);
    await t.call('POST', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/allocations`, { token: allocator.token, json: { mode: 'even', officers: [{ officerId: officer.userId }] } });
    expect((await decide(application!.id, { decision: 'approve', version: 0 })).status).toBe(200);
    expect(await statusOf(application!.id)).toEqual({ application: 'approved', scrutiny: 'approved', version: 1 });
  });
});
