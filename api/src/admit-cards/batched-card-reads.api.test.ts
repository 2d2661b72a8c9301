import { addDaysAd, todayAd } from '@psc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApplicant, type Applicant } from '../applications/applications.test-support';
import { createNumberedSitting } from '../room-allocation/room-allocation.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { allocateCentres, applicationsOf, finaliseRooms, giveApplication } from './admit-cards.test-support';

// The card view answers the views that arrive together from ONE statement (createStatementBatcher):
// on both databases, candidates opening their cards at the same moment each get their own card,
// never another's; another's id is a 404 and an unconfirmed card a 409, inside the same batch.
let t: TestApp;
type Holder = { applicant: Applicant; applicationId: number; rollNumber: number; cardId: string };
const holders: Holder[] = [];

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://psc.example' });
  const sitting = await createNumberedSitting(t, { cities: [3], rollFrom: 860001, examDate: addDaysAd(todayAd(), 9), startTime: '11:00', durationMinutes: 120 });
  await finaliseRooms(t, await allocateCentres(t, sitting));
  for (const [index, application] of (await applicationsOf(t, sitting)).entries()) {
    const applicant = await seedApplicant(t, { gender: index % 2 === 0 ? 'female' : 'male' });
    await giveApplication(t, application.id, applicant.userId);
    const list = await t.call('GET', '/api/psc/applications?pageSize=50', { token: applicant.token });
    const items = (list.body.data as { items: { applicationId: number; admitCard: { id: string } | null }[] }).items;
    const cardId = items.find((item) => item.applicationId === application.id)?.admitCard?.id;
    expect(cardId).toEqual(expect.any(String));
    holders.push({ applicant, applicationId: application.id, rollNumber: application.rollNumber, cardId: cardId! });
  }
  // The first two confirm; the third does not, so their card stays closed.
  for (const holder of holders.slice(0, 2)) {
    expect((await t.call('POST', `/api/psc/admit-cards/${holder.cardId}/confirm`, { token: holder.applicant.token })).status).toBe(200);
  }
}, 180_000);
afterAll(() => t?.close());

/** Each request twice over, all at once, so that the later ones queue into one batch. */
async function together<T>(requests: (() => Promise<T>)[]): Promise<T[]> {
  return Promise.all([...requests, ...requests].map((request) => request()));
}

describe('batched card views', () => {
  it("answers each candidate their own card, 404 for another's and 409 for their unconfirmed one, asked at the same time", async () => {
    const [a, b, c] = holders as [Holder, Holder, Holder];
    const asked: [Holder, Holder][] = [
      [a, a],
      [b, b],
      [a, b],
      [b, a],
      [c, c],
      [c, a],
    ];
    const answers = await together(asked.map(([who, whose]) => () => t.call('GET', `/api/psc/admit-cards/${whose.cardId}`, { token: who.applicant.token })));
    answers.forEach((answer, index) => {
      const [who, whose] = asked[index % asked.length]!;
      if (who !== whose) {
        expect(answer.status).toBe(404);
        return;
      }
      if (who === c) {
        expect(answer.status).toBe(409);
        expect(answer.body.code).toBe('ADMIT_CARD_NOT_CONFIRMED');
        return;
      }
      expect(answer.status).toBe(200);
      const data = answer.body.data as { id: string; confirmedAt: string; card: { rollNumber: string; papers: { startTime: string; seatNumber: number }[] } };
      expect(data.id).toBe(who.cardId);
      expect(data.confirmedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(data.card.rollNumber).toBe(String(who.rollNumber));
      expect(data.card.papers).toEqual([expect.objectContaining({ startTime: '11:00', durationMinutes: 120, roomNumber: '1', seatNumber: who.rollNumber - 860000 })]);
    });
  });
});
