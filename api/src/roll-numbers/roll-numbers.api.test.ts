import { schema, type SeededAdvertisement } from '@psc/db';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApplicant } from '../applications/applications.test-support';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { markAdmitCardsIssued } from './generate-roll-numbers';
import { configureRollRange, createApprovedApplications, createCentres, createFinalisedAdvertisement, finaliseForTest } from './roll-numbers.test-support';

// Roll numbers [SA] (spec §2 generate/rollNo; §5 "Roll generation: advertisement code, from and to
// roll numbers required; to-roll must exceed from-roll").

let t: TestApp;
let generator: StaffUser;
let reader: StaffUser;
let scrutinyOfficer: StaffUser;
beforeAll(async () => {
  t = await createTestApp();
  generator = await createStaffUser(t, { SA: ['read', 'create', 'update'] });
  reader = await createStaffUser(t, { SA: ['read'] });
  scrutinyOfficer = await createStaffUser(t, { SC: ['read', 'update'] });
});
afterAll(() => t.close());

const generate = (json: Record<string, unknown>, token = generator.token, lang: 'en' | 'ne' = 'en') => t.call('POST', '/api/admin/roll-numbers/generate', { token, json, lang });
const assignLate = (code: string, token = generator.token) => t.call('POST', '/api/admin/roll-numbers/assign-late', { token, json: { advertisementCode: code }, lang: 'en' });

async function numbersOf(advertisementId: number) {
  return t.db
    .select({ applicationId: schema.rollNumbers.applicationId, rollNumber: schema.rollNumbers.rollNumber })
    .from(schema.rollNumbers)
    .where(eq(schema.rollNumbers.advertisementId, advertisementId))
    .orderBy(asc(schema.rollNumbers.rollNumber));
}

async function finalisedWithCandidates(range = { rollFrom: 500001, rollTo: 599999 }) {
  const advertisement = await createFinalisedAdvertisement(t, range);
  const [pokhara, kathmandu] = await createCentres(t, advertisement, ['Pokhara', 'Kathmandu']);
  const rows = await createApprovedApplications(t, advertisement, [
    { firstNameEn: 'Zed', lastNameEn: 'Thapa', centre: pokhara! },
    { firstNameEn: 'bikash', lastNameEn: 'Shrestha', centre: kathmandu! },
    { firstNameEn: 'Anita', lastNameEn: 'Rai', centre: pokhara! },
    { firstNameEn: 'Anita', middleNameEn: 'Kumari', lastNameEn: 'Rai', centre: kathmandu! },
  ]);
  const partial = await createApprovedApplications(t, advertisement, [{ firstNameEn: 'Anil', lastNameEn: 'Gurung', centre: kathmandu! }], 'partially-approved');
  const rejected = await createApprovedApplications(t, advertisement, [{ firstNameEn: 'Aaron', lastNameEn: 'Karki', centre: kathmandu! }], 'rejected');
  await finaliseForTest(t, advertisement.advertisementId);
  return { advertisement, rows, partial: partial[0]!, rejected: rejected[0]!, centres: { pokhara: pokhara!, kathmandu: kathmandu! } };
}

describe('generate/rollNo', () => {
  it('numbers the approved and partially approved by centre (by name), then by English full name, in the range typed', async () => {
    const { advertisement, rows, partial, rejected, centres } = await finalisedWithCandidates();
    const answer = await generate({ advertisementCode: advertisement.code, rollFrom: '५०००११', rollTo: 500020 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Roll numbers have been generated.');
    expect(answer.body.data).toMatchObject({ action: 'generate', rollFrom: 500011, rollTo: 500020, assigned: 5 });
    // Kathmandu before Pokhara; inside each, "Anil Gurung", "Anita Kumari Rai", "bikash Shrestha" (no case).
    expect(await numbersOf(advertisement.advertisementId)).toEqual([
      { applicationId: partial.id, rollNumber: 500011 },
      { applicationId: rows[3]!.id, rollNumber: 500012 },
      { applicationId: rows[1]!.id, rollNumber: 500013 },
      { applicationId: rows[2]!.id, rollNumber: 500014 },
      { applicationId: rows[0]!.id, rollNumber: 500015 },
    ]);
    expect((await numbersOf(advertisement.advertisementId)).some((row) => row.applicationId === rejected.id)).toBe(false);
    // Not the masterId, nor anything read from it.
    for (const row of [...rows, partial]) {
      const [own] = await t.db.select({ rollNumber: schema.rollNumbers.rollNumber }).from(schema.rollNumbers).where(eq(schema.rollNumbers.applicationId, row.id));
      expect(own!.rollNumber).not.toBe(row.masterId);
    }

    const detail = await t.call('GET', `/api/admin/roll-numbers/advertisements/${advertisement.advertisementId}`, { token: reader.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      approved: 5,
      missing: 0,
      range: { rollFrom: 500011, rollTo: 500020 },
      byCentre: [
        { examCentreId: centres.kathmandu, nameEn: 'Kathmandu', rollFrom: 500011, rollTo: 500013, count: 3 },
        { examCentreId: centres.pokhara, nameEn: 'Pokhara', rollFrom: 500014, rollTo: 500015, count: 2 },
      ],
      history: [{ action: 'generate', rollFrom: 500011, rollTo: 500020, assignedCount: 5 }],
    });
    const list = await t.call('GET', '/api/admin/roll-numbers/advertisements', { token: reader.token });
    expect((list.body.data as { code: string; approved: number; numbered: number }[]).find((row) => row.code === advertisement.code)).toMatchObject({ approved: 5, numbered: 5 });
    const [audit] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'roll-numbers-generate'), eq(schema.auditLog.entityId, String(advertisement.advertisementId))));
    expect(audit).toBeDefined();
  });

  it('refuses each bad range with its own message, and an advertisement whose scrutiny is not finalised', async () => {
    const { advertisement } = await finalisedWithCandidates({ rollFrom: 700001, rollTo: 700100 });
    const refusal = async (json: Record<string, unknown>, lang: 'en' | 'ne' = 'en') => {
      const answer = await generate({ advertisementCode: advertisement.code, ...json }, generator.token, lang);
      return { status: answer.status, message: answer.body.message, errors: answer.body.errors };
    };
    expect(await refusal({ rollFrom: 700010, rollTo: 700010 })).toMatchObject({ status: 400, errors: { rollTo: ['To roll number must be greater than from roll number.'] } });
    expect(await refusal({ rollFrom: 700010, rollTo: 700005 }, 'ne')).toMatchObject({ status: 400, errors: { rollTo: ['अन्तिम रोल नम्बर सुरु रोल नम्बरभन्दा ठूलो हुनुपर्छ।'] } });
    expect(await refusal({ rollFrom: '', rollTo: '' })).toMatchObject({ status: 400, errors: { rollFrom: ['From roll number is required.'], rollTo: ['To roll number is required.'] } });
    expect(await refusal({ rollFrom: 700001, rollTo: 700004 })).toEqual({ status: 422, message: 'The range holds 4 numbers but 5 candidates are approved: widen it.', errors: undefined });
    expect(await refusal({ rollFrom: 700090, rollTo: 700110 })).toMatchObject({ status: 422, message: 'The range must lie inside the roll number range configured for the office and fiscal year (700001-700100).' });
    expect((await generate({ advertisementCode: 'NO-SUCH', rollFrom: 1, rollTo: 9 })).body.message).toBe('There is no advertisement NO-SUCH.');

    const unconfigured = await createFinalisedAdvertisement(t);
    await createApprovedApplications(t, unconfigured, [{ firstNameEn: 'Sita', lastNameEn: 'Rai', centre: unconfigured.examCentreIds[0]! }]);
    await finaliseForTest(t, unconfigured.advertisementId);
    expect((await generate({ advertisementCode: unconfigured.code, rollFrom: 1, rollTo: 9 })).body.message).toBe('The office has no roll number range for this fiscal year in master data.');

    const open = await createFinalisedAdvertisement(t, { rollFrom: 1, rollTo: 999 });
    const refused = await generate({ advertisementCode: open.code, rollFrom: 1, rollTo: 9 });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Roll numbers are generated once the scrutiny of this advertisement is finalised.');
    expect(await numbersOf(advertisement.advertisementId)).toEqual([]);
  });

  it("refuses a range overlapping another advertisement's of the same office and fiscal year", async () => {
    const { advertisement: first } = await finalisedWithCandidates({ rollFrom: 800001, rollTo: 899999 });
    expect((await generate({ advertisementCode: first.code, rollFrom: 800001, rollTo: 800010 })).status).toBe(200);
    const second = await createFinalisedAdvertisement(t, undefined, first.organizationId);
    await createApprovedApplications(t, second, [
      { firstNameEn: 'Hari', lastNameEn: 'Bhandari', centre: second.examCentreIds[0]! },
      { firstNameEn: 'Gita', lastNameEn: 'Bhandari', centre: second.examCentreIds[0]! },
    ]);
    await finaliseForTest(t, second.advertisementId);
    const clash = await generate({ advertisementCode: second.code, rollFrom: 800005, rollTo: 800020 });
    expect(clash.status).toBe(422);
    expect(clash.body.message).toBe(`The range overlaps the roll numbers of advertisement ${first.code} (800001-800010).`);
    const detail = await t.call('GET', `/api/admin/roll-numbers/advertisements/${second.advertisementId}`, { token: reader.token });
    expect(detail.body.data).toMatchObject({ approved: 2, suggestedRange: { rollFrom: 800011, rollTo: 800012 } });
    expect((await generate({ advertisementCode: second.code, rollFrom: 800011, rollTo: 800012 })).status).toBe(200);
  });

  it('regenerates until admit cards are issued; after that refuses, and a late approval gets the next free number', async () => {
    const { advertisement, rows, centres } = await finalisedWithCandidates({ rollFrom: 900001, rollTo: 999999 });
    expect((await generate({ advertisementCode: advertisement.code, rollFrom: 900001, rollTo: 900010 })).status).toBe(200);
    const regenerated = await generate({ advertisementCode: advertisement.code, rollFrom: 900101, rollTo: 900110 });
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.data).toMatchObject({ action: 'regenerate', assigned: 5 });
    const before = await numbersOf(advertisement.advertisementId);
    expect(before.map((row) => row.rollNumber)).toEqual([900101, 900102, 900103, 900104, 900105]);

    await markAdmitCardsIssued(t.db, advertisement.advertisementId);
    const refused = await generate({ advertisementCode: advertisement.code, rollFrom: 900201, rollTo: 900210 });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Admit cards of this advertisement are issued/);
    expect((await assignLate(advertisement.code)).body.message).toBe('Every approved candidate of this advertisement already has a roll number.');

    // A late approval (scrutiny reopened, decided, finalised again): the first in the roll order by name.
    const [late] = await createApprovedApplications(t, advertisement, [{ firstNameEn: 'Aadarsha', lastNameEn: 'Adhikari', centre: centres.kathmandu }]);
    const assigned = await assignLate(advertisement.code);
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.data).toMatchObject({ action: 'assign-late', rollFrom: 900106, rollTo: 900106, assigned: 1 });
    const after = await numbersOf(advertisement.advertisementId);
    expect(after).toEqual([...before, { applicationId: late!.id, rollNumber: 900106 }]);
    expect(after.find((row) => row.applicationId === rows[0]!.id)).toEqual(before.find((row) => row.applicationId === rows[0]!.id));

    const detail = await t.call('GET', `/api/admin/roll-numbers/advertisements/${advertisement.advertisementId}`, { token: reader.token });
    expect((detail.body.data as { history: { action: string }[] }).history.map((run) => run.action)).toEqual(['assign-late', 'regenerate', 'generate']);
  });

  it('refuses to renumber under a centre allocation', async () => {
    const { advertisement } = await finalisedWithCandidates({ rollFrom: 600001, rollTo: 699999 });
    expect((await generate({ advertisementCode: advertisement.code, rollFrom: 600001, rollTo: 600010 })).status).toBe(200);
    // Any paper will do (the demo's exam papers are there): the rule looks only for an allocation.
    const [paper] = await t.db.select({ id: schema.examPapers.id }).from(schema.examPapers).limit(1);
    await t.db.insert(schema.centreAllocations).values({ advertisementId: advertisement.advertisementId, examPaperId: paper!.id, savedBy: reader.userId });
    const refused = await generate({ advertisementCode: advertisement.code, rollFrom: 600101, rollTo: 600110 });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Exam centres are allocated for 1 paper\(s\) of this advertisement/);
    expect((await numbersOf(advertisement.advertisementId))[0]!.rollNumber).toBe(600001);
  });

  it('refuses a late assignment that the range cannot hold', async () => {
    const advertisement = await createFinalisedAdvertisement(t, { rollFrom: 10001, rollTo: 19999 });
    const centre = advertisement.examCentreIds[0]!;
    await createApprovedApplications(t, advertisement, [
      { firstNameEn: 'Ram', lastNameEn: 'Karki', centre },
      { firstNameEn: 'Shyam', lastNameEn: 'Karki', centre },
    ]);
    await finaliseForTest(t, advertisement.advertisementId);
    expect((await assignLate(advertisement.code)).body.message).toBe('Roll numbers of this advertisement have not been generated yet.');
    expect((await generate({ advertisementCode: advertisement.code, rollFrom: 10001, rollTo: 10002 })).status).toBe(200);
    await createApprovedApplications(t, advertisement, [{ firstNameEn: 'Hari', lastNameEn: 'Karki', centre }]);
    const full = await assignLate(advertisement.code);
    expect(full.status).toBe(422);
    expect(full.body.message).toBe('1 approved candidates have no roll number but only 0 numbers are left in the range.');
  });

  it('lets a candidate see her own roll number on her application, and nobody else', async () => {
    const advertisement = await createFinalisedAdvertisement(t, { rollFrom: 300001, rollTo: 300999 });
    await configureRollRange(t, advertisement, 301001, 301999);
    const applicant = await seedApplicant(t);
    const other = await seedApplicant(t);
    const centre = advertisement.examCentreIds[0]!;
    const [mine] = await t.db
      .insert(schema.applications)
      .values({ userId: applicant.userId, advertisementId: advertisement.advertisementId, status: 'approved', paymentState: 'paid', examCentreId: centre, ageYears: 27, ageMonths: 0, ageDays: 0, termsAcceptedAt: new Date(), receiptCode: `RN${applicant.userId}X${Date.now()}` })
      .returning({ id: schema.applications.id });
    await createApprovedApplications(t, advertisement, [{ firstNameEn: 'Aaaa', lastNameEn: 'First', centre }]);
    await finaliseForTest(t, advertisement.advertisementId);

    const beforeList = await t.call('GET', '/api/psc/applications', { token: applicant.token });
    expect((beforeList.body.data as { items: { applicationId: number; rollNumber: number | null }[] }).items.find((item) => item.applicationId === mine!.id)?.rollNumber).toBeNull();
    expect((await generate({ advertisementCode: advertisement.code, rollFrom: 301001, rollTo: 301010 })).status).toBe(200);

    const own = await t.call('GET', `/api/psc/applications/${mine!.id}`, { token: applicant.token });
    expect(own.status).toBe(200);
    expect((own.body.data as { rollNumber: number }).rollNumber).toBe(301002);
    const list = await t.call('GET', '/api/psc/applications', { token: applicant.token });
    expect((list.body.data as { items: { applicationId: number; rollNumber: number }[] }).items.find((item) => item.applicationId === mine!.id)?.rollNumber).toBe(301002);
    const approved = await t.call('GET', '/api/psc/applications?outcome=approved', { token: applicant.token });
    expect((approved.body.data as { items: { applicationId: number; rollNumber: number }[] }).items.find((item) => item.applicationId === mine!.id)?.rollNumber).toBe(301002);
    const theirs = await t.call('GET', `/api/psc/applications/${mine!.id}`, { token: other.token });
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain('301002');
  });
});

describe('authorisation of the roll-number routes', () => {
  let advertisement: SeededAdvertisement;
  beforeAll(async () => {
    advertisement = await createFinalisedAdvertisement(t, { rollFrom: 200001, rollTo: 200999 });
  });
  it('answers 401 without a token and 403 without SA (read for reading, create to generate, update to assign late)', async () => {
    const routes: [string, string, Record<string, unknown> | undefined, StaffUser[]][] = [
      ['GET', '/api/admin/roll-numbers/advertisements', undefined, [scrutinyOfficer]],
      ['GET', `/api/admin/roll-numbers/advertisements/${advertisement.advertisementId}`, undefined, [scrutinyOfficer]],
      ['POST', '/api/admin/roll-numbers/generate', { advertisementCode: advertisement.code, rollFrom: 200001, rollTo: 200010 }, [scrutinyOfficer, reader]],
      ['POST', '/api/admin/roll-numbers/assign-late', { advertisementCode: advertisement.code }, [scrutinyOfficer, reader]],
    ];
    for (const [method, path, json, refused] of routes) {
      expect((await t.call(method, path, json ? { json } : {})).status, `${method} ${path}`).toBe(401);
      for (const user of refused) expect((await t.call(method, path, { token: user.token, ...(json ? { json } : {}) })).status, `${method} ${path}`).toBe(403);
    }
    const candidate = await t.signInCandidate();
    expect((await t.call('GET', '/api/admin/roll-numbers/advertisements', { token: candidate.accessToken })).status).toBe(403);
    expect(await numbersOf(advertisement.advertisementId)).toEqual([]);
  });
});

describe("the demo's advertisement with roll numbers generated", () => {
  it('shows the screen its five approved by centre, and the demo applicant her roll number', async () => {
    const admin = await t.signInAdministrator();
    const list = await t.call('GET', '/api/admin/roll-numbers/advertisements', { token: admin.accessToken });
    const [seeded] = await t.db
      .select({ id: schema.advertisements.id })
      .from(schema.advertisements)
      .innerJoin(schema.requisitions, eq(schema.requisitions.id, schema.advertisements.requisitionId))
      .where(like(schema.requisitions.requisitionNo, 'DEMO-roll-numbers-%'));
    const demo = (list.body.data as { id: number; approved: number; numbered: number; rollFrom: number; rollTo: number }[]).find((row) => row.id === seeded!.id);
    expect(demo).toMatchObject({ approved: 5, numbered: 5, rollFrom: 10001, rollTo: 10010 });
    const detail = await t.call('GET', `/api/admin/roll-numbers/advertisements/${demo!.id}`, { token: admin.accessToken });
    expect((detail.body.data as { byCentre: unknown[] }).byCentre).toEqual([
      { examCentreId: expect.any(Number), nameEn: 'Central Office Exam Hall, Anamnagar', nameNp: expect.any(String), rollFrom: 10001, rollTo: 10003, count: 3 },
      { examCentreId: expect.any(Number), nameEn: 'Prithvi Narayan Campus Exam Hall, Pokhara', nameNp: expect.any(String), rollFrom: 10004, rollTo: 10005, count: 2 },
    ]);
    const applicant = await t.signIn('applicant', 'Applicant@123');
    const mine = await t.call('GET', '/api/psc/applications?outcome=approved', { token: applicant.accessToken });
    // Anjali Yadav is the first of the three at the Anamnagar hall (then Pooja Rai, Sunita Tamang),
    // here and at the seating and admit-card demos' advertisements, numbered from 10011, 10021 and
    // 10031; her applications in scrutiny and to the exam-scheduling demo's advertisement have none yet.
    expect((mine.body.data as { items: { rollNumber: number | null }[] }).items.map((item) => item.rollNumber).sort()).toEqual([10001, 10011, 10021, 10031, null, null]);
  });
});
