import { addDaysAd, todayAd } from '@psc/core';
import { DEMO_ACCOUNTS, schema, seedExamPapers, type SeededAdvertisement } from '@psc/db';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser, type StaffUser } from '../requisitions/requisition.test-support';
import { addApplications, createApplications, createClosedAdvertisement } from '../scrutiny/scrutiny.test-support';
import { findAdministratorId } from '../test-support/recruitment-fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';

// spec §3 "Exam schedule", §4 "Exam scheduling: save, skip (bypass), review, re-schedule", §7
// "Exam scheduling": an advertisement with finalised scrutiny gets a schedule of its post's
// papers, approved by a second officer, then public and notified.

let t: TestApp;
let scheduler: StaffUser;
let approver: StaffUser;
let both: StaffUser;
let master: StaffUser;
let outsider: StaffUser;
let ad: SeededAdvertisement;
let paperIds: number[];
let candidateUserId: number;
let candidateApplicationId: number;
const day = (offset: number) => addDaysAd(todayAd(), offset);

async function finalise(advertisementId: number) {
  await t.db.insert(schema.scrutinyFinalisations).values({ advertisementId, finalisedBy: await findAdministratorId(t.db) });
}

async function scheduledAd(): Promise<{ ad: SeededAdvertisement; paperIds: number[] }> {
  const advertisement = await createClosedAdvertisement(t);
  const [row] = await t.db.select({ postId: schema.advertisements.postId, groupId: schema.advertisements.groupId }).from(schema.advertisements).where(eq(schema.advertisements.id, advertisement.advertisementId));
  await seedExamPapers(t.db, { postId: row!.postId!, serviceGroupId: row!.groupId, actorUserId: await findAdministratorId(t.db) });
  await finalise(advertisement.advertisementId);
  const answer = await t.call('GET', `/api/admin/exam-schedules/${advertisement.advertisementId}`, { token: scheduler.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { ad: advertisement, paperIds: (answer.body.data as { papers: { examPaperId: number }[] }).papers.map((paper) => paper.examPaperId) };
}

const rows = (ids: number[], date: string, times: string[] = ['08:00', '11:00', '15:00']) =>
  ids.map((examPaperId, index) => ({ examPaperId, skipped: false, examDate: date, startTime: times[index] ?? '16:00', durationMinutes: 60 }));

function save(advertisementId: number, papers: unknown[], user: StaffUser = scheduler, lang: 'en' | 'ne' = 'en') {
  return t.call('PUT', `/api/admin/exam-schedules/${advertisementId}`, { token: user.token, json: { papers }, lang });
}

beforeAll(async () => {
  t = await createTestApp();
  scheduler = await createStaffUser(t, { ES: ['read', 'create', 'update'] });
  approver = await createStaffUser(t, { ES: ['read', 'approve'] });
  both = await createStaffUser(t, { ES: ['read', 'create', 'update', 'approve'] });
  master = await createStaffUser(t, { MC: ['read', 'create', 'delete'] });
  outsider = await createStaffUser(t, { MC: ['read'], SA: ['read', 'create'], PE: ['read', 'create'] });
  ({ ad, paperIds } = await scheduledAd());
  const applied = await createApplications(t, ad, 3);
  await t.db.update(schema.applications).set({ status: 'approved' }).where(inArray(schema.applications.id, applied.map((row) => row.id)));
  await t.db.update(schema.users).set({ mobile: '9841999001' }).where(inArray(schema.users.id, applied.map((row) => row.userId)));
  const [candidate] = await t.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, DEMO_ACCOUNTS.candidate.username));
  candidateUserId = candidate!.id;
  const [own] = await addApplications(t, ad, [candidateUserId]);
  candidateApplicationId = own!.id;
  await t.db.update(schema.applications).set({ status: 'approved' }).where(eq(schema.applications.id, candidateApplicationId));
});
afterAll(() => t.close());

describe('authorisation', () => {
  it('refuses every route to staff without the privilege and to the signed-out', async () => {
    const id = ad.advertisementId;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/exam-schedules'],
      ['GET', `/api/admin/exam-schedules/${id}`],
      ['PUT', `/api/admin/exam-schedules/${id}`, { papers: rows(paperIds, day(10)) }],
      ['POST', `/api/admin/exam-schedules/${id}/papers/${paperIds[0]}/skip`, { skipReason: 'x' }],
      ['POST', `/api/admin/exam-schedules/${id}/review`],
      ['POST', `/api/admin/exam-schedules/${id}/decision`, { decision: 'approve' }],
      ['POST', `/api/admin/exam-schedules/${id}/reschedule`, { remark: 'x' }],
    ];
    for (const [method, path, json] of calls) {
      expect((await t.call(method, path, { token: outsider.token, ...(json ? { json } : {}) })).status, `${method} ${path}`).toBe(403);
      expect((await t.call(method, path, json ? { json } : {})).status, `${method} ${path}`).toBe(401);
    }
    // Scheduling without approve may not decide; approving without create may not save.
    expect((await t.call('POST', `/api/admin/exam-schedules/${id}/decision`, { token: scheduler.token, json: { decision: 'approve' } })).status).toBe(403);
    expect((await save(id, rows(paperIds, day(10)), approver)).status).toBe(403);
    for (const [method, path, json] of [
      ['GET', '/api/admin/public-holidays'],
      ['POST', '/api/admin/public-holidays', { holidayDate: day(5), nameEn: 'X', nameNp: 'क' }],
      ['DELETE', '/api/admin/public-holidays/1'],
    ] as [string, string, unknown?][]) {
      expect((await t.call(method, path, { token: scheduler.token, ...(json ? { json } : {}) })).status, `${method} ${path}`).toBe(403);
    }
    const staff = await t.signInAdministrator();
    expect((await t.call('GET', `/api/psc/applications/${candidateApplicationId}/exam-schedule`, { token: staff.accessToken })).status).toBe(403);
  });
});

describe('the schedule', () => {
  it('lists the finalised advertisement as pending, refuses one whose scrutiny is not final', async () => {
    const pending = await t.call('GET', '/api/admin/exam-schedules?state=pending&pageSize=200', { token: scheduler.token });
    expect((pending.body.data as { items: { id: number; status: string }[] }).items.find((row) => row.id === ad.advertisementId)?.status).toBe('pending');
    const open = await createClosedAdvertisement(t);
    const refused = await t.call('GET', `/api/admin/exam-schedules/${open.advertisementId}`, { token: scheduler.token, lang: 'en' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('not finalised');
  });

  it('refuses a date outside the exam window, and a start that runs past midnight', async () => {
    const early = await save(ad.advertisementId, rows(paperIds, day(0)));
    expect(early.status).toBe(422);
    expect(early.body.message).toContain("outside this advertisement's exam window");
    const late = await save(ad.advertisementId, [{ examPaperId: paperIds[0], skipped: false, examDate: day(10), startTime: '23:30', durationMinutes: 60 }]);
    expect(late.status).toBe(422);
    expect(late.body.message).toContain('after midnight');
  });

  it('refuses two of its papers at overlapping times, in the language asked', async () => {
    const answer = await save(ad.advertisementId, rows(paperIds, day(10), ['08:00', '08:30', '15:00']), scheduler, 'ne');
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain('एकै समयमा');
    // Nothing of the refused save is kept.
    const [kept] = await t.db.select({ n: sql<number>`count(*)::int` }).from(schema.examSchedulePapers).where(eq(schema.examSchedulePapers.advertisementId, ad.advertisementId));
    expect(kept!.n).toBe(0);
  });

  it('refuses a public holiday, kept in the holiday list [MC]', async () => {
    const created = await t.call('POST', '/api/admin/public-holidays', { token: master.token, json: { holidayDate: day(12), nameEn: 'Test Festival', nameNp: 'परीक्षण पर्व' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const twice = await t.call('POST', '/api/admin/public-holidays', { token: master.token, json: { holidayDate: day(12), nameEn: 'Again', nameNp: 'फेरि' }, lang: 'en' });
    expect(twice.status).toBe(409);
    const listed = await t.call('GET', '/api/admin/public-holidays', { token: master.token });
    expect((listed.body.data as { items: { holidayDate: string }[] }).items.map((row) => row.holidayDate)).toContain(day(12));
    const answer = await save(ad.advertisementId, rows(paperIds, day(12)));
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain('public holiday (परीक्षण पर्व / Test Festival)');
    const schedule = await t.call('GET', `/api/admin/exam-schedules/${ad.advertisementId}`, { token: scheduler.token });
    expect((schedule.body.data as { holidays: { holidayDate: string }[] }).holidays.map((row) => row.holidayDate)).toContain(day(12));
  });

  it('refuses a time that overlaps another advertisement a candidate of both applied to', async () => {
    const other = await scheduledAd();
    const shared = await createApplications(t, other.ad, 1);
    await addApplications(t, ad, [shared[0]!.userId]);
    expect((await save(other.ad.advertisementId, rows(other.paperIds, day(20)))).status).toBe(200);
    const answer = await save(ad.advertisementId, rows(paperIds, day(20), ['08:30', '12:30', '16:00']));
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain(`1 candidate(s) also applied to advertisement ${other.ad.code}`);
    // The same day at other times is allowed (spec §4: the same day or different days).
    expect((await save(ad.advertisementId, rows(paperIds, day(20), ['13:00', '16:00', '18:00']))).status).toBe(200);
  });

  it('saves, skips a paper with its reason, and needs every paper dated or skipped for review', async () => {
    expect((await save(ad.advertisementId, rows(paperIds.slice(0, 2), day(21)))).status).toBe(200);
    const skipped = await t.call('POST', `/api/admin/exam-schedules/${ad.advertisementId}/papers/${paperIds[2]}/skip`, { token: scheduler.token, json: { skipReason: 'Interview held later with the written result' } });
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    const noReason = await t.call('POST', `/api/admin/exam-schedules/${ad.advertisementId}/papers/${paperIds[2]}/skip`, { token: scheduler.token, json: { skipReason: ' ' } });
    expect(noReason.status).toBe(400);
    const schedule = await t.call('GET', `/api/admin/exam-schedules/${ad.advertisementId}`, { token: scheduler.token });
    const papers = (schedule.body.data as { papers: { skipped: boolean; examDate: string | null; startTime: string | null }[] }).papers;
    expect(papers.map((paper) => [paper.skipped, paper.examDate, paper.startTime])).toEqual([
      [false, day(21), '08:00'],
      [false, day(21), '11:00'],
      [true, null, null],
    ]);
  });

  it('is not public before approval; the one who sent it may not approve; a second officer sends back, then approves', async () => {
    const candidate = await t.signInCandidate();
    const mine = await t.call('GET', `/api/psc/applications/${candidateApplicationId}/exam-schedule`, { token: candidate.accessToken });
    expect(mine.status).toBe(200);
    expect((mine.body.data as { schedule: unknown }).schedule).toBeNull();

    expect((await t.call('POST', `/api/admin/exam-schedules/${ad.advertisementId}/review`, { token: both.token })).status).toBe(200);
    const self = await t.call('POST', `/api/admin/exam-schedules/${ad.advertisementId}/decision`, { token: both.token, json: { decision: 'approve' }, lang: 'en' });
    expect(self.status).toBe(403);
    expect(self.body.message).toContain('another officer must approve');
    // In review, it cannot be changed.
    expect((await save(ad.advertisementId, rows(paperIds.slice(0, 1), day(22)))).status).toBe(409);
    const review = await t.call('GET', '/api/admin/exam-schedules?state=review&pageSize=200', { token: approver.token });
    expect((review.body.data as { items: { id: number }[] }).items.map((row) => row.id)).toContain(ad.advertisementId);

    const noRemark = await t.call('POST', `/api/admin/exam-schedules/${ad.advertisementId}/decision`, { token: approver.token, json: { decision: 'send-back', remark: '' } });
    expect(noRemark.status).toBe(400);
    const back = await t.call('POST', `/api/admin/exam-schedules/${ad.advertisementId}/decision`, { token: approver.token, json: { decision: 'send-back', remark: 'Start the second paper at 12:00' } });
    expect(back.status).toBe(200);
    expect((back.body.data as { status: string }).status).toBe('sent-back');
    expect((await save(ad.advertisementId, rows(paperIds.slice(1, 2), day(21), ['12:00']))).status).toBe(200);
    expect((await t.call('POST', `/api/admin/exam-schedules/${ad.advertisementId}/review`, { token: scheduler.token })).status).toBe(200);

    const before = await outboxCount();
    const approved = await t.call('POST', `/api/admin/exam-schedules/${ad.advertisementId}/decision`, { token: both.token, json: { decision: 'approve', remark: 'Agreed' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    // Three approved candidates plus the demo candidate, each by e-mail and SMS.
    expect((approved.body.data as { notified: number }).notified).toBe(4);
    const after = await outboxCount();
    expect(after.mail - before.mail).toBe(4);
    expect(after.sms - before.sms).toBe(4);
    // The newest: the demo's own notifications hold an older one of this kind.
    const [notice] = await t.db
      .select()
      .from(schema.smsOutbox)
      .where(eq(schema.smsOutbox.kind, 'exam-schedule-approved'))
      .orderBy(desc(schema.smsOutbox.id))
      .limit(1);
    expect(notice!.body).toContain('परीक्षा तालिका प्रकाशित');
    expect(notice!.body).toContain('exam schedule of advertisement');

    const seen = await t.call('GET', `/api/psc/applications/${candidateApplicationId}/exam-schedule`, { token: candidate.accessToken });
    const schedule = (seen.body.data as { schedule: { papers: { examDate: string | null; startTime: string | null; skipped: boolean }[] } }).schedule;
    expect(schedule.papers.map((paper) => [paper.examDate, paper.startTime, paper.skipped])).toEqual([
      [day(21), '08:00', false],
      [day(21), '12:00', false],
      [null, null, true],
    ]);
    const publicAnswer = await t.call('GET', `/api/public/advertisements/${encodeURIComponent(ad.code)}/exam-schedule`);
    expect((publicAnswer.body.data as { schedule: unknown }).schedule).not.toBeNull();
    const completed = await t.call('GET', '/api/admin/exam-schedules?state=completed&pageSize=200', { token: scheduler.token });
    expect((completed.body.data as { items: { id: number }[] }).items.map((row) => row.id)).toContain(ad.advertisementId);
    // Another candidate's application is not hers to read.
    const other = await t.db.select({ id: schema.applications.id }).from(schema.applications).where(eq(schema.applications.advertisementId, ad.advertisementId)).limit(1);
    expect((await t.call('GET', `/api/psc/applications/${other[0]!.id}/exam-schedule`, { token: candidate.accessToken })).status).toBe(404);
  });

  it('re-schedules an approved one (audited), hides it until approved again, then notifies the change', async () => {
    const noRemark = await t.call('POST', `/api/admin/exam-schedules/${ad.advertisementId}/reschedule`, { token: scheduler.token, json: { remark: '' } });
    expect(noRemark.status).toBe(400);
    const answer = await t.call('POST', `/api/admin/exam-schedules/${ad.advertisementId}/reschedule`, { token: scheduler.token, json: { remark: 'Exam hall unavailable' } });
    expect(answer.status).toBe(200);
    const [audit] = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'exam-schedule-reschedule')).limit(1);
    expect(audit!.entityId).toBe(String(ad.advertisementId));
    const publicAnswer = await t.call('GET', `/api/public/advertisements/${encodeURIComponent(ad.code)}/exam-schedule`);
    expect((publicAnswer.body.data as { schedule: unknown }).schedule).toBeNull();
    expect((await t.call('POST', `/api/admin/exam-schedules/${ad.advertisementId}/reschedule`, { token: scheduler.token, json: { remark: 'again' } })).status).toBe(409);

    expect((await save(ad.advertisementId, rows(paperIds.slice(0, 2), day(23)))).status).toBe(200);
    expect((await t.call('POST', `/api/admin/exam-schedules/${ad.advertisementId}/review`, { token: scheduler.token })).status).toBe(200);
    expect((await t.call('POST', `/api/admin/exam-schedules/${ad.advertisementId}/decision`, { token: approver.token, json: { decision: 'approve' } })).status).toBe(200);
    const changed = await t.db.select({ n: sql<number>`count(*)::int` }).from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, 'exam-schedule-changed'));
    expect(changed[0]!.n).toBe(4);
  });
});

describe("the candidate's seat", () => {
  it('shows the centre once the allocation is final and the room and seat once its rooms are final; a change of centre is then refused', async () => {
    const candidate = await t.signInCandidate();
    const read = async () =>
      ((await t.call('GET', `/api/psc/applications/${candidateApplicationId}/exam-schedule`, { token: candidate.accessToken })).body.data as { schedule: { papers: { examPaperId: number; seat: unknown }[] } }).schedule.papers;
    const [application] = await t.db.select({ examCentreId: schema.applications.examCentreId }).from(schema.applications).where(eq(schema.applications.id, candidateApplicationId));
    const [venue] = await t.db
      .insert(schema.examVenues)
      .values({ examCentreId: application!.examCentreId, nameEn: 'Padma Kanya Campus', nameNp: 'पद्मकन्या क्याम्पस', addressEn: 'Bagbazar, Kathmandu', addressNp: 'बागबजार, काठमाडौं', capacity: 200 })
      .returning();
    const [room] = await t.db.insert(schema.examVenueRooms).values({ venueId: venue!.id, roomNumber: '12', floor: '2', seats: 40 }).returning();
    const [allocation] = await t.db.insert(schema.centreAllocations).values({ advertisementId: ad.advertisementId, examPaperId: paperIds[0]!, status: 'temporary', savedBy: scheduler.userId }).returning();
    await t.db.insert(schema.seatAssignments).values({ allocationId: allocation!.id, applicationId: candidateApplicationId, rollNumber: 5001, venueId: venue!.id });
    // Temporary: staff may still move it, so the candidate sees nothing yet.
    expect((await read()).every((paper) => paper.seat === null)).toBe(true);

    await t.db.update(schema.centreAllocations).set({ status: 'final' }).where(eq(schema.centreAllocations.id, allocation!.id));
    const centreOnly = (await read()).find((paper) => paper.examPaperId === paperIds[0]);
    expect(centreOnly!.seat).toEqual({ centreNameEn: 'Padma Kanya Campus', centreNameNp: 'पद्मकन्या क्याम्पस', addressEn: 'Bagbazar, Kathmandu', addressNp: 'बागबजार, काठमाडौं', roomNumber: null, floor: null, seatNumber: null });

    await t.db.update(schema.seatAssignments).set({ roomId: room!.id, seatNumber: 7 }).where(eq(schema.seatAssignments.applicationId, candidateApplicationId));
    const seated = (await read()).find((paper) => paper.examPaperId === paperIds[0]);
    expect(seated!.seat).toMatchObject({ roomNumber: '12', floor: '2', seatNumber: 7 });

    const change = await t.call('PUT', `/api/psc/applications/${candidateApplicationId}/exam-centre`, { token: candidate.accessToken, json: { examCentreId: application!.examCentreId }, lang: 'ne' });
    expect(change.status).toBe(409);
    expect(change.body.message).toContain('पद्मकन्या क्याम्पस');

    // A new time could break the centres' capacity and the invigilators' duties: revert first.
    const reschedule = await t.call('POST', `/api/admin/exam-schedules/${ad.advertisementId}/reschedule`, { token: scheduler.token, json: { remark: 'Hall flooded' }, lang: 'en' });
    expect(reschedule.status).toBe(409);
    expect(reschedule.body.message).toContain('revert their centre allocation');
  });
});

async function outboxCount() {
  const [mail] = await t.db.select({ n: sql<number>`count(*)::int` }).from(schema.mailOutbox);
  const [sms] = await t.db.select({ n: sql<number>`count(*)::int` }).from(schema.smsOutbox);
  return { mail: mail!.n, sms: sms!.n };
}

describe('the demo', () => {
  it('lists one advertisement to schedule and one approved, whose schedule the demo applicant sees', async () => {
    const admin = await t.signInAdministrator();
    const list = async (state: string) =>
      ((await t.call('GET', `/api/admin/exam-schedules?state=${state}&pageSize=200`, { token: admin.accessToken })).body.data as { items: { code: string; approvedApplicants: number }[] }).items;
    expect((await list('pending')).some((row) => row.approvedApplicants === 3)).toBe(true);
    expect((await list('completed')).map((row) => row.approvedApplicants)).toContain(2);
    const applicant = await t.signIn(DEMO_ACCOUNTS.applicant.username, DEMO_ACCOUNTS.applicant.password);
    const mine = (await t.call('GET', '/api/psc/applications?page=1&pageSize=10&outcome=approved', { token: applicant.accessToken })).body.data as { items: { applicationId: number; status: string }[] };
    const schedules = [];
    for (const row of mine.items) {
      schedules.push(((await t.call('GET', `/api/psc/applications/${row.applicationId}/exam-schedule`, { token: applicant.accessToken })).body.data as { schedule: { papers: { examDate: string; seat: unknown }[] } | null }).schedule);
    }
    // The exam-scheduling demo's, the seating demo's (ten days sooner, its paper I seated) and the
    // admit-card demo's two (a week ahead and ten days ago, every paper seated).
    const seen = schedules.filter((schedule) => schedule !== null).map((schedule) => schedule!.papers.map((paper) => paper.examDate));
    expect(seen).toHaveLength(4);
    expect(seen).toContainEqual([day(18), day(18), day(32)]);
    expect(seen).toContainEqual([day(10), day(10), day(26)]);
    expect(seen).toContainEqual([day(7), day(7), day(9)]);
    expect(seen).toContainEqual([day(-10), day(-10), day(-8)]);
    // First by name of the three at the Anamnagar hall: the first seat of the first room of its first centre.
    const seating = schedules.find((schedule) => schedule?.papers[0]!.examDate === day(10));
    const seats = seating!.papers.map((paper) => paper.seat).filter(Boolean);
    expect(seats).toEqual([expect.objectContaining({ centreNameEn: 'Padma Kanya Multiple Campus, Bagbazar', roomNumber: '101', seatNumber: 1 })]);
  });
});
