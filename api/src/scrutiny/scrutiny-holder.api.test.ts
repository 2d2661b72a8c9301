import { schema } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApplicant } from '../applications/applications.test-support';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { addApplications, createApplications, createClosedAdvertisement } from './scrutiny.test-support';

// Two officers never decide one application at once, and the one refused is told who holds it
// (spec §4 "Scrutiny and pre-review status"); a reallocation while an officer has the view open
// refuses their decision the same way. The officer's advertisements with their counts (spec §2
// scrutiny [SC]).

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
  supervisor = await createStaffUser(t, { SC: ['read'], SD: ['read'] });
});
afterAll(() => t.close());

async function usernameOf(user: StaffUser) {
  const [row] = await t.db.select({ username: schema.users.username }).from(schema.users).where(eq(schema.users.id, user.userId));
  return row!.username;
}

/** `count` applications of a closed advertisement, all allocated to `to`. */
async function allocated(count: number, to: StaffUser = officer) {
  const advertisement = await createClosedAdvertisement(t);
  const applications = await createApplications(t, advertisement, count);
  const answer = await t.call('POST', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/allocations`, {
    token: allocator.token,
    json: { mode: 'even', officers: [{ officerId: to.userId }] },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { advertisement, ids: applications.map((row) => row.id).sort((a, b) => a - b) };
}

const decide = (applicationId: number, json: Record<string, unknown>, token: string, lang: 'en' | 'ne' = 'en') =>
  t.call('POST', `/api/admin/scrutiny/applications/${applicationId}/decisions`, { token, json, lang });

describe('the refusal names who holds the application', () => {
  it('tells another officer, deciding or opening it, the holder by name, in their language', async () => {
    const { ids } = await allocated(1);
    const holder = `Recruitment Officer (${await usernameOf(officer)})`;

    const refused = await decide(ids[0]!, { decision: 'approve', version: 0 }, otherOfficer.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(`This application is allocated to ${holder}, not to you: only they can decide it.`);
    const opened = await t.call('GET', `/api/admin/scrutiny/applications/${ids[0]}`, { token: otherOfficer.token, lang: 'ne' });
    expect(opened.status).toBe(403);
    expect(opened.body.message).toBe(`यो दरखास्त ${holder} लाई बाँडफाँड गरिएको छ, तपाईंलाई होइन: निर्णय उहाँले मात्र गर्न सक्नुहुन्छ।`);

    // The holder reads that it is theirs; a supervisor reads who holds it, and that it is not theirs.
    const mine = (await t.call('GET', `/api/admin/scrutiny/applications/${ids[0]}`, { token: officer.token })).body.data as { allocation: unknown; application: Record<string, unknown> };
    expect(mine.allocation).toEqual({ holderName: holder, isMine: true });
    expect(mine.application).not.toHaveProperty('officerUserId');
    const supervised = await t.call('GET', `/api/admin/scrutiny/applications/${ids[0]}`, { token: supervisor.token });
    expect(supervised.status).toBe(200);
    expect((supervised.body.data as { allocation: unknown }).allocation).toEqual({ holderName: holder, isMine: false });
    // A supervisor reads; deciding is the holder's alone.
    expect((await decide(ids[0]!, { decision: 'approve', version: 0 }, supervisor.token)).status).toBe(403);
  });

  it('refuses a decision made on a view opened before a reallocation, naming the new holder, and lets the new holder decide', async () => {
    const { advertisement, ids } = await allocated(1);
    const view = (await t.call('GET', `/api/admin/scrutiny/applications/${ids[0]}`, { token: officer.token })).body.data as { application: { version: number } };

    const moved = await t.call('POST', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/reallocations`, {
      token: allocator.token,
      json: { fromOfficerId: officer.userId, toOfficerId: otherOfficer.userId },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const refused = await decide(ids[0]!, { decision: 'reject', reasonCode: 'age', version: view.application.version }, officer.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('REFUSED');
    expect(refused.body.message).toBe(`This application is allocated to Recruitment Officer (${await usernameOf(otherOfficer)}), not to you: only they can decide it.`);
    const [untouched] = await t.db.select().from(schema.scrutinyAllocations).where(eq(schema.scrutinyAllocations.applicationId, ids[0]!));
    expect(untouched).toMatchObject({ status: 'pending', version: 0, officerUserId: otherOfficer.userId });

    expect((await decide(ids[0]!, { decision: 'approve', version: 0 }, otherOfficer.token)).status).toBe(200);
  });
});

describe("the officer's advertisements", () => {
  it('lists the advertisements I hold applications of, with the count in each status and my totals, and no one else\'s', async () => {
    const newcomer = await createStaffUser(t, { SC: ['read', 'update'] });
    const first = await allocated(2, newcomer);
    const second = await allocated(1, newcomer);
    await allocated(1, otherOfficer);
    expect((await decide(first.ids[0]!, { decision: 'hold', remark: 'Waiting for a letter', version: 0 }, newcomer.token)).status).toBe(200);
    expect((await decide(second.ids[0]!, { decision: 'approve', version: 0 }, newcomer.token)).status).toBe(200);

    const answer = await t.call('GET', '/api/admin/scrutiny/queue/advertisements', { token: newcomer.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { items, totals } = answer.body.data as { items: { id: number; code: string; counts: Record<string, number>; total: number }[]; totals: Record<string, number> };
    expect(items.map((item) => [item.id, item.counts, item.total])).toEqual([
      [second.advertisement.advertisementId, { pending: 0, approved: 1, hold: 0, rejected: 0 }, 1],
      [first.advertisement.advertisementId, { pending: 1, approved: 0, hold: 1, rejected: 0 }, 2],
    ]);
    // Only mine (the other officer's advertisement is not listed), latest first; the totals add them up.
    expect(totals).toEqual({ pending: 1, approved: 1, hold: 1, rejected: 0 });

    expect((await t.call('GET', '/api/admin/scrutiny/queue/advertisements')).status).toBe(401);
    expect((await t.call('GET', '/api/admin/scrutiny/queue/advertisements', { token: allocator.token })).status).toBe(403);
  });
});

describe('the pre-review view for the workstation', () => {
  it('answers the voucher picture through the SC file door, the names of the educations, and the citizenship district', async () => {
    const advertisement = await createClosedAdvertisement(t);
    const applicant = await seedApplicant(t);
    const [application] = await addApplications(t, advertisement, [applicant.userId]);
    // A voucher payment whose picture is one of the candidate's stored files.
    const [front] = await t.db
      .select({ fileId: schema.candidateDocuments.fileId })
      .from(schema.candidateDocuments)
      .where(and(eq(schema.candidateDocuments.userId, applicant.userId), eq(schema.candidateDocuments.kind, 'citizenship-front')));
    const [charge] = await t.db.insert(schema.charges).values({ applicationId: application!.id, purpose: 'application', amount: 1000, status: 'paid' }).returning({ id: schema.charges.id });
    await t.db.insert(schema.payments).values({
      chargeId: charge!.id,
      userId: applicant.userId,
      method: 'voucher',
      transactionUuid: `holder-${application!.id}`,
      amount: 1000,
      status: 'verified',
      voucherNumber: 'VCH-1',
      voucherFileId: front!.fileId,
    });
    await t.call('POST', `/api/admin/scrutiny/advertisements/${advertisement.advertisementId}/allocations`, { token: allocator.token, json: { mode: 'even', officers: [{ officerId: officer.userId }] } });

    const answer = await t.call('GET', `/api/admin/scrutiny/applications/${application!.id}`, { token: officer.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const view = answer.body.data as {
      payments: { method: string; voucherNumber: string; voucher: { fileId: string; contentType: string; url: string } | null }[];
      qualification: { educations: { id: number; levelNameEn: string; facultyNameEn: string; universityNameEn: string }[] };
      profile: { educations: { id: number }[] };
      citizenshipDistrict: { nameEn: string; nameNp: string } | null;
    };
    expect(view.payments).toHaveLength(1);
    expect(view.payments[0]).toMatchObject({ method: 'voucher', voucherNumber: 'VCH-1', voucher: { fileId: front!.fileId, url: `/api/admin/candidates/${applicant.userId}/files/${front!.fileId}` } });
    expect(view.payments[0]!.voucher!.contentType).toMatch(/^image\//);
    const picture = await t.app.request(view.payments[0]!.voucher!.url, { headers: { authorization: `Bearer ${officer.token}` } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
    expect(view.qualification.educations.map((education) => education.id)).toEqual(view.profile.educations.map((education) => education.id));
    for (const education of view.qualification.educations) {
      expect(education.levelNameEn).not.toBe('');
      expect(education.facultyNameEn).not.toBe('');
      expect(education.universityNameEn).not.toBe('');
    }
    expect(view.citizenshipDistrict?.nameEn).toBeTruthy();
  });
});
