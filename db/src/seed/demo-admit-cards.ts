import { addDaysAd, todayAd } from '@psc/core';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { admitCards, applications, rollNumberSeries } from '../schema/index';
import { seedDemoExamCentres } from './demo-exam-centres';
import type { DemoSitting } from './demo-exam-schedule';
import { seedNumberedAdvertisement } from './demo-roll-numbers';
import { seatDemoPaper, seedApprovedScheduleDemo } from './demo-seating';
import type { DemoContext } from './demo-stages';

// Admit cards (spec §7 "Admit card: generate, confirm, download as base64, old admit card"; spec
// §2 /vacancy-applied/download/old-admit-card, download/admitCard [DA], download/old/admitCard):
// two advertisements like the seating demo's (the same five candidates numbered in two cities),
// each with its schedule approved and EVERY paper seated, centre, room, seat and invigilators
// final, so their admit cards are due.
// - Current: papers a week ahead. The demo applicant's card is generated the first time she opens
//   My applications and waits for her to confirm; the administrator prints the sittings' admit
//   cards, attendance sheets, room and door lists.
// - Old: the exam was ten days ago (written straight to the tables, as the schedule's own rules
//   refuse a past date). Her card was generated and confirmed then, so it is among her old admit
//   cards and the sittings among the old ones to print.

/** The demo's roll numbers of these two advertisements, after the seating demo's series. */
export const DEMO_ADMIT_CARD_SERIES = { rollFrom: 10021, rollTo: 10030 };
export const DEMO_OLD_ADMIT_CARD_SERIES = { rollFrom: 10031, rollTo: 10040 };

const CURRENT_SITTINGS: readonly DemoSitting[] = [
  { inDays: 7, startTime: '08:00' },
  { inDays: 7, startTime: '13:00' },
  { inDays: 9, startTime: '10:00' },
];
const OLD_SITTINGS: readonly DemoSitting[] = [
  { inDays: -10, startTime: '08:00' },
  { inDays: -10, startTime: '13:00' },
  { inDays: -8, startTime: '10:00' },
];

/** An advertisement numbered, scheduled and seated paper by paper; answers its id, or null when it is there already. */
async function seedSeatedAdvertisement(context: DemoContext, key: string, series: { rollFrom: number; rollTo: number }, sittings: readonly DemoSitting[], decidedDaysAgo: number) {
  const advertisementId = await seedNumberedAdvertisement(context, key, series);
  if (advertisementId === null) return null;
  const papers = await seedApprovedScheduleDemo(context, advertisementId, sittings, decidedDaysAgo);
  const centres = await seedDemoExamCentres(context);
  const savedAt = new Date(`${addDaysAd(todayAd(), -decidedDaysAgo)}T09:00:00Z`);
  for (const [index, paper] of papers.entries()) await seatDemoPaper(context, advertisementId, paper, centres, new Date(savedAt.getTime() + index * 600_000));
  return advertisementId;
}

export async function seedAdmitCardsDemo(context: DemoContext): Promise<void> {
  await seedSeatedAdvertisement(context, 'admit-cards', DEMO_ADMIT_CARD_SERIES, CURRENT_SITTINGS, 1);

  const today = todayAd();
  const oldId = await seedSeatedAdvertisement(context, 'old-admit-cards', DEMO_OLD_ADMIT_CARD_SERIES, OLD_SITTINGS, 14);
  if (oldId === null) return;
  const { db, accounts } = context;
  const [application] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.advertisementId, oldId), eq(applications.userId, accounts.applicant)));
  if (!application) return;
  const issuedAt = new Date(`${addDaysAd(today, -12)}T04:00:00Z`);
  // As the API issues a card (newAdmitCardId): 128 random bits, so its link cannot be guessed.
  await db.insert(admitCards).values({ id: randomBytes(16).toString('base64url'), applicationId: application.id, advertisementId: oldId, issuedAt, confirmedAt: new Date(issuedAt.getTime() + 5_400_000) });
  await db.update(rollNumberSeries).set({ admitCardsIssuedAt: issuedAt }).where(eq(rollNumberSeries.advertisementId, oldId));
}
