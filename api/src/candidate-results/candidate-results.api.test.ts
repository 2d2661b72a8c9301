import { addDaysAd, todayAd } from '@psc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationsOf, giveApplication } from '../admit-cards/admit-cards.test-support';
import { seedApplicant, type Applicant } from '../applications/applications.test-support';
import { createNumberedSitting, type Sitting } from '../room-allocation/room-allocation.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import type { CandidateResult } from './read-results';
import { publishSelection, recordVerifiedResults, withholdResult } from './results.test-support';

// spec §2 /vacancy-applied/results; spec §7 "View selection results"; the public lookup by roll
// number and date of birth; reference "Results" (a withheld result is not a fail).

let t: TestApp;
let owner: Applicant;
let stranger: Applicant;
let held: Applicant;
let sitting: Sitting;
let applications: { id: number; rollNumber: number }[];

const OWNER_BIRTH_AD = '1995-05-10';
const OWNER_BIRTH_BS = '2052-01-27';

const myResults = async (who: Applicant) => {
  const answer = await t.call('GET', '/api/psc/results', { token: who.token });
  expect(answer.status).toBe(200);
  return (answer.body.data as { items: CandidateResult[] }).items;
};
const lookUp = (json: object) => t.call('POST', '/api/public/results/lookup', { json });

beforeAll(async () => {
  t = await createTestApp();
  owner = await seedApplicant(t, { dateOfBirth: OWNER_BIRTH_AD });
  stranger = await seedApplicant(t, { dateOfBirth: '1996-01-01' });
  held = await seedApplicant(t, { dateOfBirth: '1997-02-02' });
  sitting = await createNumberedSitting(t, { cities: [4], rollFrom: 910001, examDate: addDaysAd(todayAd(), -30), startTime: '10:00', durationMinutes: 180 });
  applications = await applicationsOf(t, sitting);
  await giveApplication(t, applications[0]!.id, owner.userId);
  await giveApplication(t, applications[1]!.id, stranger.userId);
  await giveApplication(t, applications[2]!.id, held.userId);
  await recordVerifiedResults(t.db, sitting.examPaperId, [
    { applicationId: applications[0]!.id, marks: 72.5 },
    { applicationId: applications[1]!.id, marks: 38 },
    { applicationId: applications[2]!.id, marks: 65 },
    { applicationId: applications[3]!.id, marks: null },
  ]);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('my results', () => {
  it('are refused to a caller not signed in', async () => {
    expect((await t.call('GET', '/api/psc/results')).status).toBe(401);
  });

  it('are hidden before a selection is published, even with verified marks and a draft selection', async () => {
    const advertisementId = sitting.advertisement.advertisementId;
    await publishSelection(t.db, { advertisementId, kind: 'final', status: 'draft', entries: [{ applicationId: applications[0]!.id, marks: 72.5, outcome: 'selected' }] });
    expect(await myResults(owner)).toEqual([]);
    expect((await lookUp({ rollNumber: applications[0]!.rollNumber, dateOfBirthAd: OWNER_BIRTH_AD })).status).toBe(404);
  });

  it('show the written shortlist with the verified marks of each paper', async () => {
    await publishSelection(t.db, {
      advertisementId: sitting.advertisement.advertisementId,
      kind: 'written',
      entries: [
        { applicationId: applications[0]!.id, marks: 72.5, outcome: 'shortlisted' },
        { applicationId: applications[2]!.id, marks: 65, outcome: 'shortlisted' },
      ],
    });
    const [result] = await myResults(owner);
    expect(result).toMatchObject({ stage: 'written', status: 'shortlisted', rollNumber: String(applications[0]!.rollNumber), quotaCode: 'open', quotaNameNp: 'खुला', position: 1, totalMarks: '72.50' });
    expect(result!.papers).toHaveLength(1);
    expect(result!.papers[0]).toMatchObject({ isPresent: true, marks: '72.50', isPass: true });
    expect(await myResults(stranger)).toMatchObject([{ stage: 'written', status: 'not-selected', papers: [{ marks: '38.00', isPass: false }] }]);
  });

  it('show the final selection once published: selected, alternate or not selected, each only their own', async () => {
    const advertisementId = sitting.advertisement.advertisementId;
    await publishSelection(t.db, {
      advertisementId,
      kind: 'final',
      entries: [
        { applicationId: applications[0]!.id, marks: 72.5, outcome: 'selected' },
        { applicationId: applications[2]!.id, marks: 65, outcome: 'alternate' },
      ],
    });
    const mine = await myResults(owner);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ stage: 'final', status: 'selected', position: 1, nameEn: 'Gita Adhikari', nameNp: 'गीता अधिकारी' });
    expect(await myResults(stranger)).toMatchObject([{ stage: 'final', status: 'not-selected', position: null }]);
    expect(await myResults(held)).toMatchObject([{ status: 'alternate', position: 2 }]);
  });

  it('say withheld, never failed, and show no marks of a withheld result', async () => {
    await withholdResult(t.db, { advertisementId: sitting.advertisement.advertisementId, applicationId: applications[2]!.id });
    const [result] = await myResults(held);
    expect(result).toMatchObject({ status: 'withheld', papers: [], position: null, totalMarks: null, quotaCode: null });
  });
});

describe('the public result lookup', () => {
  it('needs both the roll number and the date of birth', async () => {
    const neither = await lookUp({});
    expect(neither.status).toBe(400);
    expect(Object.keys(neither.body.errors ?? {}).sort()).toEqual(['dateOfBirthAd', 'rollNumber']);
    expect((await lookUp({ rollNumber: applications[0]!.rollNumber })).status).toBe(400);
    expect((await lookUp({ dateOfBirthAd: OWNER_BIRTH_AD })).status).toBe(400);
  });

  it("answers that one candidate's published result, by an A.D. or a B.S. date typed in either script", async () => {
    const byAd = await lookUp({ rollNumber: applications[0]!.rollNumber, dateOfBirthAd: OWNER_BIRTH_AD });
    expect(byAd.status).toBe(200);
    const items = (byAd.body.data as { items: CandidateResult[] }).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ status: 'selected', rollNumber: String(applications[0]!.rollNumber), nameEn: 'Gita Adhikari' });
    expect(byAd.headers.get('cache-control')).toBe('private, no-store');
    const devanagariRoll = String(applications[0]!.rollNumber).replace(/\d/g, (digit) => '०१२३४५६७८९'[Number(digit)]!);
    const byBs = await lookUp({ rollNumber: devanagariRoll, dateOfBirthBs: '२०५२-०१-२७' });
    expect(byBs.status).toBe(200);
    expect(OWNER_BIRTH_BS).toBe('2052-01-27');
  });

  it('shows a withheld result as withheld', async () => {
    const answer = await lookUp({ rollNumber: applications[2]!.rollNumber, dateOfBirthAd: '1997-02-02' });
    expect((answer.body.data as { items: CandidateResult[] }).items).toMatchObject([{ status: 'withheld', papers: [] }]);
  });

  it('answers 404 for a date of birth that is not the holder’s, and then refuses the guesser (429), right date or not', async () => {
    const roll = applications[1]!.rollNumber;
    const wrong = await lookUp({ rollNumber: roll, dateOfBirthAd: '1990-01-01' });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toMatch(/No published result|प्रकाशित नतिजा/);
    let refused = null;
    for (let attempt = 0; attempt < 10 && !refused; attempt += 1) {
      const answer = await lookUp({ rollNumber: roll, dateOfBirthAd: `1990-01-${String(attempt + 2).padStart(2, '0')}` });
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(404);
    }
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await lookUp({ rollNumber: roll, dateOfBirthAd: '1996-01-01' })).status).toBe(429);
    // The limit is per roll number from this address: another candidate's lookup still answers.
    expect((await lookUp({ rollNumber: applications[0]!.rollNumber, dateOfBirthAd: OWNER_BIRTH_AD })).status).toBe(200);
  });
});
